/** Reads the project's schemas, contract, site config and definitions from disk (for CLIs and tests). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockNames } from '../../src/blocks/registry.ts';
import type { JsonSchema } from '../../src/renderer/schema-store.ts';
import { DefinitionValidator, type Contract } from '../../src/renderer/validate-definitions.ts';

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

export async function loadContract(): Promise<Contract> {
  return JSON.parse(await readFile(path.join(projectRoot, 'schemas/content/contract.json'), 'utf8')) as Contract;
}

export async function createValidator(): Promise<DefinitionValidator> {
  return new DefinitionValidator({ schemas: await loadSchemas(), blockNames, contract: await loadContract() });
}

export interface SourceFile {
  file: string;
  text: string;
}

/** Definition files, named relative to the project root (as messages print them). */
export async function loadDefinitionFiles(dir = path.join(projectRoot, 'page-definitions')): Promise<SourceFile[]> {
  const files = await jsonFiles(dir);
  return Promise.all(files.map(async (f) => ({ file: path.relative(projectRoot, f), text: await readFile(f, 'utf8') })));
}

export async function loadSiteFile(): Promise<SourceFile> {
  const file = path.join(projectRoot, 'site.config.json');
  return { file: 'site.config.json', text: await readFile(file, 'utf8') };
}
