/**
 * Per-key (per-IP) token bucket: `limit` submissions at once, refilled evenly over `windowMs`
 * (so at most about `limit` per window in the long run). O(1) memory per key; full buckets are
 * dropped when the table grows.
 */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = limit / windowMs;
  }

  take(key: string): RateDecision {
    const now = this.now();
    const bucket = this.refill(this.buckets.get(key), now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.set(key, bucket);
      if (this.buckets.size > 10_000) this.sweep(now);
      return { ok: true };
    }
    this.buckets.set(key, bucket);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  private refill(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.limit, at: now };
    return { tokens: Math.min(this.limit, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs), at: now };
  }

  /** Forgets keys whose bucket has refilled: they would start full anyway. */
  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (this.refill(bucket, now).tokens >= this.limit) this.buckets.delete(key);
  }
}
