/** Opens the outbox and starts its delivery worker: one per site (./../site.ts), closed with it. */
import type { SubmissionConfig } from '../submissions/config.ts';
import { Outbox } from './store.ts';
import { OutboxWorker } from './worker.ts';

export interface RunningOutbox {
  outbox: Outbox;
  /** Stops the worker (deliveries in flight are given back, due at once) and closes the database. */
  stop(): Promise<void>;
}

export function startOutbox(cfg: SubmissionConfig, content: { baseUrl: string; credential: string }): RunningOutbox {
  const outbox = new Outbox(cfg.outboxDb);
  const worker = new OutboxWorker(outbox, {
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
  return {
    outbox,
    async stop() {
      await worker.stop();
      outbox.close();
    },
  };
}
