/**
 * The request log as an operator reads it, on a production build: one JSON line per request with
 * its route template (never the raw URL), status, duration, bytes, page-cache outcome and content
 * reads; the request id echoed and taken from a trusted proxy only; and no personal data in any
 * line after a lead was posted and delivered (docs/operations.md#observe-it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { logLines, type LogLine } from './helpers/logs.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';
import { sampleBodies } from './helpers/submission-samples.ts';

let content: RunningContentService;
let site: ChildSite;
/** Documentation-range address (RFC 5737) the trusted proxy says the visitor came from. */
const VISITOR_IP = '203.0.113.77';
const marker = randomUUID().slice(0, 8);
const email = `marker.${marker}@example.com`;
const name = `Zebedee Marker${marker.replace(/\d/g, '')}`;

beforeAll(async () => {
  content = await startContentService({ port: 0 });
  site = await spawnSite({
    CONTENT_API_BASE: content.url,
    EMBEDDED_CONTENT_SERVICE: '0',
    TRUST_PROXY_HEADER: 'x-forwarded-for',
    LOG_LEVEL: 'info',
  });
}, 90_000);

afterAll(async () => {
  await site?.stop();
  await content?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers, redirect: 'manual' });

function requestLines(): LogLine[] {
  return logLines(site.output()).filter((line) => line.msg === 'request');
}

describe('the request log', () => {
  it('writes one JSON line per request with its route template, outcome and content reads', async () => {
    const before = requestLines().length;
    const first = await get('/blog?page=1');
    await first.text();
    const again = await get('/blog?page=1');
    await again.text();
    const unknown = await get(`/no-such-page-${marker}?q=${marker}`);
    await unknown.text();
    const asset = await get('/favicon.svg');
    await asset.arrayBuffer();
    await expect.poll(() => requestLines().length - before, { timeout: 5_000 }).toBe(4);
    const [rendered, hit, notFound, file] = requestLines().slice(before);

    for (const line of [rendered, hit, notFound, file]) {
      expect(line).toMatchObject({ level: 'info', method: 'GET' });
      expect(typeof line.time).toBe('string');
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
      expect(line.bytes).toBeGreaterThan(0);
    }
    expect(rendered).toMatchObject({ route: '/blog', status: 200, cache: 'miss' });
    expect(rendered.reads).toBeGreaterThan(0);
    expect(rendered.reqId).toBe(first.headers.get('x-request-id'));
    expect(hit).toMatchObject({ route: '/blog', status: 200, cache: 'hit' });
    expect(hit.reads).toBeUndefined();
    // The raw URL is never a label: an unknown path is `not-found`.
    expect(notFound).toMatchObject({ route: 'not-found', status: 404 });
    expect(file).toMatchObject({ route: 'static', status: 200 });
    expect(JSON.stringify(requestLines())).not.toContain(marker);
  });

  it('takes X-Request-Id from the trusted proxy and echoes it', async () => {
    const id = `proxy-${randomUUID()}`;
    const response = await get('/', { 'X-Request-Id': id });
    await response.text();
    expect(response.headers.get('x-request-id')).toBe(id);
    await expect.poll(() => requestLines().some((line) => line.reqId === id), { timeout: 5_000 }).toBe(true);
    // One that is not an id (spaces, too long) is replaced by a new one.
    const odd = await get('/', { 'X-Request-Id': 'not an id' });
    await odd.text();
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs personal data: a posted and delivered lead leaves only its id', async () => {
    const key = `logs-${randomUUID()}`;
    const body = { ...sampleBodies.contact(), name, email };
    const response = await fetch(`${site.url}/api/contact_form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Forwarded-For': VISITOR_IP },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    await expect.poll(() => content.submissions().filter((s) => s.key === key).length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => logLines(site.output()).some((line) => String(line.msg).includes(`delivered lead ${id}`)), { timeout: 5_000 })
      .toBe(true);

    const output = site.output();
    expect(output).toContain(`accepted lead ${id}`);
    for (const secret of [email, name, marker, VISITOR_IP, key, String((body as Record<string, unknown>).mobile)])
      expect(output).not.toContain(secret);
    // Every line the site wrote is JSON (production), and each request line has its fields.
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const post = requestLines().find((line) => line.route === '/api/contact_form');
    expect(post).toMatchObject({ method: 'POST', status: 202 });
  });
});
