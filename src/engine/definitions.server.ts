/**
 * The page definitions, schemas, contract and site config: bundled into the production server
 * build with import.meta.glob, read from disk in development (PAGE_DEFINITIONS_DIR; re-read when
 * tools/dev.ts sees a change). Validated with the same validator as `npm run validate`: problems
 * are logged with file:line:col; a definition whose shape is broken is left out (never served),
 * a section that fails validation is skipped at render time, and a production server refuses to
 * start on any problem unless ALLOW_INVALID_DEFINITIONS=1. Each site owns one (createSite).
 */
import { matchRoutes } from 'react-router';
import type { JsonSchema } from './schema-store.ts';
import type { ContentContract as Contract } from '../generated/content-contract.ts';
import { contentContract } from './content-contract.ts';
import { declaredParams, queryFits, routeParamsFit, type Rule } from './page-params.ts';
import { blockSchemaId, withSiteForms } from './schema-store.ts';
import { formatIssue, type Issue, type PageDefinition, type ValidationResult } from './validate/types.ts';
import { DefinitionValidator } from './validate/validator.ts';
import { lastById, readSiteInputs, type SiteInputs } from './site-inputs.server.ts';

/** The page definitions of the site, validated, with route matching (not the /__catalog block gallery). */
export interface DefinitionIndex {
  validator: DefinitionValidator;
  definitions: PageDefinition[];
  notFound?: PageDefinition;
  site: Record<string, unknown>;
  contract: Contract;
  /**
   * The page at `pathname`, or undefined (the not-found page): also when a route parameter or, given
   * `search`, a query parameter the definition declares has a value that does not fit (./page-params.ts).
   */
  match(pathname: string, search?: URLSearchParams): PageMatch | undefined;
  /** What `npm run validate` reports (broken definitions are left out, broken sections skipped). */
  issues: Issue[];
  /** Every definition file read (relative to the project root), valid or not. */
  files: string[];
  /** The query parameters a definition reads, each with the rule its value must fit (./page-params.ts). */
  declared(definition: PageDefinition): ReadonlyMap<string, Rule>;
}

export interface PageMatch {
  definition: PageDefinition;
  /** The route template that matched (one of the definition's routes, `{brand}` filled in): a bounded label for logs and metrics. */
  route: string;
  params: Record<string, string | undefined>;
  /** The query parameters the definition reads (./page-params.ts). */
  declared: ReadonlyMap<string, Rule>;
}

/** A file's name relative to its site folder (`page-definitions/about.json`), as messages print it. */
const siteRelative = (file: string, folder: string) => file.slice(file.lastIndexOf(`/${folder}/`) + 1);

/**
 * The copies bundled at build time (Vite; inside the function so tools run this module under plain
 * tsx): the engine's schemas, and the site's (@site: the site folder, tools/lib/site-dir.ts). In
 * development the same inputs are read from disk (./site-inputs.server.ts).
 */
function bundledInputs(): SiteInputs {
  const definitionFiles = import.meta.glob<string>('@site/page-definitions/**/*.json', { query: '?raw', import: 'default', eager: true });
  const schemaFiles = import.meta.glob<JsonSchema>(
    [
      '/schemas/*.schema.json',
      '/schemas/blocks/*.schema.json',
      '/schemas/structured-data/*.schema.json',
      '@site/schemas/content/*.schema.json',
      '@site/schemas/forms/*.schema.json',
    ],
    { import: 'default', eager: true },
  );
  // A site's own blocks, after the engine's: one of the same name replaces the engine's (lastById).
  const siteBlockSchemas = import.meta.glob<JsonSchema>('@site/schemas/blocks/*.schema.json', { import: 'default', eager: true });
  const siteFile = import.meta.glob<string>('@site/site.config.json', { query: '?raw', import: 'default', eager: true });
  return {
    files: Object.entries(definitionFiles).map(([file, text]) => ({ file: siteRelative(file, 'page-definitions'), text })),
    schemas: withSiteForms(lastById([...Object.values(schemaFiles), ...Object.values(siteBlockSchemas)])),
    contract: contentContract,
    site: { file: 'site.config.json', text: Object.values(siteFile)[0] ?? '{}' },
  };
}

/**
 * A production server does not start on definitions `npm run validate` rejects (CI should have
 * stopped them), unless ALLOW_INVALID_DEFINITIONS=1 says to serve the rest: broken definitions are
 * then left out and broken sections skipped, as in development.
 */
export function refuseInvalid(issueCount: number, production: boolean, allowInvalid: boolean): void {
  if (issueCount > 0 && production && !allowInvalid) {
    throw new Error(
      `${issueCount} problem(s) in the page definitions (listed above): not starting. Fix them (npm run validate), or set ALLOW_INVALID_DEFINITIONS=1 to serve without the broken parts.`,
    );
  }
}

export interface DefinitionOptions {
  /** Read from disk (development, re-read on reload()) instead of the copies bundled at build time. */
  fromDisk: boolean;
  /** The site folder (SITE_DIR: relative to the project root, or absolute; default the main site). */
  siteDir?: string;
  /** Relative to the site folder, or absolute. */
  definitionsDir: string;
  production: boolean;
  allowInvalid: boolean;
  /** Where problems are reported (default: console.error). */
  log?: (line: string) => void;
}

function build(options: DefinitionOptions): DefinitionIndex {
  const {
    files,
    schemas,
    contract,
    site: siteFile,
  } = options.fromDisk ? readSiteInputs(options.siteDir ?? '.', options.definitionsDir) : bundledInputs();
  const validator = new DefinitionValidator({ schemas, contract });
  const { issues, definitions, site } = validator.validate(files, siteFile);
  const log = options.log ?? ((line: string) => console.error(line));
  for (const issue of issues) log(`[definitions] ${formatIssue(issue)}`);
  if (!site) throw new Error('site.config.json could not be read; see the errors above');
  refuseInvalid(issues.length, options.production, options.allowInvalid);

  return definitionIndex(
    validator,
    contract,
    files.map((f) => f.file),
    { issues, definitions, site },
  );
}

/**
 * The index of validated definitions (route matching included). Also how the page editor's preview
 * (src/editor/api/) sees the site with a draft in place of its file.
 */
export function definitionIndex(
  validator: DefinitionValidator,
  contract: Contract,
  files: string[],
  result: Pick<ValidationResult, 'issues' | 'definitions'> & { site: Record<string, unknown> },
): DefinitionIndex {
  const { definitions } = result;
  const blockSchema = (block: string) => validator.store.get(blockSchemaId(block));
  const declared = new Map(definitions.map((definition) => [definition, declaredParams(definition, blockSchema)]));
  const routes = definitions.flatMap((definition) => definition.routes.map((path) => ({ path, definition })));
  const routeObjects = routes.map((r, index) => ({ path: r.path, id: String(index) }));
  return {
    validator,
    definitions,
    notFound: definitions.find((d) => d.notFound),
    site: result.site,
    contract,
    issues: result.issues,
    files,
    declared: (definition) => declared.get(definition) ?? declaredParams(definition, blockSchema),
    match(pathname, search) {
      const matches = matchRoutes(routeObjects, pathname);
      const found = matches?.[matches.length - 1];
      if (!found || !routeParamsFit(found.params)) return undefined;
      const { definition, path } = routes[Number(found.route.id)];
      const reads = declared.get(definition)!;
      if (search && !queryFits(reads, search)) return undefined;
      return { definition, route: path, params: found.params, declared: reads };
    },
  };
}

export interface Definitions {
  current(): DefinitionIndex;
  /** Reads and validates the definitions again (development: the launcher calls it when a file changes). */
  reload(): void;
}

/** Validated at once: problems are logged at start-up, not on a visitor's first request. */
export function loadDefinitions(options: DefinitionOptions): Definitions {
  let index = build(options);
  return {
    current: () => index,
    reload() {
      index = build(options);
    },
  };
}
