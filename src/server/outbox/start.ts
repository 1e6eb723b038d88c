/** Opens the outbox and starts its delivery worker for the running site (src/server/main.ts). */
import { config } from '../config.ts';
import { submissionConfig } from '../submissions/config.ts';
import { closeSharedOutbox, sharedOutbox } from './shared.ts';
import { OutboxWorker } from './worker.ts';

export function startOutbox(): { stop(): Promise<void> } {
  const cfg = submissionConfig();
  const { contentApiBase, contentApiCredential } = config();
  const worker = new OutboxWorker(sharedOutbox(cfg.outboxDb), {
    baseUrl: contentApiBase,
    credential: contentApiCredential,
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
    async stop() {
      await worker.stop();
      closeSharedOutbox(cfg.outboxDb);
    },
  };
}
