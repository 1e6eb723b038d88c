/**
 * Submission rate limits per key (rateLimitKey: an IPv4 address, an IPv6 /64).
 * - RateLimiter, one instance alone: a token bucket in memory, `limit` submissions at once,
 *   refilled evenly over `windowMs` (so at most about `limit` per window in the long run). O(1)
 *   memory per key, and O(1) work per take however many keys it tracks (amortised): full buckets
 *   are dropped from the least recently used end.
 * - SharedRateLimiter, every instance on one PostgreSQL outbox: a counter per key and fixed
 *   window in a table, taken by one statement, so a visitor spreading posts over instances behind
 *   a load balancer still gets `limit` per window in all.
 */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** What the submission router asks before anything else. */
export interface Limiter {
  take(key: string): RateDecision | Promise<RateDecision>;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter implements Limiter {
  /** In the order of their last take (a Map keeps insertion order): the least recently used first. */
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
    const ok = bucket.tokens >= 1;
    if (ok) bucket.tokens -= 1;
    // Deleted first, so that it moves to the end.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.forgetFull(now);
    return ok ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  private refill(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.limit, at: now };
    return { tokens: Math.min(this.limit, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs), at: now };
  }

  /**
   * Forgets keys whose bucket has refilled (they would start full anyway), from the least recently
   * used, up to the first that has not: each key is looked at once when it goes, plus one per take,
   * where a walk over the whole table cost every take a visit per key (one new IPv6 /64 per post
   * grows it). A bucket refills at most `windowMs` after its last take, so none stays longer than that.
   */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.refill(bucket, now).tokens < this.limit) return;
      this.buckets.delete(key);
    }
  }
}

/** Runs one SQL statement (a pg Pool's `query`). */
export type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

// The window only moves forward, so instances whose clocks differ by a few ms near a window's
// end never reset each other's count; `hits` stops one above the limit (it only has to say "over").
const TAKE = `INSERT INTO outbox_rate AS r (key, window_start, hits) VALUES ($1, $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN EXCLUDED.window_start > r.window_start THEN 1 ELSE LEAST(r.hits + 1, $3) END,
    window_start = GREATEST(r.window_start, EXCLUDED.window_start)
  RETURNING hits, window_start AS "windowStart"`;

export class SharedRateLimiter implements Limiter {
  private lastSweep = 0;

  constructor(
    private readonly query: Query,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string): Promise<RateDecision> {
    const now = this.now();
    const windowStart = now - (now % this.windowMs);
    if (now - this.lastSweep >= this.windowMs) {
      this.lastSweep = now;
      // Rows of past windows would start at 1 anyway: dropping them keeps the table to active addresses.
      this.query('DELETE FROM outbox_rate WHERE window_start < $1', [windowStart - this.windowMs]).catch(() => undefined);
    }
    const { rows } = await this.query(TAKE, [key, windowStart, this.limit + 1]);
    const { hits, windowStart: start } = rows[0] as { hits: number; windowStart: number };
    if (hits <= this.limit) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)) };
  }
}
