/**
 * Validates page definitions (and site.config.json) against the definition schema, the block
 * schemas and the content contract. Used by `npm run validate` (CI) and by the server at start-up.
 * Every issue carries file, line, column and JSON pointer:
 *   page-definitions/blog.json:14:9 /sections/2/heading: GET /api/page/blog has no field "sub_tex2" (did you mean "sub_text2"?)
 * The pieces: ./positions.ts (JSON positions, strict parsing), ./ajv-messages.ts (readable schema
 * errors), ./binding-checks.ts (props and bindings), ./sources.ts (sources and sitemap against the
 * contract), ./routes.ts (route parameters, checks across files), ./types.ts (inputs and results).
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { DefinitionFile, SitemapSpec, SourceSpec } from '../../generated/page-definition.ts';
import { ContractPaths } from '../contract-paths.ts';
import { brandOf, withBrand } from '../brand.ts';
import { bindingPaths, isBinding, isPlainObject } from '../bindings.ts';
import {
  blockNamesIn,
  blockSchemaId,
  DEFINITION_SCHEMA_ID,
  didYouMean,
  escapePointer,
  type Located,
  SchemaStore,
  SITE_SCHEMA_ID,
  structuredDataSchemaId,
} from '../schema-store.ts';
import { reportAjvErrors } from './ajv-messages.ts';
import { BindingChecker } from './binding-checks.ts';
import { fileChecks, parseStrict } from './positions.ts';
import { warnEmptyLinks } from './empty-links.ts';
import { crossFileIssues, routeParams } from './routes.ts';
import { checkSitemap, checkSource, type SourceContext } from './sources.ts';
import type {
  AssumedBinding,
  FileChecks,
  Issue,
  PageDefinition,
  ScopeMap,
  SiteInput,
  ValidationResult,
  ValidatorResources,
} from './types.ts';

/** Only "required" errors: the value lacks parts, but what is there fits. */
function onlyMissing(errors: ErrorObject[]): boolean {
  return errors.every((error) => error.keyword === 'required');
}

// ajv-formats ships CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export class DefinitionValidator {
  readonly store: SchemaStore;
  private readonly checker: BindingChecker;
  private readonly blockNames: Set<string>;
  private readonly endpoints: ValidatorResources['contract']['endpoints'];
  /** The contract's matcher per brand (`{brand}` of its paths is the brand of site.config.json). */
  private readonly contracts = new Map<string, ContractPaths>();
  /** Scope entries of site.config.json's layoutSources, visible to main and form pages. */
  private layoutScope: ScopeMap = new Map();
  /** defaultMeta of site.config.json: the meta of every definition that gives none. */
  private defaultMeta: Record<string, unknown> | undefined;
  /** schemaAt's answers, by schema and pointer pattern. */
  private readonly located = new Map<string, Located | undefined>();

  constructor(resources: ValidatorResources) {
    this.store = new SchemaStore(resources.schemas);
    // verbose: errors carry their schema, so an unknown property's message can name the allowed ones.
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
    addFormats(ajv);
    // Image paths are URLs or content-service relative paths; any string is acceptable.
    ajv.addFormat('image', true);
    ajv.addFormat('image-path', true);
    for (const schema of resources.schemas) ajv.addSchema(schema);
    this.checker = new BindingChecker(this.store, ajv);
    this.blockNames = new Set(resources.blockNames ?? blockNamesIn(resources.schemas));
    this.endpoints = resources.contract.endpoints;
    for (const name of this.blockNames) {
      if (!this.store.get(blockSchemaId(name))) throw new Error(`Block "${name}" has no schema schemas/blocks/${name}.schema.json`);
    }
  }

  /** The blocks a definition may place, sorted. */
  get blocks(): string[] {
    return [...this.blockNames].sort();
  }

  private contract(brand: string): ContractPaths {
    let found = this.contracts.get(brand);
    if (!found) this.contracts.set(brand, (found = new ContractPaths(this.endpoints, brand)));
    return found;
  }

  /**
   * Checks resolved props (after bindings) against the block schema: how the server notices
   * content that does not fit what a definition promised. `fits` is false when a value is there
   * but of the wrong kind (a type, an enum…); values that are merely missing still fit (blocks
   * render without them). `problems` are readable messages either way.
   */
  checkResolvedProps(block: string, props: unknown): { fits: boolean; problems: string[] } {
    const fn = this.checker.compile(blockSchemaId(block));
    if (fn(props)) return { fits: true, problems: [] };
    const problems: string[] = [];
    reportAjvErrors(fn.errors ?? [], '', (pointer, message) => problems.push(`${pointer || '/'}: ${message}`));
    return { fits: onlyMissing(fn.errors ?? []), problems };
  }

  /**
   * Why `value` cannot stand at `pointer` of the schema `schemaId` (e.g. a block's props), or
   * undefined when it can: the same rule as checkResolvedProps (missing parts are no misfit), for
   * one bound value, so the page loader can leave it out and fall back (src/engine/bindings.ts).
   */
  misfit(schemaId: string, pointer: string, value: unknown): string | undefined {
    const loc = this.schemaAt(schemaId, pointer);
    if (!loc) return undefined;
    const fn = this.checker.compile(`${loc.base}#${loc.pointer}`);
    if (fn(value) || onlyMissing(fn.errors ?? [])) return undefined;
    const problems: string[] = [];
    reportAjvErrors(fn.errors ?? [], '', (at, message) => problems.push(at ? `${at}: ${message}` : message));
    return problems.join('; ');
  }

  /** The schema of the value at `pointer` (list indexes any) inside the schema `schemaId`; undefined where none is declared. */
  private schemaAt(schemaId: string, pointer: string): Located | undefined {
    const key = `${schemaId}#${pointer.replace(/\/\d+(?=\/|$)/g, '/*')}`;
    if (this.located.has(key)) return this.located.get(key);
    let loc: Located | undefined = this.store.root(schemaId);
    for (const raw of pointer.split('/').slice(1)) {
      if (!loc) break;
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      loc = /^\d+$/.test(segment) ? this.store.items(loc) : (this.store.fields(loc).get(segment) ?? this.store.additional(loc));
    }
    this.located.set(key, loc);
    return loc;
  }

  validate(files: { file: string; text: string }[], siteInput: SiteInput): ValidationResult {
    const issues: Issue[] = [];
    const warnings: Issue[] = [];
    const assumptions: AssumedBinding[] = [];
    const { site, checks: siteChecks } = this.validateSite(siteInput, issues, assumptions);
    const brand = brandOf(site);
    const definitions: PageDefinition[] = [];
    for (const { file, text } of files) {
      const def = this.validateOne(file, text, brand, { issues, assumptions, warnings });
      if (def) definitions.push(def);
    }
    issues.push(...crossFileIssues(definitions, files));
    // A definition left out (reported above) may hold the route: no second message for it.
    if (site && siteChecks && definitions.length === files.length) checkBenchRoutes(site, definitions, brand, siteChecks);
    return { issues, warnings, definitions, site, assumptions };
  }

  /** Reports where `value` does not have the shape of the schema `id`. */
  private checkShape(id: string, value: unknown, report: FileChecks['report']): void {
    const shape = this.checker.compile(id);
    if (!shape(value)) reportAjvErrors(shape.errors ?? [], '', report);
  }

  private validateSite(
    input: SiteInput,
    issues: Issue[],
    assumptions: AssumedBinding[],
  ): { site?: Record<string, unknown>; checks?: FileChecks } {
    this.layoutScope = new Map();
    this.defaultMeta = undefined;
    const parsed = parseStrict(input.file, input.text, issues);
    if (!parsed) return {};
    const { value, positions } = parsed;
    const checks = fileChecks(input.file, positions, issues, assumptions);
    this.checkShape(SITE_SCHEMA_ID, value, checks.report);
    if (!isPlainObject(value)) return {};
    if (isPlainObject(value.defaultMeta)) this.defaultMeta = value.defaultMeta;
    const brand = String(value.brand ?? '');
    const ctx: SourceContext = { checker: this.checker, contract: this.contract(brand), checks, routes: [], params: new Set(), brand };
    const siteRoot = this.store.root(SITE_SCHEMA_ID);
    const scope: ScopeMap = new Map([['site', { loc: siteRoot, label: 'site.config.json' }]]);
    const sources = isPlainObject(value.layoutSources) ? value.layoutSources : {};
    for (const [name, source] of Object.entries(sources)) {
      const entry = checkSource(ctx, source as SourceSpec, `/layoutSources/${escapePointer(name)}`);
      scope.set(name, entry);
      this.layoutScope.set(name, entry);
    }
    // Footer values may bind to the layout sources.
    this.checker.walk(value.footer, this.store.child(siteRoot, 'properties', 'footer'), '/footer', scope, checks);
    return { site: value, checks };
  }

  /** The bindings' roots of a page: route parameters, the query string, site.config.json, the layout's and the page's sources. */
  private pageScope(ctx: SourceContext, value: Record<string, unknown>): ScopeMap {
    const { routes, params } = ctx;
    const scope: ScopeMap = new Map();
    scope.set('params', {
      loc: this.checker.synthetic({
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries([...params].map((p) => [p, { type: 'string' }])),
      }),
      label: routes.length ? `the route parameters of ${routes.join(', ')}` : 'the route parameters (this page has none)',
    });
    scope.set('search', {
      loc: this.checker.synthetic({ type: 'object', additionalProperties: { type: 'string' } }),
      label: 'the query string',
    });
    scope.set('site', { loc: this.store.root(SITE_SCHEMA_ID), label: 'site.config.json' });
    if (value.layout !== 'standalone') this.layoutScope.forEach((entry, name) => scope.set(name, entry));
    const sources = isPlainObject(value.sources) ? (value.sources as Record<string, SourceSpec>) : {};
    for (const [name, source] of Object.entries(sources)) {
      if (isPlainObject(source) && typeof source.path === 'string')
        scope.set(name, checkSource(ctx, source, `/sources/${escapePointer(name)}`));
    }
    return scope;
  }

  private validateOne(
    file: string,
    text: string,
    brand: string,
    found: { issues: Issue[]; assumptions: AssumedBinding[]; warnings: Issue[] },
  ): PageDefinition | undefined {
    const { issues } = found;
    const parsed = parseStrict(file, text, issues);
    if (!parsed) return undefined;
    const { value, positions } = parsed;
    const checks = fileChecks(file, positions, issues, found.assumptions, found.warnings);
    const before = issues.length;
    this.checkShape(DEFINITION_SCHEMA_ID, value, checks.report);
    // When the shape is wrong, deeper checks would mostly repeat the problem; sections are still checked.
    if (!isPlainObject(value) || !Array.isArray(value.sections)) return undefined;
    const shapeBroken = issues.length > before;
    const rawRoutes = value.route === undefined ? [] : Array.isArray(value.route) ? value.route : [value.route];
    const routes = rawRoutes.filter((r): r is string => typeof r === 'string').map((r) => withBrand(r, brand));
    const ctx: SourceContext = {
      checker: this.checker,
      contract: this.contract(brand),
      checks,
      routes,
      params: routeParams(routes),
      brand,
    };
    const scope = this.pageScope(ctx, value);
    this.checkMeta(value, scope, checks);
    const structuredData = this.checkStructuredData(value.structuredData, scope, checks, issues);
    if (isPlainObject(value.sitemap)) checkSitemap(ctx, value.sitemap as unknown as SitemapSpec);
    const invalidSections = this.checkSections(value.sections, value.scrollTo, scope, checks, issues);
    // A definition whose shape is wrong (e.g. "layout": "mian") is left out: its route is a 404,
    // never a page rendered without its layout. A section that fails is only skipped.
    if (shapeBroken) return undefined;
    // The shape is checked: the file is a DefinitionFile.
    const { $schema: _schema, version: _version, route: _route, ...def } = value as unknown as DefinitionFile;
    return {
      ...def,
      file,
      routes,
      notFound: def.notFound === true,
      sources: def.sources ?? {},
      structuredData,
      brochureButton: def.brochureButton === true,
      invalidSections,
    };
  }

  /**
   * Each meta value is text. Without "meta", the page takes defaultMeta of site.config.json, resolved
   * against its own sources: its title must come from a source the page has.
   */
  private checkMeta(value: Record<string, unknown>, scope: ScopeMap, checks: FileChecks): void {
    if (value.meta === undefined && value.notFound !== true) {
      const title = this.defaultMeta?.title;
      if (title === undefined) checks.report('', 'no "meta" given and site.config.json has no defaultMeta title: add "meta"');
      for (const path of isBinding(title) ? bindingPaths(title).slice(0, 1) : []) {
        const source = path.split('.')[0];
        if (!scope.get(source)) checks.report('', `no "meta" given and no source named "${source}" to take ${path} from: add one of them`);
        else if (scope.get(source)?.loc) {
          const check = this.checker.checkPath(path, scope);
          if (check.error) checks.report(`/sources/${source}`, `no "meta" given, so the title comes from ${path}, but ${check.error}`);
        }
      }
    } else if (isPlainObject(value.meta)) {
      for (const [key, meta] of Object.entries(value.meta)) this.checker.walk(meta, this.checker.textSchema, `/meta/${key}`, scope, checks);
    }
  }

  /** Checks each structured-data item's props; returns the items that passed (others are left out). */
  private checkStructuredData(items: unknown, scope: ScopeMap, checks: FileChecks, issues: Issue[]): PageDefinition['structuredData'] {
    const passed: PageDefinition['structuredData'] = [];
    (Array.isArray(items) ? items : []).forEach((item: unknown, index) => {
      if (!isPlainObject(item) || typeof item.type !== 'string' || !this.store.get(structuredDataSchemaId(item.type))) return;
      const count = issues.length;
      const { type: _type, ...props } = item;
      this.checker.walk(props, this.store.root(structuredDataSchemaId(item.type)), `/structuredData/${index}`, scope, checks);
      if (issues.length === count) passed.push(item as PageDefinition['structuredData'][number]);
    });
    return passed;
  }

  /** Checks every section against its block; returns the indexes of those that failed (skipped at runtime). */
  private checkSections(sections: unknown[], scrollTo: unknown, scope: ScopeMap, checks: FileChecks, issues: Issue[]): Set<number> {
    const invalid = new Set<number>();
    sections.forEach((section, index) => {
      const pointer = `/sections/${index}`;
      const count = issues.length;
      if (isPlainObject(section) && typeof section.block === 'string') {
        if (!this.blockNames.has(section.block)) {
          const known = [...this.blockNames].join(', ');
          checks.report(
            `${pointer}/block`,
            `unknown block "${section.block}"${didYouMean(section.block, this.blockNames)}; known blocks: ${known}`,
          );
        } else {
          const { block: _block, id: _id, ...props } = section;
          const root = this.store.root(blockSchemaId(section.block));
          this.checker.walk(props, root, pointer, scope, checks);
          warnEmptyLinks(this.store, props, root, pointer, checks.warn);
        }
      }
      // A broken read of a binding with a fallback leaves the section shown (with the fallback).
      if (issues.slice(count).some((issue) => !checks.kept?.has(issue))) invalid.add(index);
    });
    const ids = new Set(sections.filter(isPlainObject).map((s) => s.id));
    const scrollTarget = isPlainObject(scrollTo) ? scrollTo.section : undefined;
    if (typeof scrollTarget === 'string' && !ids.has(scrollTarget))
      checks.report('/scrollTo/section', `no section has the id "${scrollTarget}"`);
    sections.forEach((section, index) => {
      const anchor = isPlainObject(section) ? section.anchor : undefined;
      if (typeof anchor === 'string' && !ids.has(anchor)) checks.report(`/sections/${index}/anchor`, `no section has the id "${anchor}"`);
    });
    return invalid;
  }
}

/** Each of site.config.json's benchRoutes (the pages `npm run bench` measures) is a route of a page. */
function checkBenchRoutes(site: Record<string, unknown>, definitions: PageDefinition[], brand: string, checks: FileChecks): void {
  if (!Array.isArray(site.benchRoutes)) return;
  const routes = new Set(definitions.filter((definition) => !definition.notFound).flatMap((definition) => definition.routes));
  site.benchRoutes.forEach((route: unknown, index) => {
    if (typeof route !== 'string' || routes.has(withBrand(route, brand))) return;
    checks.report(`/benchRoutes/${index}`, `"${route}" is not a route of any page${didYouMean(route, [...routes])}`);
  });
}
