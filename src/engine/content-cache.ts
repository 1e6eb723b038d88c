/**
 * In-memory cache of content-service reads (keyed by path + query), so pages and the /api proxy
 * stay fast and keep working while the content service is slow or down:
 *
 * - fresh for `ttlMs`, then stale-while-revalidate for `staleMs`: the cached value is served at
 *   once and refreshed in the background;
 * - concurrent reads of one key share one upstream call;
 * - when the upstream fails and a last good value exists, that value is served marked `stale`
 *   (for as long as the entry stays in the cache, whatever its age);
 * - a 404 is remembered for `notFoundTtlMs` (negative cache) and never served as stale content;
 * - at most `maxEntries` keys, least recently used evicted first.
 *
 * Sanitized HTML is cached separately by input (./sanitize.ts).
 */

export interface CacheRead<T = unknown> {
  data: T;
  /** True when the upstream failed and this is the last good value. */
  stale: boolean;
}

export interface ContentCacheOptions {
  ttlMs: number;
  staleMs: number;
  maxEntries: number;
  notFoundTtlMs?: number;
  /** Is this failure a "not found" answer (cached briefly, never replaced by stale content)? */
  isNotFound?: (error: unknown) => boolean;
  /** Clock, injectable for tests. */
  now?: () => number;
  /** Called when a background refresh fails (the stale value keeps being served). */
  onBackgroundError?: (key: string, error: unknown) => void;
}

interface Entry {
  /** Last good value and when it was fetched. */
  good?: { value: unknown; at: number };
  /** Last "not found" answer and when it came. */
  notFound?: { error: unknown; at: number };
  /** The last upstream call for this key failed (not with a 404). */
  failing: boolean;
  inflight?: Promise<unknown>;
}

export class ContentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly notFoundTtlMs: number;
  private readonly isNotFound: (error: unknown) => boolean;

  constructor(private readonly options: ContentCacheOptions) {
    this.now = options.now ?? Date.now;
    this.notFoundTtlMs = options.notFoundTtlMs ?? 5000;
    this.isNotFound = options.isNotFound ?? (() => false);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Reads `key`, calling `load` (one call per key at a time) when the cache cannot answer. */
  async get<T = unknown>(key: string, load: () => Promise<T>): Promise<CacheRead<T>> {
    const entry = this.touch(key);
    const now = this.now();

    if (entry.notFound && now - entry.notFound.at <= this.notFoundTtlMs) throw entry.notFound.error;

    if (entry.good && !entry.notFound) {
      const age = now - entry.good.at;
      if (age <= this.options.ttlMs) return { data: entry.good.value as T, stale: false };
      if (age <= this.options.ttlMs + this.options.staleMs) {
        // Stale-while-revalidate: answer now, refresh in the background.
        const stale = entry.failing;
        if (!entry.inflight) this.refresh(key, entry, load).catch((error: unknown) => this.options.onBackgroundError?.(key, error));
        return { data: entry.good.value as T, stale };
      }
    }

    try {
      return { data: (await this.refresh(key, entry, load)) as T, stale: false };
    } catch (error) {
      if (!this.isNotFound(error) && entry.good) return { data: entry.good.value as T, stale: true };
      throw error;
    }
  }

  /** One upstream call per key at a time; its outcome updates the entry. */
  private refresh(key: string, entry: Entry, load: () => Promise<unknown>): Promise<unknown> {
    entry.inflight ??= (async () => {
      try {
        const value = await load();
        entry.good = { value, at: this.now() };
        entry.notFound = undefined;
        entry.failing = false;
        return value;
      } catch (error) {
        if (this.isNotFound(error)) {
          // Gone upstream: forget the old value rather than serve it as stale content.
          entry.good = undefined;
          entry.notFound = { error, at: this.now() };
          entry.failing = false;
        } else {
          entry.failing = true;
        }
        throw error;
      } finally {
        entry.inflight = undefined;
        // The entry may have been evicted while loading: keep the fresh result if the key is free.
        const kept = Boolean(entry.good || entry.notFound);
        if (kept && !this.entries.has(key)) this.insert(key, entry);
        // Nothing worth keeping (a failed first read): free the slot.
        if (!kept && this.entries.get(key) === entry) this.entries.delete(key);
      }
    })();
    return entry.inflight;
  }

  /** The entry of `key` (created when missing), marked most recently used. */
  private touch(key: string): Entry {
    const existing = this.entries.get(key);
    if (existing) {
      this.entries.delete(key);
      this.entries.set(key, existing);
      return existing;
    }
    const entry: Entry = { failing: false };
    this.insert(key, entry);
    return entry;
  }

  private insert(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    while (this.entries.size > Math.max(1, this.options.maxEntries)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
