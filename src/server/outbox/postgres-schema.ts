/**
 * The PostgreSQL schema of the outbox, created and migrated by the site at start. `outbox_schema`
 * records each applied version; every instance runs `migrate` when it opens the outbox (before it
 * takes a lead; ./start.ts tries again while the database is down), under one
 * transaction-level advisory lock, so instances starting together apply each migration once (the
 * others wait, then find nothing left to do). Migrations are only ever appended: a deployed one
 * never changes, and each must leave the schema usable by the previous release during a rolling
 * deploy (add, never drop or rename).
 */
import type pg from 'pg';

const MIGRATIONS: string[] = [
  // 1: every lead in one table, whatever its state, so the key is unique across all of them.
  `CREATE TABLE outbox (
     id text PRIMARY KEY,
     idempotency_key text NOT NULL UNIQUE,
     endpoint text NOT NULL,
     body text,
     fingerprint text NOT NULL,
     status text NOT NULL CHECK (status IN ('pending', 'delivered', 'dead')),
     created_at bigint NOT NULL,
     age_from bigint NOT NULL,
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at bigint NOT NULL,
     lease_until bigint,
     lease_token text,
     last_error text,
     delivered_at bigint,
     died_at bigint,
     CHECK (status = 'delivered' OR body IS NOT NULL)
   );
   CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
   CREATE INDEX outbox_dead ON outbox (died_at) WHERE status = 'dead'`,
  // 2: the submission rate limit every instance shares (./rate-limit.ts).
  `CREATE TABLE outbox_rate (
     key text PRIMARY KEY,
     window_start bigint NOT NULL,
     hits integer NOT NULL
   )`,
  // 3: the trace of the post a lead came from (./types.ts LeadTrace, JSON), for its deliveries.
  // Nullable: leads stored before (and by a previous release during a rolling deploy) have none.
  `ALTER TABLE outbox ADD COLUMN trace_context text`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

async function appliedVersion(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ table: string | null }>(`SELECT to_regclass('outbox_schema')::text AS table`);
  if (rows[0].table === null) return 0;
  return (await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0) AS version FROM outbox_schema')).rows[0].version;
}

/**
 * The advisory lock that lets one instance at a time migrate. Its key never changes: instances of
 * an older and a newer release must take the same one (it is the value of hashtext() of the
 * name it was first given).
 */
const MIGRATION_LOCK = 2084390986;

export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    // Up to date (every start but the first after a release): no lock and no write, so an
    // instance also starts on a read-only server and /readyz reports that instead.
    if ((await appliedVersion(client)) >= MIGRATIONS.length) return;
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS outbox_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (let version = (await appliedVersion(client)) + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1]);
      await client.query('INSERT INTO outbox_schema (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // After a failure the connection is closed, not given back: that rolls the transaction back,
    // and one whose statement ran out of time (the pool's query_timeout) would not answer a ROLLBACK.
    client.release(failed);
  }
}
