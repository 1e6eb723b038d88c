// Tests for the POST submissions of the reference content service (tools/content-service):
// contract checks, idempotency, storage, the download form's e-mail and the failure switch.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_DIR, loadServiceContract } from '../tools/content-service/contract.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';

const USER = 'post-user';
const PASSWORD = 'post-password';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const MAX_RESUME = 4_813_740;

const readSchema = (file: string) => JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as object;
const contract = loadServiceContract();

const common = { checkBox: true, recaptcha: 'captcha-token', ip: '203.0.113.7' };
/** One valid body per endpoint, with the contract's keys (SPEC §3). */
const VALID: Record<string, Record<string, unknown>> = {
  '/api/contact_form': {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    mobile: '9876543210',
    company_name: 'Analytical Engines',
    role: 'CTO',
    page_type: 'Contact',
    message: 'Please call me back.',
    ...common,
  },
  '/api/partner_form': { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like to partner.' },
  '/api/schedule_form': {
    firstname: 'Ada',
    lastnane: 'Lovelace',
    email: 'ada@example.com',
    mobile: '9876543210',
    company_name: 'Analytical Engines',
    job_title: 'CTO',
    ...common,
  },
  '/api/career_form': {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    mobile: '9876543210',
    current_org: 'Analytical Engines',
    current_designation: 'Engineer',
    experience: '5 years',
    job_code: 'ENG-042',
    message: 'I would love to join.',
    resume_filename: 'cv.pdf',
    resume_base64: Buffer.from('%PDF-1.4 test').toString('base64'),
    ...common,
  },
  '/api/download_form': {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    mobile: '9876543210',
    company_name: 'Analytical Engines',
    message: 'Thanks',
    id: 1,
  },
  '/api/newsletter_post': { email: 'ada@example.com' },
};

let keyCounter = 0;
const freshKey = () => `test-key-${Date.now()}-${++keyCounter}`;

describe('POST submissions', () => {
  let service: RunningContentService;
  let dir: string;
  const post = (p: string, body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(service.url + p, {
      method: 'POST',
      body: typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body),
      headers: { authorization: AUTH, 'content-type': 'application/json', 'idempotency-key': freshKey(), ...headers },
      ...init,
    });
  const validateResponse = new Ajv().compile(readSchema('post-submission-response.schema.json'));
  /** Runs `fn` and checks it stored nothing. */
  const storesNothing = async (fn: () => Promise<void>) => {
    const before = service.submissions().length;
    await fn();
    expect(service.submissions().length).toBe(before);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'content-post-test-'));
    service = await startContentService({
      port: 0,
      user: USER,
      password: PASSWORD,
      submissionsDir: path.join(dir, 'submissions'),
      mailDir: path.join(dir, 'mail'),
    });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => service.setFailure('none'));

  it('the contract lists the six POST endpoints, each with a request schema', () => {
    expect(contract.submissions.map((e) => e.path).sort()).toEqual(Object.keys(VALID).sort());
    for (const e of contract.submissions)
      expect(new Ajv({ allowUnionTypes: true }).validate(readSchema(e.requestSchema), VALID[e.path]), e.path).toBe(true);
    expect(contract.submissions.filter((e) => e.mail).map((e) => e.path)).toEqual(['/api/download_form']);
  });

  it('every endpoint accepts its valid body: 201 { status, id }, stored in memory and as a JSON line', async () => {
    for (const [endpoint, body] of Object.entries(VALID)) {
      const key = freshKey();
      const res = await post(endpoint, body, { 'idempotency-key': key });
      expect(res.status, endpoint).toBe(201);
      const answer = (await res.json()) as { status: string; id: string };
      expect(validateResponse(answer), endpoint).toBe(true);
      const stored = service.submissions().filter((s) => s.key === key);
      expect(stored, endpoint).toHaveLength(1);
      expect(stored[0]).toMatchObject({ id: answer.id, endpoint, key, body });
      expect(Date.parse(stored[0].receivedAt)).toBeGreaterThan(Date.now() - 60_000);
      const file = path.join(service.submissionsDir, `${endpoint.replace('/api/', '')}.jsonl`);
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; body: unknown });
      expect(
        lines.filter((l) => l.id === answer.id).map((l) => l.body),
        endpoint,
      ).toEqual([body]);
    }
  });

  it('accepts the optional variants: footer contact without name/company/role, download without mobile/message, id as string', async () => {
    const { name: _n, company_name: _c, role: _r, ...footer } = VALID['/api/contact_form'];
    expect((await post('/api/contact_form', { ...footer, page_type: 'Footer Contact' })).status).toBe(201);
    const { mobile: _m, message: _msg, ...download } = VALID['/api/download_form'];
    expect((await post('/api/download_form', { ...download, id: '2' })).status).toBe(201);
    // The contact page itself needs them.
    const res = await post('/api/contact_form', { ...footer, page_type: 'Contact' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      '/company_name',
      '/name',
      '/role',
    ]);
  });

  it('career CV: up to 4,813,740 base64 characters accepted, one more or non-base64 refused', async () => {
    const career = VALID['/api/career_form'];
    expect((await post('/api/career_form', { ...career, resume_base64: 'A'.repeat(MAX_RESUME) })).status).toBe(201);
    await storesNothing(async () => {
      expect((await post('/api/career_form', { ...career, resume_base64: 'A'.repeat(MAX_RESUME + 1) })).status).toBe(422);
      expect((await post('/api/career_form', { ...career, resume_base64: 'data:application/pdf;base64,AAAA' })).status).toBe(422);
    });
  });

  describe('bad input gets its status and is not stored', () => {
    it('401 without or with a wrong credential', async () => {
      await storesNothing(async () => {
        for (const authorization of ['', `Basic ${Buffer.from(`${USER}:nope`).toString('base64')}`]) {
          const res = await post('/api/newsletter_post', VALID['/api/newsletter_post'], { authorization });
          expect(res.status).toBe(401);
          expect(res.headers.get('www-authenticate')).toBe('Basic realm="content"');
        }
      });
    });

    it('415 unless Content-Type is application/json', async () => {
      await storesNothing(async () => {
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', '']) {
          const res = await post('/api/newsletter_post', VALID['/api/newsletter_post'], { 'content-type': type });
          expect(res.status, type).toBe(415);
        }
      });
      expect(
        (await post('/api/newsletter_post', VALID['/api/newsletter_post'], { 'content-type': 'application/json; charset=utf-8' })).status,
      ).toBe(201);
    });

    it('400 for a missing or malformed Idempotency-Key', async () => {
      await storesNothing(async () => {
        for (const key of ['', 'short', 'x'.repeat(201), 'has space in it', 'dots.are.not.ok', 'slash/in/key']) {
          const headers: Record<string, string> = key === '' ? {} : { 'idempotency-key': key };
          const res = await fetch(`${service.url}/api/newsletter_post`, {
            method: 'POST',
            body: JSON.stringify(VALID['/api/newsletter_post']),
            headers: { authorization: AUTH, 'content-type': 'application/json', ...headers },
          });
          expect(res.status, key).toBe(400);
        }
      });
      expect((await post('/api/newsletter_post', VALID['/api/newsletter_post'], { 'idempotency-key': 'A_b-0123' })).status).toBe(201);
      expect((await post('/api/newsletter_post', { email: 'x@example.com' }, { 'idempotency-key': 'k'.repeat(200) })).status).toBe(201);
    });

    it('400 for malformed JSON, invalid UTF-8 or a body that is not an object', async () => {
      await storesNothing(async () => {
        for (const body of ['{', '{"email": "a@b.c",}', '', 'null', '[]', '"text"', '42', '[{"email":"a@b.c"}]']) {
          const res = await post('/api/newsletter_post', body);
          expect(res.status, body).toBe(400);
          expect(((await res.json()) as { message: string }).message, body).toMatch(/JSON/);
        }
        const res = await post('/api/newsletter_post', new Blob([Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])]));
        expect(res.status).toBe(400);
      });
    });

    it('413 above 5 MB', async () => {
      await storesNothing(async () => {
        const res = await post('/api/career_form', { ...VALID['/api/career_form'], resume_base64: 'A'.repeat(5 * 1024 * 1024) });
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ message: 'Body larger than 5242880 bytes' });
      });
    });

    it('422 with { message, errors: [{ path, message }] } for missing keys, wrong types, unknown keys and oversized values', async () => {
      const cases: [string, Record<string, unknown>, { path: string; message: RegExp }[]][] = [
        ['/api/newsletter_post', {}, [{ path: '/email', message: /required/ }]],
        ['/api/newsletter_post', { email: 42 }, [{ path: '/email', message: /string/ }]],
        ['/api/newsletter_post', { email: 'a@b.co', name: 'x' }, [{ path: '/name', message: /not allowed/ }]],
        ['/api/newsletter_post', { email: 'a@b.co', 'a/b~c': 1 }, [{ path: '/a~1b~0c', message: /not allowed/ }]],
        ['/api/newsletter_post', { email: 'x'.repeat(255) }, [{ path: '/email', message: /more than 254/ }]],
        ['/api/contact_form', { ...VALID['/api/contact_form'], checkBox: 'true' }, [{ path: '/checkBox', message: /boolean/ }]],
        [
          '/api/contact_form',
          { ...VALID['/api/contact_form'], page_type: 'contact' },
          [{ path: '/page_type', message: /Contact, Footer Contact/ }],
        ],
        [
          '/api/schedule_form',
          { ...VALID['/api/schedule_form'], lastname: 'Lovelace', lastnane: undefined },
          [
            { path: '/lastnane', message: /required/ },
            { path: '/lastname', message: /not allowed/ },
          ],
        ],
        ['/api/download_form', { ...VALID['/api/download_form'], id: true }, [{ path: '/id', message: /integer/ }]],
        ['/api/download_form', { ...VALID['/api/download_form'], id: 0 }, [{ path: '/id', message: />= 1/ }]],
        [
          '/api/partner_form',
          { ...VALID['/api/partner_form'], message: 'm'.repeat(1001) },
          [{ path: '/message', message: /more than 1000/ }],
        ],
        ['/api/career_form', { ...VALID['/api/career_form'], recaptcha: null }, [{ path: '/recaptcha', message: /string/ }]],
      ];
      await storesNothing(async () => {
        for (const [endpoint, body, expected] of cases) {
          const res = await post(endpoint, body);
          expect(res.status, JSON.stringify(body)).toBe(422);
          const answer = (await res.json()) as { message: string; errors: { path: string; message: string }[] };
          expect(answer.message).toBe('Body does not match the contract');
          expect(answer.errors.map((e) => e.path).sort(), JSON.stringify(body)).toEqual(expected.map((e) => e.path).sort());
          for (const { path: p, message } of expected) expect(answer.errors.find((e) => e.path === p)?.message, p).toMatch(message);
        }
      });
    });

    it('405 with Allow: POST for other methods on a submission path', async () => {
      const res = await fetch(`${service.url}/api/contact_form`, { headers: { authorization: AUTH } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    });
  });

  describe('idempotency', () => {
    it('a repeated key with the same body answers 200 with the original id and stores nothing new', async () => {
      const key = freshKey();
      const body = VALID['/api/partner_form'];
      const first = await post('/api/partner_form', body, { 'idempotency-key': key });
      const { id } = (await first.json()) as { id: string };
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      for (const again of [body, reordered]) {
        const res = await post('/api/partner_form', JSON.stringify(again, null, 2), { 'idempotency-key': key });
        expect(res.status).toBe(200);
        expect(res.headers.get('idempotent-replayed')).toBe('true');
        expect(await res.json()).toEqual({ status: 'ok', id });
      }
      expect(service.submissions().filter((s) => s.key === key)).toHaveLength(1);
      const lines = readFileSync(path.join(service.submissionsDir, 'partner_form.jsonl'), 'utf8').split('\n');
      expect(lines.filter((l) => l.includes(key))).toHaveLength(1);
    });

    it('the same key with a different body is a 409; keys are per endpoint', async () => {
      const key = freshKey();
      expect((await post('/api/newsletter_post', { email: 'one@example.com' }, { 'idempotency-key': key })).status).toBe(201);
      await storesNothing(async () => {
        const res = await post('/api/newsletter_post', { email: 'two@example.com' }, { 'idempotency-key': key });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ message: 'Idempotency-Key already used with a different body' });
      });
      expect((await post('/api/partner_form', VALID['/api/partner_form'], { 'idempotency-key': key })).status).toBe(201);
    });

    it('concurrent retries with one key store one submission', async () => {
      const key = freshKey();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/api/download_form', VALID['/api/download_form'], { 'idempotency-key': key })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id))).size).toBe(1);
      expect(service.submissions().filter((s) => s.key === key)).toHaveLength(1);
    });
  });

  describe('download form e-mail', () => {
    it('writes one .eml per new submission (none for a duplicate), naming the document and linking its PDF', async () => {
      const key = freshKey();
      const before = service.mails().length;
      const body = { ...VALID['/api/download_form'], email: 'reader@example.com' };
      expect((await post('/api/download_form', body, { 'idempotency-key': key })).status).toBe(201);
      expect((await post('/api/download_form', body, { 'idempotency-key': key })).status).toBe(200);
      const mails = service.mails().slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'reader@example.com', subject: 'Your document: Tower Company Suite Brochure' });
      expect(path.dirname(mails[0].file)).toBe(service.mailDir);
      expect(readdirSync(service.mailDir)).toContain(path.basename(mails[0].file));
      const eml = readFileSync(mails[0].file, 'utf8');
      const [head, text] = [eml.slice(0, eml.indexOf('\r\n\r\n')), eml.slice(eml.indexOf('\r\n\r\n'))];
      expect(head).toMatch(/^From: .+<no-reply@veltrix\.example>\r\n/);
      expect(head).toContain('\r\nTo: reader@example.com\r\n');
      expect(head).toContain('\r\nSubject: Your document: Tower Company Suite Brochure\r\n');
      expect(head).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n/);
      expect(text).toContain('Document id: 1');
      expect(text).toContain(`Link: ${service.url}/uploads/brochures/tower-company-suite.pdf`);
      expect(eml.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    });

    it('other forms write no mail; header values cannot be broken by line breaks', async () => {
      const before = service.mails().length;
      for (const endpoint of ['/api/contact_form', '/api/newsletter_post'])
        expect((await post(endpoint, VALID[endpoint])).status).toBe(201);
      expect(service.mails()).toHaveLength(before);
      expect(
        (await post('/api/download_form', { ...VALID['/api/download_form'], email: 'a@example.com\r\nBcc: x@evil.example', id: '999' }))
          .status,
      ).toBe(201);
      const [mail] = service.mails().slice(before);
      const head = readFileSync(mail.file, 'utf8').split('\r\n\r\n')[0];
      expect(head.split('\r\n').filter((l) => l.startsWith('Bcc'))).toEqual([]);
      expect(readFileSync(mail.file, 'utf8')).toContain('Document id: 999');
    });
  });

  describe('failure switch', () => {
    const admin = (body: unknown, authorization = AUTH) =>
      fetch(`${service.url}/__admin/failure`, { method: 'POST', headers: { authorization }, body: JSON.stringify(body) });

    it('"error" answers 503 for `times` submissions, then recovers; GETs are unaffected', async () => {
      const res = await admin({ mode: 'error', times: 2 });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ mode: 'error', times: 2 });
      const key = freshKey();
      await storesNothing(async () => {
        expect((await fetch(`${service.url}/api/page/homepage`, { headers: { authorization: AUTH } })).status).toBe(200);
        for (let i = 0; i < 2; i++) {
          const failed = await post('/api/newsletter_post', VALID['/api/newsletter_post'], { 'idempotency-key': key });
          expect(failed.status).toBe(503);
          expect(failed.headers.get('retry-after')).toBe('1');
        }
      });
      expect((await post('/api/newsletter_post', VALID['/api/newsletter_post'], { 'idempotency-key': key })).status).toBe(201);
    });

    it('"error" without times lasts until reset to "none" (admin endpoint or setFailure)', async () => {
      service.setFailure('error');
      for (let i = 0; i < 3; i++) expect((await post('/api/partner_form', VALID['/api/partner_form'])).status).toBe(503);
      expect(await (await admin({ mode: 'none' })).json()).toEqual({ mode: 'none' });
      expect((await post('/api/partner_form', VALID['/api/partner_form'])).status).toBe(201);
    });

    it('"hang" never answers until the client gives up; the next submission succeeds', async () => {
      service.setFailure('hang', 1);
      const key = freshKey();
      const hung = post(
        '/api/newsletter_post',
        VALID['/api/newsletter_post'],
        { 'idempotency-key': key },
        { signal: AbortSignal.timeout(300) },
      );
      await expect(hung).rejects.toThrow(/abort|timeout/i);
      expect(service.submissions().filter((s) => s.key === key)).toHaveLength(0);
      expect((await post('/api/newsletter_post', VALID['/api/newsletter_post'], { 'idempotency-key': key })).status).toBe(201);
    });

    it('close() ends requests left hanging', async () => {
      const s = await startContentService({ port: 0, user: USER, password: PASSWORD });
      s.setFailure('hang');
      const hung = fetch(`${s.url}/api/newsletter_post`, {
        method: 'POST',
        body: JSON.stringify(VALID['/api/newsletter_post']),
        headers: { authorization: AUTH, 'content-type': 'application/json', 'idempotency-key': freshKey() },
      });
      const outcome = hung.then(
        () => 'answered',
        () => 'closed',
      );
      await new Promise((r) => setTimeout(r, 100));
      await s.close();
      expect(await outcome).toBe('closed');
    });

    it('the admin endpoint needs the credential, POST, and a valid { mode, times? }', async () => {
      expect((await admin({ mode: 'error' }, '')).status).toBe(401);
      expect((await fetch(`${service.url}/__admin/failure`, { headers: { authorization: AUTH } })).status).toBe(405);
      expect((await fetch(`${service.url}/__admin/failure`, { method: 'POST', headers: { authorization: AUTH }, body: '{' })).status).toBe(
        400,
      );
      for (const body of [{}, { mode: 'down' }, { mode: 'error', times: 0 }, { mode: 'error', times: 1.5 }, { mode: 'hang', extra: 1 }]) {
        const res = await admin(body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(((await res.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
      }
      expect(() => service.setFailure('down' as 'none')).toThrow(/mode/);
      expect(() => service.setFailure('error', 0)).toThrow(/times/);
      expect((await post('/api/newsletter_post', VALID['/api/newsletter_post'])).status).toBe(201);
    });
  });

  it('defaults: each service gets its own submission and mail folders under the temp dir', async () => {
    const saved = { s: process.env.SUBMISSIONS_DIR, m: process.env.MAIL_DIR };
    delete process.env.SUBMISSIONS_DIR;
    delete process.env.MAIL_DIR;
    const [a, b] = await Promise.all([startContentService({ port: 0 }), startContentService({ port: 0 })]);
    try {
      for (const s of [a, b]) {
        expect(s.submissionsDir.startsWith(os.tmpdir())).toBe(true);
        expect(s.mailDir.startsWith(os.tmpdir())).toBe(true);
      }
      expect(a.submissionsDir).not.toBe(b.submissionsDir);
      expect(a.mailDir).not.toBe(b.mailDir);
      expect(a.submissions()).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      if (saved.s !== undefined) process.env.SUBMISSIONS_DIR = saved.s;
      if (saved.m !== undefined) process.env.MAIL_DIR = saved.m;
    }
  });
});

describe('contract: POST entries', () => {
  const entry = (fields: object) => ({ endpoints: [{ path: '/api/x_form', schema: 'r.schema.json', ...fields }] });
  const post = { method: 'POST', requestSchema: 'q.schema.json' };

  it('loadServiceContract splits reads from submissions and checks POST entries', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'contract-post-'));
    const load = (fields: object, p = '/api/x_form') => {
      const file = path.join(tmp, 'contract.json');
      writeFileSync(file, JSON.stringify({ endpoints: [{ ...entry(fields).endpoints[0], path: p }] }));
      return () => loadServiceContract(file);
    };
    try {
      expect(load(post)()).toEqual({ endpoints: [], submissions: [{ path: '/api/x_form', schema: 'r.schema.json', ...post }] });
      expect(load({ ...post, mail: 'document' })().submissions[0].mail).toBe('document');
      expect(load({ method: 'POST' })).toThrow(/requestSchema/);
      expect(load({ ...post, sample: { file: 'x.json' } })).toThrow(/sample/);
      expect(load({ ...post, mail: 'sms' })).toThrow(/mail/);
      expect(load(post, '/api/x/{id}')).toThrow(/\{name\}/);
      expect(load({ method: 'PUT', sample: { file: 'x.json' } })).toThrow(/method/);
      expect(load({ method: 'GET', requestSchema: 'q.schema.json', sample: { file: 'x.json' } })).toThrow(/POST entries/);
      expect(load({ method: 'GET', sample: { file: 'x.json' } })().endpoints).toHaveLength(1);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('contract.schema.json: method defaults to GET (sample required), POST needs requestSchema and no sample', () => {
    const validate = new Ajv({ strict: false }).compile(readSchema('contract.schema.json'));
    expect(validate(entry({ sample: { file: 'x.json' } }))).toBe(true);
    expect(validate(entry(post))).toBe(true);
    expect(validate(entry({ ...post, mail: 'document' }))).toBe(true);
    expect(validate(entry({}))).toBe(false);
    expect(validate(entry({ method: 'POST' }))).toBe(false);
    expect(validate(entry({ ...post, sample: { file: 'x.json' } }))).toBe(false);
    expect(validate(entry({ sample: { file: 'x.json' }, requestSchema: 'q.schema.json' }))).toBe(false);
    expect(validate(entry({ sample: { file: 'x.json' }, mail: 'document' }))).toBe(false);
    expect(validate({ endpoints: [{ path: '/api/x/{id}', schema: 'r.schema.json', ...post }] })).toBe(false);
  });
});
