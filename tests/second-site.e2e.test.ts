/**
 * The engine and the site apart: a second site (tests/sites/fernhill/: a library, with its own
 * content API shape, brand, theme, pages and form) is checked, built and served by the same engine
 * with SITE_DIR naming its folder, against its own stand-in content service
 * (tools/content-service/fixture.ts, answering its contract from its sample-content/). Nothing in
 * the engine names it; what it shows comes from its folder alone.
 *
 * And the main site for a second customer: this project with another brand in site.config.json
 * ("northwind"), checked with `npm run validate`, built (the site config and the definitions are
 * bundled into the build) and started as `npm run serve` starts it, against the reference content
 * service with the same brand. /why-northwind and /about-northwind serve their content, and every
 * route of the definitions answers as it does for the sample brand. Nothing but site.config.json
 * names the brand.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { buildIfStale } from '../tools/lib/build-state.ts';
import { projectRoot } from '../tools/lib/site-dir.ts';
import { startFixtureService, type FixtureService } from '../tools/content-service/fixture.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { exportSite } from '../tools/export.ts';
import { browserPerFile } from './helpers/browser.ts';
import { buildProject, copyProject } from './helpers/project-copy.ts';
import { runTool } from './helpers/run-tool.ts';
import { concreteUrl, definitionRoutes } from './helpers/routes.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const siteDir = path.join(projectRoot, 'tests/sites/fernhill');
/** Every page of the site: its fixed routes and the events its content service lists. */
const PAGES = ['/', '/events', '/events/local-history', '/events/repair-cafe', '/events/storytime', '/visit'];
const credential = { user: 'fernhill-site', password: 'shelf-mark-42' };
let content: FixtureService;
let site: ChildSite;

const get = async (pathname: string) => {
  const response = await fetch(`${site.url}${pathname}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

beforeAll(async () => {
  buildIfStale(projectRoot, siteDir);
  content = await startFixtureService({ siteDir, ...credential });
  site = await spawnSite(
    { SITE_DIR: siteDir, CONTENT_API_BASE: content.url, CONTENT_API_USER: credential.user, CONTENT_API_PASSWORD: credential.password },
    'production',
    siteDir,
  );
});

afterAll(async () => {
  await site?.stop();
  await content?.close();
});

describe('a second site on the same engine', () => {
  it('is checked by `npm run validate` against its own contract, with file, line and JSON path; its compiled forms are current', async () => {
    const valid = runTool('tools/validate.ts', [], { SITE_DIR: siteDir });
    expect(valid.status, valid.stdout + valid.stderr).toBe(0);
    expect(valid.stdout).toContain('5 definitions valid (4 routes)');
    const forms = runTool('tools/compile-forms.ts', ['--check'], { SITE_DIR: siteDir });
    expect(forms.status, forms.stdout + forms.stderr).toBe(0);
    // Its own blocks: their generated list and types, and their docs, are current.
    for (const tool of ['tools/generate-types.ts', 'tools/generate-block-docs.ts']) {
      const check = runTool(tool, ['--check'], { SITE_DIR: siteDir });
      expect(check.status, tool + check.stdout + check.stderr).toBe(0);
    }

    // A copy whose event page binds a field its content API does not have, and names a form it does not have.
    const copy = await mkdtemp(path.join(tmpdir(), 'second-site-'));
    try {
      await cp(siteDir, copy, { recursive: true, filter: (source) => !source.includes(`${path.sep}build`) });
      const file = path.join(copy, 'page-definitions/event.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"event.event.room"', '"event.event.rooom"'));
      const visit = path.join(copy, 'page-definitions/visit.json');
      await writeFile(
        visit,
        (await readFile(visit, 'utf8')).replace('"form": "group-visit"', '"form": "contact"').replace('"closedLabel"', '"closedLable"'),
      );
      const broken = runTool('tools/validate.ts', [], { SITE_DIR: copy });
      expect(broken.status).toBe(1);
      expect(broken.stdout + broken.stderr).toMatch(
        /page-definitions\/event\.json:\d+:\d+ \/sections\/0\/category\/\$bind: GET \/api\/library\/events\/\{slug\} has no field "rooom" in event \(did you mean "room"\?\)/,
      );
      expect(broken.stdout + broken.stderr).toMatch(
        /page-definitions\/visit\.json:\d+:\d+ \/sections\/1\/form: must be one of "group-visit"/,
      );
      // Its own block, checked against its own schema.
      expect(broken.stdout + broken.stderr).toMatch(
        /page-definitions\/visit\.json:\d+:\d+ \/sections\/2\/closedLable: unknown property "closedLable" \(did you mean "closedLabel"\?\)/,
      );
      // Its form naming a widget that no registry has (rjsf's, the engine's, the site's own).
      const form = path.join(copy, 'schemas/forms/group-visit.schema.json');
      await writeFile(form, (await readFile(form, 'utf8')).replace('"ui:widget": "visit-time"', '"ui:widget": "visit-tme"'));
      const brokenForm = runTool('tools/compile-forms.ts', ['--check'], { SITE_DIR: copy });
      expect(brokenForm.status).toBe(1);
      expect(brokenForm.stdout + brokenForm.stderr).toMatch(
        /schemas\/forms\/group-visit\.schema\.json:\d+:\d+ \/x-ui-schema\/message\/ui:widget: no widget "visit-tme" for this field/,
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('serves its pages from its own content API shape, with its brand, language and theme', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(title(home.text)).toBe('Fernhill Library | Books and events on Fernhill Green');
    expect(h1(home.text)).toBe('Your library on Fernhill Green');
    expect(home.text).toContain('<html lang="en-GB"');
    expect(home.text).toContain('<meta name="theme-color" content="#1f4d2b"/>');
    expect(home.text).toMatch(/<style>:root\{[^<]*--primary:#2e6b3f/);
    // The logo links home under the site's own name (attributes in any order).
    expect(home.text).toMatch(/<a(?=[^>]*\baria-label="Fernhill Library home")(?=[^>]*\bhref="\/")[^>]*>/);
    expect(home.text).toContain('© 2026 Fernhill Community Library Trust. Reading is for everyone.');
    // The three coming events, each linking to its page; nothing of the main site.
    expect([...home.text.matchAll(/href="(\/events\/[a-z-]+)"/g)].map((m) => m[1])).toEqual([
      '/events/storytime',
      '/events/repair-cafe',
      '/events/local-history',
    ]);
    expect(home.text).not.toMatch(/veltrix|halcombe/i);

    const events = await get('/events');
    expect([events.status, title(events.text), h1(events.text)]).toEqual([200, 'Events | Fernhill Library', 'What&#x27;s on']);
    const event = await get('/events/repair-cafe');
    expect([event.status, title(event.text), h1(event.text)]).toEqual([200, 'Repair café | Fernhill Library', 'Repair café']);
    expect(event.text).toContain('<meta property="og:type" content="article"/>');
    expect(event.text).toContain(`${content.url}/uploads/repair-cafe.svg`);

    const missing = await get('/events/no-such-event');
    expect([missing.status, title(missing.text)]).toEqual([404, 'Not on our shelves']);
    expect((await get('/about-veltrix')).status).toBe(404);

    const sitemap = await get('/sitemap.xml');
    expect([...sitemap.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname).sort()).toEqual(PAGES);
    for (const file of ['/favicon.svg', '/brand/logo.svg']) expect((await get(file)).text).toContain('<svg');
  });

  it('shows its own block and its own look of an engine block, styled by the one stylesheet', async () => {
    const visit = await get('/visit');
    // opening-hours, from its content service's opening_hours; held (no script), so no chunk preloaded for it.
    expect(visit.text).toContain('<section class="opening-hours container"><table class="opening-hours__table"><caption');
    expect(visit.text).toMatch(/<th scope="row">Thursday<\/th><td>9:30–19:30<\/td>/);
    expect(visit.text).toMatch(/<tr class="opening-hours__closed"><th scope="row">Sunday<\/th><td>Closed<\/td>/);
    expect(visit.text).not.toMatch(/modulepreload[^>]*block-opening-hours/);
    // Its own form widget (by name, in its form's x-ui-schema).
    expect(visit.text).toContain('Groups come Tuesday to Friday, between 9:30 and 12:00.');
    // notice: the site's component replaces the engine's.
    const missing = await get('/no-such-page');
    expect(missing.text).toContain('<section class="fernhill-notice container"><div class="fernhill-notice__card">');
    expect(missing.text).not.toContain('class="notice container"');
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(visit.text)?.[1] ?? /href="([^"]+\.css)"/.exec(visit.text)?.[1];
    const css = (await get(stylesheet ?? '/missing.css')).text;
    for (const rule of ['.opening-hours__table', '.fernhill-notice__card']) expect(css).toContain(rule);
  });

  it('takes its own form only: the main site’s endpoints are not there', async () => {
    // As for any path that takes no posts.
    expect((await fetch(`${site.url}/api/contact_form`, { method: 'POST' })).status).toBe(405);
    const visit = await get('/visit');
    for (const label of ['Your name', 'Email', 'Group size', 'When would you like to come?']) expect(visit.text).toContain(label);
  });

  it('exports as static files, with the images of its own content', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'second-site-export-'));
    const outDir = path.join(folder, 'export');
    try {
      const env = { NODE_ENV: 'test', PATH: process.env.PATH, SITE_ORIGIN: 'https://library.example.org' };
      const result = await exportSite({ outDir, env, siteDir });
      expect([...result.pages].sort()).toEqual(PAGES);
      const home = await readFile(path.join(outDir, 'index.html'), 'utf8');
      expect(title(home)).toBe('Fernhill Library | Books and events on Fernhill Green');
      expect(home).toContain('<link rel="canonical" href="https://library.example.org/"/>');
      expect(home).toContain('src="/uploads/reading-room.svg"');
      for (const file of ['uploads/reading-room.svg', 'favicon.svg', 'brand/logo.svg', '404.html', 'events/repair-cafe/index.html'])
        expect(existsSync(path.join(outDir, file)), file).toBe(true);
      expect(title(await readFile(path.join(outDir, '404.html'), 'utf8'))).toBe('Not on our shelves');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  describe('in development (npm run dev with SITE_DIR)', () => {
    let dev: ChildSite;
    beforeAll(async () => {
      dev = await spawnSite(
        {
          SITE_DIR: siteDir,
          CONTENT_API_BASE: content.url,
          CONTENT_API_USER: credential.user,
          CONTENT_API_PASSWORD: credential.password,
          EMBEDDED_CONTENT_SERVICE: '0',
        },
        'development',
      );
    });
    afterAll(() => dev?.stop());
    const text = async (pathname: string) => (await fetch(`${dev.url}${pathname}`)).text();

    it('the catalog lists and renders its own block and its override; the editor offers them', { timeout: 120_000 }, async () => {
      const listed = [...(await text('/__catalog')).matchAll(/data-catalog-block="([^"]+)"/g)].map((m) => m[1]);
      expect(listed).toEqual(expect.arrayContaining(['banner', 'notice', 'opening-hours']));
      expect(await text('/__catalog/opening-hours?frame=1')).toMatch(/<th scope="row">Thursday<\/th><td>9:30–19:30<\/td>/);
      expect(await text('/__catalog/notice?frame=1')).toContain('class="fernhill-notice__card"');
      // The editor's block picker and props forms: the site's block with its schema and fixture.
      const editor = await text('/__editor/visit.json');
      expect(editor).toContain('The library&#x27;s opening hours: a small table of days and hours');
      expect(editor).toContain('Closed on bank holidays.');
      // And a page of the site, through Vite.
      expect(await text('/visit')).toContain('<table class="opening-hours__table">');
    });

    const browser = browserPerFile();
    it(
      'in Chromium the catalog shows its own block and its override in both frames, and the editor previews them',
      { timeout: 180_000 },
      async () => {
        const page = await browser.context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        // The first visit lets Vite optimise the catalog's dependencies (which may reload the page).
        await page.goto(`${dev.url}/__catalog`, { waitUntil: 'load', timeout: 120_000 });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
        for (const view of ['desktop', 'mobile']) {
          // The frames load as they come into view.
          await page.locator('#block-opening-hours').scrollIntoViewIfNeeded();
          const hours = page.frameLocator(`#block-opening-hours iframe[data-view="${view}"]`);
          await hours.getByRole('rowheader', { name: 'Thursday' }).waitFor({ timeout: 30_000 });
          expect(await hours.getByRole('row', { name: /Thursday/ }).textContent()).toContain('9:30–19:30');
          await page.locator('#block-notice').scrollIntoViewIfNeeded();
          const notice = page.frameLocator(`#block-notice iframe[data-view="${view}"]`).locator('.fernhill-notice__card');
          await notice.waitFor({ timeout: 30_000 });
          expect(await notice.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(10);
        }
        // The editor previews the site's page with its own block.
        await page.goto(`${dev.url}/__editor/visit.json`, { waitUntil: 'load', timeout: 120_000 });
        const preview = page.frameLocator('iframe[title^="Preview of"]');
        await preview.getByRole('rowheader', { name: 'Thursday' }).waitFor({ timeout: 60_000 });
        expect(problems).toEqual([]);
      },
    );
  });

  describe('in the browser', () => {
    const ctx = browserPerFile();

    it('a visitor books a group visit, and the library’s content service receives it', async () => {
      const page = await ctx.context.newPage();
      await page.goto(`${site.url}/visit`);
      await page.waitForSelector('html[data-hydrated]');
      await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
      await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.org');
      await page.getByRole('textbox', { name: 'Group size' }).fill('123');
      await page.getByRole('textbox', { name: 'When would you like to come?' }).fill('A Tuesday morning, please');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
      // The site's own message for a value its form refuses, and no sending until it is mended.
      await expect.poll(() => page.getByText('A number from 1 to 99.').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Send request' }).getAttribute('aria-disabled')).toBe('true');
      await page.getByRole('textbox', { name: 'Group size' }).fill('12');
      await page.getByRole('button', { name: 'Send request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Thank you' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('We will write back within two working days.');
      await expect.poll(() => content.submissions.length, { timeout: 10_000 }).toBe(1);
      expect(content.submissions[0]).toMatchObject({
        path: '/api/visit_requests',
        body: { name: 'Ada Lovelace', email: 'ada@example.org', group_size: '12', message: 'A Tuesday morning, please' },
      });
      // Its captcha field has a name of its own: checked by the server, never sent on.
      expect(content.submissions[0].body).not.toHaveProperty('robot_check');
    });
  });
});

const BRAND = 'northwind';
/** The browser chrome colour of this brand (the sample's is #0a1f44). */
const THEME_COLOR = '#1b5e20';
/** The site of the sample brand (global setup), to compare with. */
const sample = inject('siteUrl');
const basic = `Basic ${Buffer.from(`${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`).toString('base64')}`;

let copy: string;
let siteText: string;
let sampleBrand: string;

const getUrl = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return { status: response.status, text: await response.text() };
};

describe(`the main site with "brand": "${BRAND}" in site.config.json`, () => {
  let content: RunningContentService;
  let site: ChildSite;
  beforeAll(async () => {
    copy = await copyProject('brand-e2e-');
    const config = JSON.parse(await readFile(path.join(copy, 'site.config.json'), 'utf8')) as { brand: string; name: string };
    sampleBrand = config.brand;
    siteText = `${JSON.stringify({ ...config, brand: BRAND, name: 'Northwind', themeColor: THEME_COLOR }, null, 2)}\n`;
    await writeFile(path.join(copy, 'site.config.json'), siteText);
    buildProject(copy);
    content = await startContentService({ port: 0, brand: BRAND });
    site = await spawnSite({ CONTENT_API_BASE: content.url, EMBEDDED_CONTENT_SERVICE: '0' }, 'production', copy);
  }, 300_000);

  afterAll(async () => {
    await site?.stop();
    await content?.close();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('passes npm run validate', () => {
    const validate = runTool('tools/validate.ts', [], {}, copy);
    expect(validate.status, `${validate.stdout}\n${validate.stderr}`).toBe(0);
    expect(validate.stdout).toMatch(/definitions valid/);
  });

  it('serves /why-northwind and /about-northwind with their content; the sample brand’s routes are unknown', async () => {
    const why = (await getUrl(`${content.url}/api/page/why-${BRAND}`, { Authorization: basic })).text;
    const { page_data: whyData } = JSON.parse(why) as { page_data: { name: string } };
    const whyPage = await getUrl(`${site.url}/why-${BRAND}`);
    expect(whyPage.status).toBe(200);
    expect(whyPage.text).toMatch(new RegExp(`<h1[^>]*>${whyData.name}</h1>`));
    const aboutPage = await getUrl(`${site.url}/about-${BRAND}`);
    expect(aboutPage.status).toBe(200);
    expect(aboutPage.text).toContain('Leadership');
    // The brand's theme colour is configuration too (it was written in root.tsx).
    expect(whyPage.text).toContain(`<meta name="theme-color" content="${THEME_COLOR}"/>`);
    expect((await getUrl(`${site.url}/api/page/why-${BRAND}`)).status).toBe(200);
    for (const url of [`/why-${sampleBrand}`, `/about-${sampleBrand}`, `/api/page/why-${sampleBrand}`]) {
      expect((await getUrl(`${site.url}${url}`)).status, url).toBe(404);
    }
  });

  it('links and lists the brand’s pages (menu, footer, sitemap), never the sample brand’s', async () => {
    const home = (await getUrl(`${site.url}/`)).text;
    expect(home).toContain(`href="/about-${BRAND}"`);
    expect(home).not.toContain(`/about-${sampleBrand}"`);
    const sitemap = (await getUrl(`${site.url}/sitemap.xml`)).text;
    expect(sitemap).toContain(`/why-${BRAND}</loc>`);
    expect(sitemap).toContain(`/about-${BRAND}</loc>`);
    expect(sitemap).not.toContain(`-${sampleBrand}</loc>`);
  });

  it('answers every route of the definitions as the sample brand does', async () => {
    const routes = await definitionRoutes({ file: 'site.config.json', text: siteText });
    const sampleRoutes = await definitionRoutes();
    expect(routes.length).toBe(sampleRoutes.length);
    const differing: string[] = [];
    for (const [index, { route }] of routes.entries()) {
      const url = await concreteUrl(site.url, route);
      const status = (await getUrl(`${site.url}${url}`)).status;
      const sampleUrl = await concreteUrl(sample, sampleRoutes[index].route);
      const sampleStatus = (await getUrl(`${sample}${sampleUrl}`)).status;
      if (status !== sampleStatus || status === 404 || status >= 500) differing.push(`${url}: ${status} (${sampleUrl}: ${sampleStatus})`);
    }
    console.log(
      `[brand] ${routes.length} routes with "brand": "${BRAND}": ${differing.length} answered otherwise than with "${sampleBrand}"`,
    );
    expect(differing).toEqual([]);
  });
});
