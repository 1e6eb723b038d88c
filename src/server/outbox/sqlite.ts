/**
 * The SQLite store behind the OutboxStore interface: the synchronous ./store.ts, its calls wrapped
 * in promises. better-sqlite3 commits before it returns, so a resolved `enqueue` is on disk.
 * A statement never waits for a lock (busy_timeout 0: a wait would block the event loop, and every
 * page with it); a call that finds the database locked by another process (`npm run outbox`, a
 * backup) is tried again after a short pause, with the event loop free, for up to BUSY_WAIT_MS.
 */
import { isBusy, Outbox } from './store.ts';
import type { OutboxStore } from './types.ts';

type Promised<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/** How long a call waits, in pauses, for a lock another process holds, before it fails with SQLITE_BUSY. */
export const BUSY_WAIT_MS = 2000;

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

/** Calls for which a lock is an answer, not a wait: the worker skips that poll; /readyz says "not writable now". */
const NO_WAIT = new Set<(typeof WRAPPED)[number]>(['claimDue', 'checkWritable']);

export interface SqliteOutbox extends OutboxStore {
  readonly kind: 'sqlite';
  /** The synchronous store underneath (tests; the CLI's file checks). */
  readonly outbox: Outbox;
}

/** Runs `call`; while another process holds the lock, again after pauses of 2, 4 … 50 ms, until `waitMs` is spent. */
async function patiently<T>(call: () => T, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    try {
      return call();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

export function openSqliteOutbox(file: string): SqliteOutbox {
  const outbox = new Outbox(file);
  // A throw inside a wrapped call (e.g. SQLITE_BUSY) becomes a rejection, as with PostgreSQL.
  const wrapped = Object.fromEntries(
    WRAPPED.map((name) => {
      const method = outbox[name] as (...a: unknown[]) => unknown;
      return [name, async (...args: unknown[]) => patiently(() => method.apply(outbox, args), NO_WAIT.has(name) ? 0 : BUSY_WAIT_MS)];
    }),
  ) as Promised<Pick<Outbox, (typeof WRAPPED)[number]>>;
  return {
    kind: 'sqlite',
    location: file,
    outbox,
    ...wrapped,
    close: async () => outbox.close(),
  };
}
