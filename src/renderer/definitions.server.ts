/**
 * The page definitions, schemas, contract and site config, bundled into the server build with
 * import.meta.glob (in development Vite re-runs this module when a definition is added or
 * changed). Validated once at start-up with the same validator as `npm run validate`: problems
 * are logged with file:line:col; a definition whose shape is broken is left out, and a section
 * that fails validation is skipped at render time.
 */
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

function build(): Catalog {
  const contract = Object.values(contractFile)[0] ?? { endpoints: [] };
  const validator = new DefinitionValidator({ schemas: Object.values(schemaFiles), blockNames, contract });
  const files = Object.entries(definitionFiles).map(([file, text]) => ({ file: file.replace(/^\//, ''), text }));
  const siteText = Object.values(siteFile)[0] ?? '{}';
  const { issues, definitions, site } = validator.validate(files, { file: 'site.config.json', text: siteText });
  for (const issue of issues) console.error(`[definitions] ${formatIssue(issue)}`);
  if (!site) throw new Error('site.config.json could not be read; see the errors above');

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

let catalog: Catalog | undefined;
export function getCatalog(): Catalog {
  catalog ??= build();
  return catalog;
}
