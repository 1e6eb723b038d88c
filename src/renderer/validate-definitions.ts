/**
 * Validates page definitions (and site.config.json) against the definition schema, the block
 * schemas and the content contract. Used by `npm run validate` (CI) and by the server at start-up.
 * Every issue carries file, line, column and JSON pointer:
 *   page-definitions/blog.json:14:9 /sections/2/heading: GET /api/page/blog has no field "sub_tex2" (did you mean "sub_text2"?)
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { bindingPaths, containsBinding, isBinding, isPlainObject, RESERVED_ROOTS, type BindingNode } from './bindings.ts';
import { assumptionOf, didYouMean, escapePointer, SchemaStore, type JsonSchema, type Located } from './schema-store.ts';

// ajv-formats ships CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export const SCHEMA_BASE = 'https://schemas.local/';
export const DEFINITION_SCHEMA_ID = `${SCHEMA_BASE}page-definition.schema.json`;
export const SITE_SCHEMA_ID = `${SCHEMA_BASE}site-config.schema.json`;
export const blockSchemaId = (name: string) => `${SCHEMA_BASE}blocks/${name}.schema.json`;
export const contentSchemaId = (file: string) => `${SCHEMA_BASE}content/${file}`;
export const structuredDataSchemaId = (type: string) => `${SCHEMA_BASE}structured-data/${type}.schema.json`;

export interface ContractEndpoint {
  path: string;
  /** Set when SPEC §7 does not name this path: why the site reads it anyway. */
  'x-assumed'?: string;
  /** GET (page reads, the default) or POST (form submissions, which definitions cannot read). */
  method?: string;
  schema: string;
  query?: Record<string, string>;
  description?: string;
}
export interface Contract {
  endpoints: ContractEndpoint[];
}

export interface SourceSpec {
  path: string;
  query?: Record<string, unknown>;
  /** The page cannot live without it (its 404 is the page's 404); any other source may fail. */
  required?: boolean;
}
export interface SectionSpec {
  block: string;
  id?: string;
  [prop: string]: unknown;
}
/** One structured-data declaration: a schema.org type and its props (literals or bindings). */
export interface StructuredDataSpec {
  type: string;
  [prop: string]: unknown;
}
/** Where sitemap.xml finds the parameter values of a parameterised route. */
export interface SitemapSpec {
  source: { path: string; query?: Record<string, string | number | boolean> };
  each: string;
  params: Record<string, string>;
  pages?: string;
}
export interface PageDefinition {
  file: string;
  /** Route patterns with {brand} already replaced. */
  routes: string[];
  notFound: boolean;
  layout: 'main' | 'form' | 'campaign' | 'standalone';
  sources: Record<string, SourceSpec>;
  meta?: { title?: unknown; keywords?: unknown; description?: unknown };
  /** Structured-data declarations that passed validation (others are left out and logged). */
  structuredData: StructuredDataSpec[];
  sitemap?: SitemapSpec;
  brochureButton: boolean;
  scrollTo?: { section: string; offset?: number };
  sections: SectionSpec[];
  /** Indexes of sections that failed validation: skipped (and logged) at runtime. */
  invalidSections: Set<number>;
}

export interface Issue {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

export function formatIssue(issue: Issue): string {
  return `${issue.file}:${issue.line}:${issue.column} ${issue.pointer || '/'}: ${issue.message}`;
}

export interface ValidatorResources {
  /** Every schema file (definition, common, site config, blocks, content), each with its $id. */
  schemas: JsonSchema[];
  /** Registered block names (the keys of src/blocks/registry.ts). */
  blockNames: readonly string[];
  contract: Contract;
}

export interface SiteInput {
  file: string;
  text: string;
}

/** A binding (or source) that reads something SPEC does not document (`x-assumed` in the contract). */
export interface AssumedBinding {
  file: string;
  line: number;
  column: number;
  pointer: string;
  /** The path read, e.g. page.homepage.home_about.name, or the source's GET path. */
  path: string;
  /** "<where>: <reason>" for each assumed endpoint or field on the way. */
  reasons: string[];
}

export interface ValidationResult {
  issues: Issue[];
  assumptions: AssumedBinding[];
  definitions: PageDefinition[];
  site?: Record<string, unknown>;
}

interface ScopeEntry {
  loc?: Located;
  label: string;
  /** Assumptions every path through this entry depends on (an assumed endpoint, or the list an item comes from). */
  assumed?: string[];
}
type ScopeMap = Map<string, ScopeEntry>;

/** Where in a file a JSON pointer is, for messages. */
class Positions {
  private readonly lineStarts: number[] = [0];
  constructor(
    private readonly text: string,
    readonly tree: Node | undefined,
  ) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }
  lineColumn(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }
  /** Offset of the value at pointer; for an object property, of its key. Falls back to the nearest parent. */
  offset(pointer: string): number {
    if (!this.tree) return 0;
    const segments = pointer
      ? pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      : [];
    for (let n = segments.length; n >= 0; n--) {
      const path = segments.slice(0, n).map((s, i) => {
        // Array indexes must be numbers for jsonc-parser.
        const parent = findNodeAtLocation(this.tree!, segments.slice(0, i));
        return parent?.type === 'array' ? Number(s) : s;
      });
      const node = findNodeAtLocation(this.tree, path);
      if (!node) continue;
      if (node.parent?.type === 'property' && node.parent.children?.[0]) return node.parent.children[0].offset;
      return node.offset;
    }
    return 0;
  }
}

export class DefinitionValidator {
  readonly store: SchemaStore;
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly blockNames: Set<string>;
  private readonly endpoints: { endpoint: ContractEndpoint; segments: string[] }[];
  private definitionShape!: ValidateFunction;
  /** Scope entries of site.config.json's layoutSources, visible to main and form pages. */
  private layoutScope: ScopeMap = new Map();
  private siteShape!: ValidateFunction;
  private assumptions: AssumedBinding[] = [];
  /** Records an assumed binding of the file being validated. */
  private noteAssumed: (pointer: string, path: string, reasons: string[]) => void = () => {};

  constructor(private readonly resources: ValidatorResources) {
    this.store = new SchemaStore(resources.schemas);
    this.ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats(this.ajv);
    // Image paths are URLs or content-service relative paths; any string is acceptable.
    this.ajv.addFormat('image', true);
    this.ajv.addFormat('image-path', true);
    for (const schema of resources.schemas) this.ajv.addSchema(schema);
    this.blockNames = new Set(resources.blockNames);
    this.endpoints = resources.contract.endpoints
      .filter((e) => (e.method ?? 'GET') === 'GET')
      .map((endpoint) => ({
        endpoint,
        segments: endpoint.path.split('/'),
      }));
    for (const name of resources.blockNames) {
      if (!this.store.get(blockSchemaId(name))) throw new Error(`Block "${name}" has no schema schemas/blocks/${name}.schema.json`);
    }
  }

  private compile(ref: string): ValidateFunction {
    let fn = this.compiled.get(ref);
    if (!fn) {
      fn = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, fn);
    }
    return fn;
  }

  /** Validates a literal value against a located schema; returns messages keyed by pointer. */
  private readonly compiledSynthetic = new WeakMap<JsonSchema, ValidateFunction>();
  private literal(value: unknown, loc: Located, pointer: string, report: (pointer: string, message: string) => void) {
    let fn: ValidateFunction;
    if (loc.base.startsWith(`${SCHEMA_BASE}synthetic/`)) {
      fn = this.compiledSynthetic.get(loc.schema) ?? this.ajv.compile(loc.schema);
      this.compiledSynthetic.set(loc.schema, fn);
    } else fn = this.compile(`${loc.base}#${loc.pointer}`);
    if (!fn(value)) reportAjvErrors(fn.errors ?? [], pointer, report, this.store, loc);
  }

  /**
   * Checks resolved props (after bindings) against the block schema: how the server notices
   * content that does not fit what a definition promised. Returns readable messages.
   */
  checkResolvedProps(block: string, props: unknown): string[] {
    const fn = this.compile(blockSchemaId(block));
    if (fn(props)) return [];
    const out: string[] = [];
    reportAjvErrors(
      fn.errors ?? [],
      '',
      (pointer, message) => out.push(`${pointer || '/'}: ${message}`),
      this.store,
      this.store.root(blockSchemaId(block)),
    );
    return out;
  }

  validate(files: { file: string; text: string }[], siteInput: SiteInput): ValidationResult {
    this.definitionShape ??= this.compile(DEFINITION_SCHEMA_ID);
    this.siteShape ??= this.compile(SITE_SCHEMA_ID);
    const issues: Issue[] = [];
    this.assumptions = [];
    const site = this.validateSite(siteInput, issues);
    const brand = typeof site?.brand === 'string' ? site.brand : 'brand';
    const definitions: PageDefinition[] = [];
    for (const { file, text } of files) {
      const def = this.validateOne(file, text, brand, issues);
      if (def) definitions.push(def);
    }
    // Across files: one page per route, exactly one not-found page.
    const owners = new Map<string, string>();
    for (const def of definitions) {
      def.routes.forEach((route, i) => {
        const key = normalizeRoute(route);
        const owner = owners.get(key);
        if (owner) {
          issues.push(
            at(
              def.file,
              files,
              `/route${Array.isArray(def.routes) && def.routes.length > 1 ? `/${i}` : ''}`,
              `route "${route}" is already defined in ${owner}`,
            ),
          );
        } else owners.set(key, def.file);
      });
    }
    const notFound = definitions.filter((d) => d.notFound);
    if (files.length > 0 && notFound.length !== 1) {
      const file = notFound[1]?.file ?? files[0].file;
      issues.push({
        file,
        line: 1,
        column: 1,
        pointer: '',
        message: `exactly one definition must set "notFound": true (found ${notFound.length})`,
      });
    }
    return { issues, definitions, site, assumptions: this.assumptions };
  }

  private validateSite(input: SiteInput, issues: Issue[]): Record<string, unknown> | undefined {
    this.layoutScope = new Map();
    const parsed = parseStrict(input.file, input.text, issues);
    if (!parsed) return undefined;
    const { value, positions } = parsed;
    const report = reporter(input.file, positions, issues);
    this.noteAssumed = assumedNoter(input.file, positions, this.assumptions);
    if (!this.siteShape(value)) reportAjvErrors(this.siteShape.errors ?? [], '', report, this.store, this.store.root(SITE_SCHEMA_ID));
    if (!isPlainObject(value)) return undefined;
    const sources = isPlainObject(value.layoutSources) ? value.layoutSources : {};
    const scope: ScopeMap = new Map([['site', { loc: this.store.root(SITE_SCHEMA_ID), label: 'site.config.json' }]]);
    for (const [name, source] of Object.entries(sources)) {
      const loc = this.checkSource(source as SourceSpec, `/layoutSources/${escapePointer(name)}`, [], report, String(value.brand ?? ''));
      scope.set(name, loc);
      this.layoutScope.set(name, loc);
    }
    // Footer values may bind to the layout sources.
    this.walkBindings(value.footer, this.store.child(this.store.root(SITE_SCHEMA_ID), 'properties', 'footer'), '/footer', scope, report);
    return value;
  }

  private validateOne(file: string, text: string, brand: string, issues: Issue[]): PageDefinition | undefined {
    const parsed = parseStrict(file, text, issues);
    if (!parsed) return undefined;
    const { value, positions } = parsed;
    const report = reporter(file, positions, issues);
    this.noteAssumed = assumedNoter(file, positions, this.assumptions);
    const before = issues.length;
    if (!this.definitionShape(value)) {
      reportAjvErrors(this.definitionShape.errors ?? [], '', report, this.store, this.store.root(DEFINITION_SCHEMA_ID));
    }
    if (!isPlainObject(value) || issues.length > before) {
      // The shape is wrong: deeper checks would only repeat the problem.
      if (!isPlainObject(value) || !Array.isArray(value.sections)) return undefined;
    }
    const shapeBroken = issues.length > before;
    const rawRoutes = value.route === undefined ? [] : Array.isArray(value.route) ? value.route : [value.route];
    const routes = rawRoutes.filter((r): r is string => typeof r === 'string').map((r) => r.replaceAll('{brand}', brand));
    const params = routeParams(routes);

    const scope: ScopeMap = new Map();
    scope.set('params', {
      loc: this.synthetic({
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries([...params].map((p) => [p, { type: 'string' }])),
      }),
      label: routes.length ? `the route parameters of ${routes.join(', ')}` : 'the route parameters (this page has none)',
    });
    scope.set('search', { loc: this.synthetic({ type: 'object', additionalProperties: { type: 'string' } }), label: 'the query string' });
    scope.set('site', { loc: this.store.root(SITE_SCHEMA_ID), label: 'site.config.json' });
    if (value.layout !== 'standalone') this.layoutScope.forEach((entry, name) => scope.set(name, entry));

    const sources = isPlainObject(value.sources) ? (value.sources as Record<string, SourceSpec>) : {};
    for (const [name, source] of Object.entries(sources)) {
      if (!isPlainObject(source) || typeof source.path !== 'string') continue;
      scope.set(name, this.checkSource(source, `/sources/${escapePointer(name)}`, routes, report, brand, params));
    }

    if (value.meta === undefined && value.notFound !== true) {
      const page = scope.get('page');
      if (!page) report('', 'no "meta" given and no source named "page" to take page_data.page_title from: add one of them');
      else if (page.loc) {
        const check = this.checkPath('page.page_data.page_title', scope);
        if (check.error) report('/sources/page', `no "meta" given, so the title comes from page.page_data.page_title, but ${check.error}`);
      }
    } else if (isPlainObject(value.meta)) {
      const text = this.textSchema;
      for (const [key, meta] of Object.entries(value.meta)) this.walkBindings(meta, text, `/meta/${key}`, scope, report);
    }

    const structuredData: StructuredDataSpec[] = [];
    (Array.isArray(value.structuredData) ? value.structuredData : []).forEach((item: unknown, index) => {
      if (!isPlainObject(item) || typeof item.type !== 'string' || !this.store.get(structuredDataSchemaId(item.type))) return;
      const count = issues.length;
      const { type: _type, ...props } = item;
      this.walkBindings(props, this.store.root(structuredDataSchemaId(item.type)), `/structuredData/${index}`, scope, report);
      if (issues.length === count) structuredData.push(item as StructuredDataSpec);
    });
    if (isPlainObject(value.sitemap)) this.checkSitemap(value.sitemap as unknown as SitemapSpec, routes, params, report, brand);

    const invalidSections = new Set<number>();
    const sections = (value.sections as unknown[]).map((section, index) => {
      const pointer = `/sections/${index}`;
      const count = issues.length;
      if (isPlainObject(section) && typeof section.block === 'string') {
        if (!this.blockNames.has(section.block)) {
          report(
            `${pointer}/block`,
            `unknown block "${section.block}"${didYouMean(section.block, this.blockNames)}; known blocks: ${[...this.blockNames].join(', ')}`,
          );
        } else {
          const { block: _block, id: _id, ...props } = section;
          this.walkBindings(props, this.store.root(blockSchemaId(section.block)), pointer, scope, report);
        }
      }
      if (issues.length > count) invalidSections.add(index);
      return section as SectionSpec;
    });
    const scrollTarget = isPlainObject(value.scrollTo) ? value.scrollTo.section : undefined;
    if (typeof scrollTarget === 'string' && !sections.some((s) => isPlainObject(s) && s.id === scrollTarget)) {
      report('/scrollTo/section', `no section has the id "${scrollTarget}"`);
    }
    const ids = new Set(sections.filter(isPlainObject).map((s) => s.id));
    sections.forEach((section, index) => {
      const anchor = isPlainObject(section) ? section.anchor : undefined;
      if (typeof anchor === 'string' && !ids.has(anchor)) report(`/sections/${index}/anchor`, `no section has the id "${anchor}"`);
    });
    // A definition whose shape is wrong (e.g. "layout": "mian") is left out: its route is a 404,
    // never a page rendered without its layout. A section that fails is only skipped.
    if (shapeBroken) return undefined;

    return {
      file,
      routes,
      notFound: value.notFound === true,
      layout: (value.layout as PageDefinition['layout']) ?? 'main',
      sources,
      meta: value.meta as PageDefinition['meta'],
      structuredData,
      sitemap: isPlainObject(value.sitemap) ? (value.sitemap as unknown as SitemapSpec) : undefined,
      brochureButton: value.brochureButton === true,
      scrollTo: value.scrollTo as PageDefinition['scrollTo'],
      sections,
      invalidSections,
    };
  }

  private readonly textSchema: Located = { schema: { type: 'string' }, base: `${SCHEMA_BASE}synthetic/text`, pointer: '' };
  private syntheticCount = 0;
  private synthetic(schema: JsonSchema): Located {
    return { schema, base: `${SCHEMA_BASE}synthetic/${this.syntheticCount++}`, pointer: '' };
  }

  /** Checks one content source: contract match, query names, parameter bindings. Returns its scope entry. */
  private checkSource(
    source: SourceSpec,
    pointer: string,
    routes: string[],
    report: Report,
    brand: string,
    params: Set<string> = new Set(),
  ): ScopeEntry {
    const path = source.path.replaceAll('{brand}', brand);
    const label = `GET ${source.path}`;
    const segments = path.split('/');
    for (const match of path.matchAll(/\{([^{}]+)\}/g)) {
      const ref = match[1];
      const [root, name, ...rest] = ref.split('.');
      if ((root !== 'params' && root !== 'search') || !name || rest.length) {
        report(`${pointer}/path`, `"{${ref}}" must be {params.<name>} or {search.<name>}`);
      } else if (root === 'params' && !params.has(name))
        report(
          `${pointer}/path`,
          `route parameter "${name}" is not in ${routes.length ? routes.join(', ') : 'this page (it has no route)'}${didYouMean(name, params)}`,
        );
    }
    const found = this.endpoints.find(
      (e) =>
        e.segments.length === segments.length &&
        e.segments.every((seg, i) => (seg.startsWith('{') ? segments[i] !== '' : seg === segments[i])),
    );
    if (!found) {
      report(
        `${pointer}/path`,
        `${label} is not in the content contract (schemas/content/contract.json)${didYouMean(
          path,
          this.endpoints.map((e) => e.endpoint.path),
        )}`,
      );
      return { label };
    }
    const known = Object.keys(found.endpoint.query ?? {});
    for (const [key, q] of Object.entries(source.query ?? {})) {
      if (!known.includes(key)) {
        report(
          `${pointer}/query/${escapePointer(key)}`,
          `${found.endpoint.path} takes no query parameter "${key}"${known.length ? didYouMean(key, known) || ` (it takes: ${known.join(', ')})` : ''}`,
        );
      }
      if (isBinding(q)) {
        for (const p of bindingPaths(q)) {
          const root = p.split('.')[0];
          if (!['params', 'search', 'site'].includes(root))
            report(`${pointer}/query/${escapePointer(key)}`, `query values bind to params, search or site only, not "${root}"`);
          else if (root === 'params' && !params.has(p.split('.')[1] ?? ''))
            report(
              `${pointer}/query/${escapePointer(key)}`,
              `route parameter "${p.split('.')[1]}" is not in ${routes.join(', ') || 'this page'}`,
            );
        }
      }
    }
    const assumed = found.endpoint['x-assumed'];
    if (assumed) this.noteAssumed(`${pointer}/path`, path, [`GET ${found.endpoint.path}: ${assumed}`]);
    return {
      loc: this.store.root(contentSchemaId(found.endpoint.schema)),
      label: `GET ${found.endpoint.path}`,
      assumed: assumed ? [`GET ${found.endpoint.path}: ${assumed}`] : undefined,
    };
  }

  /** Checks a sitemap declaration: its source against the contract, its paths against the response schema. */
  private checkSitemap(sitemap: SitemapSpec, routes: string[], params: Set<string>, report: Report, brand: string): void {
    if (params.size === 0)
      report('/sitemap', `"sitemap" is for routes with parameters; ${routes.join(', ') || 'this page'} has none (it is listed as it is)`);
    if (!isPlainObject(sitemap.source) || typeof sitemap.source.path !== 'string') return;
    const entry = this.checkSource(sitemap.source, '/sitemap/source', routes, report, brand, params);
    const scope: ScopeMap = new Map([['response', entry]]);
    const list = this.checkPath(`response.${sitemap.each}`, scope);
    if (list.error) return report('/sitemap/each', list.error);
    let itemLoc: Located | undefined;
    if (list.loc) {
      const types = this.store.types(list.loc);
      if (types.size && !types.has('array'))
        return report('/sitemap/each', `"${sitemap.each}" is not a list (it is ${[...types].join(' or ')})`);
      itemLoc = this.store.items(list.loc);
    }
    const itemScope: ScopeMap = new Map([['item', { loc: itemLoc, label: `an entry of ${sitemap.each}` }]]);
    for (const [name, field] of Object.entries(sitemap.params ?? {})) {
      if (!params.has(name))
        report(
          `/sitemap/params/${escapePointer(name)}`,
          `route parameter "${name}" is not in ${routes.join(', ') || 'this page'}${didYouMean(name, params)}`,
        );
      const found = this.checkPath(`item.${field}`, itemScope);
      if (found.error) report(`/sitemap/params/${escapePointer(name)}`, found.error);
    }
    for (const name of params) if (!(name in (sitemap.params ?? {}))) report('/sitemap/params', `must give route parameter "${name}"`);
    if (sitemap.pages !== undefined) {
      const found = this.checkPath(`response.${sitemap.pages}`, scope);
      if (found.error) report('/sitemap/pages', found.error);
    }
  }

  /** Follows a binding path through the schemas in scope. `loc` undefined = free-form (unchecked). */
  private checkPath(path: string, scope: ScopeMap): { loc?: Located; error?: string; assumed?: string[] } {
    const [root, ...rest] = path.split('.');
    const entry = scope.get(root);
    if (!entry) {
      const names = [...scope.keys()];
      const hint = didYouMean(root, names);
      return {
        error: `"${root}" is not a source of this page${hint || ` (sources: ${names.filter((n) => !(RESERVED_ROOTS as readonly string[]).includes(n)).join(', ') || 'none'}; also params, search, site)`}`,
      };
    }
    let loc = entry.loc;
    const walked: string[] = [];
    const assumed = [...(entry.assumed ?? [])];
    const done = (found: Located | undefined) => ({ loc: found, assumed: assumed.length ? assumed : undefined });
    for (const segment of rest) {
      if (!loc) return done(undefined);
      const types = this.store.types(loc);
      if (/^\d+$/.test(segment) && types.has('array')) {
        loc = this.store.items(loc);
      } else {
        const fields = this.store.fields(loc);
        const field = fields.get(segment);
        if (field) loc = field;
        else if (this.store.additional(loc)) loc = this.store.additional(loc);
        else if (fields.size === 0 && !types.has('array') && !this.store.isClosed(loc)) loc = undefined;
        else {
          const where = walked.length ? ` in ${walked.join('.')}` : '';
          const hint = types.has('array') ? ' (it is a list: use $each, or an index such as .0)' : didYouMean(segment, fields.keys());
          return { error: `${entry.label} has no field "${segment}"${where}${hint}` };
        }
      }
      walked.push(segment);
      const mark = loc ? assumptionOf(loc.schema) : undefined;
      if (mark) assumed.push(`${root}.${walked.join('.')}: ${mark}`);
    }
    return done(loc);
  }

  /** Walks props against their schema: literals are validated, bindings are checked against the contract. */
  private walkBindings(node: unknown, expected: Located, pointer: string, scope: ScopeMap, report: Report): void {
    expected = this.store.deref(expected);
    if (isBinding(node)) {
      this.checkBinding(node, expected, pointer, scope, report);
      return;
    }
    if (!containsBinding(node)) {
      this.literal(node, expected, pointer, report);
      return;
    }
    if (Array.isArray(node)) {
      const items = this.store.items(expected);
      if (!items) {
        report(pointer, `must not be a list${describeExpected(this.store, expected)}`);
        return;
      }
      node.forEach((entry, i) => this.walkBindings(entry, items, `${pointer}/${i}`, scope, report));
      return;
    }
    if (isPlainObject(node)) {
      const fields = this.store.fields(expected);
      const additional = this.store.additional(expected);
      if (fields.size === 0 && additional) {
        for (const [key, value] of Object.entries(node))
          this.walkBindings(value, additional, `${pointer}/${escapePointer(key)}`, scope, report);
        return;
      }
      if (fields.size === 0) {
        this.literal(node, expected, pointer, report);
        return;
      }
      for (const required of expected.schema.required ?? []) {
        if (!(required in node)) report(pointer, `must have "${required}"`);
      }
      for (const [key, value] of Object.entries(node)) {
        const field = fields.get(key);
        if (!field) {
          if (expected.schema.additionalProperties === false)
            report(
              `${pointer}/${escapePointer(key)}`,
              `unknown property "${key}"${didYouMean(key, fields.keys()) || ` (allowed: ${[...fields.keys()].join(', ')})`}`,
            );
          continue;
        }
        this.walkBindings(value, field, `${pointer}/${escapePointer(key)}`, scope, report);
      }
    }
  }

  private checkBinding(node: BindingNode, expected: Located, pointer: string, scope: ScopeMap, report: Report): void {
    const expectedTypes = this.store.types(expected);
    if ('$each' in node) {
      const items = this.store.items(expected);
      if (expectedTypes.size && !expectedTypes.has('array')) {
        report(pointer, `$each makes a list, but this property must be ${[...expectedTypes].join(' or ')}`);
        return;
      }
      const found = this.checkPath(node.$each, scope);
      if (found.error) return report(`${pointer}/$each`, found.error);
      if (found.assumed) this.noteAssumed(`${pointer}/$each`, node.$each, found.assumed);
      let itemLoc: Located | undefined;
      if (found.loc) {
        const types = this.store.types(found.loc);
        if (types.size && !types.has('array'))
          return report(`${pointer}/$each`, `"${node.$each}" is not a list (it is ${[...types].join(' or ')})`);
        itemLoc = this.store.items(found.loc);
      }
      const inner: ScopeMap = new Map(scope);
      // Paths through item depend on what the list itself depends on; noted once, at the list.
      inner.set('item', { loc: itemLoc, label: `an entry of ${node.$each}` });
      for (const path of Object.keys(node.where ?? {})) {
        const found = this.checkPath(path, inner);
        if (found.error) report(`${pointer}/where/${escapePointer(path)}`, found.error);
      }
      if (items) this.walkBindings(node.map, items, `${pointer}/map`, inner, report);
      return;
    }
    if ('$count' in node) {
      if (expectedTypes.size && !expectedTypes.has('integer') && !expectedTypes.has('number'))
        report(pointer, `$count makes a number, but this property must be ${[...expectedTypes].join(' or ')}`);
      const found = this.checkPath(node.$count, scope);
      if (found.error) return report(`${pointer}/$count`, found.error);
      if (found.assumed) this.noteAssumed(`${pointer}/$count`, node.$count, found.assumed);
      const types = found.loc ? this.store.types(found.loc) : new Set<string>();
      if (types.size && !types.has('array'))
        report(`${pointer}/$count`, `"${node.$count}" is not a list (it is ${[...types].join(' or ')})`);
      return;
    }
    if ('$switch' in node) {
      const found = this.checkPath(node.$switch, scope);
      if (found.error) report(`${pointer}/$switch`, found.error);
      else if (found.assumed) this.noteAssumed(`${pointer}/$switch`, node.$switch, found.assumed);
      for (const [key, value] of Object.entries(node.cases))
        this.walkBindings(value, expected, `${pointer}/cases/${escapePointer(key)}`, scope, report);
      if ('default' in node && node.default !== undefined) this.walkBindings(node.default, expected, `${pointer}/default`, scope, report);
      return;
    }
    if ('$template' in node) {
      if (expectedTypes.size && !expectedTypes.has('string'))
        report(pointer, `$template makes text, but this property must be ${[...expectedTypes].join(' or ')}`);
      for (const path of bindingPaths(node)) {
        const found = this.checkPath(path, scope);
        if (found.error) report(`${pointer}/$template`, found.error);
        else if (found.assumed) this.noteAssumed(`${pointer}/$template`, path, found.assumed);
      }
    } else {
      const paths = bindingPaths(node);
      paths.forEach((path, i) => {
        const found = this.checkPath(path, scope);
        const where = `${pointer}/$bind${Array.isArray(node.$bind) ? `/${i}` : ''}`;
        if (found.error) return report(where, found.error);
        if (found.assumed) this.noteAssumed(where, path, found.assumed);
        if (found.loc && expectedTypes.size) {
          const actual = this.store.types(found.loc);
          actual.delete('null');
          const textual = expectedTypes.has('string') && (actual.has('number') || actual.has('boolean'));
          if (actual.size && !textual && ![...actual].some((t) => expectedTypes.has(t))) {
            report(where, `"${path}" is ${[...actual].join(' or ')}, but this property must be ${[...expectedTypes].join(' or ')}`);
          } else if (isHtml(found.loc) && expectedTypes.has('string') && !isHtml(expected)) {
            // Shown as text, its markup would appear as literal tags on the page.
            report(where, `"${path}" may carry HTML, but this property is plain text: bind it to an HTML property of the block`);
          }
        }
      });
    }
    if ('default' in node && node.default !== undefined) this.literal(node.default, expected, `${pointer}/default`, report);
  }
}

type Report = (pointer: string, message: string) => void;

function reporter(file: string, positions: Positions, issues: Issue[]): Report {
  return (pointer, message) => {
    const { line, column } = positions.lineColumn(positions.offset(pointer));
    issues.push({ file, line, column, pointer, message });
  };
}

function assumedNoter(file: string, positions: Positions, into: AssumedBinding[]) {
  return (pointer: string, path: string, reasons: string[]) => {
    const { line, column } = positions.lineColumn(positions.offset(pointer));
    into.push({ file, line, column, pointer, path, reasons });
  };
}

function at(file: string, files: { file: string; text: string }[], pointer: string, message: string): Issue {
  const text = files.find((f) => f.file === file)?.text ?? '';
  const positions = new Positions(text, parseTree(text));
  const { line, column } = positions.lineColumn(positions.offset(pointer));
  return { file, line, column, pointer, message };
}

function parseStrict(file: string, text: string, issues: Issue[]): { value: unknown; positions: Positions } | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const positions = new Positions(text, tree);
  if (errors.length) {
    for (const error of errors.slice(0, 5)) {
      const { line, column } = positions.lineColumn(error.offset);
      issues.push({ file, line, column, pointer: '', message: `invalid JSON: ${printParseErrorCode(error.error)}` });
    }
    return undefined;
  }
  return { value: JSON.parse(text) as unknown, positions };
}

function isHtml(loc: Located): boolean {
  return loc.schema.contentMediaType === 'text/html';
}

function describeExpected(store: SchemaStore, loc: Located): string {
  const types = store.types(loc);
  return types.size ? ` (expected ${[...types].join(' or ')})` : '';
}

/**
 * Turns ajv errors into one clear message per problem. For anyOf/oneOf, ajv reports every
 * branch's failure; we keep the errors that are about something deeper than the value's basic
 * type (those of the branch the author meant), or else say which types are allowed.
 */
function reportAjvErrors(errors: ErrorObject[], prefix: string, report: Report, _store: SchemaStore, _root: Located): void {
  const handled = new Set<ErrorObject>();
  errors.forEach((union, index) => {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') return;
    handled.add(union);
    // ajv records a union's branch errors just before the union error itself.
    const inside = errors
      .slice(0, index)
      .filter((e) => !handled.has(e) && (e.instancePath === union.instancePath || e.instancePath.startsWith(`${union.instancePath}/`)));
    inside.forEach((e) => handled.add(e));
    if (union.keyword === 'oneOf' && inside.length === 0) {
      report(prefix + union.instancePath, 'matches more than one allowed form');
      return;
    }
    const shallow = (e: ErrorObject) =>
      e.instancePath === union.instancePath &&
      (e.keyword === 'type' || e.keyword === 'required' || e.keyword === 'not' || e.keyword === 'anyOf' || e.keyword === 'oneOf');
    const deep = inside.filter((e) => !shallow(e));
    if (deep.length) deep.forEach((e) => report(prefix + e.instancePath + extraPath(e), ajvText(e)));
    else report(prefix + union.instancePath, describeUnion(union, inside));
  });
  for (const e of errors) {
    if (handled.has(e) || e.keyword === 'if') continue;
    report(prefix + e.instancePath + extraPath(e), ajvText(e));
  }
}

function describeUnion(union: ErrorObject, inside: ErrorObject[]): string {
  const types = inside
    .filter((e) => e.keyword === 'type' && e.instancePath === union.instancePath)
    .map((e) => String((e.params as { type: string }).type));
  const required = inside
    .filter((e) => e.keyword === 'required' && e.instancePath === union.instancePath)
    .map((e) => `"${(e.params as { missingProperty: string }).missingProperty}"`);
  if (required.length) return `needs ${[...new Set(required)].join(' or ')}${union.keyword === 'oneOf' ? ' (exactly one of them)' : ''}`;
  if (types.length) return `must be ${[...new Set(types)].join(' or ')}`;
  return union.keyword === 'oneOf' ? 'must match exactly one allowed form' : 'does not match any allowed form';
}

function extraPath(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties')
    return `/${escapePointer(String((e.params as { additionalProperty: string }).additionalProperty))}`;
  return '';
}

function ajvText(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema as JsonSchema | undefined)?.properties ?? {});
      const name = String(params.additionalProperty);
      return `unknown property "${name}"${didYouMean(name, allowed) || (allowed.length ? ` (allowed: ${allowed.join(', ')})` : '')}`;
    }
    case 'required':
      return `must have "${String(params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return `"${String(e.data)}" does not match the pattern ${String(params.pattern)}`;
    case 'propertyNames':
      return `property name "${String(params.propertyName)}" is not allowed`;
    case 'not':
      return 'is not allowed here';
    default:
      return e.message ?? e.keyword;
  }
}

export function routeParams(routes: string[]): Set<string> {
  const out = new Set<string>();
  routes.forEach((route, i) => {
    const names = new Set<string>();
    for (const m of route.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]);
    if (route.includes('*')) names.add('*');
    // A binding may use a parameter only if every route of the page has it.
    if (i === 0) names.forEach((n) => out.add(n));
    else [...out].forEach((n) => !names.has(n) && out.delete(n));
  });
  return out;
}

/** A route with parameter names and trailing slashes erased: two routes that match the same URLs compare equal. */
export function normalizeRoute(route: string): string {
  return (
    route
      .replace(/\/+$/, '')
      .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')
      .toLowerCase() || '/'
  );
}
