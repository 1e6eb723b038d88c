/**
 * The document is finished here, once, for every server-rendered page (src/entry.server.tsx
 * calls it with React Router's complete HTML): critical CSS inlined and the scripts started after
 * the first paint (production), a hash-based strict Content-Security-Policy (each inline script's
 * SHA-256 and 'strict-dynamic': no per-request nonce, so every visitor gets byte-identical HTML),
 * Cache-Control by status, a strong ETag with 304 for a fresh conditional GET (`fresh`), and the
 * finished page offered to the page cache (./page-cache.ts) when it may be kept.
 */
import { createHash } from 'node:crypto';
import fresh from 'fresh';
import { paintFirst } from './paint-first.ts';
import { contentSecurityPolicy } from './security.ts';

export interface DocumentSettings {
  /** Production: inline the page's critical CSS (./critical-css.ts). */
  criticalCss?: (html: string) => string;
  /** Production: start the scripts after the first paint (./paint-first.ts). */
  paintFirst: boolean;
  /** Send the hash-based CSP (production; Vite's development client needs inline scripts). */
  csp: boolean;
  /** Origin of content images (the only image origin the CSP allows besides this site). */
  imageOrigin: string;
  /** Cache-Control of 200 pages. */
  cacheControl: string;
  /** Offered every finished 200 or 404 page that is whole (not stale, no cookie). */
  keep?: (url: string, page: FinishedPage) => void;
}

export interface FinishedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60';
// Inline classic or module scripts; JSON data blocks (ld+json) do not run and need no hash.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

function sha256(text: string | Buffer, encoding: 'base64' | 'base64url'): string {
  return createHash('sha256').update(text).digest(encoding);
}

/** The SHA-256 sources of every inline script of `html` that a browser would run, plus `started` code. */
export function scriptHashes(html: string, started: string[] = []): string[] {
  const codes = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes) && !/\btype="(?!module"|text\/javascript")[^"]*"/.test(attributes))
    .map(([, , code]) => code);
  return [...new Set([...codes, ...started])].map((code) => `'sha256-${sha256(code, 'base64')}'`);
}

export function etagOf(body: Buffer): string {
  return `"${sha256(body, 'base64url').slice(0, 32)}"`;
}

function cacheControlOf(status: number, settings: DocumentSettings): string {
  if (status === 200) return settings.cacheControl;
  if (status === 404) return NOT_FOUND_CACHE_CONTROL;
  return 'no-store';
}

/** Turns React Router's rendered HTML into the response every visitor of this page gets. */
export function finishDocument(request: Request, status: number, headers: Headers, rendered: string, settings: DocumentSettings): Response {
  let html = settings.criticalCss ? settings.criticalCss(rendered) : rendered;
  let started: string[] = [];
  if (settings.paintFirst) ({ html, started } = paintFirst(html));
  const body = Buffer.from(html);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', cacheControlOf(status, settings));
  if (settings.csp) headers.set('Content-Security-Policy', contentSecurityPolicy(scriptHashes(html, started), settings.imageOrigin));
  if (status === 200) headers.set('ETag', etagOf(body));
  const whole = !headers.has('X-Content-Stale') && !headers.has('Set-Cookie');
  if ((status === 200 || status === 404) && whole) settings.keep?.(request.url, { status, headers, body });
  if (status === 200 && isFresh(Object.fromEntries(request.headers), headers.get('ETag')))
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/** Whether a conditional GET may be answered 304 (If-None-Match, honouring Cache-Control: no-cache). */
export function isFresh(requestHeaders: Record<string, string | string[] | undefined>, etag: string | null | undefined): boolean {
  return Boolean(etag) && fresh(requestHeaders, { etag: etag ?? undefined });
}

/** A 304 repeats the validators and caching headers, never the body's type or length. */
export function notModifiedHeaders(headers: Headers): Headers {
  const out = new Headers(headers);
  out.delete('Content-Type');
  out.delete('Content-Length');
  return out;
}
