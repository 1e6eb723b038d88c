/**
 * `npm run dev` on a copy of the project (a test writes its .env) reading a temporary copy of
 * page-definitions/ (PAGE_DEFINITIONS_DIR), so the tests never write into the real folders; the
 * copies are removed afterwards, even when a step fails. One development server for the file,
 * started when a test first needs it:
 * - README.md "Add a page" step by step, without any manual edit: 1. the endpoint is in
 *   schemas/content/contract.json, 2. `npm run new-page` (flags, non-interactive) writes the
 *   definition, 3. `npm run validate` passes, 4. `npm run dev` shows the new route in real
 *   Chromium with no console error;
 * - pages through Vite, and definitions picked up without a restart;
 * - a changed .env is ignored, and said so (last: Vite restarts its module runner).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { browserPerFile, openPage } from './helpers/browser.ts';
import { copyProject } from './helpers/project-copy.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const content = inject('contentUrl');
/** The project copy the development server runs in, and the temporary definitions folder (absolute) it reads. */
let project: string;
let dir: string;
let starting: Promise<ChildSite> | undefined;
const b = browserPerFile({ perFile: true });

const name = 'zz-new-page-check';
const route = `/${name}`;
const endpoint = '/api/page/privacy-policy';
const flags = [
  '--route',
  route,
  '--layout',
  'main',
  '--source',
  `page=${endpoint}`,
  '--blocks',
  'banner,rich-text',
  '--name',
  name,
  '--yes',
];
/** The definition npm run new-page writes. */
let file: string;

function npm(...args: string[]) {
  return spawnSync('npm', ['run', '--silent', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development', PAGE_DEFINITIONS_DIR: dir },
  });
}

/** The file's development server, started on the first call. */
function devServer(): Promise<ChildSite> {
  starting ??= spawnSite({ CONTENT_API_BASE: content, EMBEDDED_CONTENT_SERVICE: '0', PAGE_DEFINITIONS_DIR: dir }, 'development', project);
  return starting;
}

beforeAll(async () => {
  project = await copyProject('dev-server-e2e-project-');
  dir = await mkdtemp(path.join(tmpdir(), 'dev-server-e2e-'));
  await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
  file = path.join(dir, `${name}.json`);
});

afterAll(async () => {
  await (await starting?.catch(() => undefined))?.stop();
  for (const folder of [dir, project]) if (folder) await rm(folder, { recursive: true, force: true });
});

describe('README "Add a page", followed with npm run new-page', () => {
  it('1. the content endpoint is in the contract', () => {
    const contract = JSON.parse(readFileSync(path.join(projectRoot, 'schemas/content/contract.json'), 'utf8')) as {
      endpoints: { path: string }[];
    };
    expect(contract.endpoints.map((e) => e.path)).toContain(endpoint);
  });

  it('2. npm run new-page writes a definition with $schema and version', () => {
    const run = npm('new-page', '--', ...flags);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain(`Created ${path.relative(projectRoot, file)} `);
    expect(run.stdout).toContain('Next:');
    expect(existsSync(path.join(projectRoot, 'page-definitions', `${name}.json`))).toBe(false);
    const definition = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // $schema leads from the temporary folder to the project's schema.
    expect(path.resolve(dir, definition.$schema as string)).toBe(path.join(projectRoot, 'schemas/page-definition.schema.json'));
    expect(definition).toMatchObject({
      version: 1,
      route,
      layout: 'main',
      sources: { page: { path: endpoint } },
    });
    expect((definition.sections as { block: string }[]).map((s) => s.block)).toEqual(['banner', 'rich-text']);
  });

  it('refuses to overwrite it or to reuse its route', () => {
    const before = readFileSync(file, 'utf8');
    const again = npm('new-page', '--', ...flags);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('already exists');
    expect(again.stderr).toContain(`route "${route}" is already defined`);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('3. npm run validate passes', () => {
    expect(existsSync(file)).toBe(true);
    const run = npm('validate');
    expect(run.status, run.stderr + run.stdout).toBe(0);
    // It checked the temporary folder, the new definition included.
    const count = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.json')).length;
    expect(run.stdout).toMatch(new RegExp(`\\b${count} definitions valid`));
  });

  it('4. npm run dev shows the new route in Chromium without console errors', { timeout: 180_000 }, async () => {
    const dev = await devServer();
    const context = b.context;
    // First visit: Vite may optimise dependencies and reload once.
    const warm = await context.newPage();
    await warm.goto(`${dev.url}${route}`, { waitUntil: 'load', timeout: 120_000 });
    await warm
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 })
      .catch(() => undefined);
    await warm.waitForTimeout(1000);
    await warm.close();

    const { page, problems } = await openPage(context);
    const response = await page.goto(`${dev.url}${route}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const content = (await (
      await fetch(`${inject('contentUrl')}${endpoint}`, {
        headers: { Authorization: `Basic ${Buffer.from(`${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`).toString('base64')}` },
      })
    ).json()) as {
      page_data: { name: string; page_title: string };
    };
    expect((await page.locator('[data-block="banner"] h1').textContent())?.trim()).toBe(content.page_data.name);
    expect(await page.locator('[data-block="rich-text"]').count()).toBe(1);
    expect((await page.locator('[data-block="rich-text"]').textContent())?.trim().length).toBeGreaterThan(20);
    expect(await page.title()).toBe(content.page_data.page_title);
    expect(problems).toEqual([]);
  });
});

function definition(heading: string) {
  return JSON.stringify({
    $schema: path.relative(dir, path.join(projectRoot, 'schemas/page-definition.schema.json')).split(path.sep).join('/'),
    route: '/dev-reload-check',
    layout: 'main',
    meta: { title: heading },
    sections: [{ block: 'notice', heading }],
  });
}

async function headingOf(at: string): Promise<string | undefined> {
  const html = await (await fetch(`${(await devServer()).url}${at}`)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

describe('npm run dev', () => {
  let dev: ChildSite;
  const reloadCheck = () => path.join(dir, 'zz-dev-reload-check.json');
  beforeAll(async () => {
    dev = await devServer();
  });

  it('serves pages through Vite', async () => {
    expect(await headingOf('/')).toMatch(/Shared Infrastructure/);
  });

  it('picks up an added, a changed and a removed definition without a restart', async () => {
    expect((await fetch(`${dev.url}/dev-reload-check`)).status).toBe(404);
    await writeFile(reloadCheck(), definition('First version'));
    await expect.poll(() => headingOf('/dev-reload-check'), { timeout: 15_000, interval: 300 }).toBe('First version');
    await writeFile(reloadCheck(), definition('Second version'));
    await expect.poll(() => headingOf('/dev-reload-check'), { timeout: 15_000, interval: 300 }).toBe('Second version');
    await rm(reloadCheck());
    await expect.poll(async () => (await fetch(`${dev.url}/dev-reload-check`)).status, { timeout: 15_000, interval: 300 }).toBe(404);
    expect(existsSync(path.join(projectRoot, 'page-definitions/zz-dev-reload-check.json'))).toBe(false);
  });

  it('keeps serving when .env changes, and says it is not read (issue 31: Vite restarted, every page answered 500)', async () => {
    await writeFile(path.join(project, '.env'), 'SITE_ORIGIN=https://changed.example\n');
    await expect.poll(() => dev.output(), { timeout: 15_000, interval: 200 }).toMatch(/\.env changed/);
    // A restarted Vite took a moment to close the module runner the site's modules came from: ask for a while.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await fetch(`${dev.url}/privacy-policy`)).status);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(statuses).toEqual(Array(10).fill(200));
    expect(dev.output()).toContain(
      '[dev] .env changed: ignored (npm run dev reads no .env file: set the value in its environment, see .env.example, and restart it)',
    );
  });
});
