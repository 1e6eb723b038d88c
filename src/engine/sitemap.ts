/**
 * The paths of a site for its sitemap: every route of every definition, routes without parameters
 * as they are, parameterised routes filled from the content lists their definitions declare under
 * "sitemap" (source, list path, parameter fields, and for a paged list its page count and the
 * query parameter the content service reads a page number from). Also the page editor's preview
 * URL of a parameterised page (its list's first entry). No HTTP here: src/server/seo.ts answers
 * /sitemap.xml with these paths.
 */
import type { SitemapSpec } from '../generated/page-definition.ts';
import type { PageDefinition } from './validate/types.ts';

/** A content read (cached, contract-checked); throws ContentError when it cannot be had. */
export type ReadContent = (path: string, query: URLSearchParams) => Promise<unknown>;

/** Upper bound of list pages read per definition, so a wrong last_page cannot make the sitemap read forever. */
const MAX_PAGES = 100;

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

const hasParams = (route: string) => /[:*]/.test(route);

/** Fills a route's parameters from one list entry; undefined when a value is missing. Also the page editor's preview URL. */
export function fillRoute(route: string, spec: SitemapSpec, entry: unknown): string | undefined {
  let missing = false;
  const path = route.replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, (_m, name: string) => {
    const field = spec.params[name];
    const value = field === undefined ? undefined : at(entry, field);
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing || path.includes('*') ? undefined : path;
}

/** The entries of a sitemap list, over at most `maxPages` pages (the editor previews from the first). */
export async function listEntries(spec: SitemapSpec, fetchContent: ReadContent, maxPages = MAX_PAGES): Promise<unknown[]> {
  const query = (page?: number) => {
    const q = new URLSearchParams(Object.entries(spec.source.query ?? {}).map(([k, v]) => [k, String(v)]));
    if (page !== undefined && spec.pageParam) q.set(spec.pageParam, String(page));
    return q;
  };
  const first = await fetchContent(spec.source.path, query(spec.pages ? 1 : undefined));
  const list = (page: unknown) => (Array.isArray(at(page, spec.each)) ? (at(page, spec.each) as unknown[]) : []);
  const entries = [...list(first)];
  // Paged only as the definition says (the schema requires pageParam with pages): the engine knows no parameter name.
  if (!spec.pages || !spec.pageParam) return entries;
  const count = Number(at(first, spec.pages));
  if (Number.isInteger(count) && count >= 1) {
    const last = Math.min(count, maxPages);
    const rest = await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_v, i) => fetchContent(spec.source.path, query(i + 2))));
    for (const page of rest) entries.push(...list(page));
    return entries;
  }
  // The list response says nothing about pages (SPEC names only its data): read on while pages come back full.
  const size = entries.length;
  for (let page = 2, got = size; size > 0 && got === size && page <= maxPages; page++) {
    const next = list(await fetchContent(spec.source.path, query(page)));
    got = next.length;
    entries.push(...next);
  }
  return entries;
}

async function definitionPaths(definition: PageDefinition, read: ReadContent): Promise<string[]> {
  const fixed = definition.routes.filter((route) => !hasParams(route));
  const parameterised = definition.routes.filter(hasParams);
  if (!parameterised.length || !definition.sitemap) return fixed;
  const spec = definition.sitemap;
  const entries = await listEntries(spec, read);
  const filled = parameterised.flatMap((route) =>
    entries.map((entry) => fillRoute(route, spec, entry)).filter((p): p is string => Boolean(p)),
  );
  return [...fixed, ...filled];
}

/** Every path of the site, in definition order, without duplicates. */
export async function sitemapPaths(definitions: PageDefinition[], read: ReadContent): Promise<string[]> {
  const lists = await Promise.all(definitions.filter((d) => !d.notFound).map((d) => definitionPaths(d, read)));
  return [...new Set(lists.flat())];
}
