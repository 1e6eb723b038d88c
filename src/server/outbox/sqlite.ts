/**
 * The SQLite store behind the OutboxStore interface: the synchronous ./store.ts, its calls wrapped
 * in promises. better-sqlite3 commits before it returns, so a resolved `enqueue` is on disk.
 */
import { Outbox } from './store.ts';
import type { OutboxStore } from './types.ts';

type Promised<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

const WRAPPED = [
  'enqueue',
  'findKey',
  'claimDue',
  'markDelivered',
  'markRetry',
  'release',
  'markDead',
  'retryDead',
  'pending',
  'dead',
  'purgeDead',
  'oldestPending',
  'counts',
  'checkWritable',
] as const satisfies readonly (keyof Outbox & keyof OutboxStore)[];

export interface SqliteOutbox extends OutboxStore {
  readonly kind: 'sqlite';
  /** The synchronous store underneath (tests; the CLI's file checks). */
  readonly outbox: Outbox;
}

export function openSqliteOutbox(file: string): SqliteOutbox {
  const outbox = new Outbox(file);
  // A throw inside a wrapped call (e.g. SQLITE_BUSY) becomes a rejection, as with PostgreSQL.
  const wrapped = Object.fromEntries(
    WRAPPED.map((name) => [name, async (...args: unknown[]) => (outbox[name] as (...a: unknown[]) => unknown).apply(outbox, args)]),
  ) as Promised<Pick<Outbox, (typeof WRAPPED)[number]>>;
  return {
    kind: 'sqlite',
    location: file,
    outbox,
    ...wrapped,
    close: async () => outbox.close(),
  };
}
