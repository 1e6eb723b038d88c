/**
 * What a definition (opened or drafted) can bind to, and where to preview it: the fields of its
 * sources' responses (and the layout's), its route parameters and the site config's texts, with
 * what the content service returns for them; the preview URL with route parameters filled from
 * the first entry of the definition's sitemap list. Reads that fail only leave samples out.
 */
import { matchPath } from 'react-router';
import type { SourceSpec, SitemapSpec } from '../../generated/page-definition.ts';
import { isPlainObject, type Scope } from '../../engine/bindings.ts';
import { brandOf, withBrand } from '../../engine/brand.ts';
import type { DefinitionIndex } from '../../engine/definitions.server.ts';
import type { FieldInfo, OfferedList } from '../types.ts';
import { sourcePath, sourceQuery } from '../../engine/page-loader/sources.ts';
import { routeParams } from '../../engine/validate/routes.ts';
import { endpointAssumption, pathParams } from '../../engine/contract-paths.ts';
import { fillRoute, listEntries } from '../../engine/sitemap.ts';
import { matchEndpoint, readableEndpoints, responseSchema } from '../../authoring/workbench.ts';
import { fieldInfos, sampleOf } from './schemas.ts';
import { entryLink } from '../list-map.ts';

export type Read = (path: string, query: URLSearchParams) => Promise<unknown>;

/** Where a not-found definition is previewed: a path no route matches. */
export const NOT_FOUND_PREVIEW = '/__editor-preview-not-found';

async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

export function routesOf(definition: Record<string, unknown>, brand: string): string[] {
  const route = definition.route;
  const routes = typeof route === 'string' ? [route] : Array.isArray(route) ? route.filter((r): r is string => typeof r === 'string') : [];
  return routes.map((r) => withBrand(r, brand));
}

export interface PreviewPlace {
  path: string;
  params: Record<string, string>;
}

/** The page's first route; its :params from the sitemap's first entry where there is one, else left as they are. */
export async function previewPlace(definition: Record<string, unknown>, brand: string, read: Read): Promise<PreviewPlace> {
  const [route] = routesOf(definition, brand);
  if (route === undefined) return { path: definition.notFound === true ? NOT_FOUND_PREVIEW : '/', params: {} };
  if (!/:/.test(route)) return { path: route, params: {} };
  // The first entry of the sitemap's list, read and filled in as sitemap.xml does it.
  const spec = isSitemap(definition.sitemap) ? definition.sitemap : undefined;
  const [entry] = (spec && (await attempt(() => listEntries(spec, read, 1)))) ?? [];
  const path = spec && entry !== undefined ? fillRoute(route, spec, entry) : undefined;
  if (!path) return { path: route, params: {} };
  const params = Object.fromEntries(
    Object.entries(matchPath(route, path)?.params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return { path, params };
}

function isSitemap(value: unknown): value is SitemapSpec {
  return (
    isPlainObject(value) &&
    isPlainObject(value.source) &&
    typeof value.source.path === 'string' &&
    typeof value.each === 'string' &&
    isPlainObject(value.params)
  );
}

/** The sources a page's bindings see: its own first (offered first in the picker), then the layout's (unless standalone; a page source of the same name wins). */
function sourcesOf(definition: Record<string, unknown>, site: Record<string, unknown>): [string, SourceSpec][] {
  const valid = (value: unknown) =>
    Object.entries(isPlainObject(value) ? value : {}).filter(
      (entry): entry is [string, SourceSpec] => isPlainObject(entry[1]) && typeof entry[1].path === 'string',
    );
  const layout = definition.layout === 'standalone' ? [] : valid(site.layoutSources);
  const own = valid(definition.sources);
  return [...own, ...layout.filter(([name]) => !own.some(([other]) => other === name))];
}

/** The routes with a page per entry of a content list (their sitemap reads it): endpoint, list path, link template. */
function entryPages(
  index: DefinitionIndex,
  brand: string,
): { endpoint: string; each: string; page: NonNullable<FieldInfo['entryPage']> }[] {
  return index.definitions.flatMap((definition) => {
    const spec = definition.sitemap;
    const [route] = definition.routes;
    if (!isSitemap(spec) || !route) return [];
    const endpoint = matchEndpoint(index.contract, spec.source.path, brand);
    const href = entryLink(route, spec.params);
    return endpoint && href ? [{ endpoint: endpoint.path, each: spec.each, page: { href, route } }] : [];
  });
}

/** Each list field of a source (its name, its endpoint) whose entries have pages gets the link to them. */
function withEntryPages(fields: FieldInfo[], name: string, endpoint: string, pages: ReturnType<typeof entryPages>): FieldInfo[] {
  return fields.map((field) => {
    const page = pages.find((entry) => entry.endpoint === endpoint && `${name}.${entry.each}` === field.path);
    return page && field.type === 'array' ? { ...field, entryPage: page.page } : field;
  });
}

export interface PageContext {
  previewPath: string;
  fields: FieldInfo[];
  offeredLists: OfferedList[];
}

/** A source name for an endpoint's path: /api/blog_list → blogList (another one if taken). */
export function sourceNameFor(path: string, taken: ReadonlySet<string>): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? 'list';
  const words = last.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((word, i) => (i ? word[0].toUpperCase() + word.slice(1) : word.toLowerCase())).join('');
  const base = /^[a-z]/.test(camel) ? camel : `list${camel}`;
  let name = base;
  for (let n = 2; taken.has(name) || RESERVED.has(name); n++) name = `${base}${n}`;
  return name;
}
const RESERVED = new Set(['params', 'search', 'site', 'item']);

/**
 * Lists of entries (objects) the page could show from endpoints it does not read: readable
 * endpoints without path parameters, none of the page's sources'. From the response schemas only
 * (nothing is read), with each list's entry fields and entry page as a source would offer them.
 */
function offeredListsOf(index: DefinitionIndex, sources: [string, SourceSpec][], pages: ReturnType<typeof entryPages>): OfferedList[] {
  const brand = brandOf(index.site);
  const store = index.validator.store;
  const read = new Set(sources.map(([, source]) => matchEndpoint(index.contract, source.path, brand)?.path));
  const taken = new Set(sources.map(([name]) => name));
  return readableEndpoints(index.contract).flatMap((endpoint) => {
    const loc = pathParams(endpoint.path).length === 0 && !read.has(endpoint.path) ? responseSchema(store, endpoint) : undefined;
    if (!loc) return [];
    const name = sourceNameFor(endpoint.path, taken);
    const fields = withEntryPages(fieldInfos(store, loc, name, undefined), name, endpoint.path, pages);
    // An endpoint SPEC does not name (x-assumed) is said so on each of its lists, as on a source's fields.
    const assumed = endpointAssumption(endpoint);
    return fields
      .filter((field) => field.type === 'array' && (field.items?.length ?? 0) > 0)
      .map((field) => ({
        source: { name, path: endpoint.path },
        description: endpoint.description,
        field: assumed && !field.assumed ? { ...field, assumed } : field,
      }));
  });
}

/** Fields to bind and the preview URL of a definition (any value: a draft may be half-written). */
export async function pageContext(index: DefinitionIndex, read: Read, draft: unknown): Promise<PageContext> {
  const definition = isPlainObject(draft) ? draft : {};
  const site = index.site;
  const brand = brandOf(site);
  const store = index.validator.store;
  const place = await previewPlace(definition, brand, read);
  const scope: Scope = { params: place.params, search: {}, site };
  const pages = entryPages(index, brand);

  const sources = sourcesOf(definition, site);
  const sourceFields = await Promise.all(
    sources.map(async ([name, source]): Promise<FieldInfo[]> => {
      const endpoint = matchEndpoint(index.contract, source.path, brand);
      const loc = endpoint && responseSchema(store, endpoint);
      const data = await attempt(async () => {
        const path = sourcePath(source, brand, scope);
        // A route parameter without a sample leaves an empty segment: nothing to read.
        if (/\/\/|\/$/.test(path)) return undefined;
        return { value: await read(path, sourceQuery(source, scope)) };
      });
      if (!loc) return [{ path: name, type: 'unknown', ...(data ? { sample: sampleOf(data.value) } : {}) }];
      const [root, ...rest] = fieldInfos(store, loc, name, data);
      const assumed = endpointAssumption(endpoint);
      const fields = [{ ...root, description: endpoint.description ?? root.description, ...(assumed ? { assumed } : {}) }, ...rest];
      return withEntryPages(fields, name, endpoint.path, pages);
    }),
  );
  const params = [...routeParams(routesOf(definition, brand))].map((name): FieldInfo => ({
    path: `params.${name}`,
    type: 'string',
    ...(place.params[name] ? { sample: place.params[name] } : {}),
  }));
  const siteFields = Object.entries(site)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== '$schema')
    .map(([key, value]): FieldInfo => ({ path: `site.${key}`, type: 'string', sample: sampleOf(value) }));
  return {
    previewPath: place.path,
    fields: [...sourceFields.flat(), ...params, ...siteFields],
    offeredLists: offeredListsOf(index, sources, pages),
  };
}
