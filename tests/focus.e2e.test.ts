/**
 * Focus after in-app navigation (WCAG 2.4.3, 4.1.3), issue 20: after a client-side move to
 * another page, focus is on the new page's h1 (or main), the next Tab reaches the first control
 * after it, and a live region names the new page; a same-page list control keeps the visitor at the list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();
/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function visit(path: string): Promise<Page> {
  const { page } = await openPage(b.context);
  await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return page;
}

/** What has focus: its tag, id, and the h1/main it is (if it is one). */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const main = document.getElementById('main');
    if (el === main) return 'main';
    if (el === main?.querySelector('h1')) return 'h1';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  });
}

/** Marks the first control a Tab may reach after the focused element, in document order; returns its text. */
function markNextTabStop(page: Page): Promise<string> {
  return page.evaluate(() => {
    const from = document.activeElement!;
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]',
    );
    for (const el of candidates) {
      if (!(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      el.dataset.expectedTabStop = 'true';
      return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    }
    return 'none';
  });
}

/** After a click that leaves for another path: focus, next Tab and announcement. */
async function expectArrivalAt(page: Page, path: RegExp) {
  await page.waitForURL(path);
  await poll(() => describeFocus(page)).toMatch(/^(h1|main)$/);
  const title = await page.title();
  expect(title).not.toBe('');
  await poll(() => page.locator('[aria-live="polite"][data-route-announcer]').textContent()).toBe(title);
  const next = await markNextTabStop(page);
  expect(next).not.toBe('none');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.expectedTabStop === 'true')).toBe(true);
}

describe('focus after in-app navigation', () => {
  it('a first load leaves focus alone and announces nothing', async () => {
    const page = await visit('/blog');
    expect(await describeFocus(page)).toBe('body');
    expect(await page.locator('[data-route-announcer]').textContent()).toBe('');
  });

  it('"Read Full Article" on /blog: focus on the article\'s h1, next Tab after it, title announced', async () => {
    const page = await visit('/blog');
    await page.getByRole('link', { name: 'Read Full Article' }).first().click();
    await expectArrivalAt(page, /\/blog\/[^/?#]+$/);
  });

  it('a card link (/company "All Products"): focus on the new page\'s h1 or main', async () => {
    const page = await visit('/company');
    await page.locator('a.card__link', { hasText: 'All Products' }).click();
    await expectArrivalAt(page, /\/products$/);
  });

  it('"Apply" on /careers: focus on the job page\'s h1', async () => {
    const page = await visit('/careers');
    await page
      .getByRole('link', { name: /^Apply: / })
      .first()
      .click();
    await expectArrivalAt(page, /\/careers\/[^/?#]+$/);
  });

  it('pagination on /blog (same page, anchored list) keeps focus in the list, not at the page top; the title names the page', async () => {
    const page = await visit('/blog');
    const blogTitle = await page.title();
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await pager.getByRole('link', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/blog?page=2#articles`);
    await poll(() => pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // Focus is still in the pager, or (if the pressed link went away) at the list it scrolled to.
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.closest('nav[aria-label="Blog pages"]') ? 'pager' : el?.id === 'articles' ? 'list' : (el?.tagName ?? 'none');
    });
    expect(['pager', 'list']).toContain(where);
    expect(await page.locator('[data-route-announcer]').textContent()).toBe('');
    // WCAG 2.4.2: the second page of the list is a page of its own, and its title says which.
    await poll(() => page.title()).toBe(`Page 2 – ${blogTitle}`);
    await page.goto(`${site}/blog?page=2`);
    expect(await page.title()).toBe(`Page 2 – ${blogTitle}`);
  });

  it('a category of /blog is titled by its name, on the server and after the pill is pressed; a crafted one puts nothing in the title', async () => {
    const page = await visit('/blog');
    const blogTitle = await page.title();
    const pills = page.getByRole('navigation', { name: 'Blog categories' });
    const pill = pills.getByRole('link').nth(1);
    const name = (await pill.textContent())!.trim();
    await pill.click();
    await page.waitForURL(/cat_slug=/);
    await poll(() => page.title()).toBe(`${name} – ${blogTitle}`);
    const url = page.url();
    await page.goto(url);
    expect(await page.title()).toBe(`${name} – ${blogTitle}`);
    // A slug that is no category (a crafted URL) puts nothing of its own in the title.
    await page.goto(`${site}/blog?cat_slug=${encodeURIComponent('Call 555-0100')}`);
    expect(await page.title()).not.toContain('555');
  });
});

describe('the skip link', () => {
  it('slides in on focus and is gone the moment focus moves on, covering nothing the next stop shows (2.4.11)', async () => {
    const page = await visit('/partners');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await poll(() => skip.evaluate((el) => el === document.activeElement && el.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Tab');
    // Read in the same task as the key's effects settle: no frame of a sliding link over the logo.
    const after = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('.skip-link')!;
      const box = link.getBoundingClientRect();
      return { bottom: box.bottom, running: link.getAnimations().length };
    });
    expect(after).toEqual({ bottom: expect.any(Number) as number, running: 0 });
    expect(after.bottom).toBeLessThanOrEqual(0);
  });
});
