import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

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
});
