/**
 * Reads the site's inputs from disk (for CLIs and tests): the engine's schemas, and the site's
 * schemas, contract, site config and definitions from its folder (SITE_DIR: ./site-dir.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { blockNames } from '../../src/blocks/registry.ts';
import { withSiteForms, type JsonSchema } from '../../src/engine/schema-store.ts';
import type { ContentContract } from '../../src/generated/content-contract.ts';
import { DefinitionValidator } from '../../src/engine/validate/validator.ts';
import { projectRoot, siteDirectory } from './site-dir.ts';

export { projectRoot, siteDirectory };

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const readSchemas = (files: string[]) => Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as JsonSchema));
const schemaFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.schema.json')).map((f) => path.join(dir, f));

/** The engine's schemas (schemas/, its blocks/ and structured-data/) and the site's (schemas/content/, schemas/forms/). */
export async function loadSchemas(site = siteDirectory()): Promise<JsonSchema[]> {
  const dirs = [
    ...['schemas', 'schemas/blocks', 'schemas/structured-data'].map((dir) => path.join(projectRoot, dir)),
    ...['schemas/content', 'schemas/forms'].map((dir) => path.join(site, dir)),
  ];
  return withSiteForms(await readSchemas((await Promise.all(dirs.map(schemaFiles))).flat()));
}

/** The site's content contract (schemas/content/contract.json of its folder). */
export async function loadContract(site = siteDirectory()): Promise<ContentContract> {
  return JSON.parse(await readFile(path.join(site, 'schemas/content/contract.json'), 'utf8')) as ContentContract;
}

export async function createValidator(site = siteDirectory()): Promise<DefinitionValidator> {
  return new DefinitionValidator({ schemas: await loadSchemas(site), blockNames, contract: await loadContract(site) });
}

export interface SourceFile {
  file: string;
  text: string;
}

/**
 * The definitions folder: PAGE_DEFINITIONS_DIR (relative to the site folder, or absolute), else
 * the site's page-definitions/. Tests point it at a temporary copy so they never write into the real one.
 */
export function definitionsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(siteDirectory(env), env.PAGE_DEFINITIONS_DIR || 'page-definitions');
}

/** Definition files, named relative to the site folder (as messages print them). */
export async function loadDefinitionFiles(dir = definitionsDirectory(), site = siteDirectory()): Promise<SourceFile[]> {
  const files = await jsonFiles(dir);
  return Promise.all(files.map(async (f) => ({ file: path.relative(site, f), text: await readFile(f, 'utf8') })));
}

export async function loadSiteFile(site = siteDirectory()): Promise<SourceFile> {
  return { file: 'site.config.json', text: await readFile(path.join(site, 'site.config.json'), 'utf8') };
}
