/**
 * The audit's course: pages without route parameters (and the not-found page) first; the links in
 * their content then give the query strings pages with {search.x} sources need and the values
 * routes with parameters (/blog/:slug) are audited with, in up to three waves of discovery.
 */
import type { SiteConfig } from '../../src/generated/site-config.ts';
import type { DefinitionIndex } from '../../src/engine/definitions.server.ts';
import { routeParams } from '../../src/engine/validate/routes.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../../src/server/config.ts';
import { createContentReads, loadRoots, type ContentReads, type PageRequest } from './content.ts';
import { loadAuditDefinitions } from './definitions.ts';
import { sameTextLinks } from './html.ts';
import { linkedPathsOf, linkWithQuery, searchNeeds } from './links.ts';
import { collapse, summarize } from './report.ts';
import type { AuditOptions, AuditReport, PageContext, PageReport } from './types.ts';
import { walkMeta, walkSections } from './walk.ts';

/** What the whole audit shares: the site's definitions, the reads, and what the content links to. */
interface AuditRun {
  index: DefinitionIndex;
  reads: ContentReads;
  /** Site paths linked from the content → the first page linking to each. */
  linked: Map<string, string>;
  /** URL paths audited (lower case). */
  done: Set<string>;
  pages: PageReport[];
  notices: string[];
}

async function auditPage(run: AuditRun, definition: PageDefinition, request: PageRequest): Promise<PageReport> {
  const page: PageContext = {
    store: run.index.validator.store,
    match: run.index.match,
    linked: run.linked,
    from: `${definition.file}${request.url ? ` (${request.url})` : ''}`,
    findings: [],
    htmlLinks: [],
  };
  const roots = await loadRoots(run.reads, page, definition, request, run.index.site);
  walkMeta(page, roots, definition, run.index.site as unknown as SiteConfig);
  walkSections(page, roots, definition);
  page.findings.push(...sameTextLinks(page.htmlLinks));
  return { file: definition.file, url: request.url, findings: collapse(page.findings) };
}

/** The not-found page and every page with a route without parameters; pages needing a query string last. */
async function auditPlainPages(run: AuditRun): Promise<void> {
  const deferred: { definition: PageDefinition; route: string; needs: string[] }[] = [];
  for (const definition of run.index.definitions) {
    if (definition.notFound) {
      run.pages.push(await auditPage(run, definition, { url: null, params: {}, search: {} }));
      continue;
    }
    const plain = definition.routes.find((r) => routeParams([r]).size === 0);
    if (!plain) continue;
    run.done.add(plain.toLowerCase());
    const needs = searchNeeds(definition);
    if (needs.length) deferred.push({ definition, route: plain, needs });
    else run.pages.push(await auditPage(run, definition, { url: plain, params: {}, search: {} }));
  }
  for (const { definition, route, needs } of deferred) {
    const link = linkWithQuery(run.linked, run.index.match, definition, needs);
    if (!link) {
      const wanted = needs.map((n) => `?${n}=`).join(', ');
      run.notices.push(`${definition.file}: no link in the content gives ${wanted}; audited without a query string`);
    }
    const request = link ? { url: link.href, params: {}, search: link.search } : { url: route, params: {}, search: {} };
    run.pages.push(await auditPage(run, definition, request));
  }
}

/** Pages whose every route has parameters, with values from links (up to maxPerRoute each); the rest skipped. */
async function auditParameterisedPages(run: AuditRun, maxPerRoute: number): Promise<void> {
  const parameterised = run.index.definitions.filter(
    (d) => !d.notFound && d.routes.length && d.routes.every((r) => routeParams([r]).size > 0),
  );
  const audited = new Map<PageDefinition, number>();
  // Each wave's pages may link to more values.
  for (let wave = 0; wave < 3; wave++) {
    let added = 0;
    for (const definition of parameterised) {
      for (const { pathname, params } of linkedPathsOf(run.linked, run.index.match, definition)) {
        if ((audited.get(definition) ?? 0) >= maxPerRoute) break;
        if (run.done.has(pathname.toLowerCase())) continue;
        run.done.add(pathname.toLowerCase());
        audited.set(definition, (audited.get(definition) ?? 0) + 1);
        run.pages.push(await auditPage(run, definition, { url: pathname, params, search: {} }));
        added++;
      }
    }
    if (!added) break;
  }
  for (const definition of parameterised.filter((d) => !audited.has(d))) {
    const reason = `no link in the content leads to ${definition.routes.join(', ')}, so there is no value for its parameters to audit with`;
    run.pages.push({ file: definition.file, url: null, findings: [], skipped: reason });
    run.notices.push(`skipped ${definition.file}: ${reason}`);
  }
}

export async function auditContent(options: AuditOptions): Promise<AuditReport> {
  const base = options.base.replace(/\/+$/, '');
  const { index, issues } = loadAuditDefinitions(options.definitionsDir);
  const reads = createContentReads({
    base,
    credential: `${options.user ?? DEFAULT_CONTENT_USER}:${options.password ?? DEFAULT_CONTENT_PASSWORD}`,
    timeoutMs: options.timeoutMs ?? 10_000,
    contract: index.contract,
    brand: String(index.site.brand),
    store: index.validator.store,
  });
  const run: AuditRun = { index, reads, linked: new Map(), done: new Set(), pages: [], notices: [] };
  if (issues) run.notices.push(`${issues} definition problem(s): run npm run validate (sections that fail validation are not audited)`);
  await auditPlainPages(run);
  await auditParameterisedPages(run, options.maxPerRoute ?? 3);
  return summarize(base, run.pages, run.notices, reads.requests());
}
