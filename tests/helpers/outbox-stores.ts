/**
 * Both outbox stores for one test suite (`describe.each(outboxStores())`): SQLite on a temp file,
 * PostgreSQL on a throwaway cluster (tools/lib/postgres-cluster.ts; a fresh database per store, the
 * cluster started at the first use and stopped after the file). Without PostgreSQL binaries the
 * PostgreSQL half is left out with a message (in CI it fails instead).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { postgresAvailable, startPostgres, type TestPostgres } from '../../tools/lib/postgres-cluster.ts';
import { PostgresOutbox } from '../../src/server/outbox/postgres.ts';
import { openSqliteOutbox, type SqliteOutbox } from '../../src/server/outbox/sqlite.ts';
import type { OutboxStore } from '../../src/server/outbox/types.ts';

/** A lead as stored, whatever its state (to check what the interface does not show). */
export interface RawLead {
  status: 'pending' | 'delivered' | 'dead';
  body: string | null;
  attempts: number;
}

export interface TestStore {
  store: OutboxStore;
  /** Another connection to the same database: another process, or another instance. */
  reopen(): Promise<OutboxStore>;
  raw(key: string): Promise<RawLead | undefined>;
}

export interface StoreKind {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestStore>;
}

function sqliteRaw(store: SqliteOutbox, key: string): RawLead | undefined {
  const db = store.outbox.db;
  const live = db
    .prepare(
      'SELECT status, (SELECT body FROM outbox_body b WHERE b.id = outbox.id) AS body, attempts FROM outbox WHERE idempotency_key = ?',
    )
    .get(key) as RawLead | undefined;
  return (
    live ??
    (db.prepare(`SELECT 'dead' AS status, body, attempts FROM dead_letter WHERE idempotency_key = ?`).get(key) as RawLead | undefined)
  );
}

/** The stores to run a suite against; registers the clean-up hooks of the calling test file. */
export function outboxStores(): StoreKind[] {
  const opened: OutboxStore[] = [];
  const dirs: string[] = [];
  let cluster: Promise<TestPostgres> | undefined;
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((store) => store.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await (await cluster)?.stop();
  });
  const track = <T extends OutboxStore>(store: T): T => (opened.push(store), store);

  const sqlite: StoreKind = {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
      dirs.push(dir);
      const file = path.join(dir, 'outbox.sqlite');
      const store = track(openSqliteOutbox(file));
      return { store, reopen: async () => track(openSqliteOutbox(file)), raw: async (key) => sqliteRaw(store, key) };
    },
  };
  const postgres: StoreKind = {
    name: 'postgres',
    async open() {
      cluster ??= startPostgres();
      const url = await (await cluster).createDatabase();
      const connect = async () => track(await PostgresOutbox.open({ url, poolSize: 5 }));
      const store = await connect();
      const raw = async (key: string) =>
        (await store.pool.query<RawLead>('SELECT status, body, attempts FROM outbox WHERE idempotency_key = $1', [key])).rows[0];
      return { store, reopen: connect, raw };
    },
  };
  return postgresAvailable('the PostgreSQL outbox tests') ? [sqlite, postgres] : [sqlite];
}
