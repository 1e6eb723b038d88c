/**
 * What the page cache (./page-cache.ts) keeps a rendered page under: its key, from the same match
 * the page loader renders with. createSite hands pageKeys to the cache as its `keyOf`.
 */
import type { Definitions } from '../engine/definitions.server.ts';
import { urlFlags } from '../engine/url-flags.ts';
import type { PageKey } from './page-cache.ts';

/** What React Router answers with data, not a document: single fetch (`*.data`) and its route manifest (the default path). */
const DATA_REQUEST = /\.data$|^\/__manifest$/;

/**
 * The page cache's key of a URL (./page-cache.ts), from the same match the page loader renders
 * with (DefinitionIndex.match: declared values checked, ../engine/page-params.ts).
 *   - A page: its path plus the query parameters its definition reads, sorted; a request with any
 *     other parameter (utm_*, gclid…) is rendered but not kept.
 *   - Not found (an unknown path, a route value or declared query value that does not fit): one
 *     key per variant of the not-found page, whatever the path and query, so a flood of unknown
 *     URLs cannot evict a page. The not-found page depends on its URL only through the URL flags
 *     (../engine/url-flags.ts: its chrome marks product pages) as long as its definition reads
 *     no query parameter; otherwise, and for `/` (React Router's index route, not the splat),
 *     not-found answers are not kept. The site answers the not-found page from the cache only where
 *     React Router would render it, after its own routes (files, health, SEO, API), and never for
 *     React Router's data requests.
 */
export function pageKeys(definitions: Definitions): (url: URL) => PageKey | undefined {
  return (url) => {
    const index = definitions.current();
    const found = index.match(url.pathname, url.searchParams);
    if (found) {
      if ([...url.searchParams.keys()].some((name) => !found.declared.has(name))) return undefined;
      const kept = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
      return { key: `${url.pathname}?${new URLSearchParams(kept).toString()}`, route: found.route };
    }
    if (url.pathname === '/' || DATA_REQUEST.test(url.pathname) || (index.notFound && index.declared(index.notFound).size > 0))
      return undefined;
    return { key: `404 ${JSON.stringify(urlFlags(url.pathname))}`, notFound: true, route: 'not-found' };
  };
}
