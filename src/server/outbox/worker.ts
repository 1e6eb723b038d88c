/**
 * Delivers the outbox: every `pollMs` it claims due submissions (with a lease, so a slow delivery
 * is never sent twice at once, by this worker or by another instance on the same PostgreSQL
 * queue) and POSTs each to the content service with the Basic credential
 * and its Idempotency-Key. 2xx: delivered. 400, 409, 413, 422 (the service refuses this lead
 * itself): dead at once. Anything else (3xx — never followed, a redirect would turn the POST into a
 * bodiless GET —, 401/403 during a credential rotation, 404, 408, 429, 5xx, timeout, network):
 * tried again later (./backoff.ts), across restarts, until the maximum age — then dead, with one
 * log line. Each delivery carries the X-Request-Id of the post the lead came from and, with traces
 * on, the W3C `traceparent` of its delivery span.
 */
import { nextAttempt, retryAfterMs } from './backoff.ts';
import { isBusy } from './store.ts';
import type { DueSubmission, OutboxStore } from './types.ts';
import type { DeliveryOutcome } from '../observe/metrics.ts';

export interface WorkerOptions {
  /** Content service base URL; a submission goes to base + its endpoint. */
  baseUrl: string;
  /** "user:password" for Basic auth. */
  credential: string;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAgeMs: number;
  timeoutMs: number;
  /** Dead letters older than this are removed (one log line per purge); undefined keeps them. */
  deadRetentionMs?: number;
  /** A log line when the oldest pending lead is older than this (once per incident). */
  pendingAlertMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  now?: () => number;
  random?: () => number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /**
   * Told of every attempt's outcome and duration (ms), and for a failed attempt why in general
   * words (`HTTP 503`, never the answer's text): the server's metrics and traces.
   */
  onDelivery?: (outcome: DeliveryOutcome, ms: number, why?: string) => void;
  /**
   * Runs each delivery attempt inside whatever the server wraps it in (its trace span, from the
   * lead's trace); `headers` are sent with it (the span's `traceparent`). `onDelivery` is called inside.
   */
  trace?: (row: DueSubmission, attempt: (headers: Record<string, string>) => Promise<void>) => Promise<void>;
}

/**
 * The most of a delivery's answer read (its start goes into the lead's last error); the rest is
 * cancelled, so a service answering with a huge body cannot fill the site's memory.
 */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** The first `limit` bytes of an answer as text; the rest of it is never read. */
async function answerStart(response: Response, limit = MAX_ANSWER_BYTES): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // Cut off (timeout, reset): what arrived is enough for the log.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Answers that name the lead itself as the problem: sending it again cannot help. */
const REFUSED = new Set([400, 409, 413, 422]);

/**
 * An attempt's outcome. `error` is kept with the lead (the CLI shows it); `summary` is what a log
 * line says: never the answer's text, which may quote the lead's data back.
 */
type Outcome =
  | { kind: 'delivered' }
  | { kind: 'refused'; error: string; summary: string }
  | { kind: 'failed'; error: string; summary: string; retryAfterMs?: number }
  | { kind: 'stopped' };

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Claims and housekeeping under way: stop() waits for them, so nothing claimed is left leased. */
  private readonly busy = new Set<Promise<unknown>>();
  /** Delivery slots promised to claims not yet answered. */
  private reserved = 0;
  private failing = false;
  private generation = 0;
  private stopping = new AbortController();
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly fetch: typeof fetch;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly options: WorkerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line) => console.log(line));
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    // A stop and a new start while a tick is still polling must not leave two timer chains.
    const generation = ++this.generation;
    const tick = async () => {
      if (!this.running || generation !== this.generation) return;
      await this.poll(true);
      if (!this.running || generation !== this.generation) return;
      this.timer = setTimeout(() => void tick(), this.options.pollMs);
      this.timer.unref?.();
    };
    void tick();
  }

  /** Claims what is due (and on the timer's ticks, housekeeping); never rejects. */
  private poll(withHousekeeping: boolean): Promise<void> {
    const run = (async () => {
      await this.launchDue();
      if (withHousekeeping) await this.housekeeping();
    })().then(
      () => void (this.failing = false),
      (error: unknown) => {
        // Another process holds the SQLite lock (e.g. `npm run outbox`): skip this tick, the next one retries.
        if (isBusy(error)) return;
        // One line per incident (e.g. the database is down), not one per poll.
        if (!this.failing) this.log(`[outbox] could not read due submissions: ${(error as Error).message}`);
        this.failing = true;
      },
    );
    this.busy.add(run);
    void run.finally(() => this.busy.delete(run));
    return run;
  }

  private lastPurge = 0;
  private alerted = false;

  /** Dead letters past their retention are removed (one line); a lead pending too long is reported once. */
  private async housekeeping(): Promise<void> {
    const now = this.now();
    const { deadRetentionMs, pendingAlertMs } = this.options;
    if (deadRetentionMs !== undefined && now - this.lastPurge >= 60_000) {
      this.lastPurge = now;
      const purged = await this.outbox.purgeDead(now, deadRetentionMs);
      if (purged > 0) this.log(`[outbox] purged ${purged} dead letter(s) older than ${Math.round(deadRetentionMs / 86_400_000)} day(s)`);
    }
    if (pendingAlertMs !== undefined) {
      const oldest = await this.outbox.oldestPending();
      const late = oldest !== undefined && now - oldest > pendingAlertMs;
      if (late && !this.alerted)
        this.log(
          `[outbox] ERROR: the oldest pending lead has waited ${Math.round((now - oldest) / 60_000)} min (over ${Math.round(pendingAlertMs / 60_000)} min): is the content service down?`,
        );
      this.alerted = late;
    }
  }

  /** Stops polling, interrupts deliveries in flight and gives their submissions back (due at once). */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.stopping.abort();
    await Promise.allSettled([...this.busy]);
    await Promise.allSettled([...this.inFlight]);
  }

  /** One poll, awaited to the end (for tests and the CLI): the number of submissions tried. */
  async runOnce(): Promise<number> {
    const launched = await this.launchDue();
    await Promise.allSettled(launched);
    return launched.length;
  }

  private async launchDue(): Promise<Promise<void>[]> {
    const free = Math.max(0, (this.options.concurrency ?? 4) - this.inFlight.size - this.reserved);
    if (free === 0) return [];
    this.reserved += free;
    let due: DueSubmission[];
    try {
      // The lease outlives the delivery timeout: only an instance that died holding it lets it run out.
      due = await this.outbox.claimDue(this.now(), free, this.options.timeoutMs + 5_000);
    } finally {
      this.reserved -= free;
    }
    return due.map((row) => {
      const job = this.deliver(row).finally(() => {
        this.inFlight.delete(job);
        // A backlog (after an outage) drains at full speed, not `concurrency` per poll.
        if (this.running) void this.poll(false);
      });
      this.inFlight.add(job);
      return job;
    });
  }

  private deliver(row: DueSubmission): Promise<void> {
    const trace = this.options.trace;
    return trace ? trace(row, (headers) => this.attempt(row, headers)) : this.attempt(row, {});
  }

  private async attempt(row: DueSubmission, headers: Record<string, string>): Promise<void> {
    const started = performance.now();
    const outcome = await this.send(row, headers);
    const took = performance.now() - started;
    const now = this.now();
    try {
      if (outcome.kind === 'delivered') {
        await this.outbox.markDelivered(row.id, now);
        this.options.onDelivery?.('delivered', took);
        this.log(`[outbox] delivered lead ${row.id} to ${row.endpoint} (attempt ${row.attempts})`);
      } else if (outcome.kind === 'stopped') {
        await this.outbox.release(row, now);
        this.options.onDelivery?.('interrupted', took);
      } else if (outcome.kind === 'refused') {
        await this.outbox.markDead(row, now, outcome.error);
        this.options.onDelivery?.('dead', took, outcome.summary);
        this.log(`[outbox] dead: lead ${row.id} to ${row.endpoint} refused by the content service: ${outcome.summary}`);
      } else {
        const next = nextAttempt(row.attempts, now, row.ageFrom, {
          baseMs: this.options.retryBaseMs,
          maxMs: this.options.retryMaxMs,
          maxAgeMs: this.options.maxAgeMs,
          random: this.options.random,
          retryAfterMs: outcome.retryAfterMs,
        });
        if (next.dead) {
          await this.outbox.markDead(row, now, outcome.error);
          this.options.onDelivery?.('dead', took, outcome.summary);
          this.log(
            `[outbox] dead: lead ${row.id} to ${row.endpoint} not delivered after ${row.attempts} attempts in ${Math.round((now - row.ageFrom) / 1000)} s: ${outcome.summary}`,
          );
        } else {
          await this.outbox.markRetry(row, next.at, outcome.error);
          this.options.onDelivery?.('retry', took, outcome.summary);
          if (row.attempts === 1)
            this.log(`[outbox] lead ${row.id} to ${row.endpoint} not delivered (${outcome.summary}); retrying with backoff`);
        }
      }
    } catch (error) {
      // The lease runs out and the submission is tried again: nothing is lost.
      this.log(`[outbox] could not record the outcome for lead ${row.id}: ${(error as Error).message}`);
    }
  }

  private async send(row: DueSubmission, traceHeaders: Record<string, string>): Promise<Outcome> {
    if (this.stopping.signal.aborted) return { kind: 'stopped' };
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl}${row.endpoint}`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(this.options.credential).toString('base64')}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': row.key,
          // The post's request id: the content service's logs and the site's name the same request.
          ...(row.trace?.requestId ? { 'X-Request-Id': row.trace.requestId } : {}),
          ...traceHeaders,
        },
        body: row.body,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        redirect: 'manual',
      });
    } catch (error) {
      if (this.stopping.signal.aborted) return { kind: 'stopped' };
      const name = (error as Error).name;
      const failure = name === 'TimeoutError' ? `no answer in ${this.options.timeoutMs} ms` : `unreachable: ${(error as Error).message}`;
      return { kind: 'failed', error: failure, summary: failure };
    }
    const text = await answerStart(response);
    // A redirect is not a delivery (with "manual", an opaque redirect has status 0).
    const redirected = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
    if (response.ok && !redirected) return { kind: 'delivered' };
    const summary = redirected ? `redirected (HTTP ${response.status || '3xx'}): not followed` : `HTTP ${response.status}`;
    const error = redirected
      ? `redirected (HTTP ${response.status || '3xx'}${response.headers.get('location') ? ` to ${response.headers.get('location')}` : ''}): not followed`
      : `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    if (REFUSED.has(response.status)) return { kind: 'refused', error, summary };
    if (response.status === 401 || response.status === 403) {
      // The site's credential, not the lead: say so loudly, once per incident (the first attempt).
      if (row.attempts === 1)
        this.log(`[outbox] ERROR: the content service rejected the credential (${summary}); lead ${row.id} kept and retried`);
    }
    return { kind: 'failed', error, summary, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), this.now()) };
  }
}
