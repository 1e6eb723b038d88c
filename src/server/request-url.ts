/**
 * The one reading of a request's URL, shared by everything that keys or renders a page.
 *
 * React Router renders the URL @react-router/express builds: the raw request target appended to
 * an origin, `new URL(`${req.protocol}://${host}${req.originalUrl}`)` (createRemixRequest). Read
 * that way, `//x/P` is the path `//x/P` (not the host `x`), a `\` is a `/`, dot segments (also
 * `%2e`) are resolved and other characters are percent-encoded. `requestUrl` reads a target in
 * exactly that way (appended to a fixed origin: the Host never changes the path), so the page
 * cache's key (./page-cache.ts) and the page React Router renders always come from the same path
 * and query. Resolving the target *against* a base instead (`new URL(target, base)`) reads `//x/P`
 * as host `x`, path `/P`: that is how a 404 came to be kept under `/`.
 *
 * `screenRequest` answers, before the page cache or the app look at it, what cannot be read:
 *   - a target that is not a path (`*`, `http://host/x`, `x`): 400. React Router would append it
 *     to the origin (`http://hosthttp://…`) and fail with a 500.
 *   - a path with an empty segment (`//`, `//x/P`, `/\x/P`, `///x/P`, `/blog//`): a permanent
 *     redirect to the same path with the empty segments dropped (`//x/P` → `/x/P`, `//` → `/`).
 *     No page lives at such a path: React Router would match `//` to the home page and `/blog//`
 *     to the blog, and a page rendered there builds its links from that path (`//?page=2` is a
 *     link to another host). A doubled slash is the commonest broken link (a base URL joined to
 *     a path), so the visitor is sent where the link meant to go instead of to a 404; the
 *     redirect costs no render, is never kept, and its Location always starts with exactly one
 *     `/` (backslashes already read as `/`), so it can never point to another host.
 *   - an empty Host (`Host:` with no value): 400, the client's mistake as a Host no URL can hold
 *     is (answered 400 by the site's error handler). React Router builds its request URL from the
 *     Host and fails on an empty one with a TypeError: a 500 and a stack trace in the log per
 *     request. A missing Host (HTTP/1.0 may leave it out) is read as `localhost` by the site.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nameRoute } from './observe/requests.ts';

/** The fixed origin targets are appended to: only the path and query of the result are read. */
export const REQUEST_ORIGIN = 'http://site.local';

/** The URL React Router renders for a raw request target, or undefined when the target is no path. */
export function requestUrl(target: string): URL | undefined {
  if (!target.startsWith('/')) return undefined;
  try {
    return new URL(REQUEST_ORIGIN + target);
  } catch {
    return undefined;
  }
}

export type Screened = { status: 400 } | { status: 301 | 308; location: string } | undefined;

/** What to answer before anything else reads the request (`host`: its Host header, undefined when it has none); undefined: go on. */
export function screenRequest(method: string | undefined, target: string | undefined, host?: string): Screened {
  const url = target === undefined ? undefined : requestUrl(target);
  if (!url || host === '') return { status: 400 };
  if (!url.pathname.includes('//')) return undefined;
  // 308 keeps the method and body of a form post; GET and HEAD get the classic 301.
  return { status: method === 'GET' || method === 'HEAD' ? 301 : 308, location: url.pathname.replace(/\/{2,}/g, '/') + url.search };
}

/**
 * The answer to a request no part of the site can read (./request-url.ts): 400 (a target that is
 * no path, an empty Host), or a redirect to its path without empty segments.
 */
export function answerUnreadable(req: IncomingMessage, res: ServerResponse): boolean {
  const screened = screenRequest(req.method, req.url, req.headers.host);
  if (!screened) return false;
  nameRoute('unreadable');
  res.statusCode = screened.status;
  res.setHeader('Cache-Control', screened.status === 400 ? 'no-store' : 'public, max-age=3600');
  if ('location' in screened) res.setHeader('Location', screened.location);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(req.method === 'HEAD' ? undefined : screened.status === 400 ? 'Bad Request' : `Redirecting to ${screened.location}`);
  return true;
}
