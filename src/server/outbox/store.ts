/**
 * The SQLite outbox (synchronous; the site uses it through ./sqlite.ts, the asynchronous
 * OutboxStore of ./types.ts): an embedded SQLite file (better-sqlite3, WAL, synchronous=FULL) holding every
 * accepted submission until the content service has it.
 * - `outbox`: pending submissions, and delivered ones (key kept so a repeated Idempotency-Key
 *   still gets the same answer); small rows, rewritten by every lease and attempt.
 * - `outbox_body`: the body of each pending submission (up to a few MB with a CV), written once and
 *   deleted on delivery. SQLite rewrites a whole row on UPDATE, so a body in the `outbox` row was
 *   copied by every claim and outcome (and walked by every scan), with the event loop blocked.
 * - `dead_letter`: submissions given up on (refused by the content service, or too old); `npm run
 *   outbox -- --retry …` moves them back.
 * An idempotency key is unique across both tables. Times are epoch milliseconds, passed in, so
 * tests run on a fake clock. A lead keeps the trace of the post it came from (`trace_context`,
 * ./types.ts LeadTrace; null on leads from before it was kept) for its deliveries.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  readTrace,
  storedTrace,
  type Claim,
  type DeadRow,
  type DueSubmission,
  type EnqueueResult,
  type NewSubmission,
  type OutboxCounts,
  type PendingRow,
} from './types.ts';

export type { DeadRow, DueSubmission, EnqueueResult, NewSubmission, OutboxCounts, PendingRow } from './types.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  endpoint TEXT NOT NULL,
  body TEXT, -- unused (NULL): bodies are in outbox_body; files from before are moved at open
  fingerprint TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
  created_at INTEGER NOT NULL,
  age_from INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER,
  lease_token TEXT,
  last_error TEXT,
  delivered_at INTEGER,
  trace_context TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);
CREATE TABLE IF NOT EXISTS outbox_body (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS dead_letter (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  endpoint TEXT NOT NULL,
  body TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  last_error TEXT,
  died_at INTEGER NOT NULL,
  trace_context TEXT
);
`;

/** A pending row still held under the given lease. */
const CLAIMED = `id = ? AND lease_token = ? AND status = 'pending'`;

const PENDING_COLUMNS = `id, idempotency_key AS key, endpoint, created_at AS createdAt, attempts, next_attempt_at AS nextAttemptAt,
  lease_until AS leaseUntil, last_error AS lastError`;
const DEAD_COLUMNS = `id, idempotency_key AS key, endpoint, created_at AS createdAt, attempts, last_error AS lastError, died_at AS diedAt`;

/**
 * How long one statement waits for another process's lock (e.g. `npm run outbox`) before
 * SQLITE_BUSY: not at all, since better-sqlite3 would wait with the event loop blocked. The
 * asynchronous store (./sqlite.ts) waits instead, between attempts, with the loop free.
 */
export const BUSY_TIMEOUT_MS = 0;

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

export class Outbox {
  readonly db: Database.Database;

  constructor(readonly file: string) {
    // Leads are personal data: only the site's user may read the folder and the files.
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.db = new Database(file);
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${file}${suffix}`)) chmodSync(`${file}${suffix}`, 0o600);
    // Waiting for a lock here would block the event loop: fail at once, the caller waits (./sqlite.ts).
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('journal_mode = WAL');
    // Every commit reaches the disk before the visitor is told "accepted".
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    // A file from before outbox_body: its pending bodies move there (once).
    if (this.db.prepare('SELECT 1 FROM outbox WHERE body IS NOT NULL LIMIT 1').get())
      this.db.exec(`BEGIN IMMEDIATE;
        INSERT OR IGNORE INTO outbox_body (id, body) SELECT id, body FROM outbox WHERE body IS NOT NULL;
        UPDATE outbox SET body = NULL WHERE body IS NOT NULL;
        COMMIT;`);
    // A file from before trace_context: the column is added (null: its leads deliver without a trace).
    const lacking = (table: string) =>
      !(this.db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).some(
        (column) => column.name === 'trace_context',
      );
    if (lacking('outbox') || lacking('dead_letter'))
      this.db
        .transaction(() => {
          // Checked again under the write lock: another process may have added it meanwhile.
          for (const table of ['outbox', 'dead_letter'])
            if (lacking(table)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN trace_context TEXT`);
        })
        .immediate();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Takes the write lock and gives it back at once: throws when the commit before "accepted" would fail. */
  checkWritable(): void {
    this.db.exec('BEGIN IMMEDIATE; ROLLBACK');
  }

  /** Stores a new submission; a known key answers with its first id (same data) or a conflict. */
  enqueue(submission: NewSubmission, now: number): EnqueueResult {
    return this.db
      .transaction((): EnqueueResult => {
        const earlier = this.findKey(submission.key);
        if (earlier) return { status: earlier.fingerprint === submission.fingerprint ? 'replayed' : 'conflict', id: earlier.id };
        this.db
          .prepare(
            `INSERT INTO outbox (id, idempotency_key, endpoint, fingerprint, status, created_at, age_from, next_attempt_at, trace_context)
             VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
          )
          .run(submission.id, submission.key, submission.endpoint, submission.fingerprint, now, now, now, storedTrace(submission.trace));
        this.db.prepare('INSERT INTO outbox_body (id, body) VALUES (?, ?)').run(submission.id, submission.body);
        return { status: 'created', id: submission.id };
      })
      .immediate();
  }

  /** The submission stored under an idempotency key (pending, delivered or dead). */
  findKey(key: string): { id: string; fingerprint: string } | undefined {
    return (this.db.prepare('SELECT id, fingerprint FROM outbox WHERE idempotency_key = ?').get(key) ??
      this.db.prepare('SELECT id, fingerprint FROM dead_letter WHERE idempotency_key = ?').get(key)) as
      { id: string; fingerprint: string } | undefined;
  }

  /**
   * Claims up to `limit` due submissions for one delivery each: each gets a lease until
   * `now + leaseMs` (no other worker takes it meanwhile) and one more attempt counted.
   */
  claimDue(now: number, limit: number, leaseMs: number): DueSubmission[] {
    if (limit <= 0) return [];
    return this.db
      .transaction(() => {
        const rows = this.db
          .prepare(
            `SELECT id, idempotency_key AS key, endpoint, (SELECT body FROM outbox_body b WHERE b.id = outbox.id) AS body,
               attempts + 1 AS attempts, created_at AS createdAt, age_from AS ageFrom, trace_context AS traceContext
             FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
             ORDER BY next_attempt_at LIMIT ?`,
          )
          .all(now, now, limit) as (Omit<DueSubmission, 'lease' | 'trace'> & { traceContext: string | null })[];
        const lease = this.db.prepare('UPDATE outbox SET lease_until = ?, lease_token = ?, attempts = attempts + 1 WHERE id = ?');
        return rows.map(({ traceContext, ...row }) => {
          const token = randomUUID();
          lease.run(now + leaseMs, token, row.id);
          const trace = readTrace(traceContext);
          return { ...row, lease: token, ...(trace ? { trace } : {}) };
        });
      })
      .immediate();
  }

  markDelivered(id: string, now: number): void {
    this.db
      .transaction(() => {
        const delivered = this.db
          .prepare(
            `UPDATE outbox SET status = 'delivered', lease_until = NULL, lease_token = NULL, last_error = NULL, delivered_at = ?
             WHERE id = ? AND status = 'pending'`,
          )
          .run(now, id);
        if (delivered.changes > 0) this.db.prepare('DELETE FROM outbox_body WHERE id = ?').run(id);
      })
      .immediate();
  }

  /** Ends a failed attempt: due again at `nextAttemptAt`. */
  markRetry(claim: Claim, nextAttemptAt: number, error: string): void {
    this.db
      .prepare(`UPDATE outbox SET lease_until = NULL, lease_token = NULL, next_attempt_at = ?, last_error = ? WHERE ${CLAIMED}`)
      .run(nextAttemptAt, error, claim.id, claim.lease);
  }

  /** Gives an interrupted attempt back (shutdown): due at once, the attempt not counted. */
  release(claim: Claim, now: number): void {
    this.db
      .prepare(
        `UPDATE outbox SET lease_until = NULL, lease_token = NULL, next_attempt_at = ?, attempts = MAX(attempts - 1, 0) WHERE ${CLAIMED}`,
      )
      .run(now, claim.id, claim.lease);
  }

  /** Moves a claimed submission to the dead letters. */
  markDead(claim: Claim, now: number, error: string): void {
    this.db
      .transaction(() => {
        const moved = this.db
          .prepare(
            `INSERT INTO dead_letter (id, idempotency_key, endpoint, body, fingerprint, created_at, attempts, last_error, died_at, trace_context)
             SELECT id, idempotency_key, endpoint, (SELECT body FROM outbox_body b WHERE b.id = outbox.id), fingerprint, created_at, attempts, ?, ?,
               trace_context
             FROM outbox WHERE ${CLAIMED}`,
          )
          .run(error, now, claim.id, claim.lease);
        if (moved.changes > 0) {
          this.db.prepare('DELETE FROM outbox WHERE id = ?').run(claim.id);
          this.db.prepare('DELETE FROM outbox_body WHERE id = ?').run(claim.id);
        }
      })
      .immediate();
  }

  /** Puts dead submissions (one key, or all) back in the outbox, due now, with a fresh age and attempt count. */
  retryDead(now: number, key?: string): number {
    return this.db
      .transaction(() => {
        const where = key === undefined ? '' : 'WHERE idempotency_key = ?';
        const params = key === undefined ? [] : [key];
        this.db
          .prepare(
            `INSERT INTO outbox (id, idempotency_key, endpoint, fingerprint, status, created_at, age_from, attempts, next_attempt_at, last_error,
               trace_context)
             SELECT id, idempotency_key, endpoint, fingerprint, 'pending', created_at, ?, 0, ?, last_error, trace_context FROM dead_letter ${where}`,
          )
          .run(now, now, ...params);
        this.db.prepare(`INSERT INTO outbox_body (id, body) SELECT id, body FROM dead_letter ${where}`).run(...params);
        return this.db.prepare(`DELETE FROM dead_letter ${where}`).run(...params).changes;
      })
      .immediate();
  }

  pending(): PendingRow[] {
    return this.db.prepare(`SELECT ${PENDING_COLUMNS} FROM outbox WHERE status = 'pending' ORDER BY created_at`).all() as PendingRow[];
  }

  dead(): DeadRow[] {
    return this.db.prepare(`SELECT ${DEAD_COLUMNS} FROM dead_letter ORDER BY died_at`).all() as DeadRow[];
  }

  /** Removes dead letters older than `maxAgeMs`; returns how many. */
  purgeDead(now: number, maxAgeMs: number): number {
    return this.db.prepare('DELETE FROM dead_letter WHERE died_at < ?').run(now - maxAgeMs).changes;
  }

  /** Creation time of the oldest pending submission, if any. */
  oldestPending(): number | undefined {
    const row = this.db.prepare(`SELECT MIN(created_at) AS at FROM outbox WHERE status = 'pending'`).get() as { at: number | null };
    return row.at ?? undefined;
  }

  counts(): OutboxCounts {
    const row = this.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM outbox WHERE status = 'pending') AS pending,
                (SELECT COUNT(*) FROM outbox WHERE status = 'delivered') AS delivered,
                (SELECT COUNT(*) FROM dead_letter) AS dead`,
      )
      .get() as OutboxCounts;
    return row;
  }
}
