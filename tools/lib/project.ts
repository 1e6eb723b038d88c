/**
 * The site's inputs for CLIs and tests, read from disk by the engine's one loader
 * (src/engine/site-inputs.server.ts), for the site SITE_DIR names (./site-dir.ts) unless told another.
 */
import path from 'node:path';
import type { JsonSchema } from '../../src/engine/schema-store.ts';
import type { ContentContract } from '../../src/generated/content-contract.ts';
import { DefinitionValidator } from '../../src/engine/validate/validator.ts';
import { readContract, readDefinitionFiles, readSchemas, readSiteFile, type SourceFile } from '../../src/engine/site-inputs.server.ts';
import { projectRoot, siteDirectory } from './site-dir.ts';

export { projectRoot, siteDirectory, type SourceFile };

/** The engine's schemas (schemas/, its blocks/ and structured-data/) and the site's (schemas/content/, schemas/forms/, schemas/blocks/). */
export async function loadSchemas(site = siteDirectory()): Promise<JsonSchema[]> {
  return readSchemas(site);
}

/** The site's content contract (schemas/content/contract.json of its folder). */
export async function loadContract(site = siteDirectory()): Promise<ContentContract> {
  return readContract(site);
}

export async function createValidator(site = siteDirectory()): Promise<DefinitionValidator> {
  return new DefinitionValidator({ schemas: readSchemas(site), contract: readContract(site) });
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
  return readDefinitionFiles(site, dir);
}

export async function loadSiteFile(site = siteDirectory()): Promise<SourceFile> {
  return readSiteFile(site);
}

/** The site's validator with its definition files and site.config.json, as `npm run validate` reads them (for tests). */
export async function loadProject(
  site = siteDirectory(),
): Promise<{ validator: DefinitionValidator; definitions: SourceFile[]; site: SourceFile }> {
  return {
    validator: await createValidator(site),
    definitions: await loadDefinitionFiles(undefined, site),
    site: await loadSiteFile(site),
  };
}
