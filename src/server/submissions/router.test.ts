import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaptchaVerifier } from '../captcha.ts';
import { openSqliteOutbox } from '../outbox/sqlite.ts';
import { OutboxTimeout } from '../outbox/deadline.ts';
import { OutboxUnavailable } from '../outbox/start.ts';
import type { OutboxStore } from '../outbox/types.ts';
import { loadEndpoints } from './forms.ts';
import { RateLimiter } from '../outbox/rate-limit.ts';
import { STORE_FAILED, submissionRouter } from './router.ts';
import { SAMPLE_DOCX_BASE64, localCaptchaToken, sampleBodies } from '../../../tests/helpers/submission-samples.ts';

const CV_NAME_NOT_ALLOWED = 'The file name may not contain control characters, < or >. Please rename the file.';

const dir = mkdtempSync(path.join(tmpdir(), 'submissions-test-'));
const outbox = openSqliteOutbox(path.join(dir, 'outbox.sqlite'));
/** The store the routes use: the outbox, or a failing one. */
let current: () => OutboxStore = () => outbox;
const logs: string[] = [];
let limiter = new RateLimiter(1000, 60_000);
/** The routes' OUTBOX_DB_TIMEOUT_MS. */
const STORE_TIMEOUT_MS = 500;
let server: Server;
let base: string;
let n = 0;
const key = () => `test-key-${Date.now()}-${n++}`;

beforeAll(async () => {
  const app = express();
  app.use(
    submissionRouter({
      outbox: () => current(),
      captcha: new CaptchaVerifier(),
      get limiter() {
        return limiter;
      },
      storeTimeoutMs: STORE_TIMEOUT_MS,
      endpoints: loadEndpoints(),
      log: (line) => logs.push(line),
      now: Date.now,
    }),
  );
  app.use((_req, res) => void res.status(404).json({ message: 'fell through' }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await outbox.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  outbox.outbox.db.exec('DELETE FROM outbox; DELETE FROM outbox_body; DELETE FROM dead_letter;');
  current = () => outbox;
  limiter = new RateLimiter(1000, 60_000);
});

async function post(endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as { message?: string; status?: string; id?: string; errors?: Record<string, string[]> },
  };
}

const storedBodies = () =>
  (outbox.outbox.db.prepare('SELECT body FROM outbox_body').all() as { body: string }[]).map(
    (r) => JSON.parse(r.body) as Record<string, unknown>,
  );

describe('submission routes', () => {
  it('commits a valid submission before answering 202, with ip from the socket and strip keys removed', async () => {
    const answer = await post('/api/contact_form', { ...sampleBodies.contact(), ip: '6.6.6.6' });
    expect(answer).toMatchObject({ status: 202, json: { status: 'accepted', id: expect.any(String) } });
    expect(storedBodies()).toEqual([
      expect.objectContaining({ page_type: 'Contact', ip: '127.0.0.1', recaptcha: expect.stringMatching(/^local-/) }),
    ]);
    await post('/api/partner_form', sampleBodies.partner());
    expect(storedBodies()[1]).toEqual({ name: 'Ada Lovelace', email: 'ada.lovelace@example.com', message: 'We would like to partner.' });
  });

  it('accepts real names and addresses (docs/forms.md), sending the address on in lower case', async () => {
    const first = await post('/api/contact_form', { ...sampleBodies.contact(), name: 'José Müller', email: 'Ada@Example.com' });
    expect(first).toMatchObject({ status: 202, json: { status: 'accepted' } });
    const second = await post('/api/contact_form', {
      ...sampleBodies.contact(),
      name: "Jean-Luc O'Brien",
      role: 'Chef d’équipe',
      email: 'ada@example.museum',
    });
    expect(second).toMatchObject({ status: 202, json: { status: 'accepted' } });
    expect((await post('/api/newsletter_post', { ...sampleBodies.newsletter(), email: 'ADA@EXAMPLE.MUSEUM' })).status).toBe(202);
    expect(storedBodies().map(({ name, role, email }) => ({ name, role, email }))).toEqual([
      { name: 'José Müller', role: 'Engineer', email: 'ada@example.com' },
      { name: "Jean-Luc O'Brien", role: 'Chef d’équipe', email: 'ada@example.museum' },
      { name: undefined, role: undefined, email: 'ada@example.museum' },
    ]);
  });

  it('still refuses markup in a name and an address without an ending, with SPEC’s messages', async () => {
    const answer = await post('/api/contact_form', { ...sampleBodies.contact(), name: '<script>alert(1)</script>', email: 'ada@example' });
    expect(answer).toMatchObject({ status: 422, json: { errors: { name: ['Only text is required.'], email: ['Email not valid.'] } } });
    expect((await outbox.counts()).pending).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the same id, and 409 for different data', async () => {
    const headers = { 'Idempotency-Key': key() };
    const body = sampleBodies.newsletter();
    const first = await post('/api/newsletter_post', body, headers);
    const again = await post('/api/newsletter_post', body, headers);
    expect(again).toMatchObject({ status: 202, json: { id: first.json.id } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // A retry after the captcha was solved again is the same submission.
    expect((await post('/api/newsletter_post', { ...body, recaptcha: localCaptchaToken() }, headers)).json.id).toBe(first.json.id);
    expect((await post('/api/newsletter_post', { ...body, email: 'other@example.com' }, headers)).status).toBe(409);
    expect((await outbox.counts()).pending).toBe(1);
  });

  it('answers 415, 400, 413 and 422 with JSON messages, and stores nothing', async () => {
    expect(await post('/api/partner_form', 'name=x', { 'Content-Type': 'application/x-www-form-urlencoded' })).toMatchObject({
      status: 415,
      json: { message: expect.any(String) },
    });
    expect((await post('/api/partner_form', sampleBodies.partner(), { 'Idempotency-Key': 'short' })).status).toBe(400);
    expect((await post('/api/partner_form', sampleBodies.partner(), { 'Idempotency-Key': 'has spaces in it' })).status).toBe(400);
    expect((await post('/api/partner_form', '{"name": ')).status).toBe(400);
    expect((await post('/api/partner_form', '[1,2]')).status).toBe(400);
    expect((await post('/api/partner_form', '"text"')).status).toBe(400);
    expect((await post('/api/partner_form', { ...sampleBodies.partner(), message: 'x'.repeat(100_000) })).status).toBe(413);
    const invalid = await post('/api/partner_form', { ...sampleBodies.partner(), email: 'NOT-AN-EMAIL' });
    expect(invalid).toMatchObject({ status: 422, json: { errors: { email: ['Email not valid.'] } } });
    expect((await post('/api/schedule_form', { ...sampleBodies['schedule-demo'](), lastnane: undefined })).json.errors).toEqual({
      lastnane: ['Last Name is required.'],
    });
    expect((await outbox.counts()).pending).toBe(0);
  });

  it('refuses a captcha token that is malformed or used before', async () => {
    expect((await post('/api/newsletter_post', { ...sampleBodies.newsletter(), recaptcha: 'local-nope' })).json).toEqual({
      message: expect.any(String),
      errors: { recaptcha: ['The form must be filled out'] },
    });
    const body = sampleBodies.newsletter();
    expect((await post('/api/newsletter_post', body)).status).toBe(202);
    expect((await post('/api/newsletter_post', body)).json.errors).toEqual({ recaptcha: ['The form must be filled out'] });
  });

  it('checks the CV by its bytes', async () => {
    const career = sampleBodies.career();
    expect((await post('/api/career_form', { ...career, resume_filename: 'cv.docx' })).json.errors).toEqual({
      resume_base64: ['Please upload a .pdf or .docx file.'],
    });
    expect((await post('/api/career_form', { ...career, resume_filename: 'cv.docx', resume_base64: SAMPLE_DOCX_BASE64 })).status).toBe(202);
    const big = Buffer.alloc(3_610_305, 0x20);
    big.write('%PDF-1.7');
    expect((await post('/api/career_form', { ...career, resume_base64: big.toString('base64') })).json.errors).toEqual({
      resume_base64: ['file is too large'],
    });
  });

  it('refuses a CV file name with control characters or markup, with a message at the field, and stores nothing', async () => {
    const career = sampleBodies.career();
    const names = [
      'cv\r\nX-Injected: 1.pdf',
      'cv\n.pdf',
      'cv\u0000.pdf',
      'cv\u0007.docx',
      '<img src=x onerror=alert(1)>.pdf',
      'cv\u202efdp.docx',
    ];
    for (const name of names) {
      const answer = await post('/api/career_form', { ...career, recaptcha: localCaptchaToken(), resume_filename: name });
      expect(answer.status, JSON.stringify(name)).toBe(422);
      expect(answer.json.errors, JSON.stringify(name)).toEqual({ resume_filename: [CV_NAME_NOT_ALLOWED] });
    }
    expect((await outbox.counts()).pending).toBe(0);
    // Spaces, accents, brackets and dots are names people give their files.
    for (const name of ['Ada Lovelace (CV) v2.final.pdf', 'Curriculum – Zoë.pdf'])
      expect((await post('/api/career_form', { ...career, recaptcha: localCaptchaToken(), resume_filename: name })).status).toBe(202);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const answer = await post('/api/contact_form', { ...sampleBodies.contact(), website: 'http://spam.example' });
    expect(answer).toMatchObject({ status: 202, json: { status: 'accepted' } });
    expect((await outbox.counts()).pending).toBe(0);
    expect(logs.some((l) => l.includes('honeypot'))).toBe(true);
    // Empty, as the browser form sends it: a normal submission.
    expect((await post('/api/contact_form', { ...sampleBodies.contact(), website: '' })).status).toBe(202);
    expect(storedBodies()[0]).not.toHaveProperty('website');
  });

  it('limits submissions per address with 429 and Retry-After', async () => {
    limiter = new RateLimiter(2, 600_000);
    expect((await post('/api/partner_form', sampleBodies.partner())).status).toBe(202);
    expect((await post('/api/partner_form', { bad: true })).status).toBe(422);
    const limited = await post('/api/partner_form', sampleBodies.partner());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(300);
  });

  it('leaves GET and unknown paths to the rest of the app', async () => {
    expect((await fetch(`${base}/api/contact_form`)).status).toBe(404);
    expect((await post('/api/unknown_form', {})).json.message).toBe('fell through');
  });
});

describe('submission routes when the database fails', () => {
  const lostAnswer = () => new Error('Connection terminated unexpectedly');

  it('answers a lead whose commit happened, though the database reported an error, as accepted', async () => {
    // PostgreSQL committed, then the connection broke before its answer arrived.
    current = () => ({
      ...outbox,
      enqueue: async (submission, now) => {
        await outbox.enqueue(submission, now);
        throw lostAnswer();
      },
    });
    const answer = await post('/api/contact_form', sampleBodies.contact());
    expect(answer).toMatchObject({ status: 202, json: { status: 'accepted', id: expect.any(String) } });
    expect((await outbox.pending()).map((row) => row.id)).toEqual([answer.json.id]);
  });

  it('does not say "nothing was kept" when the commit was tried and its outcome cannot be known', async () => {
    let down = false;
    current = () => ({
      ...outbox,
      enqueue: async (submission, now) => {
        await outbox.enqueue(submission, now);
        down = true;
        throw lostAnswer();
      },
      findKey: async (key) => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return outbox.findKey(key);
      },
    });
    const headers = { 'Idempotency-Key': key() };
    const answer = await post('/api/contact_form', sampleBodies.contact(), headers);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.json.message).toBe(STORE_FAILED.unknown);
    expect(answer.json.message).not.toMatch(/nothing was kept/i);
    // It was kept: sent again with its key once the database answers, it is the same lead.
    expect((await outbox.counts()).pending).toBe(1);
    current = () => outbox;
    const again = await post('/api/contact_form', sampleBodies.contact(), headers);
    expect(again).toMatchObject({ status: 202, json: { id: (await outbox.pending())[0].id } });
  });

  it('answers at once that the outcome is unknown when the commit got no answer in time, without asking the database again', async () => {
    let asked = 0;
    current = () => ({
      ...outbox,
      enqueue: async () => {
        throw new OutboxTimeout('PostgreSQL', STORE_TIMEOUT_MS);
      },
      // Still not answering: a lookup would wait as long again (here, for ever).
      findKey: (key) => (++asked > 1 ? new Promise(() => undefined) : outbox.findKey(key)),
    });
    const answer = await post('/api/contact_form', sampleBodies.contact());
    expect(answer).toMatchObject({ status: 503, json: { message: STORE_FAILED.unknown } });
    expect(answer.headers.get('retry-after')).toBe('5');
  });

  it('ends the wait of a retry behind a request with its key that hangs on the database: 503, and sending again is safe', async () => {
    let resume: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => (resume = resolve));
    let asked: () => void = () => undefined;
    const inProgress = new Promise<void>((resolve) => (asked = resolve));
    current = () => ({
      ...outbox,
      findKey: async (key) => {
        asked();
        await hung;
        return outbox.findKey(key);
      },
    });
    const headers = { 'Idempotency-Key': key() };
    const original = post('/api/contact_form', sampleBodies.contact(), headers);
    await inProgress;
    const started = Date.now();
    const retry = await post('/api/contact_form', sampleBodies.contact(), headers);
    expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + 3_000);
    expect(retry).toMatchObject({ status: 503, json: { message: STORE_FAILED.unknown } });
    expect(retry.headers.get('retry-after')).toBe('5');
    // The database answers again: the original is stored, and the retry sent again is the same lead.
    resume();
    const stored = await original;
    expect(stored.status).toBe(202);
    current = () => outbox;
    expect(await post('/api/contact_form', sampleBodies.contact(), headers)).toMatchObject({ status: 202, json: { id: stored.json.id } });
    expect(await outbox.counts()).toMatchObject({ pending: 1 });
  });

  it('says nothing was kept, with Retry-After, while the outbox is not open', async () => {
    current = () => {
      throw new OutboxUnavailable();
    };
    const answer = await post('/api/contact_form', sampleBodies.contact());
    expect(answer).toMatchObject({ status: 503, json: { message: STORE_FAILED.notKept } });
    expect(answer.headers.get('retry-after')).toBe('5');
    expect((await outbox.counts()).pending).toBe(0);
  });
});
