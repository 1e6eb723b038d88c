/**
 * Reads from the content service (SPEC §7). The Basic credential is added here and nowhere else;
 * this module is server-only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { config } from './config.ts';
import { ContentCache, type CacheRead } from './content-cache.ts';

export type ContentFailure = 'unreachable' | 'timeout' | 'status' | 'invalid-json';

export class ContentError extends Error {
  constructor(
    readonly kind: ContentFailure,
    readonly path: string,
    readonly status?: number,
  ) {
    super(
      kind === 'status'
        ? `content service answered ${status} for ${path}`
        : kind === 'timeout'
          ? `content service did not answer ${path} in time`
          : kind === 'invalid-json'
            ? `content service sent invalid JSON for ${path}`
            : `content service unreachable for ${path}`,
    );
    this.name = 'ContentError';
  }
  get notFound(): boolean {
    return this.kind === 'status' && this.status === 404;
  }
}

export function contentUrl(path: string, query?: URLSearchParams): string {
  const qs = query?.toString();
  return `${config().contentApiBase}${path}${qs ? `?${qs}` : ''}`;
}

/** One upstream read, bounded by CONTENT_TIMEOUT_MS. */
async function fetchUpstream(path: string, query?: URLSearchParams): Promise<unknown> {
  const { contentApiCredential, contentTimeoutMs } = config();
  const shown = `${path}${query?.toString() ? `?${query.toString()}` : ''}`;
  let response: Response;
  try {
    response = await fetch(contentUrl(path, query), {
      headers: { Authorization: `Basic ${Buffer.from(contentApiCredential).toString('base64')}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(contentTimeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new ContentError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', shown);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ContentError('status', shown, response.status);
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ContentError('invalid-json', shown);
  }
}

let cache: ContentCache | undefined;
const staleLoggedAt = new Map<string, number>();

function contentCache(): ContentCache {
  const cfg = config();
  cache ??= new ContentCache({
    ttlMs: cfg.contentCacheTtlMs,
    staleMs: cfg.contentCacheStaleMs,
    maxEntries: cfg.contentCacheMaxEntries,
    notFoundTtlMs: 5000,
    isNotFound: (error) => error instanceof ContentError && error.notFound,
    onBackgroundError: (key, error) => logStale(key, error),
  });
  return cache;
}

/** At most one log line per key and minute while the content service fails. */
function logStale(key: string, error: unknown) {
  const now = Date.now();
  if (now - (staleLoggedAt.get(key) ?? 0) < 60_000) return;
  if (staleLoggedAt.size > 1000) staleLoggedAt.clear();
  staleLoggedAt.set(key, now);
  console.warn(`[content] serving the last good ${key}: ${(error as Error).message}`);
}

const staleness = new AsyncLocalStorage<{ stale: boolean }>();

/** Runs `fn` and reports whether any content read inside it was served stale. */
export async function trackStaleness<T>(fn: () => Promise<T>): Promise<{ value: T; stale: boolean }> {
  const state = { stale: false };
  const value = await staleness.run(state, fn);
  return { value, stale: state.stale };
}

/** Marks the page being rendered as not fit to keep (a source it reads failed and was left out). */
export function markDegraded(): void {
  const state = staleness.getStore();
  if (state) state.stale = true;
}

/** A content read through the cache: `stale` is true when the service failed and the last good value is served. */
export async function readContent(path: string, query?: URLSearchParams): Promise<CacheRead> {
  const qs = query?.toString();
  const key = `${path}${qs ? `?${qs}` : ''}`;
  let failure: unknown;
  const result = await contentCache().get(key, () =>
    fetchUpstream(path, query).catch((error: unknown) => {
      failure = error;
      throw error;
    }),
  );
  if (result.stale) {
    const state = staleness.getStore();
    if (state) state.stale = true;
    if (failure) logStale(key, failure);
  }
  return result;
}

/** The content at `path` (cached; see ./content-cache.ts). Throws ContentError when it cannot be had. */
export async function fetchContent(path: string, query?: URLSearchParams): Promise<unknown> {
  return (await readContent(path, query)).data;
}

/** Empties the content cache (tests). */
export function clearContentCache(): void {
  cache?.clear();
}
