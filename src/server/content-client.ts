/**
 * Reads from the content service (SPEC §7). The Basic credential is added here and nowhere else;
 * this module is server-only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import contract from '../../schemas/content/contract.json' with { type: 'json' };
import { config } from './config.ts';
import { ContentCache, type CacheRead } from './content-cache.ts';
import { ContractPaths } from './contract-paths.ts';

/** The only paths the credential may be sent to: the GET endpoints of the content contract. */
const contractPaths = new ContractPaths(
  (contract as { endpoints: { path: string; method?: string; query?: Record<string, string> }[] }).endpoints,
);

/** Largest content answer read (bytes): a broken or hostile upstream cannot exhaust memory. */
export const MAX_CONTENT_BYTES = 5 * 1024 * 1024;

export type ContentFailure = 'unreachable' | 'timeout' | 'status' | 'invalid-json' | 'too-large';

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
            : kind === 'too-large'
              ? `content service answer for ${path} is larger than ${MAX_CONTENT_BYTES} bytes`
              : `content service unreachable for ${path}`,
    );
    this.name = 'ContentError';
  }
  get notFound(): boolean {
    return this.kind === 'status' && this.status === 404;
  }
}

/** The one status a content failure maps to, everywhere: 404 not there, 503 not reachable in time, 502 a bad answer. */
export function statusOf(error: ContentError): 404 | 502 | 503 {
  if (error.notFound) return 404;
  return error.kind === 'unreachable' || error.kind === 'timeout' ? 503 : 502;
}

export function contentUrl(path: string, query?: URLSearchParams): string {
  const qs = query?.toString();
  return `${config().contentApiBase}${path}${qs ? `?${qs}` : ''}`;
}

/** The body as text, refused past MAX_CONTENT_BYTES (announced or streamed). */
async function limitedText(response: Response, shown: string): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_CONTENT_BYTES) {
    await response.body?.cancel();
    throw new ContentError('too-large', shown);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > MAX_CONTENT_BYTES) {
      await reader?.cancel();
      throw new ContentError('too-large', shown);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One upstream read of a checked contract path, bounded by CONTENT_TIMEOUT_MS. */
async function fetchUpstream(path: string, query?: URLSearchParams): Promise<unknown> {
  const { contentApiBase, contentApiCredential, contentTimeoutMs } = config();
  const shown = `${path}${query?.toString() ? `?${query.toString()}` : ''}`;
  const url = contentUrl(path, query);
  // Nothing may have been normalized away between the checked path and the request (dots, backslashes).
  if (new URL(url).pathname !== `${new URL(contentApiBase).pathname.replace(/\/$/, '')}${path}`) {
    throw new ContentError('status', shown, 404);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Basic ${Buffer.from(contentApiCredential).toString('base64')}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(contentTimeoutMs),
      // A redirect would carry the credential's answer from somewhere else: the contract has none.
      redirect: 'error',
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new ContentError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', shown);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ContentError('status', shown, response.status);
  }
  const text = await limitedText(response, shown);
  try {
    return JSON.parse(text) as unknown;
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

/**
 * A content read through the cache: `stale` is true when the service failed and the last good value
 * is served. `rawPath` may come from a visitor: only a path of the content contract is read (its
 * parameters decoded once and checked), with only the query parameters that endpoint declares;
 * anything else is a 404 without any upstream request.
 */
export async function readContent(rawPath: string, rawQuery?: URLSearchParams): Promise<CacheRead> {
  const match = contractPaths.match(rawPath);
  if (!match) throw new ContentError('status', rawPath, 404);
  const path = match.path;
  const query = contractPaths.query(match, rawQuery ?? new URLSearchParams());
  const qs = query.toString();
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

/** One uncached read of a contract path (readiness checks): the time it took, or the failure. */
export async function probeContent(rawPath: string): Promise<{ ok: true; ms: number } | { ok: false; ms: number; error: string }> {
  const started = Date.now();
  const match = contractPaths.match(rawPath);
  if (!match) return { ok: false, ms: 0, error: `${rawPath} is not a contract path` };
  try {
    await fetchUpstream(match.path);
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: (error as Error).message };
  }
}

/** The content at `path` (cached; see ./content-cache.ts). Throws ContentError when it cannot be had. */
export async function fetchContent(path: string, query?: URLSearchParams): Promise<unknown> {
  return (await readContent(path, query)).data;
}

/** Empties the content cache (tests). */
export function clearContentCache(): void {
  cache?.clear();
}
