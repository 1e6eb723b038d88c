/**
 * Every wait on the outbox database ends (OUTBOX_DB_TIMEOUT_MS). A database that stops answering
 * (a network black hole, a frozen server) keeps connections open: without a deadline of the site's
 * own, a statement on one of them waits forever, and with it the post, the /readyz check every
 * caller shares and any retry of the same lead.
 */

/** A wait on the outbox database that ran out of time: it did not answer (it may still act on what it was sent). */
export class OutboxTimeout extends Error {
  constructor(what: string, ms: number, options?: ErrorOptions) {
    super(`${what} did not answer within ${ms} ms`, options);
    this.name = 'OutboxTimeout';
  }
}

/** Settles as `promise` does, or rejects with OutboxTimeout after `ms`; the work itself goes on. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OutboxTimeout(what, ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
