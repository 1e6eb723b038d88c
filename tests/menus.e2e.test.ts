/**
 * Header menus by keyboard (WCAG 2.4.3, 4.1.2), issue 20: Escape in the open mobile menu closes
 * it and returns focus to its toggle; focus leaving the mobile menu closes it; a desktop submenu
 * is shown exactly when its button says aria-expanded="true" (pointer, focus and Escape alike).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();
/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function visitAt(path: string, viewport: { width: number; height: number }, mobile = false): Promise<Page> {
  // A phone needs a context of its own (touch, mobile viewport); a desktop width is the file's context resized.
  if (mobile) b.context = await b.browser.newContext({ viewport, isMobile: true, hasTouch: true });
  const { page } = await openPage(b.context);
  if (!mobile) await page.setViewportSize(viewport);
  await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return page;
}

/** Each desktop group: its aria-expanded and whether its submenu is actually shown. */
function groupStates(page: Page): Promise<{ label: string; expanded: string | null; shown: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.site-nav__group')].map((group) => {
      const toggle = group.querySelector('.site-nav__group-toggle')!;
      const submenu = group.querySelector<HTMLElement>('.site-nav__submenu')!;
      return {
        label: toggle.textContent ?? '',
        expanded: toggle.getAttribute('aria-expanded'),
        shown: submenu.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
      };
    }),
  );
}

/** Every group's submenu is shown exactly when its button says expanded; returns the shown ones. */
async function expectExpandedMatchesShown(page: Page): Promise<string[]> {
  // Submenus fade (0.15 s): let a transition finish first.
  await page.waitForTimeout(300);
  const states = await groupStates(page);
  expect(states.filter((s) => (s.expanded === 'true') !== s.shown)).toEqual([]);
  return states.filter((s) => s.shown).map((s) => s.label);
}

describe('mobile menu by keyboard (390×844)', () => {
  const MOBILE = { width: 390, height: 844 };

  for (const item of ['Contact', 'Company']) {
    it(`Escape on the top-level item "${item}" closes the menu and returns focus to its toggle`, async () => {
      const page = await visitAt('/privacy-policy', MOBILE, true);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('button', { name: 'Menu' }).click();
      await poll(() => nav.isVisible()).toBe(true);
      await nav.getByRole(item === 'Contact' ? 'link' : 'button', { name: item, exact: true }).focus();
      await page.keyboard.press('Escape');
      await poll(() => nav.isVisible()).toBe(false);
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.classList.contains('site-header__toggle')
          ? `toggle expanded=${el.getAttribute('aria-expanded')}`
          : (el?.tagName ?? 'none');
      });
      expect(focused).toBe('toggle expanded=false');
      // The same Escape is not also taken by the cookie notice.
      expect(await page.getByRole('dialog', { name: 'Cookie consent' }).count()).toBe(1);
    });
  }

  it('tabbing out of the open menu closes it', async () => {
    const page = await visitAt('/privacy-policy', MOBILE, true);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await poll(() => nav.isVisible()).toBe(true);
    // The menu's last control, then one more Tab: focus leaves the menu.
    await nav.getByRole('link', { name: 'Request Demo' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('header') === null)).toBe(true);
    await poll(() => nav.isVisible()).toBe(false);
    expect(await page.locator('.site-header__toggle').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('desktop submenus (1280×800): shown exactly when aria-expanded="true"', () => {
  const DESKTOP = { width: 1280, height: 800 };

  it('Tab onto a group button shows nothing until it is pressed; Enter opens, Escape closes to the button', async () => {
    const page = await visitAt('/privacy-policy', DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const company = nav.getByRole('button', { name: 'Company' });
    await company.focus();
    expect(await expectExpandedMatchesShown(page)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await expectExpandedMatchesShown(page)).toEqual(['Company']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About Us');
    expect(await expectExpandedMatchesShown(page)).toEqual(['Company']);
    await page.keyboard.press('Escape');
    expect(await expectExpandedMatchesShown(page)).toEqual([]);
    expect(await company.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('tabbing past the last link of an open submenu closes it', async () => {
    const page = await visitAt('/privacy-policy', DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Solutions' }).click();
    expect(await expectExpandedMatchesShown(page)).toEqual(['Solutions']);
    await nav.getByRole('link', { name: 'Core Features' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Services');
    expect(await expectExpandedMatchesShown(page)).toEqual([]);
  });

  it('hovering a group shows its submenu and says so; leaving it hides it', async () => {
    const page = await visitAt('/privacy-policy', DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Resources' }).hover();
    expect(await expectExpandedMatchesShown(page)).toEqual(['Resources']);
    await page.mouse.move(640, 600);
    expect(await expectExpandedMatchesShown(page)).toEqual([]);
  });
});
