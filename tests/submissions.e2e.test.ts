/**
 * Form submissions end to end, against production builds of the site (child processes) and
 * reference content services in this process: delivery of every form exactly once, idempotency,
 * outages (error, hang), a hard restart with submissions pending, the error statuses, and a fuzz
 * run of invalid bodies that must all be refused (4xx) with nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formNames } from '../src/generated/forms/index.ts';
import { Outbox } from '../src/server/outbox/store.ts';
import { loadEndpoints } from '../src/server/submissions/forms.ts';
import { SAMPLE_DOCX_BASE64, sampleBodies } from './helpers/submission-samples.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';
import { fuzzCases } from './helpers/submission-fuzz.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'submissions-e2e-'));
const endpoints = loadEndpoints();
const endpointOf = (form: string) =>
  (
    JSON.parse(readFileSync(path.join(projectRoot, `src/generated/forms/${form}.json`), 'utf8')) as {
      schema: { 'x-form': { endpoint: string } };
    }
  ).schema['x-form'].endpoint;

interface Env {
  content: RunningContentService;
  site: ChildSite;
  db: string;
}

async function start(name: string, env: Record<string, string> = {}, content?: RunningContentService): Promise<Env> {
  content ??= await startContentService({ port: 0 });
  const db = path.join(tmp, `${name}.sqlite`);
  const site = await spawnSite({
    CONTENT_API_BASE: content.url,
    EMBEDDED_CONTENT_SERVICE: '0',
    OUTBOX_DB: db,
    OUTBOX_POLL_MS: '100',
    OUTBOX_RETRY_BASE_MS: '100',
    OUTBOX_RETRY_MAX_MS: '500',
    OUTBOX_TIMEOUT_MS: '1500',
    SUBMIT_RATE_LIMIT: '100000',
    ...env,
  });
  return { content, site, db };
}

const newKey = () => `e2e-${randomUUID()}`;

async function post(site: ChildSite, endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: { status?: string; id?: string; message?: string; errors?: Record<string, string[]> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // checked by the callers that care
  }
  return { status: response.status, headers: response.headers, json, text };
}

const deliveries = (content: RunningContentService, key: string) => content.submissions().filter((s) => s.key === key);

function withOutbox<T>(file: string, read: (outbox: Outbox) => T): T {
  const outbox = new Outbox(file);
  try {
    return read(outbox);
  } finally {
    outbox.close();
  }
}

let main: Env;
let fuzz: Env;
let limited: Env;

beforeAll(async () => {
  [main, fuzz] = await Promise.all([start('main'), start('fuzz')]);
  limited = await start('limited', { SUBMIT_RATE_LIMIT: '3', SUBMIT_RATE_WINDOW_MS: '600000' }, main.content);
});

afterAll(async () => {
  await Promise.all([main?.site.stop(), fuzz?.site.stop(), limited?.site.stop()]);
  await Promise.all([main?.content.close(), fuzz?.content.close()]);
  rmSync(tmp, { recursive: true, force: true });
});

describe('delivery to the content service', () => {
  it('delivers one valid submission of every form exactly once, with the contract body and ip', async () => {
    const sent = new Map<string, { form: string; body: Record<string, unknown> }>();
    for (const form of formNames) {
      const body = sampleBodies[form]();
      const key = newKey();
      const answer = await post(main.site, endpointOf(form), body, { 'Idempotency-Key': key });
      expect(answer.status, `${form}: ${answer.text}`).toBe(202);
      expect(answer.json).toEqual({ status: 'accepted', id: expect.any(String) });
      sent.set(key, { form, body });
    }
    await expect
      .poll(() => [...sent.keys()].filter((k) => deliveries(main.content, k).length > 0).length, { timeout: 20_000 })
      .toBe(sent.size);

    for (const [key, { form, body }] of sent) {
      const [delivered, ...more] = deliveries(main.content, key);
      expect(more, form).toEqual([]);
      const endpoint = endpoints.find((e) => e.path === endpointOf(form))!;
      expect(delivered.endpoint).toBe(endpoint.path);
      const expected: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([k]) => !endpoint.strip.includes(k)));
      if (endpoint.addIp) expected.ip = '127.0.0.1';
      expect(delivered.body, form).toEqual(expected);
    }
    const byForm = (form: string) => [...sent].find(([, s]) => s.form === form)![0];
    expect(deliveries(main.content, byForm('contact'))[0].body.page_type).toBe('Contact');
    expect(deliveries(main.content, byForm('footer-contact'))[0].body.page_type).toBe('Footer Contact');
    expect(deliveries(main.content, byForm('schedule-demo'))[0].body).toHaveProperty('lastnane', 'Lovelace');
    const career = deliveries(main.content, byForm('career'))[0].body;
    expect(career.resume_filename).toBe('ada-cv.pdf');
    expect(Buffer.from(String(career.resume_base64), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(deliveries(main.content, byForm('pdf-download'))[0].body).toMatchObject({ id: '1' });
    expect(deliveries(main.content, byForm('partner'))[0].body).not.toHaveProperty('ip');
    expect(main.content.mails().length).toBeGreaterThanOrEqual(1);
    // The content service keeps a submission before it answers, and the site marks its row delivered
    // only when the answer arrives: the last row may still be pending when its delivery is seen.
    await expect.poll(() => withOutbox(main.db, (outbox) => outbox.counts().pending), { timeout: 10_000 }).toBe(0);
  });

  it('delivers a submission sent twice with one Idempotency-Key once', async () => {
    const key = newKey();
    const body = sampleBodies.career();
    body.resume_filename = 'ada.docx';
    body.resume_base64 = SAMPLE_DOCX_BASE64;
    const [first, second] = await Promise.all([
      post(main.site, '/api/career_form', body, { 'Idempotency-Key': key }),
      post(main.site, '/api/career_form', body, { 'Idempotency-Key': key }),
    ]);
    const third = await post(main.site, '/api/career_form', body, { 'Idempotency-Key': key });
    expect([first.status, second.status, third.status]).toEqual([202, 202, 202]);
    expect(new Set([first.json.id, second.json.id, third.json.id]).size).toBe(1);
    await expect.poll(() => deliveries(main.content, key).length, { timeout: 10_000 }).toBe(1);
    const conflict = await post(main.site, '/api/career_form', { ...body, experience: '6 years' }, { 'Idempotency-Key': key });
    expect(conflict.status).toBe(409);
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries(main.content, key)).toHaveLength(1);
  });

  it('accepts while the content service fails, and delivers exactly once after it recovers', async () => {
    main.content.setFailure('error');
    const key = newKey();
    try {
      const answer = await post(main.site, '/api/schedule_form', sampleBodies['talk-to-sales'](), { 'Idempotency-Key': key });
      expect(answer.status).toBe(202);
      await expect
        .poll(() => withOutbox(main.db, (o) => o.pending().find((r) => r.key === key)?.attempts ?? 0), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      expect(deliveries(main.content, key)).toHaveLength(0);
      expect(withOutbox(main.db, (o) => o.pending().find((r) => r.key === key)?.lastError)).toMatch(/HTTP 503/);
    } finally {
      main.content.setFailure('none');
    }
    await expect.poll(() => deliveries(main.content, key).length, { timeout: 15_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries(main.content, key)).toHaveLength(1);
  });

  it('times out a hanging content service and delivers once on the next try', async () => {
    main.content.setFailure('hang', 1);
    const key = newKey();
    expect((await post(main.site, '/api/newsletter_post', sampleBodies.newsletter(), { 'Idempotency-Key': key })).status).toBe(202);
    await expect.poll(() => deliveries(main.content, key).length, { timeout: 15_000 }).toBe(1);
    expect(withOutbox(main.db, (o) => o.db.prepare('SELECT attempts FROM outbox WHERE idempotency_key = ?').get(key))).toEqual({
      attempts: 2,
    });
  });
});

describe('restart', () => {
  it('delivers every pending submission exactly once after the site is killed and restarted', async () => {
    const first = await start('restart');
    const keys: string[] = [];
    first.content.setFailure('error');
    let second: ChildSite | undefined;
    try {
      const forms = ['contact', 'footer-contact', 'partner', 'campaign-ccm', 'career'];
      for (const form of forms) {
        const key = newKey();
        expect((await post(first.site, endpointOf(form), sampleBodies[form](), { 'Idempotency-Key': key })).status).toBe(202);
        keys.push(key);
      }
      await expect.poll(() => withOutbox(first.db, (o) => o.pending().filter((r) => r.attempts > 0).length), { timeout: 10_000 }).toBe(5);
      await first.site.kill('SIGKILL');
      expect(first.content.submissions()).toHaveLength(0);

      second = await spawnSite({
        CONTENT_API_BASE: first.content.url,
        EMBEDDED_CONTENT_SERVICE: '0',
        OUTBOX_DB: first.db,
        OUTBOX_POLL_MS: '100',
        OUTBOX_RETRY_BASE_MS: '100',
        OUTBOX_RETRY_MAX_MS: '500',
        OUTBOX_TIMEOUT_MS: '1500',
      });
      first.content.setFailure('none');
      await expect.poll(() => keys.filter((k) => deliveries(first.content, k).length > 0).length, { timeout: 30_000 }).toBe(5);
      await new Promise((r) => setTimeout(r, 500));
      for (const key of keys) expect(deliveries(first.content, key)).toHaveLength(1);
      expect(first.content.submissions()).toHaveLength(5);
      // Delivered rows are marked when the content service's answer arrives, after it kept them.
      await expect.poll(() => withOutbox(first.db, (o) => o.counts()), { timeout: 10_000 }).toEqual({ pending: 0, delivered: 5, dead: 0 });
    } finally {
      await second?.stop();
      await first.content.close();
    }
  });
});

describe('refused requests', () => {
  it('answers 413 beyond the largest legal career post', async () => {
    const body = { ...sampleBodies.career(), resume_base64: 'A'.repeat(5 * 1024 * 1024) };
    const answer = await post(fuzz.site, '/api/career_form', body);
    expect(answer.status).toBe(413);
    expect(answer.json.message).toEqual(expect.any(String));
  });

  it('answers 400 for malformed JSON, a non-object or a missing Idempotency-Key', async () => {
    for (const raw of ['{"name": "x",', '[]', '42', 'null'])
      expect((await post(fuzz.site, '/api/partner_form', raw)).status, raw).toBe(400);
    const response = await fetch(`${fuzz.site.url}/api/partner_form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sampleBodies.partner()),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await post(fuzz.site, '/api/newsletter_post', 'email=a%40example.com', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(415);
    expect(answer.json.message).toEqual(expect.any(String));
  });

  it('answers 429 with Retry-After beyond the per-address limit', async () => {
    for (let i = 0; i < 3; i++) expect((await post(limited.site, '/api/partner_form', { name: 'x' })).status).toBe(422);
    const answer = await post(limited.site, '/api/partner_form', sampleBodies.partner());
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answer.json.message).toEqual(expect.any(String));
  });
});

describe('fuzz', () => {
  it('refuses 5,000 invalid bodies across the six endpoints with 4xx, never 5xx, storing nothing', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const cases = fuzzCases(5000, seed);
    expect(new Set(cases.map((c) => c.endpoint)).size).toBe(6);
    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        const answer = await post(fuzz.site, c.endpoint, c.body, c.headers);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const jsonError = typeof answer.json.message === 'string';
        if (answer.status < 400 || answer.status >= 500 || !jsonError)
          wrong.push(`${c.kind} ${c.endpoint} → ${answer.status} ${answer.text.slice(0, 200)} for ${JSON.stringify(c.body).slice(0, 300)}`);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 20 }, worker));
    const elapsed = Date.now() - started;
    console.log(`fuzz (seed ${seed}): ${cases.length} bodies in ${elapsed} ms →`, Object.fromEntries(statuses));
    expect(wrong.slice(0, 10), `seed ${seed}`).toEqual([]);
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
    await new Promise((r) => setTimeout(r, 300)); // a few worker polls
    withOutbox(fuzz.db, (outbox) => expect(outbox.counts()).toEqual({ pending: 0, delivered: 0, dead: 0 }));
    expect(fuzz.content.submissions()).toEqual([]);
  }, 120_000);
});
