/**
 * The document is finished here, once, for every server-rendered page (src/entry.server.tsx
 * calls it with React Router's complete HTML): critical CSS inlined and the scripts started after
 * the first paint (production), a hash-based strict Content-Security-Policy (the SHA-256 of each
 * inline script the server emits, and 'strict-dynamic': no nonce is sent, so every visitor gets
 * byte-identical HTML),
 * Cache-Control by status (`no-store` for a page made with stale or missing content), a strong ETag with 304 for a fresh conditional GET (`fresh`), and the
 * finished page offered to the page cache (./page-cache.ts) when it may be kept.
 */
import { createHash, randomBytes } from 'node:crypto';
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
  /**
   * The site's design tokens as CSS (site.config.json `theme`, ../engine/theme.ts), set in a
   * <style> at the end of <head>, after the stylesheet: the server's alone, so the browser bundle
   * carries no theme.
   */
  themeCss?: () => string;
  /** Cache-Control of whole 200 pages (not of stale ones: no-store). */
  cacheControl: string;
  /** Offered every finished 200 or 404 page of a GET or HEAD that is whole (not stale, no cookie), with the URL it was rendered for. */
  keep?: (url: string, page: FinishedPage) => boolean;
  /** Told how each finished page stands with the page cache: kept (`miss`), `stale` (not kept: content failed), or `bypass` (not keepable). */
  onFinished?: (outcome: 'miss' | 'stale' | 'bypass') => void;
}

export interface FinishedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60';
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

function sha256(text: string | Buffer, encoding: 'base64' | 'base64url'): string {
  return createHash('sha256').update(text).digest(encoding);
}

/**
 * A mark for one render: entry.server.tsx hands it to React Router and React as their nonce, so
 * every inline script they emit (hydration data, the route bootstrap) carries it, and no other
 * script can (it is random and never sent: finishDocument removes it). Only marked scripts are
 * hashed into the policy: an inline script that came with content HTML is not the server's own
 * and stays blocked.
 */
export function scriptMark(): string {
  return randomBytes(18).toString('base64url');
}

/** Inline scripts a browser runs: no src, classic or module (JSON data blocks such as ld+json do not run). */
function runnableInlineScripts(html: string): { attributes: string; code: string }[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map(([, attributes, code]) => ({ attributes, code }))
    .filter(({ attributes }) => !/\bsrc=/.test(attributes) && !/\btype="(?!module"|text\/javascript")[^"]*"/.test(attributes));
}

/** The code of each runnable inline script of `html` that carries `mark` as its nonce. */
export function ownScripts(html: string, mark: string): string[] {
  const nonce = ` nonce="${mark}"`;
  return runnableInlineScripts(html)
    .filter(({ attributes }) => attributes.includes(nonce))
    .map(({ code }) => code);
}

/** The CSP sources of `codes`: one SHA-256 each. */
export function scriptHashes(codes: string[]): string[] {
  return [...new Set(codes)].map((code) => `'sha256-${sha256(code, 'base64')}'`);
}

export function etagOf(body: Buffer): string {
  return `"${sha256(body, 'base64url').slice(0, 32)}"`;
}

/** One render: its script mark (scriptMark()), and whether its page was made with content served stale or left out. */
export interface RenderFacts {
  mark: string;
  stale: boolean;
}

/**
 * `stale`: the page was made with content served stale or left out after a failed read (the page
 * loader's report). The page cache refuses such a page, and so must every other cache: under
 * PAGE_CACHE_CONTROL a CDN would go on serving the degraded page for s-maxage plus
 * stale-while-revalidate (six minutes by default) after the content service is back. No-store
 * makes the next request render again, as it does on this server.
 */
function cacheControlOf(status: number, stale: boolean, settings: DocumentSettings): string {
  if (stale) return 'no-store';
  if (status === 200) return settings.cacheControl;
  if (status === 404) return NOT_FOUND_CACHE_CONTROL;
  return 'no-store';
}

/**
 * Turns React Router's rendered HTML into the response every visitor of this page gets. `mark` is
 * the render's scriptMark(): the scripts carrying it are the server's own. A stale page is marked
 * here, once: `X-Content-Stale: 1`.
 */
export function finishDocument(
  request: Request,
  status: number,
  headers: Headers,
  rendered: string,
  settings: DocumentSettings,
  { mark, stale }: RenderFacts,
): Response {
  const own = ownScripts(rendered, mark);
  let html = rendered.replaceAll(` nonce="${mark}"`, '');
  if (settings.criticalCss) html = settings.criticalCss(html);
  const theme = settings.themeCss?.();
  if (theme) html = html.replace('</head>', () => `<style>${theme}</style></head>`);
  let started: string[] = [];
  const painted = settings.paintFirst ? paintFirst(html) : undefined;
  // Only the server's own bootstrap is started after the first paint (never a lookalike that came with content).
  if (painted && painted.started.every((code) => own.includes(code))) {
    const before = new Set(runnableInlineScripts(html).map(({ code }) => code));
    ({ html, started } = painted);
    // The starter put in place of the bootstrap is the server's own too.
    own.push(...runnableInlineScripts(html).flatMap(({ code }) => (before.has(code) ? [] : [code])));
  }
  const body = Buffer.from(html);
  if (stale) headers.set('X-Content-Stale', '1');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', cacheControlOf(status, stale, settings));
  if (settings.csp) headers.set('Content-Security-Policy', contentSecurityPolicy(scriptHashes([...own, ...started]), settings.imageOrigin));
  if (status === 200) headers.set('ETag', etagOf(body));
  const whole = !stale && !headers.has('Set-Cookie');
  const read = request.method === 'GET' || request.method === 'HEAD';
  const kept = (status === 200 || status === 404) && whole && read && settings.keep?.(request.url, { status, headers, body });
  settings.onFinished?.(kept ? 'miss' : stale ? 'stale' : 'bypass');
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
