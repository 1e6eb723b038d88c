/**
 * What operators and load balancers rely on: /healthz and /readyz, a shutdown that a slow client
 * cannot hold open, slow clients disconnected after their time, HSTS only over known HTTPS, and no
 * internal address in the page CSP.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { sampleBodies } from './helpers/submission-samples.ts';
import { rawRequest } from './helpers/raw-http.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

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

/**
 * A client that sends `head`, then one more byte of `drip` every 100 ms, never finishing its
 * request: what the server answered and when it closed the connection (undefined: still open
 * after `giveUpMs`, then closed by the client).
 */
function slowClient(url: string, head: string, drip: string, giveUpMs: number): Promise<{ answer: string; closedAfterMs?: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer });
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write(drip[sent++ % drip.length]), 100);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow clients', () => {
  // Short limits, so the test waits little; Node's own were 300 s for a request and 60 s for its headers.
  const REQUEST_TIMEOUT_MS = 1500;
  const HEADERS_TIMEOUT_MS = 1000;
  // Far past the limits (and the 10 % late the check may be), far below Node's own.
  const GIVE_UP_MS = 15_000;
  let limited: ChildSite;
  beforeAll(async () => {
    limited = await spawnSite({
      CONTENT_API_BASE: content.url,
      EMBEDDED_CONTENT_SERVICE: '0',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it(
    'a post whose body never ends is answered 408 and disconnected after REQUEST_TIMEOUT_MS, not held for minutes',
    { timeout: 30_000 },
    async () => {
      // Within the career form's body limit (4.8 MB): the body is waited for, not refused at once.
      const head =
        'POST /api/career_form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Idempotency-Key: slow-body\r\nContent-Length: 4000000\r\n\r\n{"resume_base64":"';
      const { answer, closedAfterMs } = await slowClient(limited.url, head, 'QUJD', GIVE_UP_MS);
      expect(closedAfterMs, 'still connected').toBeDefined();
      expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // The client's failure, not the site's: nothing in the log.
      expect(limited.output()).not.toMatch(/Error|\n\s+at /);
    },
  );

  it('headers that never end are answered 408 and disconnected after HEADERS_TIMEOUT_MS', { timeout: 30_000 }, async () => {
    const head = 'GET /privacy-policy HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
    const { answer, closedAfterMs } = await slowClient(limited.url, head, 'abc', GIVE_UP_MS);
    expect(closedAfterMs, 'still connected').toBeDefined();
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a post sent at once (a career application with its CV) and a page are answered as before', async () => {
    const post = await fetch(`${limited.url}/api/career_form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `slow-clients-${Date.now()}` },
      body: JSON.stringify(sampleBodies.career()),
    });
    expect(post.status, await post.text()).toBe(202);
    expect((await fetch(`${limited.url}/privacy-policy`)).status).toBe(200);
  });
});
