/**
 * Opens the outbox the configuration names — PostgreSQL (OUTBOX_URL, shared by every instance) or
 * the SQLite file (OUTBOX_DB) — and runs its delivery worker: one per site (./../site.ts), closed
 * with it. A database that cannot be opened (PostgreSQL down during a deploy) does not stop the
 * site: it serves its pages, answers submissions 503 with Retry-After and /readyz "not ready", and
 * tries again with backoff until the outbox opens; then the worker starts and submissions are
 * accepted, without a restart.
 */
import { backoffDelay } from './backoff.ts';
import type { OutboxConfig } from './config.ts';
import { PostgresOutbox } from './postgres.ts';
import { openSqliteOutbox } from './sqlite.ts';
import type { OutboxStore } from './types.ts';
import { OutboxWorker, type WorkerOptions } from './worker.ts';

/** The store of the configuration; PostgreSQL's schema is brought up to date first. */
export async function openOutbox(
  cfg: Pick<OutboxConfig, 'outboxDb' | 'outboxUrl' | 'outboxPoolSize' | 'outboxDbTimeoutMs'>,
  log?: (line: string) => void,
): Promise<OutboxStore> {
  if (cfg.outboxUrl)
    return PostgresOutbox.open({ url: cfg.outboxUrl, poolSize: cfg.outboxPoolSize, timeoutMs: cfg.outboxDbTimeoutMs, log });
  return openSqliteOutbox(cfg.outboxDb);
}

/** What `store()` throws while the outbox is not open: submissions answer 503, /readyz "not ready". */
export class OutboxUnavailable extends Error {
  constructor() {
    super('the outbox is not open');
  }
}

/** Waits between attempts to open: 0.5 s, doubling (with jitter) up to 5 s. */
export const OPEN_RETRY = { baseMs: 500, maxMs: 5_000 };

export interface RunningOutbox {
  /**
   * Settles after the first attempt to open, opened or not: the site listens then, so a database
   * that is up takes the first submission, and one that is down does not keep the pages offline.
   */
  firstAttempt: Promise<void>;
  /** Settles once the store is open (schema migrated) and the worker runs. */
  ready: Promise<void>;
  /** The open store; throws OutboxUnavailable before it is open. */
  store(): OutboxStore;
  /** Stops trying to open, stops the worker (deliveries in flight are given back, due at once) and closes the store. */
  stop(): Promise<void>;
}

export interface StartOptions {
  open?: (cfg: OutboxConfig) => Promise<OutboxStore>;
  /** Problems opening the outbox (default: console.error). */
  log?: (line: string) => void;
  /** The worker's lines (deliveries, dead letters; default: console.log). */
  workerLog?: (line: string) => void;
  onDelivery?: WorkerOptions['onDelivery'];
  trace?: WorkerOptions['trace'];
  retry?: { baseMs: number; maxMs: number };
}

export function startOutbox(
  cfg: OutboxConfig,
  content: { baseUrl: string; credential: string },
  options: StartOptions = {},
): RunningOutbox {
  const log = options.log ?? ((line: string) => console.error(line));
  const open = options.open ?? ((c: OutboxConfig) => openOutbox(c, log));
  const retry = options.retry ?? OPEN_RETRY;
  let store: OutboxStore | undefined;
  let worker: OutboxWorker | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  let attempted: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));

  const ready = (async () => {
    let lastError: string | undefined;
    let opened: OutboxStore;
    for (let attempt = 1; ; attempt++) {
      try {
        opened = await open(cfg);
        if (stopped) {
          await opened.close();
          return;
        }
        break;
      } catch (error) {
        const message = (error as Error).message;
        // One line when the outbox cannot be opened, and one more whenever the reason changes.
        if (message !== lastError)
          log(
            `[outbox] ${attempt === 1 ? 'cannot open the outbox' : 'still cannot open the outbox'}: ${message}. ` +
              'Pages are served; submissions are answered 503 until it opens (trying again with backoff).',
          );
        lastError = message;
      }
      attempted();
      if (stopped) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoffDelay(attempt, retry));
        // A listening site stays up by its server; nothing else waits for the outbox.
        timer.unref();
        wake = () => (clearTimeout(timer), resolve());
      });
      wake = undefined;
      if (stopped) return;
    }
    if (lastError !== undefined) log(`[outbox] opened ${opened.location}: submissions are accepted again`);
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
      log: options.workerLog,
      onDelivery: options.onDelivery,
      trace: options.trace,
    });
    worker.start();
  })().finally(() => attempted());

  return {
    firstAttempt,
    ready,
    store() {
      if (!store) throw new OutboxUnavailable();
      return store;
    },
    async stop() {
      stopped = true;
      wake?.();
      await ready;
      await worker?.stop();
      await store?.close();
    },
  };
}
