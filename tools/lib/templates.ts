/**
 * The pages a speed or layout measurement visits, one per page template: used by `npm run bench`
 * and by the browser tests that go over every template (tests/first-paint.e2e.test.ts).
 */
import path from 'node:path';
import { matchPath } from 'react-router';
import { brandOf, withBrand } from '../../src/engine/brand.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';
import type { SiteConfig } from '../../src/generated/site-config.ts';
import { createValidator, definitionsDirectory, loadDefinitionFiles, loadSiteFile, projectRoot } from './project.ts';

export interface Template {
  /** The definition file's name (without .json), or '404'. */
  name: string;
  path: string;
  /** Content page without a form (the content-page budget applies; the form-page one otherwise). */
  budget: boolean;
}

/**
 * One page per page template: the site's `benchRoutes` (site.config.json), else the first route
 * of every definition, each named after its definition file; a route with parameters is visited
 * at its first URL in the running site's sitemap.xml. A page with a form block has the form-page
 * budget. The not-found page is added.
 *
 * `everyBlock`: also the first page (in file order) of every block and every layout that none of
 * those shows, so that each block and layout of the site is on some visited page.
 */
export async function pageTemplates(siteUrl: string, siteDir: string, options: { everyBlock?: boolean } = {}): Promise<Template[]> {
  const validator = await createValidator(siteDir);
  const site = await loadSiteFile(siteDir);
  const { definitions, site: config } = validator.validate(await loadDefinitionFiles(definitionsDirectory(), siteDir), site);
  const pages = definitions.filter((definition) => !definition.notFound);
  const brand = brandOf(config ?? {});
  const sitemap = [...(await (await fetch(`${siteUrl}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1].replace(/&amp;/g, '&')).pathname,
  );
  const template = (definition: PageDefinition, route: string, wanted = route): Template => {
    const url = /[:*]/.test(route) ? sitemap.find((entry) => matchPath(route, entry)) : route;
    if (!url) throw new Error(`benchRoutes: sitemap.xml lists no page of ${wanted}`);
    const name = path.basename(definition.file, '.json');
    return { name, path: url, budget: !definition.sections.some((section) => section.block === 'form') };
  };
  const benchRoutes = (config as SiteConfig | undefined)?.benchRoutes;
  const chosen = benchRoutes
    ? benchRoutes.map((wanted) => {
        const route = withBrand(wanted, brand);
        const definition = pages.find((page) => page.routes.includes(route));
        if (!definition)
          throw new Error(`benchRoutes: ${wanted} is not a route of a definition of ${path.relative(projectRoot, siteDir) || 'the site'}`);
        return template(definition, route, wanted);
      })
    : pages.map((definition) => template(definition, definition.routes[0]));
  if (options.everyBlock) {
    const shown = (definition: PageDefinition) => [`layout ${definition.layout}`, ...definition.sections.map((section) => section.block)];
    const covered = new Set(chosen.flatMap(({ name }) => shown(pages.find((page) => path.basename(page.file, '.json') === name)!)));
    for (const definition of pages) {
      if (shown(definition).every((thing) => covered.has(thing))) continue;
      shown(definition).forEach((thing) => covered.add(thing));
      chosen.push(template(definition, definition.routes[0]));
    }
  }
  return [...chosen, { name: '404', path: '/bench-no-such-page', budget: true }];
}
