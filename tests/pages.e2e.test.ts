import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage, type WatchedPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();

/** Loads a page, waits for hydration and the network to settle, and returns it. */
async function visit(path: string, watched?: WatchedPage): Promise<WatchedPage> {
  const w = watched ?? (await openPage(b.context));
  await w.page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
  // The root sets data-hydrated once React has hydrated the page.
  await w.page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return w;
}

/** URLs of swiper's chunks the page requests from now on. */
function swiperRequestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(swiper|modules)-/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

async function firstBlogSlug(): Promise<string> {
  const w = await visit('/blog');
  const href = await w.page.getByRole('link', { name: 'Read Full Article' }).first().getAttribute('href');
  await w.page.close();
  return href!;
}

describe('every page of the engine issue loads cleanly in Chromium', () => {
  // Every route of the definitions is loaded the same way in routes.e2e.test.ts; here, a list's query.
  const pages: [string, RegExp][] = [['/blog?cat_slug=products&page=1', /.+/]];

  it.each(pages)('%s: main heading, title, no console error or hydration warning', async (path, heading) => {
    const { page, problems } = await visit(path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(heading);
    expect(await page.title()).not.toBe('');
    // Give late hydration reports a moment to arrive.
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });

  it('a blog post: category, title, body and the way back', async () => {
    const href = await firstBlogSlug();
    const { page, problems } = await visit(href);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('');
    expect(await page.locator('.article__body p').count()).toBeGreaterThan(1);
    await page.getByRole('link', { name: 'Back to all articles' }).click();
    await page.waitForURL(`${site}/blog`);
    expect(problems).toEqual([]);
  });

  it('an unknown path: the not-found page with status 404 and a way home', async () => {
    const w = await openPage(b.context);
    const response = await w.page.goto(`${site}/no-such-page`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await w.page.getByRole('heading', { level: 1 }).textContent()).toBe('Sorry, Page not Found');
    await w.page.getByRole('link', { name: 'Go to Homepage' }).click();
    await w.page.waitForURL(`${site}/`);
    await expect.poll(() => w.page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/Shared Infrastructure/);
    // Chromium reports the document's own 404 status as a console error; nothing else may appear.
    expect(w.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });
});

describe('site chrome', () => {
  it("the header and footer 'About' links follow the configured brand (/about-{brand})", async () => {
    const { page } = await visit('/privacy-policy');
    // The header's link sits in a collapsed submenu: count links in the DOM, shown or not.
    const hrefs = await page
      .locator('a')
      .filter({ hasText: /^About Us$/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(hrefs)).toEqual(new Set(['/about-veltrix']));
  });

  it('the header becomes sticky after 70 px of scroll', async () => {
    const { page } = await visit('/privacy-policy');
    const header = page.locator('header.site-header');
    expect(await header.getAttribute('data-sticky')).toBe('false');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.getAttribute('data-sticky')).toBe('true');
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('data-sticky')).toBe('false');
  });

  it('the mobile menu opens, expands groups, and closes on a link click', async () => {
    b.context = await b.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { page, problems } = await visit('/privacy-policy');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');

    const resources = nav.getByRole('button', { name: 'Resources' });
    await resources.click();
    expect(await resources.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await page.waitForURL(`${site}/blog`);
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('cookie consent: exact texts; closing sets status deny and it stays closed', async () => {
    const { page } = await visit('/');
    const dialog = page.getByRole('dialog', { name: 'Cookie consent' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      'This website uses cookies to improve your browsing experience, analyse site traffic and improve our services.',
    );
    expect(await dialog.getByRole('link', { name: 'Privacy-policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await dialog.getByRole('button', { name: 'Ok', exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Refuse cookies' }).isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Close cookie notice' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const cookie = (await b.context.cookies()).find((c) => c.name === 'cookieconsent_status');
    expect(cookie?.value).toBe('deny');
    expect(cookie?.path).toBe('/');

    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(0);
  });

  it('cookie consent: Ok records allow', async () => {
    const { page } = await visit('/blog');
    await page.getByRole('dialog', { name: 'Cookie consent' }).getByRole('button', { name: 'Ok', exact: true }).click();
    expect((await b.context.cookies()).find((c) => c.name === 'cookieconsent_status')?.value).toBe('allow');
  });

  it('the Download Brochures button goes to /download on the home page', async () => {
    const { page } = await visit('/');
    expect(await page.getByRole('link', { name: 'Download Brochures' }).getAttribute('href')).toBe('/download');
    // 'View All' under the mixed latest resources says where it leads (issue 20, WCAG 2.4.4): SPEC's target.
    const all = page.getByRole('link', { name: 'View All white papers and case studies', exact: true });
    expect(await all.getAttribute('href')).toBe('/white-paper-case-studies');
  });
});

describe('blocks in the browser', () => {
  it('blog: category tabs and pagination navigate without a full reload and keep the filter', async () => {
    const { page, problems } = await visit('/blog');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const tabs = page.getByRole('navigation', { name: 'Blog categories' });
    expect(await tabs.getByRole('link', { name: 'Recent' }).getAttribute('aria-current')).toBe('page');
    const tab = tabs.getByRole('link').nth(1);
    const category = (await tab.textContent())!;
    await tab.click();
    await page.waitForURL(/\?cat_slug=[a-z]+#articles$/);
    await expect.poll(() => tabs.getByRole('link', { name: category }).getAttribute('aria-current')).toBe('page');
    const labels = await page.locator('.card__label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set([category]));

    await page.goto(`${site}/blog`, { waitUntil: 'networkidle' });
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await pager.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${site}/blog?page=2#articles`);
    await expect.poll(() => pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await pager.getByRole('link', { name: 'Previous' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('list controls keep the visitor at the list instead of jumping to the page top', async () => {
    const { page } = await visit('/blog');
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await pager.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${site}/blog?page=2#articles`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('articles')!.getBoundingClientRect().top)))
      .toBeLessThan(200);
  });

  it('a service page scrolls to its content (72 px below the top) on a direct load too', async () => {
    const { page } = await visit('/services/operation-service');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Smooth scrolling: wait until the content stands 72 px (give or take a few) below the top.
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('content')!.getBoundingClientRect().top - 72)))
      .toBeLessThanOrEqual(12);
  });

  it('client navigation keeps the page alive (no full reload) and scrolls to top', async () => {
    const { page } = await visit('/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'View All' }).first().scrollIntoViewIfNeeded();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${site}/privacy-policy`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('carousels fetch swiper only when reached for, and a button pressed meanwhile still moves them', async () => {
    const { page, problems } = await visit('/');
    const strengths = page.getByRole('region', { name: /Strengths/ });
    const viewport = strengths.locator('.swiper');
    await page.waitForTimeout(500);
    expect(await viewport.getAttribute('class')).not.toContain('swiper-initialized');
    // Before swiper the slides scroll natively.
    expect(await viewport.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    const wrapper = strengths.locator('.swiper-wrapper');
    const before = await wrapper.evaluate((el) => getComputedStyle(el).transform);
    await strengths.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => viewport.getAttribute('class')).toContain('swiper-initialized');
    await expect.poll(() => wrapper.evaluate((el) => getComputedStyle(el).transform)).not.toBe(before);
    expect(problems).toEqual([]);
  });

  it('the autoplaying hero carousel advances by itself without fetching swiper', async () => {
    const opened = await openPage(b.context);
    const swiperRequests = swiperRequestsOf(opened.page);
    const { page } = await visit('/', opened);
    const hero = page.getByRole('region', { name: 'Highlights' });
    const viewport = hero.locator('.swiper');
    expect(await hero.getByRole('button', { name: 'Pause carousel' }).isVisible()).toBe(true);
    await expect.poll(() => viewport.evaluate((el) => el.scrollLeft), { timeout: 12_000 }).toBeGreaterThan(0);
    expect(await viewport.getAttribute('class')).not.toContain('swiper-initialized');
    expect(swiperRequests).toEqual([]);
  });

  it('under prefers-reduced-motion nothing autoplays and swiper is not even fetched until a carousel is reached for', async () => {
    b.context = await b.browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    const opened = await openPage(b.context);
    const swiperRequests = swiperRequestsOf(opened.page);
    const { page } = await visit('/', opened);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect.poll(() => hero.getByRole('button', { name: 'Play carousel' }).isVisible()).toBe(true);
    await page.waitForTimeout(4000);
    expect(await hero.locator('.swiper').getAttribute('class')).not.toContain('swiper-initialized');
    expect(swiperRequests).toEqual([]);
    await hero.hover();
    await expect.poll(() => hero.locator('.swiper').getAttribute('class')).toContain('swiper-initialized');
    expect(swiperRequests.length).toBeGreaterThan(0);
    expect(await hero.getByRole('button', { name: 'Play carousel' }).isVisible()).toBe(true);
  });
});
