/**
 * A second customer: this project with another brand in site.config.json ("northwind"), checked
 * with `npm run validate`, built (the site config and the definitions are bundled into the build)
 * and started as `npm run serve` starts it, against the reference content service with the same
 * brand. /why-northwind and /about-northwind serve their content, and every route of the
 * definitions answers as it does for the sample brand. Nothing but site.config.json names the brand.
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { concreteUrl, definitionRoutes } from './helpers/routes.ts';
import { buildProject, copyProject } from './helpers/project-copy.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const BRAND = 'northwind';
/** The browser chrome colour of this brand (the sample's is #0a1f44). */
const THEME_COLOR = '#1b5e20';
/** The site of the sample brand (global setup), to compare with. */
const sample = inject('siteUrl');
const basic = `Basic ${Buffer.from(`${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`).toString('base64')}`;

let copy: string;
let siteText: string;
let sampleBrand: string;
let content: RunningContentService;
let site: ChildSite;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, ...env } });
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return { status: response.status, text: await response.text() };
};

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

describe(`"brand": "${BRAND}" in site.config.json`, () => {
  it('passes npm run validate', () => {
    const validate = run(process.execPath, ['--import', 'tsx', 'tools/validate.ts']);
    expect(validate.status, `${validate.stdout}\n${validate.stderr}`).toBe(0);
    expect(validate.stdout).toMatch(/definitions valid/);
  });

  it('serves /why-northwind and /about-northwind with their content; the sample brand’s routes are unknown', async () => {
    const why = (await get(`${content.url}/api/page/why-${BRAND}`, { Authorization: basic })).text;
    const { page_data: whyData } = JSON.parse(why) as { page_data: { name: string } };
    const whyPage = await get(`${site.url}/why-${BRAND}`);
    expect(whyPage.status).toBe(200);
    expect(whyPage.text).toMatch(new RegExp(`<h1[^>]*>${whyData.name}</h1>`));
    const aboutPage = await get(`${site.url}/about-${BRAND}`);
    expect(aboutPage.status).toBe(200);
    expect(aboutPage.text).toContain('Leadership');
    // The brand's theme colour is configuration too (it was written in root.tsx).
    expect(whyPage.text).toContain(`<meta name="theme-color" content="${THEME_COLOR}"/>`);
    expect((await get(`${site.url}/api/page/why-${BRAND}`)).status).toBe(200);
    for (const url of [`/why-${sampleBrand}`, `/about-${sampleBrand}`, `/api/page/why-${sampleBrand}`]) {
      expect((await get(`${site.url}${url}`)).status, url).toBe(404);
    }
  });

  it('links and lists the brand’s pages (menu, footer, sitemap), never the sample brand’s', async () => {
    const home = (await get(`${site.url}/`)).text;
    expect(home).toContain(`href="/about-${BRAND}"`);
    expect(home).not.toContain(`/about-${sampleBrand}"`);
    const sitemap = (await get(`${site.url}/sitemap.xml`)).text;
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
      const status = (await get(`${site.url}${url}`)).status;
      const sampleUrl = await concreteUrl(sample, sampleRoutes[index].route);
      const sampleStatus = (await get(`${sample}${sampleUrl}`)).status;
      if (status !== sampleStatus || status === 404 || status >= 500) differing.push(`${url}: ${status} (${sampleUrl}: ${sampleStatus})`);
    }
    console.log(
      `[brand] ${routes.length} routes with "brand": "${BRAND}": ${differing.length} answered otherwise than with "${sampleBrand}"`,
    );
    expect(differing).toEqual([]);
  });
});
