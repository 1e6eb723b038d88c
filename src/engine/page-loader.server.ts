/**
 * Turns a request into PageData: finds the definition, loads its content sources in parallel,
 * resolves bindings, sanitizes HTML and prefixes image paths as the block schemas declare.
 * createPageLoader takes everything it reads (definitions, content reads, sanitizer, origin), so
 * the pipeline runs alone in unit tests (./page-loader.server.test.ts) and in the content audit.
 */
import { LRUCache } from 'lru-cache';
import { data } from 'react-router';
import { isBlockName } from '../blocks/registry.ts';
import { ContentError, RETRY_AFTER_SECONDS, statusOf } from './content-client.ts';
import type { CacheRead } from './content-cache.ts';
import { sanitizeEmbed, sanitizeHtml } from './sanitize.ts';
import { isBinding, resolve, type ResolveOptions, type Scope } from './bindings.ts';
import { withBrand } from './brand.ts';
import type { DefinitionIndex } from './definitions.server.ts';
import {
  sectionKey,
  type ContentUnavailable,
  type LeftOutSection,
  type PageData,
  type PageMeta,
  type PageSeo,
  type ResolvedChrome,
  type ResolvedSection,
} from './page-data.ts';
import { blockSchemaId, structuredDataSchemaId, type Located } from './schema-store.ts';
import type { Rule } from './page-params.ts';
import { isShown, missingContent } from './section-visibility.ts';
import {
  absoluteUrl,
  jsonLdText,
  organizationJsonLd,
  toJsonLd,
  type OrganizationInfo,
  type StructuredDataContext,
} from './structured-data.ts';
import type { SourceSpec } from '../generated/page-definition.ts';
import type { PageDefinition } from './validate/types.ts';
import type { SiteConfig } from '../generated/site-config.ts';

export interface PageLoaderOptions {
  /** The current definition index (development swaps it when a file changes). */
  definitions: () => DefinitionIndex;
  /**
   * A content read (cached, contract-checked): its data, and `stale` when the service failed and
   * this is the last good value. Throws ContentError when it cannot be had.
   */
  read: (path: string, query: URLSearchParams) => Promise<CacheRead>;
  /** Public origin for canonical URLs and JSON-LD. */
  origin: string;
  /** Public prefix of relative content image paths, ending in "/". */
  imageBaseUrl: string;
  captchaSiteKey?: string;
  sanitize?: { html: (html: string) => string; embed: (html: string, allowedSrc: string) => string };
  log?: { warn: (line: string) => void; error: (...args: unknown[]) => void };
  /** The editor's preview: the page says which sections it left out, and why (PageData.leftOut). */
  explain?: boolean;
  /** Told the route template a request was matched to (`not-found` when none): the server's logs and metrics. */
  onRoute?: (route: string) => void;
}

/** What the pipeline needs at each step: the options with their defaults, and the index of this request. */
interface Run extends Required<Omit<PageLoaderOptions, 'captchaSiteKey' | 'definitions' | 'explain' | 'onRoute'>> {
  onRoute?: (route: string) => void;
  index: DefinitionIndex;
  captchaSiteKey?: string;
  logOnce: (message: string) => void;
  /** With `explain`: the sections of the page left out so far. */
  leftOut?: LeftOutSection[];
  /** A read of this request was served stale, or an optional one failed and was left out: the page is shown but not kept. */
  stale: boolean;
}

/**
 * What the page loader tells whoever finishes the response of one request (src/entry.server.tsx):
 * `stale` when the page was made with content served stale or left out after a failed read.
 */
export interface PageReport {
  stale: boolean;
}

export function sourcePath(source: SourceSpec, brand: string, scope: Scope): string {
  return withBrand(source.path, brand).replace(/\{(params|search)\.([^{}]+)\}/g, (_m, root: string, name: string) =>
    encodeURIComponent(String((scope[root] as Record<string, string>)[name] ?? '')),
  );
}

export function sourceQuery(source: SourceSpec, scope: Scope): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(source.query ?? {})) {
    const resolved = isBinding(value) ? resolve(value, scope) : value;
    if (resolved !== undefined && resolved !== null && resolved !== '') query.set(key, String(resolved));
  }
  return query;
}

interface LoadedSources {
  values: Record<string, unknown>;
  /** Sources that failed and were left out. */
  failed: { name: string; error: ContentError }[];
}

/**
 * Loads sources in parallel. A required source's failure is thrown (its 404 makes the page a 404);
 * any other failure is logged once and the source left out, so the page renders without it.
 */
async function loadSources(
  run: Run,
  sources: Record<string, SourceSpec>,
  scope: Scope,
  brand: string,
  where: string,
): Promise<LoadedSources> {
  const failed: LoadedSources['failed'] = [];
  const entries = await Promise.all(
    Object.entries(sources).map(async ([name, source]) => {
      try {
        const { data, stale } = await run.read(sourcePath(source, brand, scope), sourceQuery(source, scope));
        if (stale) run.stale = true;
        return [name, data] as const;
      } catch (error) {
        if (!(error instanceof ContentError) || source.required) throw error;
        failed.push({ name, error });
        // A 404 means the service does not offer it (cached briefly, not an outage); anything else
        // is an outage, and a page rendered without it must not be kept as if it were whole.
        if (!error.notFound) run.stale = true;
        run.logOnce(`[content] ${where}: source "${name}" left out: ${error.message}`);
        return [name, undefined] as const;
      }
    }),
  );
  return { values: Object.fromEntries(entries), failed };
}

/** Sanitizes HTML and prefixes image paths wherever the block's schema says a value is one. */
function transform(run: Run, value: unknown, loc: Located): unknown {
  const store = run.index.validator.store;
  const s = store.deref(loc);
  if (typeof value === 'string') {
    if (s.schema.contentMediaType === 'text/html') {
      const embeds = s.schema['x-iframe-src'];
      return typeof embeds === 'string' ? run.sanitize.embed(value, embeds) : run.sanitize.html(value);
    }
    if (s.schema.format === 'image') return imageUrl(value, run.imageBaseUrl);
    return value;
  }
  if (Array.isArray(value)) {
    const items = store.items(s);
    return items ? value.map((entry) => transform(run, entry, items)) : value;
  }
  if (value && typeof value === 'object') {
    const fields = store.fields(s);
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const field = fields.get(key);
      out[key] = field ? transform(run, entry, field) : entry;
    }
    return out;
  }
  return value;
}

export function imageUrl(path: string, imageBaseUrl: string): string {
  // Absolute URLs, root-relative site assets and data URIs are used as they are.
  if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(path)) return path;
  return imageBaseUrl + path.replace(/^\.?\/+/, '');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Resolve options for values that must be text (meta, the chrome's bound values): anything else counts as no value, logged once. */
function textOptions(logOnce: (message: string) => void, where: string): ResolveOptions {
  return {
    misfit: (value) => (text(value) === undefined ? `is ${Array.isArray(value) ? 'a list' : typeof value}, not text` : undefined),
    onIssue: (issue) => logOnce(`[content] ${where}${issue.pointer}: ${issue.message}`),
  };
}

/**
 * The meta a definition's page shows: its own, or the site's defaultMeta (resolved against the
 * page's own sources), the not-found page's included. The content audit reads the same.
 */
export function metaOf(definition: PageDefinition, site: Pick<SiteConfig, 'defaultMeta'>): NonNullable<SiteConfig['defaultMeta']> {
  return definition.meta ?? site.defaultMeta ?? {};
}

function resolveMeta(run: Run, definition: PageDefinition, scope: Scope): PageMeta {
  const meta = metaOf(definition, run.index.site as unknown as SiteConfig);
  const options = textOptions(run.logOnce, `${definition.file} /meta`);
  return {
    title: text(resolve(meta.title, scope, options, '/title')),
    keywords: text(resolve(meta.keywords, scope, options, '/keywords')),
    description: text(resolve(meta.description, scope, options, '/description')),
  };
}

/** `{brand}` in chrome links becomes the configured brand, like in routes (/about-{brand}). */
function brandEverywhere<T>(value: T, brand: string): T {
  if (typeof value === 'string') return withBrand(value, brand) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => brandEverywhere(entry, brand)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, brandEverywhere(entry, brand)])) as T;
  }
  return value;
}

/**
 * The header and footer of site.config.json, the footer's bindings resolved. Every bindable footer
 * value is text (textValue/htmlValue in the site schema): a bound value that is not text gives way
 * to the binding's default in site.config.json, or is left out, and is logged once.
 */
export function resolveChrome(
  site: SiteConfig,
  scope: Scope,
  sanitize: (html: string) => string = sanitizeHtml,
  logOnce: (message: string) => void = () => undefined,
): ResolvedChrome {
  const resolved = resolve(site.footer, scope, textOptions(logOnce, 'site.config.json /footer'));
  const footer = brandEverywhere(resolved as ResolvedChrome['footer'], site.brand);
  const contact = footer.contact?.text ? { ...footer.contact, text: sanitize(footer.contact.text) } : footer.contact;
  return {
    name: site.name,
    logo: site.logo,
    header: brandEverywhere(site.header, site.brand),
    footer: { ...footer, contact, social: footer.social ?? {} },
    cookieConsent: site.cookieConsent,
  };
}

function resolveSections(run: Run, definition: PageDefinition, scope: Scope): ResolvedSection[] {
  const { index, logOnce } = run;
  const out: ResolvedSection[] = [];
  definition.sections.forEach((section, position) => {
    const where = `${definition.file} /sections/${position}`;
    const leave = (reason: string, line: string) => {
      logOnce(line);
      run.leftOut?.push({ position, block: String(section.block), reason });
    };
    if (!isBlockName(section.block)) {
      leave(`there is no block "${section.block}"`, `[renderer] ${where}: unknown block "${section.block}" skipped`);
      return;
    }
    if (definition.invalidSections.has(position)) {
      leave(
        'its definition has problems (see the list of problems)',
        `[renderer] ${where} (${section.block}) skipped: it failed validation (run npm run validate)`,
      );
      return;
    }
    const { block, id, ...raw } = section;
    const schemaId = blockSchemaId(block);
    // A bound value of the wrong type counts as missing (the binding's next path or default
    // applies), so one bad field costs that value, not the section or the page.
    const props = resolve(raw, scope, {
      misfit: (value, pointer) => index.validator.misfit(schemaId, pointer, value),
      onIssue: (issue) => logOnce(`[content] ${where}${issue.pointer}: ${issue.message}`),
    }) as Record<string, unknown>;
    const schema = index.validator.store.root(schemaId);
    // Content that is not there (a failed source, an empty list) leaves no orphan heading behind.
    if (!isShown(schema.schema, props)) {
      run.leftOut?.push({ position, block, reason: `it has nothing to show: ${missingContent(schema.schema, props)}` });
      return;
    }
    const { fits, problems } = index.validator.checkResolvedProps(block, props);
    if (!fits) {
      // Still a value the block cannot take (not from one binding): the section is left out, never the page.
      leave(
        `its content does not fit the block: ${problems.join('; ')}`,
        `[content] ${where} (${block}) left out: its content does not fit: ${problems.join('; ')}`,
      );
      return;
    }
    for (const problem of problems) {
      // Missing values: rendered anyway (blocks render without them); the log tells the content team.
      logOnce(`[content] ${where} (${block}) content does not fit: ${problem}`);
    }
    out.push({
      block: section.block,
      id,
      key: sectionKey(position, block),
      props: transform(run, props, schema) as Record<string, unknown>,
    });
  });
  return out;
}

function organization(site: SiteConfig, chrome: ResolvedChrome, origin: string): OrganizationInfo {
  return {
    name: site.name,
    legalName: site.legalName,
    url: `${origin}/`,
    logo: absoluteUrl(site.logo?.src, origin),
    sameAs: Object.values(chrome.footer.social).filter((link): link is string => typeof link === 'string' && link !== ''),
  };
}

/** Origin + path; the query keeps only the page number of a paged list (e.g. ?page=N, N > 1). */
function canonicalUrl(origin: string, url: URL, declared: ReadonlyMap<string, Rule>): string {
  const kept = new URLSearchParams();
  for (const [name, rule] of declared) {
    const value = url.searchParams.get(name);
    if (rule === 'page-number' && value !== null && Number(value) > 1) kept.set(name, value);
  }
  kept.sort();
  return `${origin}${url.pathname}${kept.size ? `?${kept}` : ''}`;
}

/**
 * What a page is to a sharer, from marks in the block schemas: its image is the first value of a
 * prop marked "x-page-image" (e.g. a banner's image), its Open Graph type that of the first block
 * whose schema declares "x-page-type" (e.g. an article), otherwise "website".
 */
function pageSeo(run: Run, sections: ResolvedSection[], site: SiteConfig, origin: string, canonical?: string): PageSeo {
  let image: string | undefined;
  let type: string | undefined;
  for (const section of sections) {
    const schema = run.index.validator.store.root(blockSchemaId(section.block)).schema;
    if (type === undefined && typeof schema['x-page-type'] === 'string') type = schema['x-page-type'];
    const properties = (schema.properties ?? {}) as Record<string, { 'x-page-image'?: unknown }>;
    for (const [name, prop] of Object.entries(properties)) {
      const value = section.props[name];
      if (image === undefined && prop['x-page-image'] === true && typeof value === 'string' && value) image = value;
    }
  }
  return { canonical, siteName: site.name, type: type ?? 'website', image: image && absoluteUrl(image, origin) };
}

/** Organization (every page) and the definition's structured data, resolved, sanitized and mapped to JSON-LD. */
function resolveJsonLd(run: Run, definition: PageDefinition | undefined, scope: Scope, ctx: StructuredDataContext): string[] {
  const { logOnce } = run;
  const out = [organizationJsonLd(ctx.organization)];
  (definition?.structuredData ?? []).forEach((spec, index) => {
    const where = `${definition!.file} /structuredData/${index}`;
    const { type, ...raw } = spec;
    const schemaId = structuredDataSchemaId(type);
    const props = resolve(raw, scope, {
      misfit: (value, pointer) => run.index.validator.misfit(schemaId, pointer, value),
      onIssue: (issue) => logOnce(`[content] ${where}${issue.pointer}: ${issue.message}`),
    }) as Record<string, unknown>;
    const clean = transform(run, props, run.index.validator.store.root(schemaId)) as Record<string, unknown>;
    const item = toJsonLd(type, clean, ctx);
    if (item) out.push(item);
    else logOnce(`[content] ${where} (${type}) left out: the content lacks a required field`);
  });
  return out.map(jsonLdText);
}

function unavailable(run: Run, error: ContentError, chrome: ResolvedChrome): never {
  run.log.error(`[content] ${error.message}`);
  const payload: ContentUnavailable = {
    kind: 'content-unavailable',
    message: 'This page’s content could not be loaded right now.',
    chrome,
  };
  // 503 when the service could not be reached in time, 502 when it answered badly; either may pass.
  throw data(payload, { status: statusOf(error), headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
}

async function loadPage(run: Run, request: Request): Promise<PageData> {
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

  // A content 404 (unknown slug) is a page 404, like an unknown route.
  const isNotFound = !found || pageError?.notFound;
  if (pageError && !pageError.notFound) unavailable(run, pageError, chrome);
  const { origin } = run;
  const ctx = (pageUrl: string): StructuredDataContext => ({ origin, pageUrl, organization: organization(site, chrome, origin) });
  if (isNotFound) {
    const notFound = index.notFound;
    const sections = notFound ? resolveSections(run, notFound, scope) : [];
    const page: PageData = {
      layout: notFound?.layout ?? 'main',
      meta: notFound
        ? {
            ...resolveMeta(run, notFound, scope),
            title:
              text(resolve(notFound.meta?.title, scope, textOptions(run.logOnce, `${notFound.file} /meta`), '/title')) ?? 'Page not found',
          }
        : { title: 'Page not found' },
      // The 404 status keeps it out of search indexes; no canonical, since it stands for no URL.
      seo: pageSeo(run, sections, site, origin),
      jsonLd: resolveJsonLd(run, undefined, scope, ctx(`${origin}${url.pathname}`)),
      sections,
      chrome,
      brochureButton: notFound?.brochureButton ? site.brochureButton : undefined,
      forms: run.captchaSiteKey ? { captchaSiteKey: run.captchaSiteKey } : {},
    };
    throw data(page, { status: 404 });
  }
  const page = definition!;
  const sections = resolveSections(run, page, scope);
  const canonical = canonicalUrl(origin, url, found?.declared ?? new Map());
  return {
    ...(run.leftOut ? { leftOut: run.leftOut } : {}),
    layout: page.layout,
    meta: resolveMeta(run, page, scope),
    seo: pageSeo(run, sections, site, origin, canonical),
    jsonLd: resolveJsonLd(run, page, scope, ctx(canonical)),
    sections,
    chrome,
    brochureButton: page.brochureButton ? site.brochureButton : undefined,
    scrollTo: page.scrollTo,
    forms: run.captchaSiteKey ? { captchaSiteKey: run.captchaSiteKey } : {},
  };
}

/** The status of a response the loader throws on purpose (404 page, content unavailable), if it is one. */
function thrownStatus(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  const thrown = error as { type?: unknown; init?: { status?: number } | null } | null;
  if (thrown?.type === 'DataWithResponseInit') return thrown.init?.status ?? 200;
  return undefined;
}

export interface PageLoader {
  /** PageData of the request; throws a 404 page or a content-unavailable payload as a response. */
  loadPage(request: Request): Promise<PageData>;
  /**
   * loadPage for the route loader: tells `report` whether the page (200 or 404) was made with
   * content served stale or left out; a bug becomes a 500 with the chrome.
   */
  loadPageResponse(request: Request, report?: PageReport): Promise<PageData>;
}

export function createPageLoader(options: PageLoaderOptions): PageLoader {
  const log = options.log ?? { warn: (line: string) => console.warn(line), error: (...args: unknown[]) => console.error(...args) };
  const logged = new LRUCache<string, true>({ max: 1000 });
  const base = {
    read: options.read,
    origin: options.origin,
    imageBaseUrl: options.imageBaseUrl,
    captchaSiteKey: options.captchaSiteKey,
    onRoute: options.onRoute,
    sanitize: options.sanitize ?? { html: sanitizeHtml, embed: sanitizeEmbed },
    log,
    logOnce(message: string) {
      if (logged.has(message)) return;
      logged.set(message, true);
      log.warn(message);
    },
  };
  const runOf = (): Run => ({ ...base, index: options.definitions(), leftOut: options.explain ? [] : undefined, stale: false });
  return {
    loadPage: (request) => loadPage(runOf(), request),
    async loadPageResponse(request, report) {
      const run = runOf();
      try {
        const page = await loadPage(run, request);
        if (report) report.stale = run.stale;
        return page;
      } catch (error) {
        const status = thrownStatus(error);
        if (status !== undefined) {
          // Like a page, a 404 made with content left out or stale is not kept.
          if (report && status === 404) report.stale = run.stale;
          throw error;
        }
        // A bug, not bad content: log it, and still give the visitor the site's header and footer
        // (from site.config.json alone), so the browser needs no copy of the site config.
        log.error('[page] failed to load', new URL(request.url).pathname, error);
        const payload: ContentUnavailable = {
          kind: 'content-unavailable',
          message: 'Something went wrong while showing this page.',
          chrome: resolveChrome(run.index.site as unknown as SiteConfig, {}, run.sanitize.html),
          cause: 'server',
        };
        throw data(payload, { status: 500 });
      }
    },
  };
}
