/**
 * Opens the outbox the configuration names — PostgreSQL (OUTBOX_URL, shared by every instance) or
 * the SQLite file (OUTBOX_DB) — and runs its delivery worker: one per site (./../site.ts), closed
 * with it.
 */
import type { SubmissionConfig } from '../submissions/config.ts';
import { PostgresOutbox } from './postgres.ts';
import { openSqliteOutbox } from './sqlite.ts';
import type { OutboxStore } from './types.ts';
import { OutboxWorker } from './worker.ts';

/** The store of the configuration; PostgreSQL's schema is brought up to date first. */
export async function openOutbox(cfg: Pick<SubmissionConfig, 'outboxDb' | 'outboxUrl' | 'outboxPoolSize'>): Promise<OutboxStore> {
  if (cfg.outboxUrl) return PostgresOutbox.open({ url: cfg.outboxUrl, poolSize: cfg.outboxPoolSize });
  return openSqliteOutbox(cfg.outboxDb);
}

export interface RunningOutbox {
  /** Settles once the store is open (schema migrated) and the worker runs; the site listens only after it. */
  ready: Promise<void>;
  /** The open store; throws before `ready` (a request then gets 503, /readyz "not ready"). */
  store(): OutboxStore;
  /** Stops the worker (deliveries in flight are given back, due at once) and closes the store. */
  stop(): Promise<void>;
}

export function startOutbox(cfg: SubmissionConfig, content: { baseUrl: string; credential: string }): RunningOutbox {
  let store: OutboxStore | undefined;
  let worker: OutboxWorker | undefined;
  const ready = openOutbox(cfg).then((opened) => {
    store = opened;
    worker = new OutboxWorker(opened, {
      baseUrl: content.baseUrl,
      credential: content.credential,
      pollMs: cfg.outboxPollMs,
      retryBaseMs: cfg.outboxRetryBaseMs,
      retryMaxMs: cfg.outboxRetryMaxMs,
      maxAgeMs: cfg.outboxMaxAgeMs,
      timeoutMs: cfg.outboxTimeoutMs,
      deadRetentionMs: cfg.outboxDeadRetentionMs || undefined,
      pendingAlertMs: cfg.outboxPendingAlertMs,
    });
    worker.start();
  });
  // Whoever listens awaits `ready` and sees the failure; this only keeps it from being "unhandled" meanwhile.
  ready.catch(() => undefined);
  return {
    ready,
    store() {
      if (!store) throw new Error('the outbox is not open yet');
      return store;
    },
    async stop() {
      await ready.catch(() => undefined);
      await worker?.stop();
      await store?.close();
    },
  };
}
