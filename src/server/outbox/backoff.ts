/**
 * When a failed delivery is tried again: exponential backoff (base × 2^(attempt-1), capped) with
 * "equal jitter" (half fixed, half random, so many failures do not retry in lock-step), never
 * sooner than a Retry-After the content service asked for, never later than the give-up time.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** 0 ≤ random() < 1 */
  random?: () => number;
}

export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40));
  return Math.round(exponential / 2 + (exponential / 2) * (options.random ?? Math.random)());
}

/** Seconds or an HTTP date of a Retry-After header, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface NextAttempt {
  /** Give up: the submission is older than the maximum age. */
  dead: boolean;
  at: number;
}

/** The next attempt after a failed one at `now`, for a submission in delivery since `ageFrom`. */
export function nextAttempt(
  attempt: number,
  now: number,
  ageFrom: number,
  options: BackoffOptions & { maxAgeMs: number; retryAfterMs?: number },
): NextAttempt {
  const deadline = ageFrom + options.maxAgeMs;
  if (now >= deadline) return { dead: true, at: now };
  const delay = Math.min(options.maxMs, Math.max(backoffDelay(attempt, options), options.retryAfterMs ?? 0));
  // The last try is made at the deadline itself, so a submission is never given up untried.
  return { dead: false, at: Math.min(now + delay, deadline) };
}
