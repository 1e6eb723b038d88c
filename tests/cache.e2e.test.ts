/**
 * Caching and resilience of the production server: content served stale while the content
 * service is down, the clear error state for pages never seen, ETag/304 and Cache-Control.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

/**
 * A GET with exactly these headers (node:http: fetch would add `Cache-Control: no-cache` to any
 * conditional request, which asks for a full answer; a browser revalidating sends `max-age=0`).
 */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: new Headers(
              Object.entries(res.headers).map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
            ),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('content cache and page caching', () => {
  let content: RunningContentService;
  let site: ChildSite;
  let contentStopped = false;

  beforeAll(async () => {
    content = await startContentService({ port: 0, log: false });
    // No fresh or stale-while-revalidate window: every read goes to the service, so its failure shows at once.
    site = await spawnSite({
      CONTENT_API_BASE: content.url,
      EMBEDDED_CONTENT_SERVICE: '0',
      CONTENT_CACHE_TTL_MS: '0',
      CONTENT_CACHE_STALE_MS: '0',
    });
  });
  afterAll(async () => {
    await site?.stop();
    if (!contentStopped) await content?.close();
  });

  it('gives 200 pages a CDN Cache-Control and a strong ETag; every visitor gets the same bytes and CSP', async () => {
    const a = await get(`${site.url}/blog`);
    const b = await get(`${site.url}/blog`);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(a.headers.get('x-content-stale')).toBeNull();
    const etag = a.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('content-security-policy')).toBe(a.headers.get('content-security-policy'));
    expect(b.headers.get('etag')).toBe(etag);
    expect((await get(`${site.url}/about-veltrix`)).headers.get('etag')).not.toBe(etag);
  });

  it('answers 304 without a body for a matching If-None-Match, 200 for another', async () => {
    const etag = (await get(`${site.url}/blog`)).headers.get('etag')!;
    const cached = await get(`${site.url}/blog`, { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    expect(cached.headers.get('etag')).toBe(etag);
    expect((await get(`${site.url}/blog`, { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304);
    // An end-to-end reload (no-cache) asks for the whole page, whatever it holds.
    expect((await get(`${site.url}/blog`, { 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).status).toBe(200);
    const changed = await get(`${site.url}/blog`, { 'If-None-Match': '"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('Read Full Article');
  });

  it('caches 404 pages for a minute and leaves data requests and the API to their own headers', async () => {
    const missing = await get(`${site.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=60');
    expect(missing.headers.get('etag')).toBeNull();
    const api = await get(`${site.url}/api/page/blog`);
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('public, max-age=60');
    const dataRequest = await get(`${site.url}/blog.data`);
    expect(dataRequest.status).toBe(200);
    expect(dataRequest.headers.get('etag')).toBeNull();
  });

  it('with the content service stopped: a page seen before renders stale, one never seen shows the error state', async () => {
    await get(`${site.url}/blog`);
    await get(`${site.url}/api/page/blog`);
    await content.close();
    contentStopped = true;

    const stale = await get(`${site.url}/blog`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-content-stale')).toBe('1');
    expect(stale.text).toContain('Read Full Article');
    // Its content may be out of date: no CDN or browser keeps it beyond the outage.
    expect(stale.headers.get('cache-control')).toBe('no-store');
    // A client navigation's data request says so too.
    expect((await get(`${site.url}/blog.data`)).headers.get('x-content-stale')).toBe('1');

    const api = await get(`${site.url}/api/page/blog`);
    expect(api.status).toBe(200);
    expect(api.headers.get('x-content-stale')).toBe('1');

    const never = await get(`${site.url}/privacy-policy`);
    expect(never.status).toBe(503);
    expect(never.text).toContain('This page is temporarily unavailable');
    expect(never.headers.get('cache-control')).toBe('no-store');
    expect(never.headers.get('etag')).toBeNull();
  });
});
