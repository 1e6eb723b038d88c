/**
 * GET /robots.txt and GET /sitemap.xml. The sitemap lists every route of every definition: routes
 * without parameters as they are, parameterised routes expanded from the content lists their
 * definition declares under "sitemap" (source, list path, parameter fields, optional page count).
 * Absolute URLs use SITE_ORIGIN.
 */
import { Router, type Request, type Response } from 'express';
import type { SitemapSpec } from '../generated/page-definition.ts';
import type { PageDefinition } from '../engine/validate/types.ts';
import { ContentError, RETRY_AFTER_SECONDS, statusOf } from '../engine/content-client.ts';

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

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
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
    if (page !== undefined) q.set('page', String(page));
    return q;
  };
  const first = await fetchContent(spec.source.path, query(spec.pages ? 1 : undefined));
  const list = (page: unknown) => (Array.isArray(at(page, spec.each)) ? (at(page, spec.each) as unknown[]) : []);
  const entries = [...list(first)];
  if (!spec.pages) return entries;
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

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /__catalog\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function seoRouter(options: { origin: string; definitions: () => PageDefinition[]; read: ReadContent }): Router {
  const router = Router();
  router.get('/robots.txt', (_req: Request, res: Response) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(options.origin));
  });
  router.get('/sitemap.xml', async (_req: Request, res: Response) => {
    try {
      const paths = await sitemapPaths(options.definitions(), options.read);
      res.type('application/xml').set('Cache-Control', 'public, max-age=300').send(sitemapXml(options.origin, paths));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // An incomplete sitemap would tell crawlers pages are gone: answer an error instead.
      console.error(`[sitemap] ${error.message}`);
      res
        .status(statusOf(error) === 503 ? 503 : 502)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .type('text/plain')
        .send('Sitemap temporarily unavailable');
    }
  });
  return router;
}
