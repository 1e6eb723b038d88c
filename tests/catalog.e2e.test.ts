/**
 * The block catalog (/__catalog) in real Chromium against `npm run dev`: every block of the
 * registry is listed with its schema's description, renders from its fixture in both frames
 * (desktop 1280 px, mobile 390 px), and axe finds no serious or critical violation. The
 * production build has no catalog.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { blockNames } from '../src/blocks/registry.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { seriousViolations } from './helpers/axe.ts';
import { browserPerFile } from './helpers/browser.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const b = browserPerFile({ perFile: true });
let dev: ChildSite;
let page: Page;

beforeAll(async () => {
  dev = await spawnSite({ CONTENT_API_BASE: inject('contentUrl'), EMBEDDED_CONTENT_SERVICE: '0' }, 'development');
  page = await b.context.newPage();
  // The first visit lets Vite optimise the catalog's dependencies (which may reload the page).
  await page.goto(`${dev.url}/__catalog`, { waitUntil: 'load', timeout: 120_000 });
  await page
    .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 })
    .catch(() => undefined);
  await page.waitForTimeout(2000);
});

afterAll(async () => {
  await dev?.stop();
});

function schemaDescription(name: string): string {
  const schema = JSON.parse(readFileSync(path.join(projectRoot, 'schemas/blocks', `${name}.schema.json`), 'utf8')) as {
    description?: string;
  };
  return schema.description ?? '';
}

describe('block catalog (development)', () => {
  it(
    'lists and renders every registered block at desktop and mobile width, without serious accessibility violations',
    { timeout: 240_000 },
    async () => {
      await page.goto(`${dev.url}/__catalog`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const listed = await page.$$eval('[data-catalog-block]', (sections) => sections.map((s) => s.getAttribute('data-catalog-block')));
      expect(listed).toEqual([...blockNames]);

      for (const name of blockNames) {
        const section = page.locator(`#block-${name}`);
        await section.scrollIntoViewIfNeeded();
        const description = schemaDescription(name);
        if (description) expect(await section.locator('.catalog__description').textContent()).toBe(description);
        expect(await section.locator('summary').allTextContents()).toEqual([
          `Props schema of ${name}`,
          `Example definition section for ${name}`,
        ]);
        for (const view of ['desktop', 'mobile'] as const) {
          const frameElement = section.locator(`iframe[data-view="${view}"]`);
          expect(await frameElement.getAttribute('width')).toBe(view === 'desktop' ? '1280' : '390');
          const block = page.frameLocator(`#block-${name} iframe[data-view="${view}"]`).locator(`[data-block="${name}"]`);
          // Rendered: the block's element is there and takes space.
          await block.locator(':scope > *').first().waitFor({ state: 'attached', timeout: 30_000 });
          const box = await block.evaluate((element) => element.getBoundingClientRect().height);
          expect(box, `${name} at ${view} width has a height`).toBeGreaterThan(10);
        }
        // The snippet is a definition section for this block.
        const snippet = await section.locator('.catalog__details').nth(1).locator('code').textContent({ timeout: 1000 });
        expect(JSON.parse(snippet ?? '{}')).toMatchObject({ block: name });
      }

      const serious = await seriousViolations(page);
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    },
  );

  it('shows one block alone, and answers 404 for an unknown block', async () => {
    const one = await fetch(`${dev.url}/__catalog/banner`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('<title>banner | Block catalog</title>');
    expect((await fetch(`${dev.url}/__catalog/no-such-block`)).status).toBe(404);
  });
});

describe('block catalog in production', () => {
  it('is not in the build, and the production server answers 404', async () => {
    const site = inject('siteUrl');
    expect((await fetch(`${site}/__catalog`)).status).toBe(404);
    expect((await fetch(`${site}/__catalog/banner?frame=1`)).status).toBe(404);
    const serverDir = path.join(projectRoot, 'build/server');
    for (const entry of readdirSync(serverDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const code = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      expect(code, entry.name).not.toContain('catalog-route');
      expect(code, entry.name).not.toContain('Block catalog');
    }
    const assets = path.join(projectRoot, 'build/client/assets');
    if (existsSync(assets)) expect(readdirSync(assets).filter((f) => /catalog/i.test(f))).toEqual([]);
  });
});
