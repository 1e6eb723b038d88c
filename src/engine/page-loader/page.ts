/**
 * One request's page: the definition its URL matches, its layout and page sources loaded in
 * parallel, then the page made from them — the not-found page by the same steps as any page.
 */
import type { Scope } from '../bindings.ts';
import { ContentError } from '../content-client.ts';
import type { PageData, ResolvedChrome } from '../page-data.ts';
import type { Rule } from '../page-params.ts';
import type { StructuredDataContext } from '../structured-data.ts';
import type { PageDefinition } from '../validate/types.ts';
import type { SourceSpec } from '../../generated/page-definition.ts';
import type { SiteConfig } from '../../generated/site-config.ts';
import { resolveChrome } from './chrome.ts';
import { unavailable } from './errors.ts';
import { organization, resolveJsonLd } from './json-ld.ts';
import { resolveMeta } from './meta.ts';
import type { Run } from './run.ts';
import { resolveSections } from './sections.ts';
import { canonicalUrl, pageSeo } from './seo.ts';
import { loadSources } from './sources.ts';

/** A page and its status: 200, or 404 for the not-found page. */
export interface LoadedPage {
  status: 200 | 404;
  page: PageData;
}

/** Where a page is shown: the request's URL, and whether the page stands for it or is the not-found page. */
interface Place {
  url: URL;
  /** The query parameters the matched route declares (for the canonical URL); none for the not-found page. */
  declared: ReadonlyMap<string, Rule>;
  notFound: boolean;
}

/**
 * The page a definition makes with the content in `scope`. The not-found page (`definition` its
 * definition, if the site has one) differs only where a 404 must: it has no canonical URL (it
 * stands for no URL; its status keeps it out of indexes), its title is its own or "Page not
 * found", its JSON-LD the Organization alone, and it says nothing of sections left out or of
 * scrolling.
 */
export function pageData(run: Run, definition: PageDefinition | undefined, scope: Scope, chrome: ResolvedChrome, place: Place): PageData {
  const { origin } = run;
  const site = run.index.site as unknown as SiteConfig;
  const { url, notFound } = place;
  const sections = definition ? resolveSections(run, definition, scope) : [];
  const canonical = notFound ? undefined : canonicalUrl(origin, url, place.declared);
  const ctx: StructuredDataContext = {
    origin,
    pageUrl: canonical ?? `${origin}${url.pathname}`,
    organization: organization(site, chrome, origin),
  };
  return {
    ...(run.leftOut && !notFound ? { leftOut: run.leftOut } : {}),
    layout: definition?.layout ?? 'main',
    meta: resolveMeta(run, definition, scope, notFound),
    seo: pageSeo(run, sections, site, origin, canonical),
    jsonLd: resolveJsonLd(run, notFound ? undefined : definition, scope, ctx),
    sections,
    chrome,
    brochureButton: definition?.brochureButton ? site.brochureButton : undefined,
    ...(notFound ? {} : { scrollTo: definition?.scrollTo }),
    forms: run.captchaSiteKey ? { captchaSiteKey: run.captchaSiteKey } : {},
  };
}

/**
 * The page of `request`: 200, or 404 with the not-found page (an unknown URL, or a required read
 * the service does not have). A content outage is thrown (unavailable: 503 or 502).
 */
export async function loadPage(run: Run, request: Request): Promise<LoadedPage> {
  const { index } = run;
  const site = index.site as unknown as SiteConfig;
  const url = new URL(request.url);
  // The same match as the page cache's key (src/server/site.ts): a declared value that does not fit is a 404.
  const found = index.match(url.pathname, url.searchParams);
  run.onRoute?.(found ? found.route : 'not-found');
  const definition = found?.definition ?? index.notFound;
  const params = found?.params ?? {};
  const baseScope: Scope = { params, search: Object.fromEntries(url.searchParams), site };

  const layoutSources = definition?.layout === 'standalone' ? {} : (site.layoutSources as Record<string, SourceSpec>);
  // Layout sources are never required: the chrome has its defaults in site.config.json.
  const layoutOptional = Object.fromEntries(Object.entries(layoutSources).map(([name, s]) => [name, { ...s, required: false }]));
  // Both loads run in parallel and both are awaited before anything is thrown: a failure of one
  // never leaves the other's rejection unhandled (that would end the process).
  const [layout, loaded] = await Promise.allSettled([
    loadSources(run, layoutOptional, baseScope, site.brand, 'site.config.json layoutSources'),
    definition ? loadSources(run, definition.sources, baseScope, site.brand, definition.file) : undefined,
  ]);
  if (layout.status === 'rejected') throw layout.reason;

  let pageContent: Record<string, unknown> = {};
  let pageError: ContentError | undefined;
  if (loaded.status === 'rejected') {
    if (!(loaded.reason instanceof ContentError)) throw loaded.reason;
    pageError = loaded.reason;
  } else if (loaded.value) {
    pageContent = loaded.value.values;
    // Nothing to show at all while the service is down: the error page says so (a page of
    // defaults would be cached and indexed as if it were the real page).
    const outage = loaded.value.failed.find((f) => !f.error.notFound);
    if (outage && loaded.value.failed.length === Object.keys(definition!.sources).length) pageError = outage.error;
  }
  const scope: Scope = { ...layout.value.values, ...pageContent, ...baseScope };
  const chrome = resolveChrome(site, scope, run.sanitize.html, run.logOnce);

  if (pageError && !pageError.notFound) unavailable(run, pageError, chrome);
  // A content 404 (unknown slug) is a page 404, like an unknown route.
  if (!found || pageError?.notFound) {
    return { status: 404, page: pageData(run, index.notFound, scope, chrome, { url, declared: new Map(), notFound: true }) };
  }
  return { status: 200, page: pageData(run, found.definition, scope, chrome, { url, declared: found.declared, notFound: false }) };
}
