/**
 * A whole visit, as a reader makes it (issue 19): the page arrives, its code loads, the reader
 * scrolls to the bottom. Nothing may move when code arrives: every block and the footer form keep
 * the height the server HTML gave them, and the layout shift of the visit stays within 0.02.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './helpers/browser.ts';
import {
  layoutShifts,
  LAYOUT_SHIFT_OBSERVER,
  scrollToBottom,
  visitLayoutShift,
  VISIT_TEMPLATES,
  VISIT_VIEWPORTS,
} from '../tools/lib/visit.ts';

const site = inject('siteUrl');
const b = browserPerFile({ fresh: true });

/** Height of each block (by its place and name) and of the footer form. */
function heights(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    document.querySelectorAll('[data-block]').forEach((element, index) => {
      out[`${index}:${element.getAttribute('data-block')}`] = element.getBoundingClientRect().height;
    });
    const form = document.querySelector('.site-footer__form');
    if (form) out['footer form'] = form.getBoundingClientRect().height;
    return out;
  });
}

describe('a whole visit: nothing moves when code arrives', () => {
  for (const viewport of VISIT_VIEWPORTS) {
    it.each(VISIT_TEMPLATES)(`%s at ${viewport.width} px`, async (path) => {
      const context = await b.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.addInitScript(LAYOUT_SHIFT_OBSERVER);
        // Every script held back: what the server HTML alone lays out.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\.js(\?.*)?$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${site}${path}`, { waitUntil: 'commit' });
        await page.waitForSelector('footer', { state: 'attached' });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const before = await heights(page);
        release();
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        await scrollToBottom(page);
        // Whatever loads when reached for: the footer form's code, each carousel's swiper.
        await page.evaluate(() => {
          for (const carousel of document.querySelectorAll('.carousel'))
            carousel.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        });
        if (before['footer form'] !== undefined) {
          await page.waitForSelector('.site-footer .site-form[data-hydrated="true"]', { state: 'attached' });
        }
        await page.waitForLoadState('networkidle');
        const after = await heights(page);
        const shift = await visitLayoutShift(page);
        console.log(`${path} at ${viewport.width} px: whole-visit layout shift ${shift.toFixed(3)}`);
        const moved = Object.keys({ ...before, ...after })
          .filter((key) => !(Math.abs((before[key] ?? -1) - (after[key] ?? -1)) <= 1))
          .map((key) => `${key}: ${before[key]?.toFixed(0)} px → ${after[key]?.toFixed(0)} px`);
        expect(moved).toEqual([]);
        expect(shift, JSON.stringify(await layoutShifts(page))).toBeLessThanOrEqual(0.02);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a late stylesheet', () => {
  it('the cookie notice shows fixed at the bottom before the full stylesheet arrives: the page does not move', async () => {
    const context = await b.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      // The full stylesheet never arrives: only the critical CSS inlined in the page applies.
      await page.route(/\/assets\/[^/]*\.css$/, () => new Promise<void>(() => undefined));
      await page.goto(`${site}/products/ccm-platform`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      const notice = page.getByRole('dialog', { name: 'Cookie consent' });
      await notice.waitFor();
      expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((el) => el.getBoundingClientRect().top + window.scrollY),
      ).toBe(0);
    } finally {
      await context.close();
    }
  });
});
