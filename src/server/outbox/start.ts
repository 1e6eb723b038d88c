/** Opens the outbox and starts its delivery worker for the running site (src/server/main.ts). */
import { config } from '../config.ts';
import { submissionConfig } from '../submissions/config.ts';
import { closeSharedOutbox, sharedOutbox } from './shared.ts';
import { OutboxWorker } from './worker.ts';

export function startOutbox(): { stop(): Promise<void> } {
  const cfg = submissionConfig();
  const { contentApiBase, contentApiCredential } = config();
  if (!cfg.recaptchaSecret && (process.env.NODE_ENV === 'production' || process.env.RECAPTCHA_SITE_KEY))
    console.warn('[submissions] RECAPTCHA_SECRET is not set: the server accepts the local stand-in captcha only');
  const worker = new OutboxWorker(sharedOutbox(cfg.outboxDb), {
    baseUrl: contentApiBase,
    credential: contentApiCredential,
    pollMs: cfg.outboxPollMs,
    retryBaseMs: cfg.outboxRetryBaseMs,
    retryMaxMs: cfg.outboxRetryMaxMs,
    maxAgeMs: cfg.outboxMaxAgeMs,
    timeoutMs: cfg.outboxTimeoutMs,
  });
  worker.start();
  return {
    async stop() {
      await worker.stop();
      closeSharedOutbox(cfg.outboxDb);
    },
  };
}
