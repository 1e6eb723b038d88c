/**
 * Checks a definition's content sources and its sitemap declaration against the content contract
 * (src/engine/contract-paths.ts): the path is a contract endpoint, the query names are declared,
 * placeholders and query bindings use route parameters the page has.
 */
import type { ContractEndpoint } from '../../generated/content-contract.ts';
import type { SitemapSpec, SourceSpec } from '../../generated/page-definition.ts';
import { endpointAssumption, responseSchemaId, type ContractPaths } from '../contract-paths.ts';
import { withBrand } from '../brand.ts';
import { bindingPaths, isBinding, isPlainObject } from '../bindings.ts';
import { sourceParams } from '../placeholders.ts';
import { didYouMean, escapePointer, type Located } from '../schema-store.ts';
import type { BindingChecker } from './binding-checks.ts';
import type { FileChecks, ScopeEntry, ScopeMap } from './types.ts';

/** What the checks of one file's sources need to know. */
export interface SourceContext {
  checker: BindingChecker;
  contract: ContractPaths;
  checks: FileChecks;
  /** The page's routes ({brand} replaced) and the parameters all of them have. */
  routes: string[];
  params: Set<string>;
  brand: string;
}

/** Message for a route parameter the page does not have. */
function notARouteParam(ctx: SourceContext, name: string | undefined): string {
  const where = ctx.routes.length ? ctx.routes.join(', ') : 'this page (it has no route)';
  return `route parameter "${name}" is not in ${where}${didYouMean(name ?? '', ctx.params)}`;
}

/** The message for a query parameter the contract does not declare for `endpoint`, or undefined. */
function undeclaredQuery(endpoint: ContractEndpoint, key: string): string | undefined {
  const known = Object.keys(endpoint.query ?? {});
  if (known.includes(key)) return undefined;
  const allowed = known.length ? didYouMean(key, known) || ` (it takes: ${known.join(', ')})` : '';
  return `${endpoint.path} takes no query parameter "${key}"${allowed}`;
}

/** Checks one content source: contract match, query names, parameter bindings. Returns its scope entry. */
export function checkSource(ctx: SourceContext, source: SourceSpec, pointer: string): ScopeEntry {
  const { checks, params } = ctx;
  const path = withBrand(source.path, ctx.brand);
  const label = `GET ${source.path}`;
  for (const param of sourceParams(path)) {
    if (!param.wellFormed) checks.report(`${pointer}/path`, `"{${param.ref}}" must be {params.<name>} or {search.<name>}`);
    else if (param.root === 'params' && !params.has(param.name)) checks.report(`${pointer}/path`, notARouteParam(ctx, param.name));
  }
  // An empty path is the schema's to report (once): no contract check of nothing.
  if (source.path === '') return { label };
  const endpoint = ctx.contract.source(path);
  if (!endpoint) {
    checks.report(`${pointer}/path`, `${label} is not in the content contract (schemas/content/contract.json)${ctx.contract.hint(path)}`);
    return { label };
  }
  for (const [key, value] of Object.entries(source.query ?? {})) {
    const where = `${pointer}/query/${escapePointer(key)}`;
    const unknown = undeclaredQuery(endpoint, key);
    if (unknown) checks.report(where, unknown);
    for (const p of isBinding(value) ? bindingPaths(value) : []) {
      const [root, name] = p.split('.');
      if (!['params', 'search', 'site'].includes(root))
        checks.report(where, `query values bind to params, search or site only, not "${root}"`);
      else if (root === 'params' && !params.has(name ?? '')) checks.report(where, notARouteParam(ctx, name));
    }
  }
  const assumed = endpointAssumption(endpoint);
  if (assumed) checks.noteAssumed(`${pointer}/path`, path, [assumed]);
  return {
    loc: ctx.checker.store.root(responseSchemaId(endpoint)),
    label: `GET ${endpoint.path}`,
    assumed: assumed ? [assumed] : undefined,
  };
}

/** Checks a sitemap declaration: its source against the contract, its paths against the response schema. */
export function checkSitemap(ctx: SourceContext, sitemap: SitemapSpec): void {
  const { checker, checks, params } = ctx;
  if (params.size === 0)
    checks.report(
      '/sitemap',
      `"sitemap" is for routes with parameters; ${ctx.routes.join(', ') || 'this page'} has none (it is listed as it is)`,
    );
  if (!isPlainObject(sitemap.source) || typeof sitemap.source.path !== 'string') return;
  const scope: ScopeMap = new Map([['response', checkSource(ctx, sitemap.source, '/sitemap/source')]]);
  const list = checker.checkPath(`response.${sitemap.each}`, scope);
  const { items, error }: { items?: Located; error?: string } = list.error ? list : checker.listItems(list.loc, sitemap.each);
  if (error) return checks.report('/sitemap/each', error);
  const itemScope: ScopeMap = new Map([['item', { loc: items, label: `an entry of ${sitemap.each}` }]]);
  for (const [name, field] of Object.entries(sitemap.params ?? {})) {
    const where = `/sitemap/params/${escapePointer(name)}`;
    if (!params.has(name)) checks.report(where, notARouteParam(ctx, name));
    const found = checker.checkPath(`item.${field}`, itemScope);
    if (found.error) checks.report(where, found.error);
  }
  for (const name of params) if (!(name in (sitemap.params ?? {}))) checks.report('/sitemap/params', `must give route parameter "${name}"`);
  if (sitemap.pages !== undefined) {
    const found = checker.checkPath(`response.${sitemap.pages}`, scope);
    if (found.error) checks.report('/sitemap/pages', found.error);
  }
  if (sitemap.pageParam !== undefined) {
    const endpoint = ctx.contract.source(withBrand(sitemap.source.path, ctx.brand));
    const unknown = endpoint && undeclaredQuery(endpoint, sitemap.pageParam);
    if (unknown) checks.report('/sitemap/pageParam', unknown);
  }
}
