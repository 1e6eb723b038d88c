/** The key element of each screen (SPEC §2), exercised as a visitor would in real Chromium. */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage, type WatchedPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();
let current: WatchedPage;

afterEach(() => {
  // No console error or hydration warning on any of these screens, whatever the test did.
  expect(current?.problems ?? []).toEqual([]);
});

async function visit(path: string): Promise<Page> {
  current = await openPage(b.context);
  await current.page.goto(`${site}${path}`, { waitUntil: 'load' });
  await current.page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return current.page;
}

describe('screens', () => {
  it('partners: opens on category 1; a tile opens a dialog with description and Visit Partner Site', async () => {
    const page = await visit('/partners');
    const tabs = page.getByRole('tablist', { name: 'Partner categories' });
    const selected = tabs.getByRole('tab', { selected: true });
    expect(await selected.count()).toBe(1);
    const firstTab = tabs.getByRole('tab').first();
    expect(await firstTab.getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    const tile = panel.getByRole('button').first();
    const name = (await tile.textContent())!.trim();
    await tile.click();
    const dialog = page.getByRole('dialog', { name });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Visit Partner Site' }).getAttribute('href')).toMatch(/^https:\/\//);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await tabs.getByRole('tab').nth(1).click();
    await expect.poll(async () => (await panel.getByRole('button').first().textContent())?.trim()).not.toBe(name);
  });

  it('events: opens on category 24 and tiles link out to the event', async () => {
    const page = await visit('/events');
    const tab = page.getByRole('tablist', { name: 'Event categories' }).getByRole('tab', { selected: true });
    expect(await tab.textContent()).toMatch(/Upcoming/);
    const link = page.getByRole('tabpanel').getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it("press: the year select starts with 'Select Year', filters the list and pages 12 at a time", async () => {
    const page = await visit('/press');
    const select = page.getByRole('combobox', { name: 'Year' });
    expect((await select.locator('option').first().textContent())?.trim()).toBe('Select Year');
    expect(await page.locator('[data-block="card-grid"] .card').count()).toBe(12);
    // The full article of a release (and of an upcoming event) is read by its slug at /blog/{slug}.
    const article = page
      .locator('[data-block="card-grid"]')
      .getByRole('link', { name: /^Read Full Article/ })
      .first();
    expect(await article.getAttribute('href')).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await select.selectOption('2025');
    await page.waitForURL(`${site}/press?year=2025`);
    await expect
      .poll(async () => [
        ...new Set(
          await page.locator('[data-block="card-grid"] time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')?.slice(0, 4))),
        ),
      ])
      .toEqual(['2025']);
    const events = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('link', { name: /^View Event Details/ });
    expect(await events.count()).toBeGreaterThan(1);
    expect(await events.first().getAttribute('href')).toMatch(/^\/blog\/[a-z0-9-]+$/);
  });

  it('careers: the city filter works and Apply leads to the job, whose Apply Now scrolls to the form', async () => {
    const page = await visit('/careers');
    const jobs = page.locator('.job');
    const all = await jobs.count();
    expect(all).toBeGreaterThanOrEqual(6);
    await page.getByRole('combobox', { name: 'City' }).selectOption('London');
    await expect.poll(() => jobs.count()).toBeLessThan(all);
    for (const meta of await page.locator('.job__meta').allTextContents()) expect(meta).toContain('London');
    await jobs
      .first()
      .getByRole('link', { name: /^Apply/ })
      .click();
    await page.waitForURL(/\/careers\/.+/);
    await page.getByRole('link', { name: 'View All Jobs' }).waitFor();
    await page.getByRole('link', { name: 'Apply Now' }).click();
    await expect.poll(() => page.evaluate(() => document.getElementById('apply')!.getBoundingClientRect().top)).toBeLessThan(300);
  });

  it('FAQ: questions open and close by click and keyboard; the current topic is highlighted', async () => {
    const page = await visit('/faq-ccm-platform');
    const question = page.locator('.accordion__question button').first();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('region').first().isVisible()).toBe(true);
    await question.press('Enter');
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'FAQ topics' }).locator('[aria-current="page"]').getAttribute('href')).toBe(
      '/faq-ccm-platform',
    );
  });

  it('FAQ subscription billing: links to the external wiki', async () => {
    const page = await visit('/faq-subscription-billing');
    expect(await page.getByRole('link', { name: 'Visit the billing wiki' }).getAttribute('href')).toMatch(/^https:\/\/wiki\./);
    expect(await page.getByRole('link', { name: 'Download Brochures' }).count()).toBe(1);
  });

  it("white papers: tabs reload the list by cat_slug ('Case Studies' / 'White Paper'), 10 per page, paged at the list, searchable", async () => {
    const page = await visit('/white-paper-case-studies');
    const grid = page.locator('[data-block="filterable-grid"]');
    expect(await grid.locator('.card').count()).toBe(10);
    // The search box filters the page in view.
    const search = page.getByRole('searchbox', { name: 'Search white papers and case studies' });
    const title = (await grid.locator('.card__title').first().textContent())!;
    await search.fill(title);
    // (The first card already had that title: wait for the count the search shows, which comes once
    // the grid's code has arrived and applied the search, src/engine/section-code.ts.)
    await expect.poll(() => grid.getByText(/^\d+ results?$/).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => grid.locator('.card__title').first().textContent()).toBe(title);
    await search.fill('');
    await expect.poll(() => grid.locator('.card').count()).toBe(10);
    const tabs = page.getByRole('navigation', { name: 'White paper and case study categories' });
    expect(await tabs.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    for (const [label, code] of [
      ['White Paper', '2'],
      ['Case Studies', '1'],
    ]) {
      await tabs.getByRole('link', { name: label }).click();
      await page.waitForURL(`${site}/white-paper-case-studies?cat_slug=${code}#library`);
      await expect.poll(async () => [...new Set(await grid.locator('.card__label').allTextContents())]).toEqual([label]);
      expect(await tabs.getByRole('link', { name: label }).getAttribute('aria-current')).toBe('page');
    }
    const first = await grid.locator('.card__title').first().textContent();
    await page.getByRole('navigation', { name: 'White paper and case study pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${site}/white-paper-case-studies?cat_slug=1&page=2#library`);
    await expect.poll(() => grid.locator('.card__title').first().textContent()).not.toBe(first);
    expect(new Set(await grid.locator('.card__label').allTextContents())).toEqual(new Set(['Case Studies']));
    expect(
      await page
        .getByRole('region', { name: /Latest/ })
        .locator('.swiper')
        .getAttribute('class'),
    ).toContain('swiper');
  });

  it("downloads: 'Download pdf' only where a PDF exists, opened in a dialog frame", async () => {
    const page = await visit('/download');
    const docs = page.locator('.document');
    const withPdf = page.getByRole('link', { name: /^Download pdf/ });
    expect(await withPdf.count()).toBeLessThan(await docs.count());
    await withPdf.first().click();
    const name = (await docs.filter({ has: withPdf.first() }).first().locator('h3').textContent())!;
    const dialog = page.getByRole('dialog', { name });
    await expect.poll(() => dialog.locator('iframe').getAttribute('src')).toMatch(/\.pdf$/);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('contact: office tabs switch address and map', async () => {
    const page = await visit('/contact');
    const tabs = page.getByRole('tablist', { name: 'Offices' }).getByRole('tab');
    expect(await tabs.count()).toBeGreaterThanOrEqual(4);
    // The shown office's map; the others' are in the page, hidden, and load (lazily) when shown.
    const map = page.locator('.office-tabs__office:not([hidden]) .office-tabs__map iframe');
    const first = await map.getAttribute('src');
    expect(first).toMatch(/^https:\/\/www\.google\.com\/maps\/embed\?/);
    expect(await map.getAttribute('loading')).toBe('lazy');
    await tabs.nth(1).click();
    await expect.poll(() => map.getAttribute('src')).not.toBe(first);
    expect(await page.locator('.office-tabs__office:not([hidden])').count()).toBe(1);
  });

  it('services: the side menu highlights the current service and navigation scrolls to the content area', async () => {
    const page = await visit('/services/migration-service');
    const menu = page.getByRole('navigation', { name: /Services/i });
    expect(await menu.locator('[aria-current="page"]').getAttribute('href')).toBe('/services/migration-service');
    await menu.getByRole('link', { name: /Operation/ }).click();
    await page.waitForURL(`${site}/services/operation-service`);
    await expect.poll(() => menu.locator('[aria-current="page"]').getAttribute('href')).toBe('/services/operation-service');
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('content')!.getBoundingClientRect().top)), { timeout: 5000 })
      .toBeLessThanOrEqual(80);
  });

  it('migration: the icon navigator changes the detail', async () => {
    const page = await visit('/services/migration-service');
    const tabs = page.locator('[data-block="icon-tabs"]').getByRole('tab');
    const detail = page.locator('.icon-tabs__panel h3');
    const before = await detail.textContent();
    await tabs.nth(1).click();
    await expect.poll(() => detail.textContent()).not.toBe(before);
  });

  it('team: leadership members and the leader/advisory toggle', async () => {
    const page = await visit('/team');
    expect(await page.getByRole('link', { name: 'Leadership Team' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.member').count()).toBe(7);
    await page.getByRole('link', { name: 'Advisory Board' }).click();
    await page.waitForURL(`${site}/advisory-board`);
    await expect.poll(() => page.locator('.member').count()).toBe(4);
  });

  it('product pages carry the URL flags; others do not', async () => {
    let page = await visit('/products/revenue-platform');
    expect(await page.locator('main').getAttribute('data-product-page')).toBe('true');
    expect(await page.locator('main').getAttribute('data-subscription-platform-page')).toBe('true');
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await page.waitForURL(`${site}/contact`);
    await expect.poll(() => page.locator('main').getAttribute('data-product-page')).toBeNull();
    page = await visit('/products/bpm-platform');
    expect(await page.locator('main').getAttribute('data-product-page')).toBe('true');
    expect(await page.locator('main').getAttribute('data-subscription-platform-page')).toBeNull();
  });

  it("BPM: headings fall back to 'USP' and 'Business Benefits'", async () => {
    const page = await visit('/products/bpm-platform');
    expect(await page.getByRole('heading', { level: 2, name: 'Business Benefits' }).count()).toBeGreaterThan(0);
  });

  it('campaign: its own minimal header (logo, "Request a call back") and slim footer, without the site menu', async () => {
    const page = await visit('/campaignccm');
    const header = page.getByRole('banner');
    expect(await header.count()).toBe(1);
    expect(await header.getByRole('link', { name: /Veltrix/ }).count()).toBe(1);
    expect((await header.textContent())?.trim()).toContain('Request a call back');
    expect(await page.getByRole('navigation', { name: /main/i }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).not.toBe('');
    expect(await page.locator('[data-block="contact-details"]').count()).toBe(0);
  });
});
