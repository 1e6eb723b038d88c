/**
 * Carousels under the keyboard (issue 20, WCAG 2.2.2 and 2.1.1), as the WAI-ARIA carousel pattern
 * asks: the rotation control comes first, rotation stops once focus is inside, and a carousel's
 * keys act on the carousel only, never on the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AUTOPLAY_DELAY_MS } from '../src/blocks/carousel/breakpoints.ts';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();

async function home(): Promise<Page> {
  const { page } = await openPage(b.context);
  await page.goto(`${site}/`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return page;
}

/** Accessible name of the focused element, as far as these tests need it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

describe('carousels under the keyboard', () => {
  it('the hero: its rotation control is the first stop inside it, before the slides', async () => {
    const page = await home();
    await page.locator('#main').focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Pause carousel');
  });

  it('the hero stops rotating while focus is in a slide: the focused link stays in view, and Play says how to resume', async () => {
    const page = await home();
    const hero = page.getByRole('region', { name: 'Highlights' });
    const link = hero.getByRole('link').first();
    await link.focus();
    await page.waitForTimeout(AUTOPLAY_DELAY_MS * 1.2);
    const box = await link.boundingBox();
    const width = page.viewportSize()!.width;
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await hero.getByRole('button', { name: 'Play carousel' }).isVisible()).toBe(true);
  });

  it('once a carousel has started, page keys still move the page and not the slides', async () => {
    const page = await home();
    const strengths = page.getByRole('region', { name: /Strengths/ });
    const wrapper = strengths.locator('.swiper-wrapper');
    await strengths.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => strengths.locator('.swiper').getAttribute('class')).toContain('swiper-initialized');
    await page.waitForTimeout(600);
    const moved = await wrapper.evaluate((el) => getComputedStyle(el).transform);
    // Focus leaves the carousel for the page's text: the keys belong to the page again.
    await page.locator('#main').focus();
    const scrollY = await page.evaluate(() => window.scrollY);
    for (const key of ['PageDown', 'ArrowRight', 'ArrowLeft', 'PageUp', 'ArrowDown']) await page.keyboard.press(key);
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(600);
    expect(await wrapper.evaluate((el) => getComputedStyle(el).transform)).toBe(moved);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY);
  });

  it('arrow keys on a focused carousel move its slides, before and after swiper', async () => {
    const page = await home();
    const strengths = page.getByRole('region', { name: /Strengths/ });
    const viewport = strengths.getByRole('group', { name: /slides$/ });
    await viewport.focus();
    await page.keyboard.press('ArrowRight');
    // Before swiper the viewport is a native scroller; focus brings swiper, which takes over.
    await expect.poll(() => viewport.getAttribute('class')).toContain('swiper-initialized');
    const wrapper = strengths.locator('.swiper-wrapper');
    const before = await wrapper.evaluate((el) => getComputedStyle(el).transform);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => wrapper.evaluate((el) => getComputedStyle(el).transform)).not.toBe(before);
  });

  it('Shift+Tab in quick steps (60 ms) back through the hero never leaves focus on a slide out of view (issue 35)', async () => {
    // Swiper started on the first focus in the carousel ignores focus for its first 100 ms: the
    // previous slide's link took focus 1,200 px off-screen at 1280 px.
    const page = await home();
    await page.setViewportSize({ width: 1280, height: 800 });
    // Swiper's code already here (another carousel reached for first): the hero's swiper then starts
    // within a few ms of the first focus in it.
    const other = page.locator('.carousel').last();
    await other.hover();
    await other.locator('.swiper-initialized').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const hero = document.querySelector('.carousel')!;
      // On its second slide, as its rotation leaves it before swiper has started (a native scroller).
      const viewport = hero.querySelector<HTMLElement>('.carousel__viewport')!;
      viewport.scrollLeft = viewport.clientWidth;
      const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]')].filter(
        (el) => el.getClientRects().length,
      );
      focusable.find((el) => hero.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && !hero.contains(el))!.focus();
    });
    const seen: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Shift+Tab');
      await page.waitForTimeout(60);
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const box = el.getBoundingClientRect();
          const shown = box.right > 0 && box.left < innerWidth;
          return `${el.closest('.carousel') ? 'in' : 'out'} ${shown ? 'shown' : `off-screen at x ${Math.round(box.left)}`}`;
        }),
      );
    }
    expect(seen.filter((stop) => stop.startsWith('in')).length).toBeGreaterThan(2);
    expect(seen.filter((stop) => stop.includes('off-screen'))).toEqual([]);
  });
});
