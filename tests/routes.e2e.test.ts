/**
 * Every route of every page definition (the definitions are the list: nothing here names a
 * route), plus one real slug for each parameterised route, loads in real Chromium with its main
 * heading and the block of every fixed section (bound ones hide without content), with no console error or hydration warning, and the
 * server-rendered HTML already holds the heading.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { literalTags } from '../tools/lib/spec-coverage.ts';
import { containsBinding } from '../src/engine/bindings.ts';
import { browserPerFile, openPage, type WatchedPage } from './helpers/browser.ts';
import { concreteUrl, definitionRoutes } from './helpers/routes.ts';

const site = inject('siteUrl');
const routes = await definitionRoutes();
const concrete = (route: string) => concreteUrl(site, route);

const b = browserPerFile({ perFile: true });
// One tab goes from route to route, as a visitor's would (a new tab costs about a second of CPU on a
// 2-core runner); each route is a full document load and its problems are counted from its own load.
let tab: WatchedPage;
beforeAll(async () => {
  tab = await openPage(b.context);
});

describe('every route of the definitions', () => {
  it('covers the whole route table of the site', () => {
    expect(routes.length).toBeGreaterThanOrEqual(49);
  });

  it.each(routes.map((r) => [r.route, r] as const))('%s', async (_name, { route, definition }) => {
    const url = await concrete(route);
    const server = await fetch(`${site}${url}`);
    expect(server.status).toBe(200);
    const html = await server.text();
    const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
    expect(h1, 'server-rendered h1').toBeTruthy();
    // Every section whole in place, none behind a fallback to be revealed later by script (it would move the page).
    expect(html).not.toMatch(/<template id="B:/);

    const { page, problems } = tab;
    problems.length = 0;
    await page.goto(`${site}${url}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    expect((await page.locator('h1').first().textContent())?.trim()).not.toBe('');
    expect((await page.title()).trim()).not.toBe('');
    expect(await page.locator('h1').count()).toBe(1);
    for (const [index, section] of definition.sections.entries()) {
      // Sections bound to content hide when their content is not there (an empty list, a missing
      // field); fixed ones must always show.
      if (definition.invalidSections.has(index) || containsBinding(section)) continue;
      expect(await page.locator(`[data-block="${section.block}"]`).count(), `${section.block} (section ${index})`).toBeGreaterThan(0);
    }
    await page.waitForTimeout(150);
    expect(problems).toEqual([]);
    // HTML fields are rendered as HTML wherever they are bound: no markup shows as text.
    expect(literalTags(await page.locator('body').innerText())).toEqual([]);
  });
});
