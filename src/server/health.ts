/**
 * Endpoints for load balancers and operators:
 * - GET /healthz: the process is up (200, nothing checked).
 * - GET /readyz: ready for traffic: the content service answers a read of the site's layout source
 *   within CONTENT_TIMEOUT_MS, and the outbox database takes a write. 200 or 503, with the outbox's
 *   state (pending, dead, age of the oldest pending lead) so trouble is visible before leads age out.
 */
import { Router, type Request, type Response } from 'express';
import { getCatalog } from '../renderer/definitions.server.ts';
import { probeContent } from './content-client.ts';
import { sharedOutbox } from './outbox/shared.ts';
import { submissionConfig } from './submissions/config.ts';

function readinessPath(): string {
  const sources = (getCatalog().site.layoutSources ?? {}) as Record<string, { path?: string }>;
  return Object.values(sources).find((s) => typeof s.path === 'string' && !s.path.includes('{'))?.path ?? '/api/page/homepage';
}

export function outboxState(now = Date.now()) {
  const cfg = submissionConfig();
  const outbox = sharedOutbox(cfg.outboxDb);
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
    oldestPendingTooOld: oldestPendingAgeMs > cfg.outboxPendingAlertMs,
  };
}

export function healthRouter(): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    const content = await probeContent(readinessPath());
    const outbox = outboxState();
    const ready = content.ok && outbox.ok;
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not ready', content, outbox });
  });
  return router;
}
