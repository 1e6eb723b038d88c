import { describe, expect, it } from 'vitest';
import { backoffDelay, nextAttempt, retryAfterMs } from './backoff.ts';

describe('outbox backoff', () => {
  const opts = { baseMs: 2000, maxMs: 600_000 };
  it('doubles per attempt, capped, with jitter between half and the full delay', () => {
    const full = { ...opts, random: () => 0.999999 };
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, full))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffDelay(30, full)).toBe(600_000);
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(4000);
    expect(backoffDelay(1000, { ...opts, random: () => 0 })).toBe(300_000);
  });

  it('honours Retry-After and gives up at the maximum age, trying once at the deadline', () => {
    const max = { ...opts, random: () => 0, maxAgeMs: 60_000 };
    expect(nextAttempt(1, 1000, 0, { ...max, retryAfterMs: 30_000 })).toEqual({ dead: false, at: 31_000 });
    expect(nextAttempt(10, 50_000, 0, max)).toEqual({ dead: false, at: 60_000 });
    expect(nextAttempt(11, 60_000, 0, max)).toEqual({ dead: true, at: 60_000 });
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('5', 0)).toBe(5000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });
});
