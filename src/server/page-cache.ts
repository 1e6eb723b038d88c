/**
 * HTTP caching of server-rendered pages, for a CDN in front: Cache-Control by status and a strong
 * ETag (with 304 for a matching If-None-Match). Only GET responses that turn out to be HTML are
 * buffered (pages are small); everything else (data requests, assets, API) streams untouched.
 *
 * Each page carries the request's CSP nonce (./security.ts), so the ETag is computed over the
 * body with the nonce replaced by a placeholder: identical content gives an identical ETag.
 *
 * With `renderTtlMs`, finished pages (200 and 404, not stale) are also kept in memory per URL for
 * that long, nonce masked, and served again with the new request's nonce: rendering costs ~20 ms
 * of CPU, serving a kept page well under one. Pages depend only on content (cached for the same
 * time) and definitions (fixed in production), so a kept page is as fresh as a rendered one.
 */
import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

export interface PageCacheOptions {
  /** Cache-Control of 200 pages. */
  cacheControl: string;
  notFoundCacheControl?: string;
  /** Rewrites each finished HTML document once, before its ETag is computed. */
  transform?: (html: string) => string;
  /** Keep rendered pages this long (0 or absent: render every request). */
  renderTtlMs?: number;
  /** At most this many kept pages (least recently used go first). */
  renderMaxEntries?: number;
  /**
   * The key a rendered page is kept under, or undefined to render without keeping (default: the
   * whole URL). The site keys on the path plus the query parameters its definition reads, so
   * tracking parameters (utm_*, gclid) neither render anew nor evict hot pages.
   */
  keyOf?: (url: URL) => string | undefined;
}

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

interface KeptPage {
  status: number;
  /** Body with the nonce masked. */
  body: string;
  contentType: string;
  expires: number;
}

type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: unknown): Buffer {
  return typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : Buffer.from(chunk);
}

export function pageETag(body: Buffer, nonce: string | undefined): string {
  const text = body.toString('utf8');
  const normalized = nonce ? text.split(nonce).join(NONCE_PLACEHOLDER) : text;
  return `"${createHash('sha256').update(normalized).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function pageCaching(options: PageCacheOptions): RequestHandler {
  const notFound = options.notFoundCacheControl ?? 'public, max-age=60';
  const ttl = options.renderTtlMs ?? 0;
  const maxEntries = options.renderMaxEntries ?? 500;
  const kept = new Map<string, KeptPage>();
  return (req, res, next) => {
    if (req.method !== 'GET') {
      next();
      return;
    }
    const key = options.keyOf ? options.keyOf(new URL(req.originalUrl, 'http://site.local')) : req.originalUrl;
    const nonce = res.locals.cspNonce as string | undefined;
    const hit = ttl > 0 && key !== undefined ? kept.get(key) : undefined;
    if (hit && key !== undefined && hit.expires > Date.now()) {
      // Most recently used last, so the oldest entry is the first to go.
      kept.delete(key);
      kept.set(key, hit);
      res.statusCode = hit.status;
      res.setHeader('Content-Type', hit.contentType);
      res.setHeader('X-Page-Cache', 'hit');
      const body = nonce ? hit.body.split(NONCE_PLACEHOLDER).join(nonce) : hit.body;
      respond(Buffer.from(body), res.end.bind(res) as (...args: unknown[]) => Response);
      return;
    }
    if (hit && key !== undefined) kept.delete(key);

    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const chunks: Buffer[] = [];
    let buffering: boolean | undefined;
    const isHtml = () => (buffering ??= /^text\/html\b/i.test(String(res.getHeader('Content-Type') ?? '')));

    const finish = (callback?: () => void) => {
      const buffered = Buffer.concat(chunks);
      const body = options.transform ? Buffer.from(options.transform(buffered.toString('utf8'))) : buffered;
      const status = res.statusCode;
      if (
        ttl > 0 &&
        key !== undefined &&
        (status === 200 || status === 404) &&
        !res.getHeader('X-Content-Stale') &&
        !res.getHeader('Set-Cookie')
      ) {
        const text = body.toString('utf8');
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        kept.set(key, {
          status,
          body: nonce ? text.split(nonce).join(NONCE_PLACEHOLDER) : text,
          contentType: String(res.getHeader('Content-Type')),
          expires: Date.now() + ttl,
        });
      }
      return respond(body, end, callback);
    };

    function respond(body: Buffer, end: (...args: unknown[]) => Response, callback?: () => void) {
      const status = res.statusCode;
      if (status >= 500) res.setHeader('Cache-Control', 'no-store');
      else if (status === 404) res.setHeader('Cache-Control', notFound);
      else if (status === 200) {
        res.setHeader('Cache-Control', options.cacheControl);
        const etag = pageETag(body, res.locals.cspNonce as string | undefined);
        res.setHeader('ETag', etag);
        if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
          res.statusCode = 304;
          res.removeHeader('Content-Type');
          res.removeHeader('Content-Length');
          // The browser reuses its cached body, whose scripts carry the nonce of the first
          // response: a 304 must not replace that response's CSP with this request's nonce.
          res.removeHeader('Content-Security-Policy');
          return end(callback);
        }
      }
      res.setHeader('Content-Length', body.length);
      return end(body, callback);
    }

    res.write = function (chunk: Chunk, encoding?: unknown, callback?: unknown) {
      if (!isHtml()) return write(chunk, encoding, callback);
      chunks.push(toBuffer(chunk, encoding));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done as () => void);
      return true;
    } as Response['write'];

    res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!isHtml()) return end(chunk, encoding, callback);
      let done: unknown = callback;
      if (typeof chunk === 'function') done = chunk;
      else {
        if (typeof encoding === 'function') done = encoding;
        if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk as Chunk, encoding));
      }
      return finish(typeof done === 'function' ? (done as () => void) : undefined);
    } as Response['end'];

    next();
  };
}
