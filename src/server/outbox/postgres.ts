/**
 * The PostgreSQL store (OUTBOX_URL): one queue shared by every instance of the site. One table
 * holds every lead, pending, delivered (body dropped, key kept) or dead, so the database itself
 * keeps an idempotency key unique whatever state its lead is in. Every write is one statement in
 * its own transaction, committed (synchronous_commit as the server sets it) before the promise
 * resolves. Workers claim with `FOR UPDATE SKIP LOCKED`: instances polling at once take disjoint
 * leads and never wait for each other; a lease outlives the delivery timeout, so only an instance
 * that died holding it lets another take the lead over.
 * Every statement has `timeoutMs` for a connection and its answer together (./deadline.ts).
 * The schema is created and migrated at start (./postgres-schema.ts).
 */
import pg from 'pg';
import { OutboxTimeout } from './deadline.ts';
import { SharedRateLimiter } from './rate-limit.ts';
import { migrate } from './postgres-schema.ts';
import {
  readTrace,
  storedTrace,
  type Claim,
  type DeadRow,
  type DueSubmission,
  type EnqueueResult,
  type NewSubmission,
  type OutboxCounts,
  type OutboxStore,
  type PendingRow,
} from './types.ts';

/** The URL as it may be logged: without its password (in the user part or the query). */
export function redactUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // below
  }
  // Without a host the parts cannot be told apart: show none of it.
  if (!parsed?.host) return '(not shown: no host)';
  if (parsed.password) parsed.password = '***';
  if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
  return parsed.toString();
}

export interface PostgresOptions {
  url: string;
  /** Connections per instance: deliveries, submissions and /readyz share them. */
  poolSize: number;
  /** How long one statement may wait for a connection and its answer (OUTBOX_DB_TIMEOUT_MS); default DB_TIMEOUT_MS. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** Default of OUTBOX_DB_TIMEOUT_MS. */
export const DB_TIMEOUT_MS = 5_000;

/** node-postgres's words for its deadlines: a connection (from the pool, or a new one) and an answer. */
const PG_TIMEOUTS = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Query read timeout',
]);

function timedOut(error: unknown, timeoutMs: number): unknown {
  return PG_TIMEOUTS.has((error as Error).message) ? new OutboxTimeout('PostgreSQL', timeoutMs, { cause: error }) : error;
}

/**
 * One statement, within `timeoutMs` of the call for the connection and the answer together (the
 * pool's connectionTimeoutMillis bounds the first; the rest of the time, the second). A server that
 * stops answering keeps its connections open, so without this a statement on one waits forever.
 * A connection is given back only after an answer: one whose statement ran out of time is closed,
 * since the next statement on it would wait behind the one the server may still be running.
 */
async function timedQuery(pool: pg.Pool, timeoutMs: number, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const started = Date.now();
  const client = await pool.connect().catch((error: unknown) => {
    throw timedOut(error, timeoutMs);
  });
  // A variable, not a literal: @types/pg does not declare a query's own query_timeout.
  const query: pg.QueryConfig & { query_timeout: number } = {
    text,
    values,
    query_timeout: Math.max(1, timeoutMs - (Date.now() - started)),
  };
  let result: pg.QueryResult;
  try {
    result = await client.query(query);
  } catch (error) {
    client.release(error as Error);
    throw timedOut(error, timeoutMs);
  }
  client.release();
  return result;
}

// Times are epoch milliseconds in BIGINT columns, and counts are BIGINT: both fit a JS number.
const BIGINT = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === BIGINT ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const PENDING_COLUMNS = `id, idempotency_key AS key, endpoint, created_at AS "createdAt", attempts, next_attempt_at AS "nextAttemptAt",
  lease_until AS "leaseUntil", last_error AS "lastError"`;
const DEAD_COLUMNS = `id, idempotency_key AS key, endpoint, created_at AS "createdAt", attempts, last_error AS "lastError", died_at AS "diedAt"`;
/** A pending row still held under the given lease ($1 id, $2 lease). */
const CLAIMED = `id = $1 AND lease_token = $2 AND status = 'pending'`;

export class PostgresOutbox implements OutboxStore {
  readonly kind = 'postgres';
  readonly location: string;
  readonly pool: pg.Pool;
  readonly timeoutMs: number;
  private readonly poolConfig: pg.PoolConfig;
  private readonly onPoolError: (error: Error) => void;

  private constructor(options: PostgresOptions) {
    this.location = redactUrl(options.url);
    this.timeoutMs = options.timeoutMs ?? DB_TIMEOUT_MS;
    this.poolConfig = {
      connectionString: options.url,
      max: options.poolSize,
      types,
      application_name: 'site outbox',
      // A database that does not answer must not hold a submission or /readyz forever: the wait for
      // a connection (timedQuery gives the rest of the time to the answer), the answer on a
      // connection used directly (the migration's), and the server's own work on a statement the
      // site no longer waits for.
      connectionTimeoutMillis: this.timeoutMs,
      query_timeout: this.timeoutMs,
      statement_timeout: this.timeoutMs,
      idleTimeoutMillis: 30_000,
    };
    this.pool = new pg.Pool(this.poolConfig);
    const log = options.log ?? ((line) => console.error(line));
    // An idle connection the server dropped (restart, failover) is replaced on next use; without a
    // listener the error would end the process.
    this.onPoolError = (error) => log(`[outbox] PostgreSQL connection lost (${this.location}): ${error.message}`);
    this.pool.on('error', this.onPoolError);
  }

  /** Connects and brings the schema up to date before anything is accepted. */
  static async open(options: PostgresOptions): Promise<PostgresOutbox> {
    const store = new PostgresOutbox(options);
    try {
      await migrate(store.pool);
    } catch (error) {
      await store.pool.end().catch(() => undefined);
      throw new Error(`PostgreSQL outbox at ${store.location}: ${(error as Error).message}`, { cause: error });
    }
    return store;
  }

  private async rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await timedQuery(this.pool, this.timeoutMs, text, values)).rows as T[];
  }

  private async changed(text: string, values: unknown[]): Promise<number> {
    return (await timedQuery(this.pool, this.timeoutMs, text, values)).rowCount ?? 0;
  }

  async enqueue(submission: NewSubmission, now: number): Promise<EnqueueResult> {
    // A repeat racing its original on another instance waits for the original's commit here (the
    // unique key), then finds it below.
    const inserted = await this.changed(
      `INSERT INTO outbox (id, idempotency_key, endpoint, body, fingerprint, status, created_at, age_from, next_attempt_at, trace_context)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
      [submission.id, submission.key, submission.endpoint, submission.body, submission.fingerprint, now, storedTrace(submission.trace)],
    );
    if (inserted > 0) return { status: 'created', id: submission.id };
    const earlier = await this.findKey(submission.key);
    // Purged between the two statements (a dead letter past retention): store it anew.
    if (!earlier) return this.enqueue(submission, now);
    return { status: earlier.fingerprint === submission.fingerprint ? 'replayed' : 'conflict', id: earlier.id };
  }

  async findKey(key: string): Promise<{ id: string; fingerprint: string } | undefined> {
    return (
      await this.rows<{ id: string; fingerprint: string }>('SELECT id, fingerprint FROM outbox WHERE idempotency_key = $1', [key])
    )[0];
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<DueSubmission[]> {
    if (limit <= 0) return [];
    const claimed = await this.rows<Omit<DueSubmission, 'trace'> & { nextAttemptAt: number; traceContext: string | null }>(
      `WITH due AS (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
         ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox o SET lease_until = $3, lease_token = gen_random_uuid()::text, attempts = o.attempts + 1
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.idempotency_key AS key, o.endpoint, o.body, o.attempts, o.created_at AS "createdAt", o.age_from AS "ageFrom",
         o.lease_token AS lease, o.next_attempt_at AS "nextAttemptAt", o.trace_context AS "traceContext"`,
      [now, limit, now + leaseMs],
    );
    return claimed
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
      .map(({ nextAttemptAt: _, traceContext, ...row }) => {
        const trace = readTrace(traceContext);
        return trace ? { ...row, trace } : row;
      });
  }

  async markDelivered(id: string, now: number): Promise<void> {
    await this.changed(
      `UPDATE outbox SET status = 'delivered', body = NULL, lease_until = NULL, lease_token = NULL, last_error = NULL, delivered_at = $2
       WHERE id = $1 AND status = 'pending'`,
      [id, now],
    );
  }

  async markRetry(claim: Claim, nextAttemptAt: number, error: string): Promise<void> {
    await this.changed(`UPDATE outbox SET lease_until = NULL, lease_token = NULL, next_attempt_at = $3, last_error = $4 WHERE ${CLAIMED}`, [
      claim.id,
      claim.lease,
      nextAttemptAt,
      error,
    ]);
  }

  async release(claim: Claim, now: number): Promise<void> {
    await this.changed(
      `UPDATE outbox SET lease_until = NULL, lease_token = NULL, next_attempt_at = $3, attempts = GREATEST(attempts - 1, 0) WHERE ${CLAIMED}`,
      [claim.id, claim.lease, now],
    );
  }

  async markDead(claim: Claim, now: number, error: string): Promise<void> {
    await this.changed(
      `UPDATE outbox SET status = 'dead', lease_until = NULL, lease_token = NULL, last_error = $4, died_at = $3 WHERE ${CLAIMED}`,
      [claim.id, claim.lease, now, error],
    );
  }

  async retryDead(now: number, key?: string): Promise<number> {
    return this.changed(
      `UPDATE outbox SET status = 'pending', age_from = $1, attempts = 0, next_attempt_at = $1, died_at = NULL
       WHERE status = 'dead' AND ($2::text IS NULL OR idempotency_key = $2)`,
      [now, key ?? null],
    );
  }

  pending(): Promise<PendingRow[]> {
    return this.rows(`SELECT ${PENDING_COLUMNS} FROM outbox WHERE status = 'pending' ORDER BY created_at, id`);
  }

  dead(): Promise<DeadRow[]> {
    return this.rows(`SELECT ${DEAD_COLUMNS} FROM outbox WHERE status = 'dead' ORDER BY died_at, id`);
  }

  purgeDead(now: number, maxAgeMs: number): Promise<number> {
    return this.changed(`DELETE FROM outbox WHERE status = 'dead' AND died_at < $1`, [now - maxAgeMs]);
  }

  async oldestPending(): Promise<number | undefined> {
    const [row] = await this.rows<{ at: number | null }>(`SELECT MIN(created_at) AS at FROM outbox WHERE status = 'pending'`);
    return row.at ?? undefined;
  }

  async counts(): Promise<OutboxCounts> {
    const [row] = await this.rows<OutboxCounts>(
      `SELECT COUNT(*) FILTER (WHERE status = 'pending') AS pending, COUNT(*) FILTER (WHERE status = 'delivered') AS delivered,
              COUNT(*) FILTER (WHERE status = 'dead') AS dead FROM outbox`,
    );
    return row;
  }

  async checkWritable(): Promise<void> {
    // Changes nothing, but fails as the commit of a lead would: unreachable, refused credential,
    // missing table, or a read-only server (a standby after a failover).
    await this.changed('UPDATE outbox SET id = id WHERE false', []);
  }

  private limiterPool: pg.Pool | undefined;

  sharedLimiter(limit: number, windowMs: number): SharedRateLimiter {
    // Its own few connections, committing without waiting for the disk: a count lost in a crash
    // costs nothing, while waiting would hold a busy address's row lock through every fsync
    // (every post from behind one NAT would queue behind the others).
    const pool = (this.limiterPool ??= new pg.Pool({
      ...this.poolConfig,
      max: Math.min(4, this.poolConfig.max ?? 4),
      options: '-c synchronous_commit=off',
    }).on('error', this.onPoolError));
    return new SharedRateLimiter((text, values) => timedQuery(pool, this.timeoutMs, text, values), limit, windowMs);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.limiterPool?.end()]);
  }
}
