/**
 * Endpoints for load balancers and operators:
 * - GET /healthz: the process is up (200, nothing checked).
 * - GET /readyz: ready for traffic: the content service answers a read of the site's layout source
 *   within CONTENT_TIMEOUT_MS, and the outbox database takes a write. 200 or 503, with the outbox's
 *   state (pending, dead, age of the oldest pending lead) so trouble is visible before leads age out.
 */
import { Router, type Request, type Response } from 'express';
import type { ContentClient } from './content-client.ts';
import type { Outbox } from './outbox/store.ts';

/** The read /readyz tries: the site's first layout source without parameters. */
export function readinessPath(site: Record<string, unknown>): string {
  const sources = (site.layoutSources ?? {}) as Record<string, { path?: string }>;
  return Object.values(sources).find((s) => typeof s.path === 'string' && !s.path.includes('{'))?.path ?? '/api/page/homepage';
}

export function outboxState(outbox: Outbox, pendingAlertMs: number, now = Date.now()) {
  let writable = true;
  let error: string | undefined;
  try {
    // A write lock taken and given back at once: the commit before "accepted" would succeed.
    outbox.db.exec('BEGIN IMMEDIATE; ROLLBACK');
  } catch (e) {
    writable = false;
    error = (e as Error).message;
  }
  const counts = outbox.counts();
  const oldest = outbox.oldestPending();
  const oldestPendingAgeMs = oldest === undefined ? 0 : now - oldest;
  return {
    ok: writable,
    writable,
    ...(error ? { error } : {}),
    pending: counts.pending,
    dead: counts.dead,
    oldestPendingAgeMs,
    oldestPendingTooOld: oldestPendingAgeMs > pendingAlertMs,
  };
}

export interface HealthOptions {
  content: Pick<ContentClient, 'probe'>;
  /** The read to try (it may change with the definitions in development). */
  readinessPath: () => string;
  outbox: Outbox;
  pendingAlertMs: number;
}

export function healthRouter(options: HealthOptions): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    const content = await options.content.probe(options.readinessPath());
    const outbox = outboxState(options.outbox, options.pendingAlertMs);
    const ready = content.ok && outbox.ok;
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not ready', content, outbox });
  });
  return router;
}
