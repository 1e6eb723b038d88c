/** Routes for browser tests: every route of the definitions, and a concrete URL for each. */
import { createValidator, loadDefinitionFiles, loadSiteFile, type SourceFile } from '../../tools/lib/project.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';

/**
 * Every route of every definition (the definitions are the list: no test names a route), with the
 * brand of `site` (default: site.config.json).
 */
export async function definitionRoutes(site?: SourceFile): Promise<{ route: string; definition: PageDefinition }[]> {
  const validator = await createValidator();
  const { definitions } = validator.validate(await loadDefinitionFiles(), site ?? (await loadSiteFile()));
  return definitions.flatMap((definition) => definition.routes.map((route) => ({ route, definition })));
}

/** A concrete URL for a route: itself, or for /x/:slug the first matching link on /x. */
export async function concreteUrl(site: string, route: string): Promise<string> {
  if (!route.includes(':') && !route.includes('*')) return route;
  const parent = route.slice(0, route.lastIndexOf('/')) || '/';
  const html = await (await fetch(`${site}${parent}`)).text();
  const pattern = new RegExp(`href="(${route.replace(/:[A-Za-z_]+/g, '[^/"#?]+').replace('*', '[^"]*')})"`);
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no link matching ${route} on ${parent}`);
  return found;
}
