/**
 * What operators and load balancers rely on: /healthz and /readyz, a shutdown that a slow client
 * cannot hold open, HSTS only over known HTTPS, and no internal address in the page CSP.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { rawRequest } from './e2e/raw-http.ts';
import { spawnSite, type ChildSite } from './e2e/servers.ts';

let content: RunningContentService;
let site: ChildSite;
beforeAll(async () => {
  content = await startContentService({ port: 0 });
  site = await spawnSite({
    CONTENT_API_BASE: content.url,
    EMBEDDED_CONTENT_SERVICE: '0',
    IMAGE_BASE_URL: 'https://images.example.com/uploads',
    SHUTDOWN_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await site?.stop();
  await content?.close();
});

describe('operations', () => {
  it('/healthz says the process is up; /readyz checks the content service and the outbox, with the outbox state', async () => {
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await fetch(`${site.url}/readyz`);
    const body = (await ready.json()) as { status: string; content: { ok: boolean }; outbox: Record<string, unknown> };
    expect(ready.status).toBe(200);
    expect(body).toMatchObject({ status: 'ready', content: { ok: true }, outbox: { ok: true, writable: true, pending: 0 } });
    expect(body.outbox).toHaveProperty('oldestPendingAgeMs', 0);
  });

  it('HSTS only when the request is known to be HTTPS: an X-Forwarded-Proto from an untrusted client is ignored', async () => {
    const page = await fetch(`${site.url}/privacy-policy`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('the page CSP names the public image origin, never the content service address', async () => {
    const csp = (await fetch(`${site.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://images.example.com');
    expect(csp).not.toContain(new URL(content.url).host);
  });

  it('tracking parameters do not make a page render anew', async () => {
    await fetch(`${site.url}/privacy-policy`);
    const kept = await fetch(`${site.url}/privacy-policy`);
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    const tracked = await fetch(`${site.url}/privacy-policy?utm_source=newsletter`);
    expect(tracked.status).toBe(200);
    expect(tracked.headers.get('x-page-cache')).toBeNull();
    expect((await fetch(`${site.url}/privacy-policy`)).headers.get('x-page-cache')).toBe('hit');
  });

  it('an empty Host is a bad request: 400 on every page, not a 500 with a stack trace logged per request', async () => {
    const from = site.output().length;
    for (const target of ['/about-veltrix?z=1', '/about-veltrix?z=2', '/privacy-policy']) {
      const answer = await rawRequest(site.url, target, { headers: { Host: '' } });
      expect(answer.status, target).toBe(400);
      expect(answer.headers['cache-control'], target).toBe('no-store');
    }
    expect(site.output().slice(from)).not.toMatch(/Error|\n\s+at /);
  });

  it('/readyz says not ready (503) while the content service is down', async () => {
    await content.close();
    // One check answers /readyz for a second: the next one sees the service down.
    await expect.poll(async () => (await fetch(`${site.url}/readyz`)).status, { timeout: 5000 }).toBe(503);
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { content: { ok: boolean } }).content.ok).toBe(false);
    content = await startContentService({ port: Number(new URL(content.url).port) });
  });

  it('shuts down within its time limit although a slow client holds a half-sent request', async () => {
    const socket = net.connect(Number(new URL(site.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /privacy-policy HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '); // never finished
    socket.on('error', () => {});
    const started = Date.now();
    await site.stop();
    const took = Date.now() - started;
    socket.destroy();
    expect(took).toBeLessThan(10_000);
    expect(site.output()).toMatch(/connections still open after 2000 ms: closed/);
  });
});
