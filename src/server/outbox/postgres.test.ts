/** What only the PostgreSQL store has: migrations at start, the state /readyz reports, a URL never logged whole. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type TestPostgres } from '../../../tools/lib/postgres-cluster.ts';
import { OutboxTimeout } from './deadline.ts';
import { PostgresOutbox, redactUrl } from './postgres.ts';
import { SCHEMA_VERSION } from './postgres-schema.ts';

describe('redactUrl', () => {
  it('hides the password in the user part and the query, and anything it cannot parse', () => {
    expect(redactUrl('postgres://site:s3cret@db.example.com:5432/leads')).toBe('postgres://site:***@db.example.com:5432/leads');
    expect(redactUrl('postgresql://db.example.com/leads?user=site&password=s3cret')).not.toContain('s3cret');
    expect(redactUrl('site:s3cret@db')).not.toContain('s3cret');
    expect(redactUrl('postgres://db.example.com/leads')).toBe('postgres://db.example.com/leads');
  });
});

describe.skipIf(!postgresAvailable('the PostgreSQL store tests'))('PostgreSQL outbox', () => {
  let cluster: TestPostgres;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('creates its schema once when several instances start at once, and again finds nothing to do', async () => {
    const url = await cluster.createDatabase();
    const stores = await Promise.all(Array.from({ length: 6 }, () => PostgresOutbox.open({ url, poolSize: 2 })));
    const versions = await cluster.query<{ version: number }>('SELECT version FROM outbox_schema ORDER BY version', [], url);
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
    await Promise.all(stores.map((store) => store.close()));
    const again = await PostgresOutbox.open({ url, poolSize: 1 });
    expect(await again.counts()).toEqual({ pending: 0, delivered: 0, dead: 0 });
    await again.close();
  });

  it('adds trace_context to a database of the previous schema: its leads deliver without a trace, new ones keep theirs', async () => {
    const url = await cluster.createDatabase();
    await (await PostgresOutbox.open({ url, poolSize: 1 })).close();
    // The database as the previous release left it (schema 2), with a pending lead.
    await cluster.query('ALTER TABLE outbox DROP COLUMN trace_context', [], url);
    await cluster.query(`DELETE FROM outbox_schema WHERE version = ${SCHEMA_VERSION}`, [], url);
    await cluster.query(
      `INSERT INTO outbox (id, idempotency_key, endpoint, body, fingerprint, status, created_at, age_from, next_attempt_at)
       VALUES ('id-old', 'key-old-0001', '/api/newsletter_post', '{}', 'fp', 'pending', 0, 0, 0)`,
      [],
      url,
    );
    const store = await PostgresOutbox.open({ url, poolSize: 1 });
    await store.enqueue(
      { id: 'id-new', key: 'key-new-0001', endpoint: '/api/newsletter_post', body: '{}', fingerprint: 'fp', trace: { requestId: 'req-1' } },
      1,
    );
    expect((await store.claimDue(1, 10, 1000)).map((claim) => [claim.key, claim.trace])).toEqual([
      ['key-old-0001', undefined],
      ['key-new-0001', { requestId: 'req-1' }],
    ]);
    await store.close();
  });

  it('is not writable on a read-only server (a standby after a failover): /readyz says so', async () => {
    const url = await cluster.createDatabase();
    const store = await PostgresOutbox.open({ url, poolSize: 1 });
    await store.close();
    await cluster.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET default_transaction_read_only = on`);
    const readOnly = await PostgresOutbox.open({ url, poolSize: 1 });
    await expect(readOnly.checkWritable()).rejects.toThrow(/read-only/);
    await expect(readOnly.counts()).resolves.toEqual({ pending: 0, delivered: 0, dead: 0 });
    await readOnly.close();
  });

  it('ends every wait on a server that stops answering (a black hole), closes what waited, and works again once it answers', async () => {
    const url = await cluster.createDatabase();
    const timeoutMs = 500;
    const store = await PostgresOutbox.open({ url, poolSize: 2, timeoutMs });
    const limiter = store.sharedLimiter(10, 60_000);
    // An open connection in each pool, idle: a statement on it is sent and never answered.
    await store.counts();
    await limiter.take('192.0.2.1');
    await cluster.freeze();
    try {
      // On the open connections, on new ones (the server accepts them but never says hello), and
      // waiting for a connection of a pool that is full: each ends at its deadline.
      const outcomes = await Promise.all(
        [
          store.counts(),
          store.findKey('frozen-key'),
          store.checkWritable(),
          store.pending(),
          limiter.take('192.0.2.1'),
          limiter.take('192.0.2.2'),
        ].map((call) =>
          Promise.race([
            call.then(
              () => 'answered',
              (error: unknown) => (error instanceof OutboxTimeout ? 'timed out' : (error as Error).message),
            ),
            new Promise((resolve) => setTimeout(resolve, timeoutMs + 3_000, 'still waiting')),
          ]),
        ),
      );
      expect(outcomes).toEqual(outcomes.map(() => 'timed out'));
      // No connection that waited is kept to be handed out again: the next statement on it would
      // wait behind the one the server may still be running.
      expect(store.pool.idleCount).toBe(0);
    } finally {
      await cluster.thaw();
    }
    expect(await store.counts()).toEqual({ pending: 0, delivered: 0, dead: 0 });
    expect(await limiter.take('192.0.2.3')).toEqual({ ok: true });
    await store.close();
  });

  it('refuses to open on a database it cannot reach, naming it without the password', async () => {
    const url = `postgres://site:s3cret@127.0.0.1:${cluster.port}/no_such_database`;
    const error = (await PostgresOutbox.open({ url, poolSize: 1 }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/no_such_database/);
    expect(error.message).toContain('site:***@');
    expect(error.message).not.toContain('s3cret');
  });
});
