import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, lineLogger } from './logger.ts';
import { createMetrics, noMetrics } from './metrics.ts';
import { currentRequest, nameRoute, observeRequests } from './requests.ts';

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level: 'info', format: 'json', destination }), lines };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('logger', () => {
  it('redacts personal fields wherever a caller logs them, keeping an error message', () => {
    const { log, lines } = memoryLog();
    log.info({ email: 'a@b.c', lead: { name: 'Ada', mobile: '0123456789', ip: '203.0.113.1' }, err: new Error('boom') }, 'x');
    const [line] = lines;
    expect(JSON.stringify(line)).not.toMatch(/a@b\.c|Ada|0123456789|203\.0\.113\.1/);
    expect((line.err as { message: string }).message).toBe('boom');
  });

  it('writes a line that says ERROR: at level error', () => {
    const { log, lines } = memoryLog();
    const line = lineLogger(log, 'info');
    line('[outbox] delivered lead 1');
    line('[outbox] ERROR: the oldest pending lead has waited 20 min');
    expect(lines.map((l) => l.level)).toEqual(['info', 'error']);
  });
});

describe('observeRequests', () => {
  it('logs one line per request under the route a part named, and records its duration', async () => {
    const { log, lines } = memoryLog();
    const metrics = createMetrics();
    const url = await serve(
      observeRequests(
        (req, res) => {
          if (req.url === '/blog/x') nameRoute('/blog/:slug');
          expect(currentRequest()?.id).toBeTruthy();
          res.end('ok');
        },
        { log, metrics, trustRequestId: false },
      ),
    );
    const response = await fetch(`${url}/blog/x`, { headers: { 'X-Request-Id': 'from-outside-1' } });
    await response.text();
    await fetch(`${url}/anything?q=1`).then((r) => r.text());
    await expect.poll(() => lines.length).toBe(2);
    // Not behind a trusted proxy: the visitor's id is not taken.
    expect(response.headers.get('x-request-id')).not.toBe('from-outside-1');
    expect(lines[0]).toMatchObject({
      msg: 'request',
      route: '/blog/:slug',
      method: 'GET',
      status: 200,
      reqId: response.headers.get('x-request-id'),
    });
    expect(lines[1]).toMatchObject({ route: 'other' });
    const text = await metrics.registry!.metrics();
    expect(text).toContain(
      'http_server_request_duration_seconds_count{http_route="/blog/:slug",http_request_method="GET",http_response_status_code="200"} 1',
    );
    expect(text).not.toContain('/anything');
  });

  it('takes X-Request-Id behind a trusted proxy, when it is an id', async () => {
    const url = await serve(observeRequests((_req, res) => res.end(), { log: memoryLog().log, metrics: noMetrics, trustRequestId: true }));
    expect((await fetch(url, { headers: { 'X-Request-Id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123');
    expect((await fetch(url, { headers: { 'X-Request-Id': 'x'.repeat(129) } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('records vitals in seconds (CLS as it is)', async () => {
    const metrics = createMetrics();
    metrics.vital('LCP', '/', 1200);
    metrics.vital('CLS', '/', 0.05);
    const text = await metrics.registry!.metrics();
    expect(text).toContain('webvitals_lcp_seconds_sum{http_route="/"} 1.2');
    expect(text).toContain('webvitals_cls_sum{http_route="/"} 0.05');
  });
});
