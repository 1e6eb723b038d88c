/**
 * The page editor (/__editor, issue 12, first step: read-only) in real Chromium against
 * `npm run dev`: every definition file is listed with its route, layout and validation state (the
 * same messages as `npm run validate`), one opens to its content reads and sections; a production
 * build has no editor. The server reads a temporary copy of page-definitions/ with one file broken.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../tools/lib/project.ts';
import { launch } from './e2e/browser.ts';
import { spawnSite, type ChildSite } from './e2e/servers.ts';

let dir: string;
let dev: ChildSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'editor-e2e-'));
  await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
  const broken = path.join(dir, 'privacy-policy.json');
  await writeFile(broken, (await readFile(broken, 'utf8')).replace('"layout": "main"', '"layout": "mian"'));
  dev = await spawnSite(
    { CONTENT_API_BASE: inject('contentUrl'), EMBEDDED_CONTENT_SERVICE: '0', PAGE_DEFINITIONS_DIR: dir },
    'development',
  );
  browser = await launch();
  page = await browser.newPage();
  await page.goto(`${dev.url}/__editor`, { waitUntil: 'load', timeout: 120_000 });
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the page editor (development only)', () => {
  it('lists every definition file with its route, layout and validation state', async () => {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    const table = page.getByRole('table', { name: 'Page definitions' });
    expect(await table.getByRole('row').count()).toBe(files.length + 1);
    const blog = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'blog.json', exact: true }) });
    expect(await blog.getByRole('cell').allInnerTexts()).toEqual(['blog.json', '/blog', 'main', 'valid']);
    const broken = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'privacy-policy.json' }) });
    await broken.getByText(/1 problem \(not served\)/).click();
    expect(await broken.innerText()).toMatch(/privacy-policy\.json:5:3 \/layout must be one of "main", "form", "campaign", "standalone"/);
  });

  it('opens a definition: its content reads and its sections in order', async () => {
    await page.getByRole('link', { name: 'blog.json', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Page editor: blog.json' }).waitFor();
    expect(await page.getByText('GET /api/page/blog').count()).toBeGreaterThan(0);
    const definition = JSON.parse(await readFile(path.join(dir, 'blog.json'), 'utf8')) as { sections: { block: string }[] };
    const items = await page.getByRole('list', { name: 'Sections' }).getByRole('listitem').allInnerTexts();
    expect(items.map((text) => text.split(' ')[0])).toEqual(definition.sections.map((s) => s.block));
  });

  it('is not in a production build', async () => {
    const built = await readFile(path.join(projectRoot, 'build/server/index.js'), 'utf8').catch(() => '');
    expect(built).not.toContain('editor-route');
    const serverAssets = await readdir(path.join(projectRoot, 'build/server/assets')).catch(() => [] as string[]);
    expect(serverAssets.some((f) => f.includes('editor-route'))).toBe(false);
  });
});
