import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type TestPostgres } from '../../../tools/lib/postgres-cluster.ts';
import { PostgresOutbox } from './postgres.ts';
import { RateLimiter, SharedRateLimiter } from './rate-limit.ts';

describe('per-IP rate limit', () => {
  it('allows the limit at once, then answers with the seconds until the next submission', () => {
    let now = 0;
    const limiter = new RateLimiter(10, 600_000, () => now);
    for (let i = 0; i < 10; i++) expect(limiter.take('1.1.1.1')).toEqual({ ok: true });
    expect(limiter.take('1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.take('2.2.2.2')).toEqual({ ok: true });
    now += 30_000;
    expect(limiter.take('1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(limiter.take('1.1.1.1')).toEqual({ ok: true });
    expect(limiter.take('1.1.1.1').ok).toBe(false);
  });

  it('never allows more than about the limit per window', () => {
    let now = 0;
    const limiter = new RateLimiter(5, 1000, () => now);
    let allowed = 0;
    for (; now < 10_000; now += 10) if (limiter.take('ip').ok) allowed++;
    expect(allowed).toBeLessThanOrEqual(5 + 50);
    expect(allowed).toBeGreaterThanOrEqual(50);
  });

  it('forgets idle addresses when it tracks many', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1000, () => now);
    for (let i = 0; i < 10_001; i++) limiter.take(`ip-${i}`);
    now += 1000;
    limiter.take('fresh-1');
    limiter.take('fresh-2');
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThan(10);
  });

  it('does work per take that does not grow with the number of addresses it tracks (one new IPv6 /64 per post)', () => {
    /** The limiter's table, counting the entries any walk over it visits. */
    class CountingMap<K, V> extends Map<K, V> {
      visited = 0;
      override *entries(): MapIterator<[K, V]> {
        for (const entry of super.entries()) {
          this.visited++;
          yield entry;
        }
      }
      override [Symbol.iterator]() {
        return this.entries();
      }
      override *keys(): MapIterator<K> {
        for (const [key] of this.entries()) yield key;
      }
      override *values(): MapIterator<V> {
        for (const [, value] of this.entries()) yield value;
      }
      override forEach(callback: (value: V, key: K, map: Map<K, V>) => void): void {
        for (const [key, value] of this.entries()) callback(value, key, this);
      }
    }
    let now = 0;
    const limiter = new RateLimiter(10, 600_000, () => now);
    const table = new CountingMap<string, unknown>();
    (limiter as unknown as { buckets: Map<string, unknown> }).buckets = table;
    const takes = 12_000;
    let allowed = 0;
    for (let i = 0; i < takes; i++, now += 1) if (limiter.take(`2001:db8:${i.toString(16)}::/64`).ok) allowed++;
    expect(allowed).toBe(takes);
    // Nothing has refilled yet (one token of ten is back after a minute): every address is kept,
    // and each take looked at a few entries at most, not the whole table.
    expect(table.size).toBe(takes);
    expect(table.visited).toBeLessThanOrEqual(2 * takes);
    // Addresses idle for the window are forgotten as new ones come, still at a few entries per take.
    now += 600_000;
    table.visited = 0;
    for (let i = 0; i < 100; i++, now += 1) limiter.take(`2001:db8:1:${i.toString(16)}::/64`);
    expect(table.size).toBeLessThan(200);
    expect(table.visited).toBeLessThanOrEqual(takes + 2 * 100);
  });
});

describe.skipIf(!postgresAvailable('the shared rate limit tests'))('per-address rate limit shared by instances (PostgreSQL)', () => {
  let cluster: TestPostgres;
  const stores: PostgresOutbox[] = [];
  beforeAll(async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    for (let i = 0; i < 2; i++) stores.push(await PostgresOutbox.open({ url, poolSize: 4 }));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await cluster?.stop();
  });

  it('counts the takes of every instance against one limit per window, and says when the window ends', async () => {
    let now = 600_000 * 7 + 120_000;
    const [a, b] = stores.map(
      (store) =>
        new SharedRateLimiter(
          (text, values) => store.pool.query(text, values),
          10,
          600_000,
          () => now,
        ),
    );
    const decisions = await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 ? a : b).take('1.1.1.1')));
    expect(decisions.filter((d) => d.ok)).toHaveLength(10);
    expect(decisions.filter((d) => !d.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, retryAfterSeconds: 480 })));
    expect(await a.take('2.2.2.2')).toEqual({ ok: true });
    now += 479_000;
    expect(await b.take('1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now += 1000;
    expect(await b.take('1.1.1.1')).toEqual({ ok: true });
    expect(await a.take('1.1.1.1')).toEqual({ ok: true });
  });

  it('never moves a window back for an instance whose clock is a little behind', async () => {
    let now = 600_000 * 20;
    let behind = now - 50;
    const a = new SharedRateLimiter(
      (text, values) => stores[0].pool.query(text, values),
      2,
      600_000,
      () => now,
    );
    const late = new SharedRateLimiter(
      (text, values) => stores[1].pool.query(text, values),
      2,
      600_000,
      () => behind,
    );
    expect((await a.take('3.3.3.3')).ok).toBe(true);
    expect((await late.take('3.3.3.3')).ok).toBe(true);
    expect((await late.take('3.3.3.3')).ok).toBe(false);
    expect((await a.take('3.3.3.3')).ok).toBe(false);
    now += 600_000;
    behind += 600_000;
    expect((await a.take('3.3.3.3')).ok).toBe(true);
  });
});
