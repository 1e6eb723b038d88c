// Tests for the POST submissions of the reference content service (tools/content-service):
// the contract's endpoints, bad input and idempotency. The download form's e-mail and the failure
// switch: ./content-service-post-mail.test.ts; the contract's POST entries: ./content-contract.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RunningContentService } from '../tools/content-service/server.ts';
import { AUTH, MAX_RESUME, USER, VALID, contract, freshKey, postService, readSchema } from './helpers/post-service.ts';

const fixture = postService();
let service: RunningContentService;
beforeAll(() => {
  service = fixture.service;
});
const { post, validateResponse, storesNothing } = fixture;

describe('POST submissions', () => {
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
});
