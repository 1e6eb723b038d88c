/**
 * Content that never changes in the browser keeps its server HTML when the page hydrates (issue 32,
 * src/engine/held.tsx): blocks whose schema says "x-hydrate": false and the footer's link columns.
 * React does no work inside them (no fiber on their nodes), the interactive parts still hydrate,
 * their links still navigate in the page, and a page reached by navigation renders them whole.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();

async function visit(path: string): Promise<{ page: Page; problems: string[] }> {
  const watched = await openPage(b.context);
  await watched.page.goto(`${site}${path}`, { waitUntil: 'load' });
  await watched.page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return watched;
}

/** For each element matched: how many of its descendants React knows (a fiber on the node). */
function hydratedNodes(page: Page, selector: string): Promise<number[]> {
  return page.evaluate(
    (css) =>
      [...document.querySelectorAll(css)].map(
        (root) => [...root.querySelectorAll('*')].filter((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))).length,
      ),
    selector,
  );
}

/** Marks the current document; true afterwards only if no new document was loaded. */
async function sameDocumentAfter(page: Page, act: () => Promise<void>): Promise<boolean> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await act();
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

describe('held content', () => {
  it('is not hydrated, while the interactive blocks and the header are', async () => {
    const { page, problems } = await visit('/');
    const held = await hydratedNodes(page, '[data-held]');
    expect(held.length).toBeGreaterThan(5);
    expect(held.every((count) => count === 0)).toBe(true);
    // The header's menu is hydrated with the page; the carousel (interactive) once its code is here (it is in view).
    expect(Math.min(...(await hydratedNodes(page, '.site-header')))).toBeGreaterThan(0);
    await expect.poll(async () => Math.min(...(await hydratedNodes(page, '[data-block="carousel"]')))).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('follows its links in the page, and the page reached renders its held blocks whole', async () => {
    const { page, problems } = await visit('/products/ccm-platform');
    const column = page.getByRole('contentinfo').getByRole('navigation').first();
    const link = column.getByRole('link').first();
    const target = new URL((await link.getAttribute('href'))!, site).pathname;
    expect(
      await sameDocumentAfter(page, async () => {
        await link.click();
        await page.waitForURL((url) => url.pathname === target, { waitUntil: 'commit' });
        await expect.poll(() => page.locator('main h1').count()).toBe(1);
      }),
      'a footer column link loaded a new document',
    ).toBe(true);
    // The page reached by navigation: its held blocks are rendered by the browser (content inside).
    const sections = await page
      .locator('main [data-held]')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim().length ?? 0));
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.every((length) => length > 0)).toBe(true);

    // A link inside a held section navigates in the page too.
    await page.goto(`${site}/products/ccm-platform`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    // A page of the site, not this one, not a file.
    const hrefs = await page
      .locator('main [data-held] a[href]:not([target])')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const index = hrefs.findIndex((href) => /^\/(?!\/)[^#.]*$/.test(href) && href !== '/products/ccm-platform');
    expect(index, `no link to another page in a held section: ${hrefs.join(' ')}`).toBeGreaterThanOrEqual(0);
    expect(
      await sameDocumentAfter(page, async () => {
        await page.locator('main [data-held] a[href]:not([target])').nth(index).click();
        await page.waitForURL((url) => url.pathname === new URL(hrefs[index], site).pathname, { waitUntil: 'commit' });
      }),
      'a link in a held section loaded a new document',
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  it('leaves a link with a modifier key, another site and a new tab to the browser', async () => {
    const { page } = await visit('/products/ccm-platform');
    const link = page.getByRole('contentinfo').getByRole('navigation').first().getByRole('link').first();
    const popup = b.context.waitForEvent('page');
    await link.click({ modifiers: ['ControlOrMeta'] });
    const opened = await popup;
    // A new tab shows about:blank (loaded) until its navigation commits: read too early under load (npm test).
    await opened.waitForURL((url) => url.protocol !== 'about:');
    expect(new URL(opened.url()).pathname).toBe(new URL((await link.getAttribute('href'))!, site).pathname);
    expect(new URL(page.url()).pathname).toBe('/products/ccm-platform');
    await opened.close();
  });
});

/**
 * Every link to a page of the site is a plain <a> that one listener follows with the router
 * (src/engine/chrome/site-links.ts): what each React Router Link did, without a Link's fibres and
 * hooks to hydrate per link (issue 32, the slowest visitor).
 */
describe('site links', () => {
  /** Component fibres (not DOM elements) between each hydrated site link's <a> and the element that holds it. */
  function wrappersOfLinks(page: Page, selector: string): Promise<number[]> {
    return page.evaluate((css) => {
      type Fiber = { type: unknown; return: Fiber | null };
      const fiberOf = (node: Element) => {
        const key = Object.keys(node).find((name) => name.startsWith('__reactFiber'));
        return key ? ((node as unknown as Record<string, Fiber>)[key] ?? null) : null;
      };
      return [...document.querySelectorAll(`${css} a[href^="/"]`)].flatMap((link) => {
        let fiber = fiberOf(link)?.return ?? null;
        if (!fiber) return [];
        let wrappers = 0;
        for (; fiber && typeof fiber.type !== 'string'; fiber = fiber.return) if (fiber.type !== null) wrappers += 1;
        return [wrappers];
      });
    }, selector);
  }

  it('hydrate as the anchor a block renders: no router component around each', async () => {
    const { page, problems } = await visit('/');
    const header = await wrappersOfLinks(page, '.site-header');
    expect(header.length).toBeGreaterThan(10);
    // SmartLink alone renders the header's links (a React Router Link added two fibres and a dozen hooks each).
    expect(Math.max(...header)).toBe(1);
    expect(problems).toEqual([]);
  });

  it('are followed in the page, and a link to the page shown replaces its history entry', async () => {
    const { page, problems } = await visit('/products/ccm-platform');
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[href^="/"]:not([href="/products/ccm-platform"])')
      .filter({ visible: true })
      .first();
    const target = new URL((await link.getAttribute('href'))!, site).pathname;
    expect(
      await sameDocumentAfter(page, async () => {
        await link.click();
        await page.waitForURL((url) => url.pathname === target, { waitUntil: 'commit' });
      }),
      'a header link loaded a new document',
    ).toBe(true);
    const logo = page.getByRole('banner').getByRole('link').first();
    await logo.click();
    await page.waitForURL(`${site}/`);
    const entries = await page.evaluate(() => history.length);
    const key = await page.evaluate(() => (history.state as { key?: string }).key);
    // The logo again, on the home page: a new navigation (a new entry key) in the same history entry.
    await logo.click();
    await expect.poll(() => page.evaluate(() => (history.state as { key?: string }).key)).not.toBe(key);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(problems).toEqual([]);
  });
});
