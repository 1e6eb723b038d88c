/**
 * Rendered pages kept in memory, served at static-file speed. src/server/document.ts finishes each
 * page once and offers it here (`keep`); a whole 200 or 404 page (not stale, no cookie) is kept
 * under its key with its headers (CSP hashes, ETag, Cache-Control), its bytes and their gzip and
 * brotli forms, compressed once. Pages carry no per-request nonce, so a kept page is exactly what
 * a new render would send. `serve` answers a request from a kept page before anything else runs,
 * with 304 for a fresh conditional GET.
 *
 * Pages depend only on content (cached for the same time) and definitions (fixed in production),
 * so a kept page is as fresh as a rendered one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { isFresh, notModifiedHeaders, type FinishedPage } from './document.ts';

export interface PageCacheOptions {
  /** Keep rendered pages this long (0: render every request). */
  ttlMs: number;
  /** At most this many kept pages (least recently used go first). */
  maxEntries: number;
  /**
   * The key a rendered page is kept under, or undefined to render without keeping. The site keys
   * on the path plus the query parameters its definition reads, so tracking parameters (utm_*,
   * gclid) neither render anew nor evict hot pages.
   */
  keyOf: (url: URL) => string | undefined;
}

interface KeptPage {
  status: number;
  etag?: string;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PageCache {
  /**
   * Answers from a kept page and returns true, or returns false (the request goes to the app).
   * It runs on the bare Node request, before Express: a kept page costs two map lookups.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps a finished page under the key of `url` (ignored when the cache is off or the URL has no key). */
  keep(url: string, page: FinishedPage): void;
  clear(): void;
}

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

export function createPageCache(options: PageCacheOptions): PageCache {
  const kept = options.ttlMs > 0 ? new LRUCache<string, KeptPage>({ max: options.maxEntries, ttl: options.ttlMs }) : undefined;
  // Request URL → page key ('' = not kept), so a hit costs no route matching.
  const keys = new LRUCache<string, string>({ max: 10_000 });
  const keyOf = (url: string): string | undefined => {
    let key = keys.get(url);
    if (key === undefined) {
      key = options.keyOf(new URL(url, 'http://site.local')) ?? '';
      keys.set(url, key);
    }
    return key || undefined;
  };
  return {
    serve(req, res) {
      if (!kept || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
      const key = keyOf(req.url);
      const page = key === undefined ? undefined : kept.get(key);
      if (!page) return false;
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
      const body = encoding ? page[encoding] : page.identity;
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.statusCode = page.status;
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
    keep(url, page) {
      const key = kept && keyOf(new URL(url).pathname + new URL(url).search);
      if (!kept || key === undefined) return;
      kept.set(key, {
        status: page.status,
        etag: page.headers.get('ETag') ?? undefined,
        headers: [...page.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding'),
        identity: page.body,
        gzip: gzipSync(page.body, { level: 6 }),
        br: brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      });
    },
    clear() {
      kept?.clear();
      keys.clear();
    },
  };
}
