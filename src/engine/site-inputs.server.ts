/**
 * A site's inputs read from disk: the engine's schemas (schemas/, schemas/blocks/,
 * schemas/structured-data/ of the project) and, from the site's folder, its schemas
 * (schemas/content/, schemas/forms/), content contract, site.config.json and page definitions.
 * The one disk loader: the development server (./definitions.server.ts, re-read on a change), the
 * page editor, the CLIs and tests (tools/lib/project.ts) all read a site through it; a production
 * build bundles the same files instead (import.meta.glob in ./definitions.server.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
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

/** The engine's schemas and the site's (`siteDir`: absolute, or relative to the project root; a site may have no forms). */
export function readSchemas(siteDir: string): JsonSchema[] {
  const site = path.resolve(ENGINE_ROOT, siteDir);
  const dirs = [
    ...['schemas', 'schemas/blocks', 'schemas/structured-data'].map((dir) => path.join(ENGINE_ROOT, dir)),
    ...['schemas/content', 'schemas/forms'].map((dir) => path.join(site, dir)),
  ];
  return withSiteForms(dirs.flatMap((dir) => filesIn(dir, '.schema.json', false, true)).map((file) => readJson<JsonSchema>(file)));
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
