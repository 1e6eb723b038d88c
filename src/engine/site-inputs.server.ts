/**
 * A site's inputs read from disk: the engine's schemas (schemas/, schemas/blocks/,
 * schemas/structured-data/ of the project) and, from the site's folder, its schemas
 * (schemas/content/, schemas/forms/, and schemas/blocks/ of its own blocks, which replace an engine
 * block's of the same name), its blocks (readSiteBlocks), content contract, site.config.json and page definitions.
 * The one disk loader: the development server (./definitions.server.ts, re-read on a change), the
 * page editor, the CLIs and tests (tools/lib/project.ts) all read a site through it; a production
 * build bundles the same files instead (import.meta.glob in ./definitions.server.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentContract } from '../generated/content-contract.ts';
import { withSiteForms, type JsonSchema } from './schema-store.ts';

/** The project root: the engine's schemas are under it (this module runs from src/engine/). */
export const ENGINE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A file as messages name it (relative to its site folder) and its text. */
export interface SourceFile {
  file: string;
  text: string;
}

export interface SiteInputs {
  /** The page definitions. */
  files: SourceFile[];
  /** The engine's schemas and the site's, the form block's form names filled in (withSiteForms). */
  schemas: JsonSchema[];
  contract: ContentContract;
  /** site.config.json */
  site: SourceFile;
}

/** Files under `dir` ending in `suffix`, absolute, sorted; `optional`: none when the folder does not exist. */
function filesIn(dir: string, suffix: string, recursive: boolean, optional = false): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive, withFileTypes: true });
  } catch (error) {
    if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The engine's schemas and the site's (`siteDir`: absolute, or relative to the project root; a site
 * may have no forms or blocks). A site's block schema replaces the engine's of the same name ($id).
 */
export function readSchemas(siteDir: string): JsonSchema[] {
  const site = path.resolve(ENGINE_ROOT, siteDir);
  const dirs = [
    ...['schemas', 'schemas/blocks', 'schemas/structured-data'].map((dir) => path.join(ENGINE_ROOT, dir)),
    ...['schemas/content', 'schemas/forms', 'schemas/blocks'].map((dir) => path.join(site, dir)),
  ];
  return withSiteForms(
    lastById(dirs.flatMap((dir) => filesIn(dir, '.schema.json', false, true)).map((file) => readJson<JsonSchema>(file))),
  );
}

/** One schema per $id, the last one read (a site's over the engine's), in the order first read. */
export function lastById(schemas: readonly JsonSchema[]): JsonSchema[] {
  const byId = new Map<unknown, JsonSchema>();
  for (const schema of schemas) byId.set(schema.$id ?? schema, schema);
  return [...new Set(schemas.map((schema) => byId.get(schema.$id ?? schema)!))];
}

/**
 * A block a site folder brings (files relative to the folder): one of its own (its schema and
 * component), or an engine block it gives a component (or schema) of its own (`overrides`).
 */
export interface SiteBlock {
  name: string;
  overrides: boolean;
  schema?: string;
  component?: string;
  fixture?: string;
  style?: string;
}

const BLOCK_FILES = { component: 'component.tsx', fixture: 'fixture.ts', style: 'style.css' } as const;
const schemaNames = (dir: string) => filesIn(dir, '.schema.json', false, true).map((file) => path.basename(file, '.schema.json'));

/**
 * The site's blocks: schemas/blocks/<name>.schema.json and src/blocks/<name>/component.tsx (with its
 * fixture.ts and style.css) of its folder, by name. None for the main site: its folder is the engine's.
 */
export function readSiteBlocks(siteDir: string): SiteBlock[] {
  const site = path.resolve(ENGINE_ROOT, siteDir);
  if (site === ENGINE_ROOT) return [];
  const engine = new Set(schemaNames(path.join(ENGINE_ROOT, 'schemas/blocks')));
  const folder = path.join(site, 'src/blocks');
  const components = existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, BLOCK_FILES.component)))
        .map((entry) => entry.name)
    : [];
  const names = [...new Set([...schemaNames(path.join(site, 'schemas/blocks')), ...components])].sort();
  const existing = (file: string) => (existsSync(path.join(site, file)) ? file : undefined);
  return names.map((name) => {
    const block: SiteBlock = { name, overrides: engine.has(name), schema: existing(`schemas/blocks/${name}.schema.json`) };
    for (const [key, file] of Object.entries(BLOCK_FILES)) block[key as keyof typeof BLOCK_FILES] = existing(`src/blocks/${name}/${file}`);
    return Object.fromEntries(Object.entries(block).filter(([, value]) => value !== undefined)) as unknown as SiteBlock;
  });
}

/** What is wrong with a site's blocks: a block of its own needs both its schema and its component. */
export function siteBlockProblems(blocks: readonly SiteBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.overrides) return [];
    if (!block.schema)
      return [`src/blocks/${block.name}/component.tsx: no engine block "${block.name}" and no schemas/blocks/${block.name}.schema.json`];
    if (!block.component) return [`schemas/blocks/${block.name}.schema.json: no component src/blocks/${block.name}/component.tsx`];
    return [];
  });
}

/** The site's content contract (schemas/content/contract.json of its folder). */
export function readContract(siteDir: string): ContentContract {
  return readJson<ContentContract>(path.resolve(ENGINE_ROOT, siteDir, 'schemas/content/contract.json'));
}

/**
 * The definition files under `definitionsDir` (relative to the site folder, or absolute: tests
 * point it at a copy), sorted: each absolute, and named relative to the site folder as messages print them.
 */
export function definitionPaths(siteDir: string, definitionsDir = 'page-definitions'): { abs: string; file: string }[] {
  const site = path.resolve(ENGINE_ROOT, siteDir);
  return filesIn(path.resolve(site, definitionsDir), '.json', true).map((abs) => ({ abs, file: path.relative(site, abs) }));
}

/** The definition files under `definitionsDir` (definitionPaths) with their text. */
export function readDefinitionFiles(siteDir: string, definitionsDir = 'page-definitions'): SourceFile[] {
  return definitionPaths(siteDir, definitionsDir).map(({ abs, file }) => ({ file, text: readFileSync(abs, 'utf8') }));
}

/** The site's site.config.json, absolute. */
export function siteFilePath(siteDir: string): string {
  return path.resolve(ENGINE_ROOT, siteDir, 'site.config.json');
}

export function readSiteFile(siteDir: string): SourceFile {
  return { file: 'site.config.json', text: readFileSync(siteFilePath(siteDir), 'utf8') };
}

export function readSiteInputs(siteDir: string, definitionsDir = 'page-definitions'): SiteInputs {
  return {
    files: readDefinitionFiles(siteDir, definitionsDir),
    schemas: readSchemas(siteDir),
    contract: readContract(siteDir),
    site: readSiteFile(siteDir),
  };
}
