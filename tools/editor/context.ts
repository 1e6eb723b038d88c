/**
 * What a definition (opened or drafted) can bind to, and where to preview it: the fields of its
 * sources' responses (and the layout's), its route parameters and the site config's texts, with
 * what the content service returns for them; the preview URL with route parameters filled from
 * the first entry of the definition's sitemap list. Reads that fail only leave samples out.
 */
import type { SourceSpec, SitemapSpec } from '../../src/generated/page-definition.ts';
import type { Scope } from '../../src/renderer/bindings.ts';
import type { DefinitionIndex } from '../../src/renderer/definitions.server.ts';
import type { FieldInfo } from '../../src/renderer/editor/types.ts';
import { sourcePath, sourceQuery } from '../../src/renderer/page-loader.server.ts';
import { routeParams } from '../../src/renderer/validate/routes.ts';
import { endpointAssumption } from '../../src/server/contract-paths.ts';
import { matchEndpoint, responseSchema } from '../lib/workbench.ts';
import { fieldInfos, sampleOf } from './schemas.ts';

export type Read = (path: string, query: URLSearchParams) => Promise<unknown>;

/** Where a not-found definition is previewed: a path no route matches. */
export const NOT_FOUND_PREVIEW = '/__editor-preview-not-found';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) current = isObject(current) ? current[segment] : undefined;
  return current;
}

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
  return routes.map((r) => r.replaceAll('{brand}', brand));
}

/** The first entry of the definition's sitemap list: a real set of route parameters. */
async function sitemapEntry(spec: unknown, read: Read): Promise<unknown> {
  if (!isObject(spec) || !isObject(spec.source) || typeof spec.source.path !== 'string' || typeof spec.each !== 'string') return undefined;
  const { source, each, pages } = spec as unknown as SitemapSpec;
  const query = new URLSearchParams(Object.entries(source.query ?? {}).map(([key, value]) => [key, String(value)]));
  if (pages) query.set('page', '1');
  const list = at(await attempt(() => read(source.path, query)), each);
  return Array.isArray(list) ? list[0] : undefined;
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
  const entry = await sitemapEntry(definition.sitemap, read);
  const fields = isObject(definition.sitemap) && isObject(definition.sitemap.params) ? definition.sitemap.params : {};
  const params: Record<string, string> = {};
  const path = route.replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, (placeholder, name: string) => {
    const field = fields[name];
    const value = entry !== undefined && typeof field === 'string' ? at(entry, field) : undefined;
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') return placeholder;
    params[name] = String(value);
    return encodeURIComponent(String(value));
  });
  return { path, params };
}

/** The sources a page's bindings see: its own first (offered first in the picker), then the layout's (unless standalone; a page source of the same name wins). */
function sourcesOf(definition: Record<string, unknown>, site: Record<string, unknown>): [string, SourceSpec][] {
  const valid = (value: unknown) =>
    Object.entries(isObject(value) ? value : {}).filter(
      (entry): entry is [string, SourceSpec] => isObject(entry[1]) && typeof entry[1].path === 'string',
    );
  const layout = definition.layout === 'standalone' ? [] : valid(site.layoutSources);
  const own = valid(definition.sources);
  return [...own, ...layout.filter(([name]) => !own.some(([other]) => other === name))];
}

export interface PageContext {
  previewPath: string;
  fields: FieldInfo[];
}

/** Fields to bind and the preview URL of a definition (any value: a draft may be half-written). */
export async function pageContext(index: DefinitionIndex, read: Read, draft: unknown): Promise<PageContext> {
  const definition = isObject(draft) ? draft : {};
  const site = index.site;
  const brand = typeof site.brand === 'string' ? site.brand : 'brand';
  const store = index.validator.store;
  const place = await previewPlace(definition, brand, read);
  const scope: Scope = { params: place.params, search: {}, site };

  const sourceFields = await Promise.all(
    sourcesOf(definition, site).map(async ([name, source]): Promise<FieldInfo[]> => {
      const endpoint = matchEndpoint(index.contract, source.path.replaceAll('{brand}', brand));
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
      return [{ ...root, description: endpoint.description ?? root.description, ...(assumed ? { assumed } : {}) }, ...rest];
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
  return { previewPath: place.path, fields: [...sourceFields.flat(), ...params, ...siteFields] };
}
