/**
 * The store promises every instance relies on, for both stores: a key is unique whatever its
 * lead's state (also when two instances store it at once), and claims by several instances never
 * overlap.
 */
import { describe, expect, it } from 'vitest';
import { outboxStores } from '../../../tests/helpers/outbox-stores.ts';
import type { NewSubmission, OutboxStore } from './types.ts';

const lead = (key: string, fingerprint = `fp-${key}`, id = `id-${key}`): NewSubmission => ({
  id,
  key,
  endpoint: '/api/newsletter_post',
  body: JSON.stringify({ email: `${key}@example.com` }),
  fingerprint,
});

describe.each(outboxStores())('outbox store ($name)', (kind) => {
  it('keeps idempotency keys unique: the first id for the same data, a conflict for other data', async () => {
    const { store } = await kind.open();
    expect(await store.enqueue(lead('key-0001'), 0)).toEqual({ status: 'created', id: 'id-key-0001' });
    expect(await store.enqueue(lead('key-0001', 'fp-key-0001', 'other'), 0)).toEqual({ status: 'replayed', id: 'id-key-0001' });
    expect(await store.enqueue(lead('key-0001', 'different', 'other'), 0)).toEqual({ status: 'conflict', id: 'id-key-0001' });
    expect(await store.counts()).toEqual({ pending: 1, delivered: 0, dead: 0 });
    expect(await store.findKey('key-0002')).toBeUndefined();
  });

  it("keeps a lead's trace (request id, traceparent) for its deliveries, through the dead letters and back; a lead without one has none", async () => {
    const { store } = await kind.open();
    const trace = { requestId: 'req-1', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await store.enqueue({ ...lead('key-0001'), trace }, 0);
    await store.enqueue(lead('key-0002'), 1);
    const claims = await store.claimDue(1, 10, 1000);
    expect(claims.map((claim) => [claim.key, claim.trace])).toEqual([
      ['key-0001', trace],
      ['key-0002', undefined],
    ]);
    await store.markDead(claims[0], 1, 'HTTP 422');
    expect(await store.retryDead(2, 'key-0001')).toBe(1);
    expect((await store.claimDue(2, 10, 1000)).map((claim) => [claim.key, claim.trace])).toEqual([['key-0001', trace]]);
  });

  it('keeps a key taken once its lead is delivered or dead', async () => {
    const { store } = await kind.open();
    await store.enqueue(lead('key-0001'), 0);
    await store.enqueue(lead('key-0002'), 0);
    const claims = await store.claimDue(0, 10, 1000);
    const claimOf = (key: string) => claims.find((claim) => claim.key === key)!;
    await store.markDelivered(claimOf('key-0001').id, 1);
    await store.markDead(claimOf('key-0002'), 1, 'HTTP 422');
    for (const key of ['key-0001', 'key-0002']) expect((await store.enqueue(lead(key, `fp-${key}`, 'again'), 2)).status).toBe('replayed');
    expect(await store.counts()).toEqual({ pending: 0, delivered: 1, dead: 1 });
    expect(await store.dead()).toEqual([expect.objectContaining({ key: 'key-0002', attempts: 1, lastError: 'HTTP 422', diedAt: 1 })]);
  });

  it('stores a key sent to two instances at once once: both get the first id, or a conflict for other data', async () => {
    const { store, reopen } = await kind.open();
    const other = await reopen();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        store.enqueue(lead(`key-${1000 + i}`, 'same', `a-${i}`), 0),
        other.enqueue(lead(`key-${1000 + i}`, i % 2 ? 'same' : 'other', `b-${i}`), 0),
      ]).flat(),
    );
    for (let i = 0; i < 20; i++) {
      const [a, b] = answers.slice(2 * i, 2 * i + 2);
      const created = [a, b].filter((x) => x.status === 'created');
      expect(created, `key ${i}`).toHaveLength(1);
      expect(a.id).toBe(b.id);
      expect([a, b].find((x) => x.status !== 'created')!.status).toBe(i % 2 ? 'replayed' : 'conflict');
    }
    expect(await store.counts()).toEqual({ pending: 20, delivered: 0, dead: 0 });
  });

  it('never leases one lead to two instances claiming at once', async () => {
    const { store, reopen } = await kind.open();
    const instances: OutboxStore[] = [store, await reopen(), await reopen()];
    for (let i = 0; i < 120; i++) await store.enqueue(lead(`key-${1000 + i}`), i);
    const claimed = await Promise.all(
      instances.map(async (instance) => {
        const mine: string[] = [];
        for (let batch = await instance.claimDue(1000, 7, 60_000); batch.length > 0; batch = await instance.claimDue(1000, 7, 60_000))
          mine.push(...batch.map((row) => row.key));
        return mine;
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
    expect((await store.pending()).every((row) => row.leaseUntil === 61_000 && row.attempts === 1)).toBe(true);
  });

  it('records an outcome only under the lease it was claimed with', async () => {
    const { store, reopen } = await kind.open();
    await store.enqueue(lead('key-0001'), 0);
    const [stale] = await store.claimDue(0, 1, 1000);
    // The lease ran out (its instance died, say) and another instance took the lead over.
    const [current] = await (await reopen()).claimDue(1000, 1, 1000);
    expect(current.attempts).toBe(2);
    await store.markRetry(stale, 99_999, 'late');
    await store.release(stale, 0);
    await store.markDead(stale, 0, 'late');
    expect((await store.pending())[0]).toMatchObject({ attempts: 2, leaseUntil: 2000, lastError: null });
    await store.markRetry(current, 5000, 'HTTP 503');
    expect((await store.pending())[0]).toMatchObject({ attempts: 2, leaseUntil: null, nextAttemptAt: 5000, lastError: 'HTTP 503' });
  });

  it('reports the oldest pending lead, purges old dead letters only, and takes a write', async () => {
    const { store } = await kind.open();
    expect(await store.oldestPending()).toBeUndefined();
    await store.enqueue(lead('key-0001'), 100);
    await store.enqueue(lead('key-0002'), 200);
    await store.enqueue(lead('key-0003'), 300);
    expect(await store.oldestPending()).toBe(100);
    const claims = await store.claimDue(300, 2, 1000);
    await store.markDead(claims[0], 1000, 'HTTP 400');
    await store.markDead(claims[1], 5000, 'HTTP 400');
    expect(await store.purgeDead(6000, 2000)).toBe(1);
    expect((await store.dead()).map((row) => row.key)).toEqual(['key-0002']);
    expect(await store.oldestPending()).toBe(300);
    await expect(store.checkWritable()).resolves.toBeUndefined();
  });
});
