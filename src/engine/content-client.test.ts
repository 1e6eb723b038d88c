/**
 * The content client against a real HTTP upstream that misbehaves: every fault becomes a
 * ContentError (so pages and /api answer 503 or 502, never crash), and a last good value is served
 * stale through each of them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, createContentClient, statusOf, type ContentFailure } from './content-client.ts';

// A read's deadline: generous where the upstream answers (a loaded 2-core CI runner took more than
// 300 ms for a good local read), short only for the faults that are about time.
const TIMEOUT_MS = 5_000;
const SHORT_TIMEOUT_MS = 1_000;
const PATH = '/api/page/privacy-policy';
const GOOD = { page_data: { name: 'Privacy Policy' } };

/** What the upstream does with the next requests (GOOD when unset). */
let behaviour: ((res: http.ServerResponse) => void) | undefined;
const open = new Set<http.ServerResponse>();
const upstream = http.createServer((_req, res) => {
  open.add(res);
  res.on('close', () => open.delete(res));
  if (behaviour) behaviour(res);
  else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(GOOD));
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((resolve) => upstream.close(resolve));
});

function client(cacheTtlMs = 60_000, timeoutMs = TIMEOUT_MS) {
  return createContentClient({
    baseUrl,
    credential: 'user:password',
    timeoutMs,
    cacheTtlMs,
    cacheStaleMs: 0,
    cacheMaxEntries: 100,
    brand: () => 'northwind',
    log: () => undefined,
  });
}

const EIGHT_MB = JSON.stringify({ page_data: { name: 'x'.repeat(8 * 1024 * 1024) } });
const json = (res: http.ServerResponse, body: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);

const FAULTS: Record<string, { act: (res: http.ServerResponse) => void; kind: ContentFailure; timeoutMs?: number }> = {
  'headers, then nothing': {
    act: (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"page_data":'),
    kind: 'timeout',
    timeoutMs: SHORT_TIMEOUT_MS,
  },
  'the body dripped past the timeout': {
    act: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const body = JSON.stringify(GOOD);
      let at = 0;
      const timer = setInterval(() => {
        if (res.destroyed || at >= body.length) clearInterval(timer);
        else res.write(body[at++]);
      }, 60);
      res.on('close', () => clearInterval(timer));
    },
    kind: 'timeout',
    timeoutMs: SHORT_TIMEOUT_MS,
  },
  'the connection reset mid-body': {
    act: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"page_data":{"na');
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
    },
    kind: 'unreachable',
  },
  'a redirect': { act: (res) => res.writeHead(302, { location: `${baseUrl}${PATH}` }).end(), kind: 'unreachable' },
  'HTML instead of JSON': {
    act: (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><p>Maintenance</p>'),
    kind: 'invalid-json',
  },
  // Streamed without a length (the announced case is refused before reading): time to stream 5 MB.
  'an 8 MB body': { act: (res) => json(res, EIGHT_MB), kind: 'too-large', timeoutMs: 10_000 },
  '100,000-deep JSON': { act: (res) => json(res, `{"page_data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`), kind: 'invalid-json' },
  null: { act: (res) => json(res, 'null'), kind: 'invalid-json' },
  'a list instead of an object': { act: (res) => json(res, '[{"page_data":{}}]'), kind: 'invalid-json' },
};

describe('content client against a misbehaving upstream', () => {
  for (const [name, fault] of Object.entries(FAULTS)) {
    it(`${name}: a ContentError "${fault.kind}" (status ${fault.kind === 'timeout' || fault.kind === 'unreachable' ? 503 : 502}), and the last good value served stale`, async () => {
      behaviour = fault.act;
      try {
        const cold = client(60_000, fault.timeoutMs);
        const error = await cold.read(PATH).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ContentError);
        expect((error as ContentError).kind).toBe(fault.kind);
        expect(statusOf(error as ContentError)).toBe(fault.kind === 'timeout' || fault.kind === 'unreachable' ? 503 : 502);

        behaviour = undefined;
        const warm = client(0, fault.timeoutMs);
        expect(await warm.read(PATH)).toEqual({ data: GOOD, stale: false });
        await new Promise((resolve) => setTimeout(resolve, 5)); // past the TTL of 0
        behaviour = fault.act;
        expect(await warm.read(PATH)).toEqual({ data: GOOD, stale: true });
      } finally {
        behaviour = undefined;
      }
    });
  }

  it('keeps ordinary nesting: an answer 32 levels deep is read', async () => {
    let nested: unknown = 'leaf';
    for (let i = 0; i < 31; i++) nested = { a: [nested] }.a;
    behaviour = (res) => json(res, JSON.stringify({ page_data: nested }));
    try {
      expect((await client().read(PATH)).data).toEqual({ page_data: nested });
    } finally {
      behaviour = undefined;
    }
  });
});

describe('content client deadline', () => {
  it('settles a read whose body never ends, even when the transport ignores the abort', async () => {
    // A body stream that neither delivers nor errors, whatever happens to the request's signal.
    const hung = (): Promise<Response> =>
      Promise.resolve(new Response(new ReadableStream({ pull: () => new Promise<void>(() => undefined) }), { status: 200 }));
    const content = createContentClient({
      baseUrl: 'http://content.invalid',
      credential: 'user:password',
      timeoutMs: 200,
      cacheTtlMs: 0,
      cacheStaleMs: 0,
      cacheMaxEntries: 10,
      brand: () => 'northwind',
      fetch: hung,
      log: () => undefined,
    });
    const first = content.read('/api/page/homepage').catch((error: unknown) => error);
    const joined = content.read('/api/page/homepage').catch((error: unknown) => error);
    for (const outcome of await Promise.all([first, joined])) {
      expect(outcome).toBeInstanceOf(ContentError);
      expect((outcome as ContentError).kind).toBe('timeout');
    }
  });
});
