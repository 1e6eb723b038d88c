/**
 * Endpoints for load balancers and operators:
 * - GET /healthz: the process is up (200, nothing checked).
 * - GET /readyz: ready for traffic: the content service answers a read of the site's layout source
 *   within CONTENT_TIMEOUT_MS, and the outbox database (SQLite, or the PostgreSQL every instance
 *   shares) takes a write. 200 or 503, with the outbox's state (store, pending, dead, age of the
 *   oldest pending lead) so trouble is visible before leads age out.
 */
import { Router, type Request, type Response } from 'express';
import type { ContentClient } from './content-client.ts';
import type { OutboxStore } from './outbox/types.ts';

/** The read /readyz tries: the site's first layout source without parameters. */
export function readinessPath(site: Record<string, unknown>): string {
  const sources = (site.layoutSources ?? {}) as Record<string, { path?: string }>;
  return Object.values(sources).find((s) => typeof s.path === 'string' && !s.path.includes('{'))?.path ?? '/api/page/homepage';
}

const message = (e: unknown) => (e as Error).message;

export async function outboxState(outbox: () => OutboxStore, pendingAlertMs: number, now = Date.now()) {
  let store: OutboxStore;
  try {
    store = outbox();
  } catch (e) {
    return { ok: false, writable: false, error: message(e) };
  }
  const [writable, counts, oldest] = await Promise.allSettled([store.checkWritable(), store.counts(), store.oldestPending()]);
  const failed = [writable, counts, oldest].find((r) => r.status === 'rejected');
  const base = {
    ok: !failed,
    store: store.kind,
    writable: writable.status === 'fulfilled',
    ...(failed ? { error: message(failed.reason) } : {}),
  };
  if (counts.status === 'rejected' || oldest.status === 'rejected') return base;
  const oldestPendingAgeMs = oldest.value === undefined ? 0 : now - oldest.value;
  return {
    ...base,
    pending: counts.value.pending,
    dead: counts.value.dead,
    oldestPendingAgeMs,
    oldestPendingTooOld: oldestPendingAgeMs > pendingAlertMs,
  };
}

export interface HealthOptions {
  content: Pick<ContentClient, 'probe'>;
  /** The read to try (it may change with the definitions in development). */
  readinessPath: () => string;
  /** The open outbox (throws while it is not open yet). */
  outbox: () => OutboxStore;
  pendingAlertMs: number;
}

export function healthRouter(options: HealthOptions): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    const [content, outbox] = await Promise.all([
      options.content.probe(options.readinessPath()),
      outboxState(options.outbox, options.pendingAlertMs),
    ]);
    const ready = content.ok && outbox.ok;
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not ready', content, outbox });
  });
  return router;
}
