import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRouter, NOT_READY, type HealthOptions } from './health.ts';
import { OutboxUnavailable } from './outbox/start.ts';
import type { OutboxStore } from './outbox/types.ts';

const servers: Server[] = [];
const OUTBOX_TIMEOUT_MS = 300;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A /readyz over a fake content service and outbox that count their checks and fail on demand. */
async function setup(overrides: Partial<HealthOptions> = {}) {
  const state = {
    contentUp: true,
    outboxUp: true,
    outboxOpen: true,
    /** The outbox database stopped answering (a black hole): its calls never settle. */
    outboxHung: false,
    probes: 0,
    writeChecks: 0,
    clock: 1_000_000,
  };
  const logs: string[] = [];
  const store = {
    kind: 'postgres',
    location: 'postgres://site:***@db.internal:5432/leads',
    async checkWritable() {
      state.writeChecks++;
      if (state.outboxHung) await new Promise(() => undefined);
      // What pg says when the database is down: an address nobody outside should see.
      if (!state.outboxUp) throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
    },
    async counts() {
      if (state.outboxHung) await new Promise(() => undefined);
      if (!state.outboxUp) throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
      return { pending: 2, delivered: 5, dead: 0 };
    },
    async oldestPending() {
      if (state.outboxHung) await new Promise(() => undefined);
      if (!state.outboxUp) throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
      return state.clock - 1000;
    },
  } as unknown as OutboxStore;
  const app = express();
  app.use(
    healthRouter({
      content: {
        async probe(path: string) {
          state.probes++;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return state.contentUp ? { ok: true, ms: 20 } : { ok: false, ms: 20, error: `content service unreachable for ${path}` };
        },
      },
      readinessPath: () => '/api/page/homepage',
      outbox: () => {
        if (!state.outboxOpen) throw new OutboxUnavailable();
        return store;
      },
      pendingAlertMs: 3_600_000,
      outboxTimeoutMs: OUTBOX_TIMEOUT_MS,
      log: (line) => logs.push(line),
      now: () => state.clock,
      ...overrides,
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
  const get = async () => {
    // Bounded, so that a check that never ends fails the test rather than hang it.
    const response = await fetch(url, { signal: AbortSignal.timeout(OUTBOX_TIMEOUT_MS + 3_000) });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
  };
  return { state, logs, get };
}

describe('/readyz', () => {
  it('answers 200 with the outbox state while both parts are up', async () => {
    const { get } = await setup();
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ready',
      content: { ok: true, ms: 20 },
      outbox: { ok: true, store: 'postgres', writable: true, pending: 2, dead: 0, oldestPendingAgeMs: 1000, oldestPendingTooOld: false },
    });
  });

  it('says what is not ready in general words only; the errors go to the log, once per change', async () => {
    const { state, logs, get } = await setup({ reuseMs: 0 });
    state.contentUp = false;
    state.outboxUp = false;
    const answers = [await get(), await get(), await get()];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'not ready',
        content: { ok: false, reason: NOT_READY.content },
        outbox: { ok: false, store: 'postgres', writable: false, reason: NOT_READY.outboxUnwritable },
      });
      for (const secret of ['ECONNREFUSED', '10.0.0.7', '5432', 'unreachable for', '/api/page']) expect(answer.text).not.toContain(secret);
    }
    expect(logs).toEqual([
      '[readyz] not ready: content service: content service unreachable for /api/page/homepage; outbox: connect ECONNREFUSED 10.0.0.7:5432',
    ]);
    state.contentUp = true;
    state.outboxUp = true;
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    expect(logs.slice(1)).toEqual(['[readyz] ready']);
  });

  it('says "not ready" while the outbox is not open yet', async () => {
    const { state, get } = await setup();
    state.outboxOpen = false;
    const answer = await get();
    expect(answer.status).toBe(503);
    expect(answer.body.outbox).toEqual({ ok: false, writable: false, reason: NOT_READY.outboxClosed });
  });

  it('answers every caller "not ready" within the outbox deadline when its database stops answering, and ready once it answers', async () => {
    const { state, logs, get } = await setup({ reuseMs: 0 });
    state.outboxHung = true;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get()));
    expect(Date.now() - started).toBeLessThan(OUTBOX_TIMEOUT_MS + 3_000);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'not ready',
        content: { ok: true, ms: 20 },
        outbox: { ok: false, store: 'postgres', writable: false, reason: NOT_READY.outboxSlow },
      });
    }
    expect(logs).toEqual([
      `[readyz] not ready: outbox: the outbox database (readiness check) did not answer within ${OUTBOX_TIMEOUT_MS} ms`,
    ]);
    state.outboxHung = false;
    expect((await get()).status).toBe(200);
  });

  it('reuses one check for a flood of requests: at most one content read and one outbox check per interval', async () => {
    const { state, get } = await setup({ reuseMs: 1000 });
    const flood = await Promise.all(Array.from({ length: 50 }, () => get()));
    expect(flood.map((a) => a.status)).toEqual(flood.map(() => 200));
    expect({ probes: state.probes, writeChecks: state.writeChecks }).toEqual({ probes: 1, writeChecks: 1 });
    state.clock += 500;
    await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(state.probes).toBe(1);
    // Once the interval has passed, the next request checks again (and reports the change).
    state.clock += 600;
    state.contentUp = false;
    expect((await get()).status).toBe(503);
    expect({ probes: state.probes, writeChecks: state.writeChecks }).toEqual({ probes: 2, writeChecks: 2 });
  });
});
