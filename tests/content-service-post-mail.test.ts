// Tests for the POST submissions of the reference content service (tools/content-service): the
// download form's e-mail, the failure switch and the default folders.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { AUTH, PASSWORD, USER, VALID, freshKey, postService } from './helpers/post-service.ts';

const fixture = postService();
let service: RunningContentService;
beforeAll(() => {
  service = fixture.service;
});
const { post, storesNothing } = fixture;

describe('POST submissions: mail and failures', () => {
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
