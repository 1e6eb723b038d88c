/**
 * The outbox as the rest of the site sees it: one asynchronous interface, two stores — the
 * embedded SQLite file of one instance (./sqlite.ts) and PostgreSQL shared by many instances
 * (./postgres.ts). Both keep the same promises (tests run one suite against both):
 * - `enqueue` has committed when it resolves: only then is the visitor told "accepted";
 * - an idempotency key is unique in the database, across pending, delivered and dead leads, so a
 *   repeat on any instance gets the first answer;
 * - `claimDue` leases what it returns: no other worker (or instance) takes it until the lease runs
 *   out, and an outcome is recorded only under the lease it was claimed with.
 * Times are epoch milliseconds passed in, so tests run on a fake clock.
 */
import type { RateDecision } from './rate-limit.ts';

/**
 * The post a lead came from, kept with it so that its deliveries carry on the post's trace: the
 * request id (sent as X-Request-Id) and, with traces on, the W3C `traceparent` of the post's span
 * (the delivery span is its child, and links to it). Ids only: no personal data. Absent on leads
 * stored before it was kept: they deliver without.
 */
export interface LeadTrace {
  requestId?: string;
  traceparent?: string;
}

export interface NewSubmission {
  id: string;
  key: string;
  endpoint: string;
  /** The body to send, as JSON text. */
  body: string;
  /** Identifies the visitor's data, to tell a repeat from a different body under the same key. */
  fingerprint: string;
  trace?: LeadTrace;
}

export type EnqueueResult = { status: 'created' | 'replayed'; id: string } | { status: 'conflict'; id: string };

export interface DueSubmission {
  id: string;
  key: string;
  endpoint: string;
  body: string;
  /** Including the one just claimed. */
  attempts: number;
  createdAt: number;
  /** Start of the current delivery period (creation, or the last retry from the dead letters). */
  ageFrom: number;
  /** This claim's lease: the outcome of an attempt whose lease was taken over is not recorded. */
  lease: string;
  trace?: LeadTrace;
}

const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/;
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** A lead's trace as stored (JSON text in the `trace_context` column), or null when it has none. */
export function storedTrace(trace: LeadTrace | undefined): string | null {
  if (!trace || (trace.requestId === undefined && trace.traceparent === undefined)) return null;
  return JSON.stringify({ requestId: trace.requestId, traceparent: trace.traceparent });
}

/** A stored trace read back: only well-formed ids are kept (they go into request headers); null or unreadable is none. */
export function readTrace(text: string | null | undefined): LeadTrace | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { requestId, traceparent } = (value ?? {}) as Record<string, unknown>;
  const trace: LeadTrace = {};
  if (typeof requestId === 'string' && REQUEST_ID.test(requestId)) trace.requestId = requestId;
  if (typeof traceparent === 'string' && TRACEPARENT.test(traceparent)) trace.traceparent = traceparent;
  return trace.requestId === undefined && trace.traceparent === undefined ? undefined : trace;
}

/** A claimed submission, as the outcome calls need it. */
export type Claim = Pick<DueSubmission, 'id' | 'lease'>;

export interface PendingRow {
  id: string;
  key: string;
  endpoint: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  leaseUntil: number | null;
  lastError: string | null;
}

export interface DeadRow {
  id: string;
  key: string;
  endpoint: string;
  createdAt: number;
  attempts: number;
  lastError: string | null;
  diedAt: number;
}

export interface OutboxCounts {
  pending: number;
  delivered: number;
  dead: number;
}

/** A per-address limit counted by one statement against a shared table (every instance sees every take). */
export interface SharedLimiter {
  take(key: string): Promise<RateDecision>;
}

export interface OutboxStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the leads are, for logs and the CLI: the file, or the URL without its password. */
  readonly location: string;
  /** Stores a new submission; a known key answers with its first id (same data) or a conflict. */
  enqueue(submission: NewSubmission, now: number): Promise<EnqueueResult>;
  /** The submission stored under an idempotency key (pending, delivered or dead). */
  findKey(key: string): Promise<{ id: string; fingerprint: string } | undefined>;
  /**
   * Claims up to `limit` due submissions for one delivery each: each gets a lease until
   * `now + leaseMs` and one more attempt counted.
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<DueSubmission[]>;
  markDelivered(id: string, now: number): Promise<void>;
  /** Ends a failed attempt: due again at `nextAttemptAt`. */
  markRetry(claim: Claim, nextAttemptAt: number, error: string): Promise<void>;
  /** Gives an interrupted attempt back (shutdown): due at once, the attempt not counted. */
  release(claim: Claim, now: number): Promise<void>;
  /** Moves a claimed submission to the dead letters. */
  markDead(claim: Claim, now: number, error: string): Promise<void>;
  /** Puts dead submissions (one key, or all) back, due now, with a fresh age and attempt count. */
  retryDead(now: number, key?: string): Promise<number>;
  pending(): Promise<PendingRow[]>;
  dead(): Promise<DeadRow[]>;
  /** Removes dead letters older than `maxAgeMs`; returns how many. */
  purgeDead(now: number, maxAgeMs: number): Promise<number>;
  /** Creation time of the oldest pending submission, if any. */
  oldestPending(): Promise<number | undefined>;
  counts(): Promise<OutboxCounts>;
  /** Resolves when the commit before "accepted" would succeed now; rejects with the reason otherwise. */
  checkWritable(): Promise<void>;
  /** A submission rate limit shared by every instance on this store; absent, each instance counts alone. */
  sharedLimiter?(limit: number, windowMs: number): SharedLimiter;
  close(): Promise<void>;
}
