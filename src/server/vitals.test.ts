import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../engine/definitions.server.ts';
import { VITALS_ENDPOINT } from '../engine/vitals.ts';
import { createMetrics, type SiteMetrics } from './observe/metrics.ts';
import { RateLimiter } from './outbox/rate-limit.ts';
import { VITALS_RATE_LIMIT, vitalsRouter } from './vitals.ts';

// The main site's definitions, read from disk as the development server reads them.
const definitions = loadDefinitions({ fromDisk: true, definitionsDir: 'page-definitions', production: false, allowInvalid: true });
let metrics: SiteMetrics;
let server: Server;
let base: string;

const REPORT = { path: '/blog/how-to-measure', metrics: { LCP: 1234.5, INP: 88, CLS: 0.02, FCP: 640, TTFB: 120.3 } };

/** Each test gets the router as the site mounts it (its own default limiter) and a fresh registry. */
async function start(limiter?: RateLimiter) {
  metrics = createMetrics();
  const app = express();
  app.use(vitalsRouter({ definitions: definitions.current, metrics, limiter }));
  app.use((_req, res) => void res.status(404).json({ message: 'fell through' }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(() => start());
afterEach(() => new Promise((resolve) => server.close(resolve)));

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${VITALS_ENDPOINT}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The scrape an operator reads: each histogram's count and sum by route. */
async function scrape(): Promise<string> {
  return metrics.registry!.metrics();
}

describe('POST /__vitals', () => {
  it('counts every metric of a report under the route template of its path, answers 204 no-store and sets no cookie', async () => {
    const response = await post(REPORT);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const text = await scrape();
    for (const name of [
      'webvitals_lcp_seconds',
      'webvitals_inp_seconds',
      'webvitals_fcp_seconds',
      'webvitals_ttfb_seconds',
      'webvitals_cls',
    ])
      expect(text).toContain(`${name}_count{http_route="/blog/:slug"} 1`);
    // Times arrive in milliseconds and are kept in seconds; CLS as it is.
    expect(text).toContain('webvitals_lcp_seconds_sum{http_route="/blog/:slug"} 1.2345');
    expect(text).toContain('webvitals_cls_sum{http_route="/blog/:slug"} 0.02');
    // The raw path is never a label.
    expect(text).not.toContain('how-to-measure');
  });

  it('counts a report with only some metrics (a page view without interaction has no INP)', async () => {
    expect((await post({ path: '/', metrics: { CLS: 0, TTFB: 80 } })).status).toBe(204);
    const text = await scrape();
    expect(text).toContain('webvitals_cls_count{http_route="/"} 1');
    expect(text).toContain('webvitals_ttfb_seconds_count{http_route="/"} 1');
    expect(text).not.toMatch(/webvitals_lcp_seconds_count\{http_route="\/"\}/);
  });

  it('counts a path no page answers under not-found', async () => {
    expect((await post({ ...REPORT, path: '/no/such/page-4711' })).status).toBe(204);
    const text = await scrape();
    expect(text).toContain('webvitals_lcp_seconds_count{http_route="not-found"} 1');
    expect(text).not.toContain('4711');
  });

  it.each([
    ['a time over 10 minutes', { ...REPORT, metrics: { LCP: 600_001 } }],
    ['a negative time', { ...REPORT, metrics: { TTFB: -1 } }],
    ['a CLS over 100', { ...REPORT, metrics: { CLS: 101 } }],
    ['a number that is text', { ...REPORT, metrics: { LCP: '1200' } }],
    ['an unknown metric', { ...REPORT, metrics: { FID: 12 } }],
    ['no metric', { ...REPORT, metrics: {} }],
    ['no path', { metrics: REPORT.metrics }],
    ['a path that is a URL', { ...REPORT, path: 'https://elsewhere.example/blog' }],
    ['a path with a query', { ...REPORT, path: '/blog?utm_source=x' }],
    ['a field of its own (an identifier)', { ...REPORT, visitor: 'abc' }],
    ['an array', [REPORT]],
  ])('refuses %s with 422 and counts nothing', async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(await scrape()).not.toMatch(/webvitals_\w+_count\{/);
  });

  it('refuses a value JSON can only write as infinite (1e999) with 422', async () => {
    const response = await post('{"path":"/","metrics":{"LCP":1e999}}');
    expect(response.status).toBe(422);
  });

  it('answers malformed JSON 400, another type 415, a body over 2 KB 413: never 5xx', async () => {
    expect((await post('{"path":"/",')).status).toBe(400);
    expect((await post(JSON.stringify(REPORT), { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post({ ...REPORT, path: `/${'a'.repeat(3000)}` })).status).toBe(413);
    expect(await scrape()).not.toMatch(/webvitals_\w+_count\{/);
  });

  it(`answers 429 with Retry-After past ${VITALS_RATE_LIMIT} reports a minute from one address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= VITALS_RATE_LIMIT; i++) statuses.push((await post(REPORT)).status);
    expect(statuses.slice(0, VITALS_RATE_LIMIT).every((status) => status === 204)).toBe(true);
    const refused = await post(REPORT);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await scrape()).toContain(`webvitals_lcp_seconds_count{http_route="/blog/:slug"} ${VITALS_RATE_LIMIT}`);
  });

  it('takes its limit from the limiter it is given (the site passes none: its own, apart from the forms)', async () => {
    await new Promise((resolve) => server.close(resolve));
    await start(new RateLimiter(1, 60_000));
    expect((await post(REPORT)).status).toBe(204);
    expect((await post(REPORT)).status).toBe(429);
  });
});
