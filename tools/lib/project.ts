/** Reads the project's schemas, contract, site config and definitions from disk (for CLIs and tests). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockNames } from '../../src/blocks/registry.ts';
import type { JsonSchema } from '../../src/renderer/schema-store.ts';
import type { ContentContract } from '../../src/generated/content-contract.ts';
import { contentContract } from '../../src/renderer/content-contract.ts';
import { DefinitionValidator } from '../../src/renderer/validate/validator.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export async function loadSchemas(): Promise<JsonSchema[]> {
  const files = (await jsonFiles(path.join(projectRoot, 'schemas'))).filter((f) => !f.endsWith('contract.json'));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as JsonSchema));
}

export async function loadContract(): Promise<ContentContract> {
  return contentContract;
}

export async function createValidator(): Promise<DefinitionValidator> {
  return new DefinitionValidator({ schemas: await loadSchemas(), blockNames, contract: await loadContract() });
}

export interface SourceFile {
  file: string;
  text: string;
}

/**
 * The definitions folder: PAGE_DEFINITIONS_DIR (relative to the project root, or absolute), else
 * page-definitions/. Tests point it at a temporary copy so they never write into the real one.
 */
export function definitionsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.PAGE_DEFINITIONS_DIR || 'page-definitions');
}

/** Definition files, named relative to the project root (as messages print them). */
export async function loadDefinitionFiles(dir = definitionsDirectory()): Promise<SourceFile[]> {
  const files = await jsonFiles(dir);
  return Promise.all(files.map(async (f) => ({ file: path.relative(projectRoot, f), text: await readFile(f, 'utf8') })));
}

export async function loadSiteFile(): Promise<SourceFile> {
  const file = path.join(projectRoot, 'site.config.json');
  return { file: 'site.config.json', text: await readFile(file, 'utf8') };
}
