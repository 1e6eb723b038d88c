/**
 * Text size and pointer (issue 35): the layout follows the visitor's text size (WCAG 1.4.4: the
 * browser's default font at 32 px), and rows of tabs that scroll sideways on touch screens wrap
 * for a mouse, which has no swipe and got no cue from the hidden scrollbar.
 */
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';
import { TEMPLATES, pathOf, sideways } from './helpers/reflow.ts';

const site = inject('siteUrl');
const b = browserPerFile();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 320, height: 640 };

describe("large text: the browser's default font size at 32 px (WCAG 1.4.4)", () => {
  // The header did not wrap: at 1280×800 the page was 1,596 px wide, "Request Demo" mostly off-screen.
  // Its breakpoints are in em now: with larger text it turns into the menu button sooner.
  for (const template of TEMPLATES) {
    it(`${template} at 1280×800: no sideways scroll and no word wider than its box`, async () => {
      const { page } = await openPage(b.context);
      await page.setViewportSize(DESKTOP);
      const cdp = await b.context.newCDPSession(page);
      await cdp.send('Page.enable');
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 32 } });
      await page.goto(`${site}${await pathOf(site, template)}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
      const large = await sideways(page);
      expect(large.by, `sticking out: ${large.sticking.join(', ')}`).toBe(0);
      expect(large.cut, 'text wider than its box').toEqual([]);
      // The header's way to every page is on screen: the menu button, or the whole bar.
      const header = page.getByRole('banner');
      const menu = header.getByRole('button', { name: 'Menu' });
      const target = (await menu.isVisible()) ? menu : header.getByRole('link', { name: 'Request Demo' });
      const box = (await target.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    });
  }
});

describe('rows of tabs and categories with a mouse (issue 35)', () => {
  // They scrolled sideways with no scrollbar: a mouse could not tell, nor easily reach, the tabs past the edge.
  for (const [path, row] of [
    ['/contact', '[role=tablist]'],
    ['/blog', '.category-tabs__list'],
  ] as const) {
    it(`${path} at 320×640: every tab of the row is in view, none past an edge`, async () => {
      const { page } = await openPage(b.context);
      await page.setViewportSize(PHONE);
      await page.goto(`${site}${path}`, { waitUntil: 'load' });
      expect(await page.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches)).toBe(true);
      const seen = await page
        .locator(row)
        .first()
        .evaluate((list) => {
          const edges = list.getBoundingClientRect();
          const items = [...list.querySelectorAll<HTMLElement>('a, button')];
          return {
            items: items.length,
            past: items.filter((item) => {
              const box = item.getBoundingClientRect();
              return box.left < Math.max(0, edges.left) - 0.5 || box.right > Math.min(innerWidth, edges.right) + 0.5;
            }).length,
          };
        });
      expect(seen.items).toBeGreaterThan(2);
      expect(seen.past).toBe(0);
    });
  }
});
