/**
 * npm run new-page, the planning half: works out a page definition from the answers (route,
 * layout, sources, blocks) and checks it as `npm run validate` would, without writing anything.
 * Sections are bound to a source where the site's suggestedBindings (site.config.json) name a field
 * the source has (the main site: a banner to page_data.name, image, …; a rich-text to
 * page_data.content) and otherwise filled from the block's fixture, without its optional links
 * and navigations (./starter.ts: the least the block needs to show). Blocks keep the order given.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchPath } from 'react-router';
import definitionSchema from '../../schemas/page-definition.schema.json' with { type: 'json' };
import type { ContentContract as Contract } from '../generated/content-contract.ts';
import type { DefinitionFile } from '../generated/page-definition.ts';
import type { SuggestedBindings } from '../generated/site-config.ts';
import { bindingPaths, isBinding } from '../engine/bindings.ts';
import { BRAND_PLACEHOLDER, withBrand } from '../engine/brand.ts';
import { sourceParams } from '../engine/placeholders.ts';
import { blockSchemaId, didYouMean, type Located, type SchemaStore } from '../engine/schema-store.ts';
import { normalizeRoute, routeParams } from '../engine/validate/routes.ts';
import { formatIssue } from '../engine/validate/types.ts';
import { formatJsonFile } from './format-json.ts';
import { starterProps } from './starter.ts';
import { DefinitionValidator } from '../engine/validate/validator.ts';
import {
  ENGINE_ROOT as projectRoot,
  readContract,
  readDefinitionFiles,
  readSchemas,
  readSiteFile,
  type SourceFile,
} from '../engine/site-inputs.server.ts';
import { endpointHint, matchEndpoint, responseSchema, schemaAt } from './workbench.ts';

export type Layout = DefinitionFile['layout'];
/** The layouts the definition schema allows (its `layout` enum: the one list). */
export const LAYOUTS = definitionSchema.properties.layout.enum as readonly Layout[];

export interface NewPageInput {
  route: string;
  layout?: Layout;
  /** name → content-service path */
  sources?: Record<string, string>;
  blocks: string[];
  name?: string;
  /** The page's own title and description (meta): a page reading another page's content does not take its title. */
  title?: string;
  description?: string;
}

export interface Project {
  validator: DefinitionValidator;
  contract: Contract;
  /** Absolute path of the definitions folder the page goes into (PAGE_DEFINITIONS_DIR or page-definitions/). */
  definitionsDir: string;
  files: SourceFile[];
  site: SourceFile;
  brand: string;
  /** The site folder: files are named relative to it. */
  siteDir: string;
}

export interface PagePlan {
  /** Relative to the site folder, as `npm run validate` names it, e.g. page-definitions/guides.json */
  file: string;
  definition: Record<string, unknown>;
  text: string;
  /** One line per section: how it was filled. */
  notes: string[];
  /** Problems that stop the page from being written. */
  errors: string[];
  /** Worth knowing, not blocking. */
  warnings: string[];
}

/** The site in `siteDir` with its definitions in `definitionsDir` (absolute), as a new page is planned against it. */
export function loadProject(definitionsDir: string, siteDir: string): Project {
  const contract = readContract(siteDir);
  const validator = new DefinitionValidator({ schemas: readSchemas(siteDir), contract });
  const [files, site] = [readDefinitionFiles(siteDir, definitionsDir), readSiteFile(siteDir)];
  const brand = String((JSON.parse(site.text) as { brand?: string }).brand ?? 'brand');
  return { validator, contract, definitionsDir, files, site, brand, siteDir };
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const SOURCE_NAME = /^[a-z][A-Za-z0-9_]*$/;
/** The definition schema's rule for a route, and what it means in words (its errorMessage): the one rule. */
const ROUTE_PATH = definitionSchema.$defs.routePath;
const ROUTE = new RegExp(ROUTE_PATH.pattern, 'u');
const RESERVED_ROUTES = [/^\/__catalog(?:\/|$)/, /^\/api(?:\/|$)/, /^\/assets(?:\/|$)/];

export function nameFromRoute(route: string): string {
  const name = route
    .replaceAll(BRAND_PLACEHOLDER, 'brand')
    .replace(/[:*?{}]/g, '')
    .split('/')
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return name || 'home';
}

/** A page title without its site suffix, for a heading on the page ("Tower companies | Veltrix" → "Tower companies"). */
function headingOf(title: string): string {
  return title.replace(/\s+[|·•–—]\s+[^|·•–—]*$/, '').trim() || title;
}

function titleFromName(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The "$schema" of a definition in `definitionsDir`: the relative path from there to the project's
 * schemas/page-definition.schema.json (../schemas/… for page-definitions/).
 */
export function schemaReference(definitionsDir: string): string {
  return path.relative(definitionsDir, path.join(projectRoot, 'schemas/page-definition.schema.json')).split(path.sep).join('/');
}

async function loadFixture(block: string): Promise<Record<string, unknown>> {
  const mod = (await import(/* @vite-ignore */ pathToFileURL(path.join(projectRoot, 'src/blocks', block, 'fixture.ts')).href)) as {
    fixture?: Record<string, unknown>;
  };
  return structuredClone(mod.fixture ?? {});
}

/** Works out the definition; writes nothing. `allowNoBlocks`: an empty page (the editor builds it). */
export async function planPage(input: NewPageInput, project: Project, options: { allowNoBlocks?: boolean } = {}): Promise<PagePlan> {
  const { validator, contract, files, brand } = project;
  const store = validator.store;
  const errors: string[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const layout = input.layout ?? 'main';
  const route = input.route.trim();
  const name = input.name ?? nameFromRoute(route);
  // Named as `npm run validate` names it: relative to the site folder.
  const file = path.relative(project.siteDir, path.join(project.definitionsDir, `${name}.json`));

  // Route: well-formed, not reserved, not taken.
  const concrete = withBrand(route, brand);
  const { definitions, site } = validator.validate(files, project.site);
  // The site says which of its content fields obviously fill a block's prop (site.config.json).
  const suggested: SuggestedBindings = (site?.suggestedBindings as SuggestedBindings | undefined) ?? {};
  if (!ROUTE.test(route)) errors.push(`route "${route}" ${ROUTE_PATH.errorMessage.pattern}`);
  else if (RESERVED_ROUTES.some((re) => re.test(concrete)))
    errors.push(`route "${route}" is reserved by the site (/api, /assets, /__catalog)`);
  else {
    for (const def of definitions) {
      for (const existing of def.routes) {
        if (normalizeRoute(existing) === normalizeRoute(concrete)) errors.push(`route "${route}" is already defined in ${def.file}`);
        else if (!concrete.includes(':') && matchPath({ path: existing, end: true }, concrete)) {
          warnings.push(`${def.file} (route ${existing}) also matches ${concrete}; the new, more specific route takes precedence`);
        }
      }
    }
  }
  if (!LAYOUTS.includes(layout)) errors.push(`layout "${String(layout)}" must be one of ${LAYOUTS.join(', ')}`);
  if (!NAME.test(name)) errors.push(`file name "${name}" must be lower-case letters, digits and dashes (it becomes ${file})`);
  else if (files.some((f) => f.file === file))
    errors.push(`${file} already exists: choose another file name (a new page never overwrites one)`);

  // Sources: every path must be a GET endpoint of the content contract.
  const params = routeParams([concrete]);
  const sources: Record<string, { path: string }> = {};
  const sourceSchemas = new Map<string, Located>();
  for (const [sourceName, sourcePath] of Object.entries(input.sources ?? {})) {
    if (!SOURCE_NAME.test(sourceName) || ['params', 'search', 'site', 'item'].includes(sourceName)) {
      errors.push(`source name "${sourceName}" must start with a lower-case letter and not be params, search, site or item`);
      continue;
    }
    const endpoint = matchEndpoint(contract, sourcePath, brand);
    if (!endpoint) {
      errors.push(
        `source ${sourceName}: ${sourcePath} is not an endpoint of schemas/content/contract.json${endpointHint(contract, sourcePath, brand)}`,
      );
      continue;
    }
    for (const param of sourceParams(sourcePath)) {
      if (!param.wellFormed)
        errors.push(
          `source ${sourceName}: write {params.<name>} for a route parameter, not {${param.ref}} (the contract's ${endpoint.path})`,
        );
      else if (param.root === 'params' && !params.has(param.name))
        errors.push(`source ${sourceName}: route parameter "${param.name}" is not in ${route}${didYouMean(param.name, params)}`);
    }
    sources[sourceName] = { path: sourcePath };
    const schema = responseSchema(store, endpoint);
    if (schema) sourceSchemas.set(sourceName, schema);
  }

  // Blocks: the engine's and the site's own (each is its schema).
  const blockNames = project.validator.blocks;
  const blocks = input.blocks.map((b) => b.trim()).filter(Boolean);
  if (!blocks.length && !options.allowNoBlocks)
    errors.push(`choose at least one block, e.g. banner and rich-text; known blocks: ${blockNames.join(', ')}`);
  for (const block of blocks) {
    if (!blockNames.includes(block))
      errors.push(`unknown block "${block}"${didYouMean(block, blockNames)}; known blocks: ${blockNames.join(', ')}`);
  }

  const title = input.title ?? titleFromName(name.replace(/^zz-/, ''));
  const bindable = (relative: string): string | undefined => {
    for (const [sourceName, schema] of sourceSchemas) {
      const step = schemaAt(store, schema, relative.split('.'));
      if (step.known && step.loc) return `${sourceName}.${relative}`;
    }
    return undefined;
  };

  // Where starter content may link: the pages the site serves by a fixed route, this one included.
  const fixedRoutes = new Set(
    [...definitions.flatMap((def) => def.routes), concrete].filter((r) => !/[:*]/.test(r)).map((r) => normalizeRoute(r)),
  );
  const served = (pathname: string) => fixedRoutes.has(normalizeRoute(pathname));
  const home = served('/') ? '/' : concrete;

  const sections: Record<string, unknown>[] = [];
  if (!errors.length) {
    for (const block of blocks) {
      const fixture = starterProps(store, block, await loadFixture(block));
      const blockSchema = store.root(blockSchemaId(block));
      const section: Record<string, unknown> = { block };
      const bound: string[] = [];
      for (const [prop, candidates] of Object.entries(suggested[block] ?? {})) {
        const found = candidates.map(bindable).find(Boolean);
        if (!found) continue;
        section[prop] = prop === 'heading' && block === 'banner' ? { $bind: found, default: headingOf(title) } : { $bind: found };
        bound.push(`${prop} ← ${found}`);
      }
      if (bound.length) {
        // Keep the fixture's settings (enums such as size or width); its example texts would
        // only compete with the bound content.
        const fields = store.fields(blockSchema);
        for (const [prop, value] of Object.entries(fixture)) {
          const field = fields.get(prop);
          if (!(prop in section) && field && isSetting(store, field)) section[prop] = value;
        }
        notes.push(`${block}: bound to the content (${bound.join(', ')})`);
      } else {
        const replaced: string[] = [];
        keepLinksOnSite(fixture, served, home, replaced);
        Object.assign(section, fixture);
        notes.push(`${block}: example content from src/blocks/${block}/fixture.ts; replace it with literals or bindings`);
        if (replaced.length)
          notes.push(
            `${block}: example links to pages this site does not have point to ${home} (were ${[...new Set(replaced)].join(', ')})`,
          );
      }
      sections.push(section);
    }
  }

  const definition: Record<string, unknown> = {
    $schema: schemaReference(project.definitionsDir),
    version: 1,
    route,
    layout,
  };
  if (Object.keys(sources).length) definition.sources = sources;
  // Given a title or description of its own, the page says it. Without "meta" the title comes from
  // the site's defaultMeta when this page's sources have what it reads; otherwise say where it comes from.
  const defaultTitle = (site?.defaultMeta as { title?: unknown } | undefined)?.title;
  const readable = (path: string) => {
    const [sourceName, ...rest] = path.split('.');
    const schema = sourceSchemas.get(sourceName);
    return schema !== undefined && schemaAt(store, schema, rest).loc !== undefined;
  };
  const defaultApplies = isBinding(defaultTitle) && bindingPaths(defaultTitle).some(readable);
  const own = { title: input.title?.trim() || undefined, description: input.description?.trim() || undefined };
  if (own.title || own.description) {
    definition.meta = {
      title: own.title ?? (defaultApplies ? { ...(defaultTitle as object), default: title } : title),
      ...(own.description ? { description: own.description } : {}),
    };
  } else if (!defaultApplies) {
    const first = (candidates: string[] | undefined) => (candidates ?? []).map(bindable).find(Boolean);
    const boundTitle = first(suggested.meta?.title);
    const boundDescription = first(suggested.meta?.description);
    definition.meta = {
      title: boundTitle ? { $bind: boundTitle, default: title } : title,
      ...(boundDescription ? { description: { $bind: boundDescription } } : {}),
    };
  }
  definition.sections = sections;
  // Exactly what `npm run format` would make of it.
  const text = await formatJsonFile(definition, file);

  if (!errors.length) {
    // The same checks as npm run validate, with every other definition (duplicate routes too).
    const { issues } = validator.validate([...files, { file, text }], project.site);
    for (const issue of issues.filter((i) => i.file === file)) errors.push(formatIssue(issue));
  }
  return { file, definition, text, notes, errors, warnings };
}

/**
 * A fixture's example links go where this site goes. A fixture links to its sample site's pages,
 * which this site may not have, and to hosts that do not exist (reserved .example names): those
 * become `home`. Links to a page served by a fixed route, in-page anchors, phone and e-mail links
 * stay. Every link target in the block schemas is an `href` (common.schema.json#/$defs/href).
 * Changes `value` in place; `replaced` collects the targets it replaced.
 */
export function keepLinksOnSite(value: unknown, served: (pathname: string) => boolean, home: string, replaced: string[]): void {
  if (Array.isArray(value)) {
    for (const entry of value) keepLinksOnSite(entry, served, home, replaced);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, entry] of Object.entries(record)) {
    if (key !== 'href' || typeof entry !== 'string') keepLinksOnSite(entry, served, home, replaced);
    else if (!linkResolves(entry, served)) {
      replaced.push(entry);
      record[key] = home;
    }
  }
}

function linkResolves(href: string, served: (pathname: string) => boolean): boolean {
  if (href.startsWith('#') || /^(?:mailto|tel):/i.test(href)) return true;
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  return served(new URL(href, 'http://site.invalid').pathname);
}

function isSetting(store: SchemaStore, loc: Located): boolean {
  const s = store.deref(loc).schema;
  return Array.isArray(s.enum) || s.type === 'boolean';
}
