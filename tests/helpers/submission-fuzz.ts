/**
 * Invalid submissions for the fuzz run of tests/submissions.e2e.test.ts: a form's valid sample
 * body broken one way (a missing field, a value of the wrong type or pattern, junk, a bad captcha
 * token or CV, a bad Idempotency-Key), or no JSON object at all, from a seeded generator so a
 * failing seed can be replayed (FUZZ_SEED).
 */
import { randomUUID } from 'node:crypto';
import { checkForms, loadEndpoints, type SubmissionEndpoint } from '../../src/server/submissions/forms.ts';
import { SAMPLE_DOCX_BASE64, sampleBodies } from '../helpers/submission-samples.ts';

const endpoints = loadEndpoints();

/** Deterministic pseudo-random numbers (mulberry32). */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzCase {
  endpoint: string;
  body: unknown;
  headers?: Record<string, string>;
  kind: string;
}

export function fuzzCases(count: number, seed: number): FuzzCase[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const junkValues: unknown[] = [
    123,
    -1.5,
    true,
    false,
    null,
    [],
    {},
    ['a', 1],
    { nested: { deep: [1, { x: 'y' }] } },
    'x'.repeat(5000),
    '<script>alert(1)</script>',
    "'; DROP TABLE outbox; --",
    '\u0000\u0007',
    '😀'.repeat(20),
    'Ümlaut ß',
    'ADA@EXAMPLE.COM',
    'abcdefghij',
    '12345',
  ];
  const badTokens = [
    '',
    'local-',
    'local-not-a-uuid',
    'local-6ba7b810-9dad-11d1-80b4-00c04fd430c8',
    randomUUID(),
    '03AGdBq2' + 'x'.repeat(500),
    'x'.repeat(5000),
  ];
  let nesting: unknown = 'bottom';
  for (let i = 0; i < 200; i++) nesting = { a: [nesting] };
  const mutations: ((endpoint: SubmissionEndpoint, body: Record<string, unknown>) => FuzzCase | undefined)[] = [
    (e, body) => {
      const required = pick(e.forms).schema.required ?? [];
      delete body[pick(required)];
      return { endpoint: e.path, body, kind: 'missing field' };
    },
    (e, body) => {
      body[pick(Object.keys(body))] = pick(junkValues);
      return { endpoint: e.path, body, kind: 'wrong type or pattern' };
    },
    (e, body) => {
      const key = pick(Object.keys(body).filter((k) => typeof body[k] === 'string' && k !== 'resume_base64'));
      body[key] = `${String(body[key])}${pick(['<', '>', '{', '}', '"', '\\', '\n', '%', '#', '😀'])}`;
      return { endpoint: e.path, body, kind: 'bad pattern' };
    },
    (e, body) => {
      const key = pick(Object.keys(body));
      body[key] = pick(['y', 'Z ', '9']).repeat(pick([201, 4001, 20_000, 60_000]));
      return { endpoint: e.path, body, kind: 'huge string' };
    },
    (e, body) => {
      // defineProperty: a plain assignment to __proto__ would change the prototype instead of adding a key.
      Object.defineProperty(body, pick(['extra', '__proto__', 'constructor', 'toString', 'nested', 'ip2']), {
        value: pick([nesting, { a: { b: { c: [] } } }, [[[[]]]], 'x']),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { endpoint: e.path, body, kind: 'nested junk' };
    },
    (e, body) => {
      body[pick(Object.keys(body))] = nesting;
      return { endpoint: e.path, body, kind: 'deeply nested value' };
    },
    (e, body) => {
      body.recaptcha = pick(badTokens);
      return { endpoint: e.path, body, kind: 'bad captcha' };
    },
    (e) => ({
      endpoint: e.path,
      body: pick(['', '{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u00ff\u00fe', '{"a":"\\ud800"']),
      kind: 'malformed JSON',
    }),
    (e) => ({ endpoint: e.path, body: JSON.stringify(pick([[], [1], 1, 'text', null, true])), kind: 'not an object' }),
    (e, body) => ({
      endpoint: e.path,
      body,
      headers: { 'Idempotency-Key': pick(['', 'short', 'has spaces here', 'ü'.repeat(10), 'x'.repeat(201)]) },
      kind: 'bad key',
    }),
    (e, body) => ({
      endpoint: e.path,
      body: JSON.stringify(body),
      headers: { 'Content-Type': pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) },
      kind: 'not JSON',
    }),
    (e, body) => {
      if (e.path !== '/api/career_form') return undefined;
      body.resume_base64 = pick([Buffer.from('plain text, not a CV').toString('base64'), SAMPLE_DOCX_BASE64]);
      body.resume_filename = 'cv.pdf';
      return { endpoint: e.path, body, kind: 'bad CV' };
    },
  ];
  const cases: FuzzCase[] = [];
  const passesSchema = new Set(['bad captcha', 'bad CV', 'bad key', 'not JSON', 'malformed JSON', 'not an object']);
  while (cases.length < count) {
    const endpoint = pick(endpoints);
    const form = pick(endpoint.forms);
    const body = sampleBodies[form.name]();
    // Rarely a second mutation on top.
    let made = pick(mutations)(endpoint, body);
    if (made && random() < 0.2 && typeof made.body === 'object' && made.body !== null && !passesSchema.has(made.kind))
      made = pick(mutations.slice(0, 6))(endpoint, made.body as Record<string, unknown>) ?? made;
    if (!made) continue;
    // Kept only when the site must refuse it: the validators reject it, or a later check does.
    if (!passesSchema.has(made.kind) && !checkForms(endpoint, made.body as Record<string, unknown>).errors) continue;
    if (made.kind === 'bad captcha' && made.body && (made.body as Record<string, unknown>).recaptcha === undefined) continue;
    cases.push(made);
  }
  return cases;
}
