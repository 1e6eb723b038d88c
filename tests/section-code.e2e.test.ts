/**
 * A section's code comes when the section comes near (issue 32, src/engine/section-code.ts): the
 * page hydrates without the code of the sections further down, each section hydrates once its
 * block's code is here, and what the visitor does to a section before then is not lost: a click
 * or a key is done once the section has hydrated, and a link is followed in the page.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
// A new context per test: the HTTP cache must not already hold a block's chunk.
const b = browserPerFile({ fresh: true });

async function visit(path: string, prepare?: (page: Page) => Promise<void>) {
  const watched = await openPage(b.context);
  await watched.page.setViewportSize({ width: 1280, height: 800 });
  await prepare?.(watched.page);
  await watched.page.goto(`${site}${path}`, { waitUntil: 'load' });
  await watched.page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return watched;
}

/** Holds the responses for one block's chunk until `release` is called. */
async function holdChunk(page: Page, block: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(new RegExp(`/assets/block-${block}-[^/]*\\.js$`), (route) => (released ? route.continue() : void held.push(route)));
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Marks the current document; true afterwards only if no new document was loaded. */
async function sameDocumentAfter(page: Page, act: () => Promise<void>): Promise<boolean> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await act();
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

describe("a section's code", () => {
  it('is not downloaded while the section is far below, and is once the visitor scrolls near it', async () => {
    const chunks: string[] = [];
    const { page, problems } = await visit('/blog', async (page) => {
      page.on('request', (request) => {
        const block = /\/assets\/block-([a-z-]+)-/.exec(request.url())?.[1];
        if (block) chunks.push(block);
      });
    });
    await page.waitForLoadState('networkidle');
    expect(chunks).not.toContain('pagination');
    await page.locator('[data-block="pagination"]').scrollIntoViewIfNeeded();
    await expect.poll(() => chunks).toContain('pagination');
    expect(problems).toEqual([]);
  });

  it('a click on a section whose code has not arrived is done once it has', async () => {
    let chunk!: Awaited<ReturnType<typeof holdChunk>>;
    const { page, problems } = await visit('/faq-ccm-platform', async (page) => {
      chunk = await holdChunk(page, 'accordion');
    });
    const question = page.locator('[data-block="accordion"]').getByRole('button').first();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.click();
    await expect.poll(chunk.requested).toBe(true);
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await chunk.release();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
  });

  it('a choice in a select of a section whose code has not arrived is applied once it has (the careers filter)', async () => {
    // React cannot hear the change then, and hydrating the select reset it to its state ('All cities').
    let chunk!: Awaited<ReturnType<typeof holdChunk>>;
    const { page, problems } = await visit('/careers', async (page) => {
      chunk = await holdChunk(page, 'job-list');
    });
    const jobs = page.locator('.job');
    const all = await jobs.count();
    const city = page.getByRole('combobox', { name: 'City' });
    const london = (await city.locator('option').allTextContents()).find((text) => text === 'London')!;
    await city.selectOption(london);
    await chunk.release();
    await expect.poll(() => jobs.count(), { timeout: 10_000 }).toBeLessThan(all);
    for (const meta of await page.locator('.job__meta').allTextContents()) expect(meta).toContain('London');
    expect(await city.inputValue()).toBe('London');
    expect(problems).toEqual([]);
  });

  it('a search typed into a section whose code has not arrived is applied once it has (the white papers grid)', async () => {
    // Hydrating kept the typed text in the box, but the list stayed whole: the box showed a search never made.
    let chunk!: Awaited<ReturnType<typeof holdChunk>>;
    const { page, problems } = await visit('/white-paper-case-studies', async (page) => {
      chunk = await holdChunk(page, 'filterable-grid');
    });
    const grid = page.locator('[data-block="filterable-grid"]');
    const title = (await grid.locator('.card__title').nth(3).textContent())!.trim();
    const search = page.getByRole('searchbox', { name: 'Search white papers and case studies' });
    await search.fill(title);
    await chunk.release();
    await grid.getByText('1 result', { exact: true }).waitFor({ timeout: 10_000 });
    expect((await grid.locator('.card__title').allInnerTexts()).map((text) => text.trim())).toEqual([title]);
    expect(await search.inputValue()).toBe(title);
    // And typing on goes on from there.
    await search.fill('');
    await expect.poll(() => grid.locator('.card').count()).toBe(10);
    expect(problems).toEqual([]);
  });

  it('a box ticked in a section whose code has not arrived stays ticked once it has (the contact form)', async () => {
    // The browser ticked it at the click: dispatched again after hydrating, the click unticked it.
    let chunk!: Awaited<ReturnType<typeof holdChunk>>;
    const { page, problems } = await visit('/contact', async (page) => {
      chunk = await holdChunk(page, 'form');
    });
    const form = page.locator('main [data-block="form"]').first();
    const terms = form.getByRole('checkbox', { name: /I agree with the terms/ });
    await terms.click();
    expect(await terms.isChecked()).toBe(true);
    await chunk.release();
    await form.locator('.site-form[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await terms.isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('a link in a section whose code has not arrived is followed in the page', async () => {
    let chunk!: Awaited<ReturnType<typeof holdChunk>>;
    const { page, problems } = await visit('/blog', async (page) => {
      chunk = await holdChunk(page, 'pagination');
    });
    const next = page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' });
    expect(
      await sameDocumentAfter(page, async () => {
        await next.click();
        // The page reached shows the same block: the navigation waits for its code.
        await expect.poll(chunk.requested).toBe(true);
        await chunk.release();
        await page.waitForURL(/[?&]page=2/);
        await expect.poll(() => page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      }),
      'the link loaded a new document',
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  it('that cannot be loaded leaves its section as the server rendered it, and the rest of the page works', async () => {
    const { page, problems } = await visit('/faq-ccm-platform', async (page) => {
      await page.route(/\/assets\/block-accordion-[^/]*\.js$/, (route) => route.abort());
    });
    const question = page.locator('[data-block="accordion"]').getByRole('button').first();
    await question.click();
    expect(await question.isVisible()).toBe(true);
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    // The header hydrated: its menu opens.
    const company = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Company' });
    await company.click();
    await expect.poll(() => company.getAttribute('aria-expanded')).toBe('true');
    expect(problems.filter((problem) => !/block "accordion" did not load|Failed to load resource/.test(problem))).toEqual([]);
  });

  it('that cannot be loaded for the page a link leads to: the browser loads that page as a new document', async () => {
    const { page } = await visit('/products/ccm-platform', async (page) => {
      await page.route(/\/assets\/block-pagination-[^/]*\.js$/, (route) => route.abort());
    });
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(
      await sameDocumentAfter(page, async () => {
        await main.getByRole('button', { name: 'Resources' }).click();
        await main.getByRole('link', { name: 'Blogs' }).click();
        await page.waitForURL(`${site}/blog`);
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      }),
      'the page was rendered in the old document without its blocks',
    ).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' }).isVisible()).toBe(true);
  });

  it('that does not come within 8 s for the page a link leads to: the browser loads that page as a new document', async () => {
    const { page } = await visit('/products/ccm-platform', async (page) => {
      // Never answered.
      await page.route(/\/assets\/block-pagination-[^/]*\.js$/, () => {});
    });
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(
      await sameDocumentAfter(page, async () => {
        await main.getByRole('button', { name: 'Resources' }).click();
        await main.getByRole('link', { name: 'Blogs' }).click();
        await page.waitForURL(`${site}/blog`, { timeout: 15_000 });
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      }),
      'the navigation did not end',
    ).toBe(false);
  }, 30_000);
});
