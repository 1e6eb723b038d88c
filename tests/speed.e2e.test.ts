/**
 * What the production server does for the first paint (src/server/critical-css.ts and
 * src/server/paint-first.ts), seen in the HTML and in real Chromium.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile({ fresh: true });

describe('first paint', () => {
  it('the HTML inlines the critical CSS, defers the full stylesheet and has no module preloads to compete with the paint', async () => {
    const html = await (await fetch(`${site}/press`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const critical = /<style data-critical-css>([\s\S]*?)<\/style>/.exec(head);
    expect(critical).not.toBeNull();
    // Rules of blocks on the page are in; rules of blocks elsewhere are not.
    expect(critical![1]).toContain('.site-header');
    expect(critical![1]).toContain('.card-grid');
    expect(critical![1]).not.toContain('.member__name');
    expect(critical![1]).not.toContain('.job__title');
    expect(head).toMatch(/<link[^>]*rel="stylesheet"[^>]*media="print"[^>]*data-deferred-style/);
    expect(head).toMatch(/<noscript><link[^>]*rel="stylesheet"[^>]*><\/noscript>/);
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it('in the browser the full stylesheet and the scripts start after the first frame, and the page hydrates cleanly', async () => {
    const { page, problems } = await openPage(b.context);
    // When the browser first renders a frame (rAF callbacks run right before it paints).
    await page.addInitScript(() => requestAnimationFrame(() => ((window as unknown as { __frame: number }).__frame = performance.now())));
    await page.goto(`${site}/press`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await expect.poll(() => page.locator('link[data-deferred-style]').getAttribute('media')).toBe('all');
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    const frame = await page.evaluate(() => (window as unknown as { __frame: number }).__frame);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThan(frame);
    // Client navigation keeps working with the stylesheet on.
    // Clicked where it is (a pointer click would scroll the footer into view first).
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .evaluate((link: HTMLAnchorElement) => link.click());
    await page.waitForURL(`${site}/privacy-policy`);
    expect(problems).toEqual([]);
  });

  it('the inlined critical CSS stays once the full stylesheet applies, and every element looks as with the full stylesheet alone', async () => {
    for (const path of ['/press', '/', '/contact']) {
      const { page, problems } = await openPage(b.context);
      // Nothing moving on its own between the looks compared (the cookie notice's entrance, autoplay).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${site}${path}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      await page.waitForFunction(() => {
        const link = document.querySelector<HTMLLinkElement>('link[data-deferred-style]');
        return link?.media === 'all' && link.sheet !== null;
      });
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      // Removing it made the browser restyle the whole document again (7–20 ms here) for no change.
      expect(await page.locator('style[data-critical-css]').count(), path).toBe(1);
      const looks = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('body *')].map((element) => {
            const style = getComputedStyle(element);
            return [...style].map((property) => `${property}:${style.getPropertyValue(property)}`).join(';');
          }),
        );
      const withBoth = await looks();
      await page.evaluate(() => document.querySelector('style[data-critical-css]')!.remove());
      const fullAlone = await looks();
      expect(withBoth.length, path).toBeGreaterThan(100);
      expect(
        withBoth.findIndex((style, i) => style !== fullAlone[i]),
        path,
      ).toBe(-1);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("the code every page runs at load and each block's code are compiled eagerly; the forms' code is not", async () => {
    // V8's explicit compile hint must be the file's first line (vite.config.ts, postBanner).
    const HINT = '//# allFunctionsCalledOnLoad\n';
    const files = readdirSync('build/client/assets').filter((file) => file.endsWith('.js'));
    const eager = files.filter((file) => /^(framework|app|entry\.client|root|page-route|block-[a-z0-9-]+)-[\w-]{8}\.js$/.test(file));
    const lazy = files.filter((file) => /^(site-form|[a-z-]+\.validator)-[\w-]{8}\.js$/.test(file));
    expect(eager.filter((file) => file.startsWith('block-')).length).toBeGreaterThan(10);
    expect(lazy.length).toBeGreaterThan(1);
    const starts = async (file: string) => (await (await fetch(`${site}/assets/${file}`)).text()).startsWith(HINT);
    for (const file of eager) expect(await starts(file), file).toBe(true);
    for (const file of lazy) expect(await starts(file), file).toBe(false);
  });

  it('a first visit writes its history state once, before the first paint, and back returns to where the visitor was', async () => {
    const { page, problems } = await openPage(b.context);
    await page.addInitScript(() => {
      const calls: number[] = ((window as unknown as { __replaced: number[] }).__replaced = []);
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        calls.push(performance.now());
        replace(...args);
      };
    });
    await page.goto(`${site}/press`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    // Once, while the head was parsed (src/root.tsx): not again by React Router during hydration.
    const { replaced, paint } = await page.evaluate(() => ({
      replaced: (window as unknown as { __replaced: number[] }).__replaced,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toBeLessThan(paint);
    // The state is what React Router's history and scroll restoration read: back restores the scroll.
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    // Clicked where it is (a pointer click would scroll the footer into view first).
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .evaluate((link: HTMLAnchorElement) => link.click());
    await page.waitForURL(`${site}/privacy-policy`);
    await page.goBack();
    await page.waitForURL(`${site}/press`);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    expect(problems).toEqual([]);
  });
});
