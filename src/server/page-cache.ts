/**
 * Rendered pages kept in memory, served at static-file speed. src/server/document.ts finishes each
 * page once and offers it here (`keep`); a whole 200 or 404 page (not stale, no cookie) is kept
 * under its key with its headers (CSP hashes, ETag, Cache-Control), its bytes and their gzip and
 * brotli forms, each compressed once, when first asked for. Pages carry no per-request nonce, so a
 * kept page is exactly what a new render would send. `serve` answers a request from a kept page
 * before anything else runs, with 304 for a fresh conditional GET.
 *
 * Pages depend only on content (cached for the same time) and definitions (fixed in production),
 * so a kept page is as fresh as a rendered one.
 *
 * Keys. `serve` reads the raw request target and `keep` the URL React Router rendered, both through
 * ./request-url.ts, so they see the same path and query and a page is only ever kept under the key
 * of the URL it was rendered for. The site's key function gives every unknown URL one key per
 * variant of the not-found page (a 404 is kept only there, and a page there only when it is a 404).
 *
 * Admission. A page enters a small probation segment (a fifth of `maxEntries`); its first hit
 * there moves it to the main segment, unless the main segment is full and its least recently used
 * page has had more hits (then it stays in probation, hit after hit, until it has as many). A flood
 * of URLs each asked once (or twice) only churns probation: the pages visitors come back to stay.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { isFresh, notModifiedHeaders, type FinishedPage } from './document.ts';
import { requestUrl } from './request-url.ts';

/** Where a page is kept: its key, and whether only a not-found page (404) belongs there. */
export interface PageKey {
  key: string;
  notFound?: boolean;
  /** The route template of the pages kept here (logs and metrics label a hit with it). */
  route?: string;
}

export interface PageCacheOptions {
  /** Keep rendered pages this long (0: render every request). */
  ttlMs: number;
  /** At most this many kept pages (least recently used go first; at least 2). */
  maxEntries: number;
  /**
   * The key a page rendered for `url` is kept under, or undefined to render without keeping. The
   * site keys on the path plus the query parameters its definition reads, so tracking parameters
   * (utm_*, gclid) neither render anew nor evict hot pages, and every unknown URL on one key.
   */
  keyOf: (url: URL) => PageKey | undefined;
  /** Told of every request answered from a kept page, with its key (the server's logs and metrics). */
  onHit?: (key: PageKey) => void;
}

/** What the page cache holds, for operators and tests. */
export interface PageCacheStats {
  pages: number;
  /** Entries of the request-target → key memo and the characters they hold (targets and keys). */
  memo: { entries: number; chars: number };
}

interface KeptPage {
  status: number;
  etag?: string;
  headers: [string, string][];
  identity: Buffer;
  /** Compressed once, at its first request in that encoding (a page never asked for again costs nothing). */
  gzip?: Buffer;
  br?: Buffer;
  /** Times served since it was kept. */
  hits: number;
}

export interface PageCache {
  /**
   * Answers from a kept page and returns true, or returns false (the request goes to the app).
   * It runs on the bare Node request, before Express: a kept page costs two map lookups. The
   * not-found page is not answered here: the app's own routes (files, health, API) come first.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** The same for the not-found page: the site calls it where it would otherwise render one. */
  serveNotFound(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Keeps a finished page rendered for `url` (React Router's absolute request URL) under its key;
   * ignored when the cache is off, the URL has no key, or the status does not fit the key (a 404
   * only under a not-found key, and only a 404 there). True when the page was kept.
   */
  keep(url: string, page: FinishedPage): boolean;
  clear(): void;
  stats(): PageCacheStats;
}

/** Request targets longer than this are read anew on every request, never remembered. */
export const MEMO_TARGET_MAX = 1024;
/** The memo holds at most this many characters of targets and keys (~1 MB) and 10,000 entries. */
export const MEMO_MAX_CHARS = 1_000_000;

/** The encoding to send: brotli or gzip when accepted (a q of 0 refuses), else none. */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const NOT_KEPT: PageKey = { key: '' };

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const on = options.ttlMs > 0;
  const probationMax = Math.max(1, Math.floor(options.maxEntries / 5));
  const mainMax = Math.max(1, options.maxEntries - probationMax);
  const probation = new LRUCache<string, KeptPage>({ max: probationMax, ttl: Math.max(1, options.ttlMs) });
  const main = new LRUCache<string, KeptPage>({ max: mainMax, ttl: Math.max(1, options.ttlMs) });
  // Request target → page key (NOT_KEPT: none), so a hit costs no route matching. Bounded in
  // entries and characters; long targets are not remembered at all.
  const memo = new LRUCache<string, PageKey>({
    max: 10_000,
    maxSize: MEMO_MAX_CHARS,
    sizeCalculation: (key, target) => target.length + key.key.length + 1,
  });
  const keyOfTarget = (target: string): PageKey | undefined => {
    const remembered = memo.get(target);
    if (remembered !== undefined) return remembered === NOT_KEPT ? undefined : remembered;
    const url = requestUrl(target);
    const key = url ? options.keyOf(url) : undefined;
    if (target.length <= MEMO_TARGET_MAX) memo.set(target, key ?? NOT_KEPT);
    return key;
  };
  /** Moves a page hit in probation to the main segment, if it has had as many hits as the page it would push out. */
  const promote = (key: string, page: KeptPage) => {
    if (main.size >= mainMax) {
      const victim = main.rkeys().next();
      const pushed = victim.done ? undefined : main.peek(victim.value);
      if (pushed && pushed.hits > page.hits) return;
    }
    const ttl = probation.getRemainingTTL(key);
    probation.delete(key);
    if (ttl > 0) main.set(key, page, { ttl });
  };
  const find = (key: string): KeptPage | undefined => {
    let page = main.get(key);
    if (page) {
      page.hits += 1;
      return page;
    }
    page = probation.get(key);
    if (page) {
      page.hits += 1;
      promote(key, page);
    }
    return page;
  };
  const answer = (req: IncomingMessage, res: ServerResponse, notFound: boolean): boolean => {
    if (!on || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
    const key = keyOfTarget(req.url);
    const page = key && Boolean(key.notFound) === notFound && find(key.key);
    if (!page) return false;
    options.onHit?.(key);
    res.setHeader('X-Page-Cache', 'hit');
    res.setHeader('Vary', 'Accept-Encoding');
    if (page.status === 200 && isFresh(req.headers, page.etag)) {
      for (const [name, value] of notModifiedHeaders(new Headers(page.headers))) res.setHeader(name, value);
      res.statusCode = 304;
      res.end();
      return true;
    }
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = encoding ? (page[encoding] ??= compress(page.identity, encoding)) : page.identity;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.statusCode = page.status;
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
  return {
    serve: (req, res) => answer(req, res, false),
    serveNotFound: (req, res) => answer(req, res, true),
    keep(url, page) {
      if (!on) return false;
      let rendered: URL;
      try {
        rendered = new URL(url);
      } catch {
        return false;
      }
      // The rendered URL's path and query, read as a request target is (one reading for both).
      const key = keyOfTarget(rendered.pathname + rendered.search);
      if (!key || (page.status === 404) !== Boolean(key.notFound)) return false;
      const entry: KeptPage = {
        status: page.status,
        etag: page.headers.get('ETag') ?? undefined,
        headers: [...page.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding'),
        identity: page.body,
        hits: 0,
      };
      if (main.has(key.key)) main.set(key.key, entry);
      else probation.set(key.key, entry);
      return true;
    },
    clear() {
      main.clear();
      probation.clear();
      memo.clear();
    },
    stats() {
      return { pages: main.size + probation.size, memo: { entries: memo.size, chars: memo.calculatedSize } };
    },
  };
}
