import { describe, expect, it, vi } from 'vitest';
import { ContentCache, type ContentCacheOptions } from './content-cache.ts';

class NotFound extends Error {}

function setup(options: Partial<ContentCacheOptions> = {}) {
  let now = 1_000_000;
  const onBackgroundError = vi.fn();
  const cache = new ContentCache({
    ttlMs: 1000,
    staleMs: 10_000,
    maxEntries: 100,
    notFoundTtlMs: 5000,
    isNotFound: (error) => error instanceof NotFound,
    now: () => now,
    onBackgroundError,
    ...options,
  });
  return {
    cache,
    onBackgroundError,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A fake upstream: counts calls, answers with the next value or failure. */
function upstream() {
  let calls = 0;
  let answer: () => Promise<unknown> = () => Promise.resolve(`v${calls}`);
  const load = vi.fn(() => {
    calls += 1;
    return answer();
  });
  return {
    load,
    answerWith(fn: () => Promise<unknown>) {
      answer = fn;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A cache that has read '/a' once (as 'v1'), then `ms` later; `up` is its upstream. */
async function readOnceThenWait(ms: number, options: Partial<ContentCacheOptions> = {}) {
  const env = setup(options);
  const up = upstream();
  await env.cache.get('/a', up.load);
  env.advance(ms);
  return { ...env, up };
}

describe('ContentCache', () => {
  it('serves a value from memory within the TTL, then reads again after TTL + stale window', async () => {
    const { cache, advance } = setup();
    const up = upstream();
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: false });
    advance(999);
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: false });
    expect(up.load).toHaveBeenCalledTimes(1);
    advance(20_000);
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v2', stale: false });
    expect(up.load).toHaveBeenCalledTimes(2);
  });

  it('keys by path and query', async () => {
    const { cache } = setup();
    const up = upstream();
    await cache.get('/list?page=1', up.load);
    await cache.get('/list?page=2', up.load);
    expect(up.load).toHaveBeenCalledTimes(2);
  });

  it('after the TTL serves the old value at once and refreshes it in the background', async () => {
    const { cache, up } = await readOnceThenWait(1500);
    let release!: () => void;
    up.answerWith(() => new Promise((resolve) => (release = () => resolve('fresh'))));
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: false });
    expect(up.load).toHaveBeenCalledTimes(2);
    // While the refresh runs, further reads still get the old value and start no second call.
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: false });
    expect(up.load).toHaveBeenCalledTimes(2);
    release();
    await flush();
    expect(await cache.get('/a', up.load)).toEqual({ data: 'fresh', stale: false });
    expect(up.load).toHaveBeenCalledTimes(2);
  });

  it('collapses 20 concurrent reads of one key into one upstream call', async () => {
    const { cache } = setup();
    const up = upstream();
    up.answerWith(() => new Promise((resolve) => setTimeout(() => resolve('once'), 10)));
    const reads = await Promise.all(Array.from({ length: 20 }, () => cache.get('/a', up.load)));
    expect(up.load).toHaveBeenCalledTimes(1);
    expect(reads.every((r) => r.data === 'once' && !r.stale)).toBe(true);
  });

  it('collapses concurrent failing reads too, and all of them fail', async () => {
    const { cache } = setup();
    const up = upstream();
    up.answerWith(() => new Promise((_resolve, reject) => setTimeout(() => reject(new Error('down')), 5)));
    const reads = await Promise.allSettled(Array.from({ length: 20 }, () => cache.get('/a', up.load)));
    expect(up.load).toHaveBeenCalledTimes(1);
    expect(reads.every((r) => r.status === 'rejected')).toBe(true);
    expect(cache.size).toBe(0);
  });

  it('serves the last good value marked stale when the upstream fails, and recovers', async () => {
    const { cache, advance, up } = await readOnceThenWait(1001, { staleMs: 0 });
    up.answerWith(() => Promise.reject(new Error('down')));
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: true });
    // Long after, still the last good value while the upstream keeps failing.
    advance(10 * 86_400_000);
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: true });
    up.answerWith(() => Promise.resolve('back'));
    expect(await cache.get('/a', up.load)).toEqual({ data: 'back', stale: false });
  });

  it('marks stale-while-revalidate answers stale once a background refresh has failed', async () => {
    const { cache, onBackgroundError, up } = await readOnceThenWait(1500);
    up.answerWith(() => Promise.reject(new Error('down')));
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: false });
    await flush();
    expect(onBackgroundError).toHaveBeenCalledTimes(1);
    expect(await cache.get('/a', up.load)).toEqual({ data: 'v1', stale: true });
  });

  it('throws when the upstream fails and there is no last good value', async () => {
    const { cache } = setup();
    const up = upstream();
    up.answerWith(() => Promise.reject(new Error('down')));
    await expect(cache.get('/a', up.load)).rejects.toThrow('down');
  });

  it('caches a 404 briefly and never serves the old value for it', async () => {
    const { cache, advance, up } = await readOnceThenWait(1001, { staleMs: 0 });
    up.answerWith(() => Promise.reject(new NotFound('gone')));
    await expect(cache.get('/a', up.load)).rejects.toBeInstanceOf(NotFound);
    advance(4000);
    await expect(cache.get('/a', up.load)).rejects.toBeInstanceOf(NotFound);
    expect(up.load).toHaveBeenCalledTimes(2);
    // After the negative TTL it asks again; a failure now has no good value to fall back on.
    advance(1001);
    up.answerWith(() => Promise.reject(new Error('down')));
    await expect(cache.get('/a', up.load)).rejects.toThrow('down');
    expect(up.load).toHaveBeenCalledTimes(3);
  });

  it('keeps at most maxEntries keys, evicting the least recently used', async () => {
    const { cache } = setup({ maxEntries: 3 });
    const up = upstream();
    for (const key of ['/a', '/b', '/c']) await cache.get(key, up.load);
    await cache.get('/a', up.load); // /a is now the most recently used
    await cache.get('/d', up.load); // evicts /b
    expect(cache.size).toBe(3);
    expect(up.load).toHaveBeenCalledTimes(4);
    await cache.get('/a', up.load);
    await cache.get('/c', up.load);
    await cache.get('/d', up.load);
    expect(up.load).toHaveBeenCalledTimes(4);
    await cache.get('/b', up.load);
    expect(up.load).toHaveBeenCalledTimes(5);
    expect(cache.size).toBe(3);
  });
});
