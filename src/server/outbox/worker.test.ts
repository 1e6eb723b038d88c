import Database from 'better-sqlite3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { SqliteOutbox } from './sqlite.ts';
import { outboxStores, type StoreKind } from '../../../tests/helpers/outbox-stores.ts';
import { MAX_ANSWER_BYTES, OutboxWorker, type WorkerOptions } from './worker.ts';

type Reply = Response | Error | 'hang';

/** A store of the given kind, a worker on a fake clock, and a fake content service. */
async function setup(kind: StoreKind, options: Partial<WorkerOptions> = {}) {
  const opened = await kind.open();
  const clock = { now: 1_000_000 };
  const requests: { url: string; headers: Headers; body: string }[] = [];
  const replies: Reply[] = [];
  const logs: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    requests.push({ url, headers: new Headers(init.headers), body: String(init.body) });
    const reply = replies.shift() ?? new Response('{"status":"ok","id":"x"}', { status: 201 });
    if (reply === 'hang')
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted'))));
    if (reply instanceof Error) throw reply;
    return reply;
  }) as typeof globalThis.fetch;
  const workerOptions: WorkerOptions = {
    baseUrl: 'http://content.test',
    credential: 'user:secret',
    pollMs: 1000,
    retryBaseMs: 1000,
    retryMaxMs: 60_000,
    maxAgeMs: 3_600_000,
    timeoutMs: 5000,
    now: () => clock.now,
    random: () => 0.999999,
    fetch,
    log: (line) => logs.push(line),
    ...options,
  };
  const outbox = opened.store;
  const worker = new OutboxWorker(outbox, workerOptions);
  const enqueue = (key: string, body: object = { email: 'a@example.com' }) =>
    outbox.enqueue(
      { id: `id-${key}`, key, endpoint: '/api/newsletter_post', body: JSON.stringify(body), fingerprint: `fp-${key}` },
      clock.now,
    );
  return { ...opened, clock, outbox, worker, workerOptions, requests, replies, logs, enqueue };
}

const status = (code: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ message: `status ${code}` }), { status: code, headers });

describe.each(outboxStores())('outbox worker ($name)', (kind) => {
  it('delivers with the Basic credential and the Idempotency-Key, then drops the body', async () => {
    const { outbox, worker, requests, enqueue, raw } = await setup(kind);
    await enqueue('key-0001', { email: 'ada@example.com' });
    expect(await worker.runOnce()).toBe(1);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('http://content.test/api/newsletter_post');
    expect(requests[0].headers.get('authorization')).toBe(`Basic ${Buffer.from('user:secret').toString('base64')}`);
    expect(requests[0].headers.get('idempotency-key')).toBe('key-0001');
    expect(requests[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0].body)).toEqual({ email: 'ada@example.com' });
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    expect(await raw('key-0001')).toMatchObject({ status: 'delivered', body: null });
    expect(await worker.runOnce()).toBe(0);
    expect(await outbox.findKey('key-0001')).toEqual({ id: 'id-key-0001', fingerprint: 'fp-key-0001' });
  });

  it('sends the X-Request-Id of the post a lead came from (none for a lead without one), and the headers its trace gives', async () => {
    const traced: string[] = [];
    const { outbox, worker, requests } = await setup(kind, {
      trace: (lead, attempt) => (traced.push(lead.id), attempt({ traceparent: `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01` })),
    });
    const send = (key: string, requestId?: string) =>
      outbox.enqueue(
        {
          id: `id-${key}`,
          key,
          endpoint: '/api/newsletter_post',
          body: '{}',
          fingerprint: `fp-${key}`,
          trace: requestId ? { requestId } : undefined,
        },
        1_000_000,
      );
    await send('key-0001', 'req-0001');
    await send('key-0002');
    expect(await worker.runOnce()).toBe(2);
    const sent = (key: string) => requests.find((request) => request.headers.get('idempotency-key') === key)!.headers;
    expect(sent('key-0001').get('x-request-id')).toBe('req-0001');
    expect(sent('key-0002').has('x-request-id')).toBe(false);
    expect(sent('key-0002').get('traceparent')).toBe(`00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`);
    expect(traced.sort()).toEqual(['id-key-0001', 'id-key-0002']);
  });

  it('retries 5xx, 408, 429 and network errors with exponential backoff', async () => {
    const { outbox, worker, clock, requests, replies, enqueue } = await setup(kind);
    await enqueue('key-0001');
    replies.push(status(503), status(408), status(429), new TypeError('fetch failed'));
    expect(await worker.runOnce()).toBe(1);
    for (const gap of [1000, 2000, 4000, 8000]) {
      clock.now += gap - 1;
      expect(await worker.runOnce(), `not due before ${gap} ms`).toBe(0);
      clock.now += 1;
      expect(await worker.runOnce()).toBe(1);
    }
    expect(requests).toHaveLength(5);
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
  });

  it('never follows a redirect: 301/302/303/307 are failed attempts, the lead is kept and sent again', async () => {
    const { outbox, worker, clock, requests, replies, enqueue } = await setup(kind);
    await enqueue('key-0001');
    for (const code of [301, 302, 303, 307])
      replies.push(new Response(null, { status: code, headers: { Location: 'http://elsewhere.test/x' } }));
    await worker.runOnce();
    for (const gap of [1000, 2000, 4000]) {
      clock.now += gap;
      await worker.runOnce();
    }
    expect(await outbox.counts()).toEqual({ pending: 1, delivered: 0, dead: 0 });
    expect((await outbox.pending())[0].lastError).toMatch(/^redirected \(HTTP 307 to http:\/\/elsewhere\.test\/x\): not followed$/);
    clock.now += 8000;
    await worker.runOnce();
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    // Every attempt was the POST with its body, to the content service itself.
    expect(requests.every((r) => r.url === 'http://content.test/api/newsletter_post' && r.body.includes('a@example.com'))).toBe(true);
  });

  it('against a real server answering 303 to a page that says 200: not delivered, the body is kept', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.method === 'POST') res.writeHead(303, { Location: '/thanks' }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>thanks</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { outbox, worker, enqueue } = await setup(kind, {
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        fetch: undefined, // the real fetch, with its real redirect handling
      });
      await enqueue('key-0001');
      await worker.runOnce();
      expect(seen).toEqual(['POST /api/newsletter_post']);
      expect(await outbox.counts()).toEqual({ pending: 1, delivered: 0, dead: 0 });
      expect((await outbox.pending())[0].lastError).toMatch(/^redirected \(HTTP 303 to \/thanks\)/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.runIf(kind.name === 'sqlite')('reads a bounded start of an answer and cancels the rest (a 100 MB error page)', async () => {
    const ANSWER_BYTES = 100 * 1024 * 1024;
    let written = 0;
    let closed: Promise<unknown> = Promise.resolve();
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain', 'content-length': String(ANSWER_BYTES) });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      chunk.write('overloaded: ');
      closed = new Promise((resolve) => res.once('close', resolve));
      const pump = () => {
        while (written < ANSWER_BYTES && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (written >= ANSWER_BYTES) res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // The real fetch, its answer's bytes counted as the worker pulls them.
    let pulled = 0;
    const counting = (async (...args: Parameters<typeof fetch>) => {
      const response = await fetch(...args);
      const counter = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body!.pipeThrough(counter), response);
    }) as typeof fetch;
    try {
      const { outbox, worker, enqueue } = await setup(kind, {
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        fetch: counting,
      });
      await enqueue('key-0001');
      expect(await worker.runOnce()).toBe(1);
      await closed;
      console.log(`delivery answer of ${ANSWER_BYTES} bytes: the worker read ${pulled}, the server got ${written} out`);
      expect((await outbox.pending())[0].lastError).toMatch(/^HTTP 503: overloaded: x{100}/);
      expect(pulled).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 2 * 64 * 1024);
      // The rest was never sent: the connection closed with it unread (socket buffers aside).
      expect(written).toBeLessThan(ANSWER_BYTES / 4);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps a lead through a credential rotation (401/403), 404 and 429: retried, one error line per incident', async () => {
    const { outbox, worker, clock, replies, logs, enqueue } = await setup(kind);
    await enqueue('key-0001');
    replies.push(status(401), status(403), status(404), status(429));
    await worker.runOnce();
    for (const gap of [1000, 2000, 4000, 8000]) {
      clock.now += gap;
      await worker.runOnce();
    }
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    expect(logs.filter((l) => l.includes('rejected the credential'))).toHaveLength(1);
  });

  it('purges dead letters past their retention, with a log line, and reports a lead pending too long once', async () => {
    const day = 86_400_000;
    const { outbox, worker, clock, replies, logs, enqueue } = await setup(kind, { deadRetentionMs: 30 * day, pendingAlertMs: 3_600_000 });
    await enqueue('key-dead');
    replies.push(status(422));
    await worker.runOnce();
    expect((await outbox.counts()).dead).toBe(1);
    clock.now += 31 * day;
    await enqueue('key-late');
    replies.push(...Array.from({ length: 10 }, () => status(503)));
    worker.start();
    await worker.stop();
    expect((await outbox.counts()).dead).toBe(0);
    expect(logs.filter((l) => /purged 1 dead letter/.test(l))).toHaveLength(1);
    clock.now += 2 * 3_600_000;
    worker.start();
    await worker.stop();
    worker.start();
    await worker.stop();
    expect(logs.filter((l) => /oldest pending lead has waited/.test(l))).toHaveLength(1);
  });

  it.runIf(kind.name === 'sqlite')('skips a poll while another process holds the SQLite lock, without blocking for long', async () => {
    const { outbox, worker, logs, enqueue } = await setup(kind);
    await enqueue('key-0001');
    const other = new Database((outbox as SqliteOutbox).outbox.file);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const started = Date.now();
      worker.start();
      await worker.stop();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(logs.filter((l) => l.includes('could not read'))).toEqual([]);
      // /readyz reports the lock: the commit before "accepted" would fail now.
      await expect(outbox.checkWritable()).rejects.toThrow(/locked/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('waits at least as long as a Retry-After asks', async () => {
    const { outbox, worker, clock, replies, enqueue } = await setup(kind);
    await enqueue('key-0001');
    replies.push(status(503, { 'Retry-After': '30' }));
    await worker.runOnce();
    expect((await outbox.pending())[0].nextAttemptAt).toBe(clock.now + 30_000);
    expect((await outbox.pending())[0].lastError).toMatch(/^HTTP 503/);
  });

  it('moves a submission the content service refuses as such (400, 409, 413, 422) to the dead letters at once, with a log line', async () => {
    const { outbox, worker, replies, logs, enqueue } = await setup(kind);
    await enqueue('key-0001');
    replies.push(status(422));
    await worker.runOnce();
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 0, dead: 1 });
    expect((await outbox.dead())[0]).toMatchObject({ key: 'key-0001', attempts: 1, lastError: expect.stringContaining('HTTP 422') });
    expect(logs.filter((l) => l.includes('dead'))).toHaveLength(1);
    // The key stays taken: a repeat of the same submission is not stored again.
    expect((await enqueue('key-0001')).status).toBe('replayed');
  });

  it('gives up after the maximum age with exactly one log line', async () => {
    const { outbox, worker, clock, replies, logs, enqueue } = await setup(kind, { maxAgeMs: 10_000, retryMaxMs: 4000 });
    await enqueue('key-0001');
    for (let i = 0; i < 20; i++) replies.push(status(500));
    let attempts = 0;
    for (let t = 0; t <= 20_000; t += 100) {
      attempts += await worker.runOnce();
      clock.now += 100;
    }
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 0, dead: 1 });
    // 0, 1, 3, 7 s, then the cap (4 s) until the last try at exactly 10 s.
    expect(attempts).toBe(5);
    expect(logs.filter((l) => l.startsWith('[outbox] dead'))).toEqual([expect.stringContaining('not delivered after 5 attempts')]);
  });

  it('keeps its schedule across a restart (a new process on the same database)', async () => {
    const first = await setup(kind);
    await first.enqueue('key-0001');
    first.replies.push(status(503), status(503));
    await first.worker.runOnce();
    first.clock.now += 1000;
    await first.worker.runOnce();
    await first.outbox.close();

    const outbox = await first.reopen();
    const worker = new OutboxWorker(outbox, first.workerOptions);
    expect((await outbox.pending())[0]).toMatchObject({ attempts: 2, nextAttemptAt: first.clock.now + 2000 });
    first.clock.now += 1999;
    expect(await worker.runOnce()).toBe(0);
    first.clock.now += 1;
    expect(await worker.runOnce()).toBe(1);
    expect((await outbox.counts()).delivered).toBe(1);
  });

  it('never sends a submission twice at once: a slow delivery holds a lease, also against another instance', async () => {
    const { outbox, worker, workerOptions, clock, requests, replies, enqueue, reopen } = await setup(kind);
    await enqueue('key-0001');
    replies.push('hang');
    const slow = worker.runOnce();
    await expect.poll(() => requests.length).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    const otherProcess = new OutboxWorker(await reopen(), workerOptions);
    expect(await otherProcess.runOnce()).toBe(0);
    expect(requests).toHaveLength(1);
    // A lease outlives the delivery timeout; only a worker that died holding it lets it run out.
    clock.now += workerOptions.timeoutMs + 5000;
    expect(await otherProcess.runOnce()).toBe(1);
    // The first worker's late outcome no longer counts.
    await worker.stop();
    await slow;
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
  });

  it('times out a hanging content service and tries again later', async () => {
    const { outbox, worker, replies, enqueue } = await setup(kind, { timeoutMs: 50 });
    await enqueue('key-0001');
    replies.push('hang');
    await worker.runOnce();
    expect((await outbox.pending())[0]).toMatchObject({ attempts: 1, lastError: 'no answer in 50 ms', leaseUntil: null });
  });

  it('gives in-flight submissions back when stopped, without counting the attempt', async () => {
    const { outbox, worker, clock, replies, requests, enqueue } = await setup(kind);
    await enqueue('key-0001');
    replies.push('hang');
    const run = worker.runOnce();
    await expect.poll(() => requests.length).toBe(1);
    await worker.stop();
    await run;
    expect((await outbox.pending())[0]).toMatchObject({ attempts: 0, leaseUntil: null, nextAttemptAt: clock.now });
  });

  it('puts dead submissions back to pending on request', async () => {
    const { outbox, worker, clock, replies, enqueue } = await setup(kind);
    await enqueue('key-0001');
    await enqueue('key-0002');
    replies.push(status(400), status(400));
    await worker.runOnce();
    expect((await outbox.counts()).dead).toBe(2);
    expect(await outbox.retryDead(clock.now, 'key-0001')).toBe(1);
    expect(await outbox.retryDead(clock.now, 'no-such-key')).toBe(0);
    expect(await outbox.counts()).toEqual({ pending: 1, delivered: 0, dead: 1 });
    expect(await outbox.retryDead(clock.now)).toBe(1);
    await worker.runOnce();
    expect(await outbox.counts()).toEqual({ pending: 0, delivered: 2, dead: 0 });
  });

  it('polls on its own once started', async () => {
    const { outbox, worker, enqueue } = await setup(kind, { pollMs: 10, now: Date.now });
    worker.start();
    await enqueue('key-0001');
    await expect.poll(async () => (await outbox.counts()).delivered, { timeout: 2000 }).toBe(1);
    await worker.stop();
  });

  it('drains more than `concurrency` submissions between two polls', async () => {
    const { outbox, worker, enqueue } = await setup(kind, { pollMs: 60_000, concurrency: 2, now: Date.now });
    for (let i = 0; i < 10; i++) await enqueue(`key-${1000 + i}`);
    worker.start();
    await expect.poll(async () => (await outbox.counts()).delivered, { timeout: 2000 }).toBe(10);
    await worker.stop();
  });
});
