/**
 * The reference content service with its submissions and mail in a temporary folder, for the tests
 * of its POST endpoints (tests/content-service-post*.test.ts): a valid body per endpoint, and a
 * post helper sending the test credential and a fresh Idempotency-Key.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { SCHEMA_DIR, loadServiceContract } from '../../tools/content-service/contract.ts';
import { startContentService, type RunningContentService } from '../../tools/content-service/server.ts';

export const USER = 'post-user';
export const PASSWORD = 'post-password';
export const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
export const MAX_RESUME = 4_813_740;

export const readSchema = (file: string) => JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as object;
export const contract = loadServiceContract();

export const common = { checkBox: true, recaptcha: 'captcha-token', ip: '203.0.113.7' };
/** One valid body per endpoint, with the contract's keys (SPEC §3). */
export const VALID: Record<string, Record<string, unknown>> = {
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
export const freshKey = () => `test-key-${Date.now()}-${++keyCounter}`;

export interface PostService {
  service: RunningContentService;
  /** The service's submissions and mail folders' parent. */
  dir: string;
  post(p: string, body: unknown, headers?: Record<string, string>, init?: RequestInit): Promise<Response>;
  validateResponse: ReturnType<Ajv['compile']>;
  /** Runs `fn` and checks it stored nothing. */
  storesNothing(fn: () => Promise<void>): Promise<void>;
}

/** A service started before the file's tests (its failure switch reset before each), stopped after them. */
export function postService(): PostService {
  const fixture = {
    post: (p: string, body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}) =>
      fetch(fixture.service.url + p, {
        method: 'POST',
        body: typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body),
        headers: { authorization: AUTH, 'content-type': 'application/json', 'idempotency-key': freshKey(), ...headers },
        ...init,
      }),
    validateResponse: new Ajv().compile(readSchema('post-submission-response.schema.json')),
    async storesNothing(fn: () => Promise<void>) {
      const before = fixture.service.submissions().length;
      await fn();
      expect(fixture.service.submissions().length).toBe(before);
    },
  } as PostService;
  beforeAll(async () => {
    fixture.dir = mkdtempSync(path.join(os.tmpdir(), 'content-post-test-'));
    fixture.service = await startContentService({
      port: 0,
      user: USER,
      password: PASSWORD,
      submissionsDir: path.join(fixture.dir, 'submissions'),
      mailDir: path.join(fixture.dir, 'mail'),
    });
  });
  afterAll(async () => {
    await fixture.service?.close();
    rmSync(fixture.dir, { recursive: true, force: true });
  });
  beforeEach(() => fixture.service.setFailure('none'));
  return fixture;
}
