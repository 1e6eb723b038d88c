/**
 * Reads from the content service (SPEC §7), server-only. The Basic credential goes with the reads
 * here, to the contract's GET endpoints only, and with the form posts of the outbox worker
 * (./outbox/worker.ts); nothing else sends it. createContentClient (one per site, ./site.ts) takes its settings
 * and, for tests, its fetch.
 */
import { LRUCache } from 'lru-cache';
import { contentContract } from './content-contract.ts';
import { ContentCache, type CacheRead } from './content-cache.ts';
import { ContractPaths } from './contract-paths.ts';

/** The only paths the credential may be sent to: the GET endpoints of the content contract. */
const endpoints = contentContract.endpoints;

/** Largest content answer read (bytes): a broken or hostile upstream cannot exhaust memory. */
export const MAX_CONTENT_BYTES = 5 * 1024 * 1024;

/** Deepest nesting of objects and lists accepted in a content answer (the sample's deepest is 5). */
export const MAX_CONTENT_DEPTH = 64;

/** Seconds a 503 or 502 for a content failure asks clients to wait before trying again (pages and /api). */
export const RETRY_AFTER_SECONDS = 30;

export type ContentFailure = 'unreachable' | 'timeout' | 'status' | 'invalid-json' | 'too-large';

export class ContentError extends Error {
  constructor(
    readonly kind: ContentFailure,
    readonly path: string,
    readonly status?: number,
    /** What was wrong with an answer, when the kind alone does not say (e.g. "is null, not an object"). */
    detail?: string,
  ) {
    super(
      kind === 'status'
        ? `content service answered ${status} for ${path}`
        : kind === 'timeout'
          ? `content service did not answer ${path} in time`
          : kind === 'invalid-json'
            ? `content service sent invalid JSON for ${path}${detail ? `: it ${detail}` : ''}`
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

/** The body as text, refused past MAX_CONTENT_BYTES (announced or streamed). */
async function limitedText(response: Response, shown: string): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_CONTENT_BYTES) {
    void response.body?.cancel().catch(() => undefined);
    throw new ContentError('too-large', shown);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > MAX_CONTENT_BYTES) {
      void reader?.cancel().catch(() => undefined);
      throw new ContentError('too-large', shown);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * How deeply a JSON text nests (objects and lists), counted without parsing, stopping as soon as
 * it passes `limit`: nothing downstream (JSON.stringify for /api, the bindings, the prop
 * transforms) ever walks an answer deeper than MAX_CONTENT_DEPTH.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The JSON object of a content answer; anything else (not JSON, nested absurdly deep, not an object) is a bad answer. */
function parseAnswer(text: string, shown: string): Record<string, unknown> {
  if (nestsDeeperThan(text, MAX_CONTENT_DEPTH))
    throw new ContentError('invalid-json', shown, undefined, `nests deeper than ${MAX_CONTENT_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ContentError('invalid-json', shown);
  }
  // Every answer of the content contract is a JSON object (schemas/content/).
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ContentError(
      'invalid-json',
      shown,
      undefined,
      `is ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}, not an object`,
    );
  return value as Record<string, unknown>;
}

export interface ContentClientOptions {
  baseUrl: string;
  /** "user:password" of the Basic credential. */
  credential: string;
  timeoutMs: number;
  cacheTtlMs: number;
  cacheStaleMs: number;
  cacheMaxEntries: number;
  /** The brand of site.config.json: `{brand}` of the contract's paths (/api/page/why-{brand}). Asked on every read (development re-reads the site config). */
  brand: () => string;
  /** Injectable for tests. */
  fetch?: typeof globalThis.fetch;
  log?: (line: string) => void;
  /**
   * Headers sent with each upstream read besides the credential (the server's request id and
   * trace context of the request that caused it).
   */
  headers?: () => Record<string, string>;
  /** Called once per read (`read`, `fetch`), with its contract endpoint, outcome and duration (ms): the server's metrics and logs. */
  onRead?: (endpoint: string, outcome: ReadOutcome, ms: number) => void;
  /**
   * Runs each read, and each request it makes to the content service, inside whatever the server
   * wraps them in (its trace spans: `headers` is called inside them). Absent: run as they are.
   */
  trace?: ReadTracer;
}

/** What the server's traces wrap: a read of a contract endpoint (cache included), and an upstream request. */
export interface ReadTracer {
  read<T>(endpoint: string, run: () => Promise<T>): Promise<T>;
  /** The read's outcome, told inside `read` once it is known. */
  outcome(outcome: ReadOutcome): void;
  upstream<T>(endpoint: string, run: () => Promise<T>): Promise<T>;
}

/** How a read was answered: from the cache, upstream, the last good value while the service fails, not found, or not at all. */
export type ReadOutcome = 'hit' | 'miss' | 'stale' | 'not_found' | 'error';

export interface ContentClient {
  /**
   * A content read through the cache: `stale` is true when the service failed and the last good
   * value is served. `rawPath` may come from a visitor: only a path of the content contract is read
   * (its parameters decoded once and checked), with only the query parameters that endpoint
   * declares; anything else is a 404 without any upstream request.
   */
  read(rawPath: string, rawQuery?: URLSearchParams): Promise<CacheRead>;
  /** The content at `path` (cached). Throws ContentError when it cannot be had. */
  fetch(path: string, query?: URLSearchParams): Promise<unknown>;
  /** One uncached read of a contract path (readiness checks): the time it took, or the failure. */
  probe(rawPath: string): Promise<{ ok: true; ms: number } | { ok: false; ms: number; error: string }>;
  /** Empties the cache (tests). */
  clear(): void;
}

export function createContentClient(options: ContentClientOptions): ContentClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const log = options.log ?? ((line: string) => console.warn(line));
  const authorization = `Basic ${Buffer.from(options.credential).toString('base64')}`;
  const basePath = new URL(options.baseUrl).pathname.replace(/\/$/, '');
  /** At most one log line per key and minute while the content service fails. */
  const staleLogged = new LRUCache<string, true>({ max: 1000, ttl: 60_000 });
  let contractPaths = new ContractPaths(endpoints, options.brand());
  /** The contract's matcher for the current brand (made again only when the brand changed). */
  const paths = () => {
    const brand = options.brand();
    if (contractPaths.brand !== brand) contractPaths = new ContractPaths(endpoints, brand);
    return contractPaths;
  };

  function logStale(key: string, error: unknown) {
    if (staleLogged.has(key)) return;
    staleLogged.set(key, true);
    log(`[content] serving the last good ${key}: ${(error as Error).message}`);
  }

  /** One upstream read of a checked contract path, bounded by the timeout. */
  async function upstream(path: string, query?: URLSearchParams): Promise<unknown> {
    const qs = query?.toString();
    const shown = `${path}${qs ? `?${qs}` : ''}`;
    const url = `${options.baseUrl}${shown}`;
    // Nothing may have been normalized away between the checked path and the request (dots, backslashes).
    if (new URL(url).pathname !== `${basePath}${path}`) throw new ContentError('status', shown, 404);
    // One deadline for the whole read, headers and body: a service that sends its headers and then
    // stalls or drips the body is as slow as one that never answers.
    const controller = new AbortController();
    const signal = controller.signal;
    // The deadline settles the read itself, whatever the transport does with the abort: a body
    // reader that never settles would otherwise hold this read, and every read of the same key
    // waiting on it in the cache, for ever.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort(new DOMException('content read deadline', 'TimeoutError'));
        reject(new ContentError('timeout', shown));
      }, options.timeoutMs);
    });
    deadline.catch(() => undefined);
    try {
      return await Promise.race([readWithin(signal, url, shown), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The read of `url` under `signal` (aborted at the deadline). */
  async function readWithin(signal: AbortSignal, url: string, shown: string): Promise<unknown> {
    const failed = (error: unknown): ContentError => {
      if (error instanceof ContentError) return error;
      // Refused, reset (also mid-body), a redirect: no answer to use.
      return new ContentError(signal.aborted ? 'timeout' : 'unreachable', shown);
    };
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { ...options.headers?.(), Authorization: authorization, Accept: 'application/json' },
        signal,
        // A redirect would carry the credential's answer from somewhere else: the contract has none.
        redirect: 'error',
      });
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      throw new ContentError('status', shown, response.status);
    }
    let text: string;
    try {
      text = await limitedText(response, shown);
    } catch (error) {
      throw failed(error);
    }
    return parseAnswer(text, shown);
  }

  const cache = new ContentCache({
    ttlMs: options.cacheTtlMs,
    staleMs: options.cacheStaleMs,
    maxEntries: options.cacheMaxEntries,
    notFoundTtlMs: 5000,
    isNotFound: (error) => error instanceof ContentError && error.notFound,
    onBackgroundError: logStale,
  });

  const trace = options.trace;

  async function read(rawPath: string, rawQuery?: URLSearchParams): Promise<CacheRead> {
    const contract = paths();
    const match = contract.match(rawPath);
    if (!match) throw new ContentError('status', rawPath, 404);
    const query = contract.query(match, rawQuery ?? new URLSearchParams());
    return trace ? trace.read(match.endpoint, () => readMatched(match, query)) : readMatched(match, query);
  }

  async function readMatched(match: { endpoint: string; path: string }, query: URLSearchParams): Promise<CacheRead> {
    const qs = query.toString();
    const key = `${match.path}${qs ? `?${qs}` : ''}`;
    const started = performance.now();
    let failure: unknown;
    let asked = false;
    let result: CacheRead;
    try {
      result = await cache.get(key, () => {
        asked = true;
        return (trace ? trace.upstream(match.endpoint, () => upstream(match.path, query)) : upstream(match.path, query)).catch(
          (error: unknown) => {
            failure = error;
            throw error;
          },
        );
      });
    } catch (error) {
      const outcome = error instanceof ContentError && error.notFound ? 'not_found' : 'error';
      options.onRead?.(match.endpoint, outcome, performance.now() - started);
      trace?.outcome(outcome);
      throw error;
    }
    const outcome = result.stale ? 'stale' : asked ? 'miss' : 'hit';
    options.onRead?.(match.endpoint, outcome, performance.now() - started);
    trace?.outcome(outcome);
    if (result.stale && failure) logStale(key, failure);
    return result;
  }

  return {
    read,
    fetch: async (path, query) => (await read(path, query)).data,
    async probe(rawPath) {
      const started = Date.now();
      const match = paths().match(rawPath);
      if (!match) return { ok: false, ms: 0, error: `${rawPath} is not a contract path` };
      try {
        await (trace ? trace.upstream(match.endpoint, () => upstream(match.path)) : upstream(match.path));
        return { ok: true, ms: Date.now() - started };
      } catch (error) {
        return { ok: false, ms: Date.now() - started, error: (error as Error).message };
      }
    },
    clear: () => cache.clear(),
  };
}
