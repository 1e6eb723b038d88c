/**
 * Endpoints for load balancers and operators:
 * - GET /healthz: the process is up (200, nothing checked).
 * - GET /readyz: ready for traffic: the content service answers a read of the site's layout source
 *   within CONTENT_TIMEOUT_MS, and the outbox database (SQLite, or the PostgreSQL every instance
 *   shares) is open and takes a write. 200 or 503, with the outbox's state (store, pending, dead,
 *   age of the oldest pending lead) so trouble is visible before leads age out.
 * Both are public: the answer names what is wrong in general words only; the error itself (an
 * address, a driver message) goes to the log, once each time readiness changes. One check serves
 * every request for CHECK_REUSE_MS (and requests during a check wait for it), so a flood of
 * /readyz makes at most one content read and one outbox check per interval. A check ends within
 * its parts' deadlines whatever they wait on (the content read: CONTENT_TIMEOUT_MS; the outbox:
 * OUTBOX_DB_TIMEOUT_MS, past which it is "not ready"), so no request waits longer for it.
 */
import { Router, type Request, type Response } from 'express';
import type { ContentClient } from '../engine/content-client.ts';
import { hasPlaceholder } from '../engine/placeholders.ts';
import { OutboxTimeout, within } from './outbox/deadline.ts';
import { OutboxUnavailable } from './outbox/start.ts';
import type { OutboxCounts, OutboxStore } from './outbox/types.ts';

/** The read /readyz tries: the site's first layout source without parameters. */
export function readinessPath(site: Record<string, unknown>): string {
  const sources = (site.layoutSources ?? {}) as Record<string, { path?: string }>;
  return Object.values(sources).find((s) => typeof s.path === 'string' && !hasPlaceholder(s.path))?.path ?? '/api/page/homepage';
}

/** How long one check answers /readyz. */
export const CHECK_REUSE_MS = 1000;

/** What /readyz says about a part that is not ready: general words, never an error text or address. */
export const NOT_READY = {
  content: 'the content service did not answer',
  outboxClosed: 'the outbox database is not open',
  outboxUnwritable: 'the outbox database does not take writes',
  outboxUnreadable: 'the outbox database cannot be read',
  outboxSlow: 'the outbox database did not answer in time',
} as const;

const message = (e: unknown) => (e as Error).message;

/** A part's public state and, when it failed, the error for the log. */
interface Part<T> {
  state: T;
  detail?: string;
}

export interface OutboxState {
  ok: boolean;
  store?: OutboxStore['kind'];
  writable: boolean;
  reason?: string;
  pending?: number;
  dead?: number;
  oldestPendingAgeMs?: number;
  oldestPendingTooOld?: boolean;
}

/** The outbox's state, within `timeoutMs` whatever its database does (a store's own deadline may be longer, or missing). */
export async function outboxState(
  outbox: () => OutboxStore,
  pendingAlertMs: number,
  timeoutMs: number,
  now = Date.now(),
): Promise<Part<OutboxState>> {
  let store: OutboxStore;
  try {
    store = outbox();
  } catch (e) {
    return {
      state: { ok: false, writable: false, reason: NOT_READY.outboxClosed },
      detail: e instanceof OutboxUnavailable ? 'not open yet (see the [outbox] lines)' : message(e),
    };
  }
  let settled: [PromiseSettledResult<void>, PromiseSettledResult<OutboxCounts>, PromiseSettledResult<number | undefined>];
  try {
    settled = await within(
      Promise.allSettled([store.checkWritable(), store.counts(), store.oldestPending()]),
      timeoutMs,
      'the outbox database (readiness check)',
    );
  } catch (e) {
    return { state: { ok: false, store: store.kind, writable: false, reason: NOT_READY.outboxSlow }, detail: message(e) };
  }
  const [writable, counts, oldest] = settled;
  const failed = [writable, counts, oldest].find((r) => r.status === 'rejected');
  const reason = (): string => {
    if (failed?.reason instanceof OutboxTimeout) return NOT_READY.outboxSlow;
    return writable.status === 'rejected' ? NOT_READY.outboxUnwritable : NOT_READY.outboxUnreadable;
  };
  const base: OutboxState = {
    ok: !failed,
    store: store.kind,
    writable: writable.status === 'fulfilled',
    ...(failed ? { reason: reason() } : {}),
  };
  const detail = failed ? message(failed.reason) : undefined;
  if (counts.status === 'rejected' || oldest.status === 'rejected') return { state: base, detail };
  const oldestPendingAgeMs = oldest.value === undefined ? 0 : now - oldest.value;
  return {
    state: {
      ...base,
      pending: counts.value.pending,
      dead: counts.value.dead,
      oldestPendingAgeMs,
      oldestPendingTooOld: oldestPendingAgeMs > pendingAlertMs,
    },
    detail,
  };
}

export interface HealthOptions {
  content: Pick<ContentClient, 'probe'>;
  /** The read to try (it may change with the definitions in development). */
  readinessPath: () => string;
  /** The open outbox (throws while it is not open yet). */
  outbox: () => OutboxStore;
  pendingAlertMs: number;
  /** OUTBOX_DB_TIMEOUT_MS: the outbox part of a check ends within it ("not ready" past it). */
  outboxTimeoutMs: number;
  /** Default CHECK_REUSE_MS. */
  reuseMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

interface Readiness {
  ready: boolean;
  body: { status: 'ready' | 'not ready'; content: { ok: boolean; ms?: number; reason?: string }; outbox: OutboxState };
  /** The errors behind a "not ready", for the log. */
  details: string[];
}

export function healthRouter(options: HealthOptions): Router {
  const now = options.now ?? Date.now;
  const reuseMs = options.reuseMs ?? CHECK_REUSE_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  let last: { at: number; result: Promise<Readiness> } | undefined;
  let logged: string | undefined = 'ready';

  async function check(): Promise<Readiness> {
    const [content, outbox] = await Promise.all([
      options.content.probe(options.readinessPath()),
      outboxState(options.outbox, options.pendingAlertMs, options.outboxTimeoutMs, now()),
    ]);
    const ready = content.ok && outbox.state.ok;
    const details = [
      ...(content.ok ? [] : [`content service: ${content.error}`]),
      ...(outbox.detail === undefined ? [] : [`outbox: ${outbox.detail}`]),
    ];
    return {
      ready,
      body: {
        status: ready ? 'ready' : 'not ready',
        content: content.ok ? { ok: true, ms: content.ms } : { ok: false, reason: NOT_READY.content },
        outbox: outbox.state,
      },
      details,
    };
  }

  /** The last check while it is recent (or still running), else a new one; its outcome logged when it changed. */
  function readiness(): Promise<Readiness> {
    if (last && now() - last.at < reuseMs) return last.result;
    const result: Promise<Readiness> = check().then(
      (r) => {
        const state = r.ready ? 'ready' : `not ready: ${r.details.join('; ')}`;
        if (state !== logged) log(`[readyz] ${state}`);
        logged = state;
        if (last?.result === result) last.at = now();
        return r;
      },
      (error: unknown) => {
        if (last?.result === result) last = undefined;
        throw error;
      },
    );
    // Until it settles, `at` keeps it current: requests meanwhile wait for this check.
    last = { at: Number.POSITIVE_INFINITY, result };
    return result;
  }

  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    const { ready, body } = await readiness();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(body);
  });
  return router;
}
