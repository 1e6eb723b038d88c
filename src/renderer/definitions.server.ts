/**
 * The page definitions, schemas, contract and site config: bundled into the production server
 * build with import.meta.glob, read from disk in development (and re-read whenever the dev
 * server reports a change, see vite.config.ts). Validated with the same validator as
 * `npm run validate`: problems are logged with file:line:col; a definition whose shape is broken
 * is left out, and a section that fails validation is skipped at render time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoutes } from 'react-router';
import { blockNames } from '../blocks/registry.ts';
import type { JsonSchema } from './schema-store.ts';
import { DefinitionValidator, formatIssue, type Contract, type PageDefinition } from './validate-definitions.ts';

const definitionFiles = import.meta.glob<string>('/page-definitions/**/*.json', { query: '?raw', import: 'default', eager: true });
const schemaFiles = import.meta.glob<JsonSchema>(['/schemas/**/*.schema.json'], { import: 'default', eager: true });
const contractFile = import.meta.glob<Contract>('/schemas/content/contract.json', { import: 'default', eager: true });
const siteFile = import.meta.glob<string>('/site.config.json', { query: '?raw', import: 'default', eager: true });

export interface Catalog {
  validator: DefinitionValidator;
  definitions: PageDefinition[];
  notFound?: PageDefinition;
  site: Record<string, unknown>;
  contract: Contract;
  match(pathname: string): { definition: PageDefinition; params: Record<string, string | undefined> } | undefined;
}

interface Inputs {
  files: { file: string; text: string }[];
  schemas: JsonSchema[];
  contract: Contract;
  siteText: string;
}

function bundledInputs(): Inputs {
  return {
    files: Object.entries(definitionFiles).map(([file, text]) => ({ file: file.replace(/^\//, ''), text })),
    schemas: Object.values(schemaFiles),
    contract: Object.values(contractFile)[0] ?? { endpoints: [] },
    siteText: Object.values(siteFile)[0] ?? '{}',
  };
}

function diskInputs(): Inputs {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const list = (dir: string, suffix: string) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(suffix))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  return {
    files: list('page-definitions', '.json').map((file) => ({ file, text: read(file) })),
    schemas: list('schemas', '.schema.json').map((file) => JSON.parse(read(file)) as JsonSchema),
    contract: JSON.parse(read('schemas/content/contract.json')) as Contract,
    siteText: read('site.config.json'),
  };
}

/**
 * A production server does not start on definitions `npm run validate` rejects (CI should have
 * stopped them), unless ALLOW_INVALID_DEFINITIONS=1 says to serve the rest: broken definitions are
 * then left out and broken sections skipped, as in development.
 */
export function refuseInvalid(issueCount: number, production: boolean, env: NodeJS.ProcessEnv): void {
  if (issueCount > 0 && production && env.ALLOW_INVALID_DEFINITIONS !== '1') {
    throw new Error(
      `${issueCount} problem(s) in the page definitions (listed above): not starting. Fix them (npm run validate), or set ALLOW_INVALID_DEFINITIONS=1 to serve without the broken parts.`,
    );
  }
}

function build(): Catalog {
  const { files, schemas, contract, siteText } = import.meta.env.DEV ? diskInputs() : bundledInputs();
  const validator = new DefinitionValidator({ schemas, blockNames, contract });
  const { issues, definitions, site } = validator.validate(files, { file: 'site.config.json', text: siteText });
  for (const issue of issues) console.error(`[definitions] ${formatIssue(issue)}`);
  if (!site) throw new Error('site.config.json could not be read; see the errors above');
  refuseInvalid(issues.length, import.meta.env.PROD, process.env);

  const routes = definitions.flatMap((definition) => definition.routes.map((path) => ({ path, definition })));
  const routeObjects = routes.map((r, index) => ({ path: r.path, id: String(index) }));
  return {
    validator,
    definitions,
    notFound: definitions.find((d) => d.notFound),
    site,
    contract,
    match(pathname) {
      const matches = matchRoutes(routeObjects, pathname);
      const found = matches?.[matches.length - 1];
      if (!found) return undefined;
      return { definition: routes[Number(found.route.id)].definition, params: found.params };
    },
  };
}

/** Bumped by the dev server's watcher (vite.config.ts) when a definition or schema changes. */
export const DEFINITIONS_VERSION_KEY = '__pageDefinitionsVersion';

let catalog: Catalog | undefined;
let builtFor: unknown;
export function getCatalog(): Catalog {
  const version = (globalThis as Record<string, unknown>)[DEFINITIONS_VERSION_KEY];
  if (!catalog || builtFor !== version) {
    catalog = build();
    builtFor = version;
  }
  return catalog;
}
