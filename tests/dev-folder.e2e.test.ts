/**
 * `npm run dev` on the project folder itself (its root served through Vite), one development
 * server for the file:
 * - the block catalog (/__catalog) in real Chromium: every block of the registry is listed with
 *   its schema's description, renders from its fixture in both frames (desktop 1280 px, mobile
 *   390 px), and axe finds no serious or critical violation; the production build has no catalog;
 * - nothing in the folder that is not the site comes out of it. With lead files present (an
 *   outbox under data/, a SQLite file elsewhere in the folder), every spelling of their URLs
 *   answers 403/404 without their bytes; no other origin gets CORS; the development outbox lives
 *   outside the served folder; and the page editor (loopback only) refuses every spelling React
 *   Router renders as the editor when the client is another computer.
 * The server listens on every address (HOST 0.0.0.0, so the test reaches it from this computer's
 * network address too); the browser and the catalog's requests use loopback, as a developer does.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { blockNames } from '../src/blocks/registry.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { seriousViolations } from './helpers/axe.ts';
import { browserPerFile } from './helpers/browser.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';
import { EDITOR_SPELLINGS, PREVIEW_SPELLINGS } from './helpers/editor-urls.ts';

const content = inject('contentUrl');
const id = randomUUID();
/** A lead as an outbox file would hold it: what must never come out of the dev server. */
const MARKER = `Ada Lovelace ada-${id}@example.com +44 20 7946 0000`;
const dataDir = path.join(projectRoot, 'data');
const createdDataDir = !existsSync(dataDir);
const leadFiles = [
  path.join(dataDir, `e2e-${id}.sqlite`),
  path.join(dataDir, `e2e-${id}.sqlite-wal`),
  path.join(dataDir, `e2e-${id}.sqlite-shm`),
  path.join(dataDir, `e2e-${id}.json`),
  // A SQLite file outside data/, still inside the served folder.
  path.join(projectRoot, 'node_modules', '.cache', `e2e-${id}.sqlite`),
];
let tmp: string;
let dev: ChildSite;
let port: number;
/** The development server on loopback, where the browser goes. */
let devUrl: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request sent exactly as written (fetch would normalize the path), to `host` (default loopback). */
function send(
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; host?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host ?? '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: urlPath,
        headers: { Host: `localhost:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Spellings of one file's URL: as served from the root, through /@fs/, with Vite's queries, encoded, with dot segments. */
function spellings(file: string): string[] {
  const rel = path.relative(projectRoot, file).split(path.sep).join('/');
  const abs = file.split(path.sep).join('/');
  const [first, ...rest] = rel.split('/');
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  const upper = rel.replace(/sqlite/g, 'SQLITE');
  const plain = [
    `/${rel}`,
    `/@fs${abs}`,
    `/${encodedFirst}/${rest.join('/')}`,
    `/${rel.replace(/\//g, '%2F')}`,
    `/./${rel}`,
    `/src/../${rel}`,
    `/src/%2e%2e/${rel}`,
    `//${rel}`,
    `/${upper}`,
    `/@fs${abs.replace(/\//g, '//')}`,
    `/@fs${path.posix.join(path.posix.dirname(abs), '.', path.posix.basename(abs))}`,
    `/@fs${projectRoot.split(path.sep).join('/')}/src/../${rel}`,
    `/@fs${abs.replace(`/${first}/`, `/${encodedFirst}/`)}`,
    `/@fs/${abs.split('/').slice(1).join('%2F')}`,
  ];
  const queries = ['', '?raw', '?import', '?url', '?inline', '?raw&t=1'];
  return plain.flatMap((url) => queries.map((query) => url + query));
}

beforeAll(async () => {
  await mkdir(dataDir, { recursive: true });
  await mkdir(path.dirname(leadFiles[4]), { recursive: true });
  for (const file of leadFiles) await writeFile(file, `SQLite format 3\0 ${MARKER}`);
  tmp = await mkdtemp(path.join(tmpdir(), 'dev-confinement-'));
  // OUTBOX_DB empty: the development server picks its own outbox (TMPDIR is this test's folder).
  // HOST 0.0.0.0: the test reaches it from this computer's own network address too (another computer, to the server).
  dev = await spawnSite(
    { CONTENT_API_BASE: content, EMBEDDED_CONTENT_SERVICE: '0', OUTBOX_DB: '', TMPDIR: tmp, HOST: '0.0.0.0' },
    'development',
  );
  port = Number(new URL(dev.url).port);
  devUrl = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  await dev?.stop();
  for (const file of leadFiles) await rm(file, { force: true });
  if (createdDataDir) await rmdir(dataDir).catch(() => undefined);
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const b = browserPerFile({ perFile: true });
let page: Page;

/** What the development server printed but its request log: Vite's messages, errors and warnings. */
function said(): string {
  // pino-pretty's request records: a heading line, then one indented "key: value" line per field.
  const requestLine = /^ {4}\w+: |INFO: request$/;
  return stripVTControlCharacters(dev.output())
    .split('\n')
    .filter((line) => !requestLine.test(line))
    .slice(-30)
    .join('\n');
}

function schemaDescription(name: string): string {
  const schema = JSON.parse(readFileSync(path.join(projectRoot, 'schemas/blocks', `${name}.schema.json`), 'utf8')) as {
    description?: string;
  };
  return schema.description ?? '';
}

describe('block catalog (development)', () => {
  beforeAll(async () => {
    page = await b.context.newPage();
    // The first visit lets Vite optimise the catalog's dependencies (which may reload the page).
    await page.goto(`${devUrl}/__catalog`, { waitUntil: 'load', timeout: 120_000 });
    await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 })
      .catch(() => undefined);
    await page.waitForTimeout(2000);
  });

  it(
    'lists and renders every registered block at desktop and mobile width, without serious accessibility violations',
    { timeout: 240_000 },
    async () => {
      // Every load of the page's main frame, and what the development server said: a failure tells a
      // reload (Vite's) from a wrong list (CI once failed here with neither shown).
      const loads: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) loads.push(`${new Date().toISOString()} ${frame.url()}`);
      });
      await page.goto(`${devUrl}/__catalog`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const listed = () =>
        page.$$eval('[data-catalog-block]', (sections) => sections.map((s) => s.getAttribute('data-catalog-block'))).catch(String);
      // Read again until the document settles (a reload streams the list in anew), then the same assertion.
      await expect
        .poll(listed, { timeout: 20_000 })
        .toEqual([...blockNames])
        .catch((error: Error) => {
          error.message += `\nloads of the page:\n${loads.join('\n')}\nnpm run dev said (but its request log):\n${said()}`;
          throw error;
        });

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
    const one = await fetch(`${devUrl}/__catalog/banner`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('<title>banner | Block catalog</title>');
    expect((await fetch(`${devUrl}/__catalog/no-such-block`)).status).toBe(404);
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

describe('npm run dev keeps the project folder to itself', () => {
  it('serves pages (the checks below are not a dead server)', async () => {
    expect((await send('/')).status).toBe(200);
    expect((await send('/src/root.tsx')).status).toBe(200);
  });

  it('never answers a lead file, under any spelling of its URL', async () => {
    const leaked: string[] = [];
    let asked = 0;
    for (const file of leadFiles) {
      for (const url of spellings(file)) {
        asked++;
        let answer = await send(url);
        // A spelling with empty segments (`//data/…`) is redirected to its path without them
        // (src/server/request-url.ts): the redirect carries no bytes, and where it leads is judged.
        const location = answer.headers.location;
        if ([301, 308].includes(answer.status) && typeof location === 'string' && /^\/(?![/\\])/.test(location)) {
          if (answer.body.includes(MARKER) || answer.body.includes(`ada-${id}`)) leaked.push(`${answer.status} ${url} (body)`);
          answer = await send(location);
        }
        if (![403, 404].includes(answer.status) || answer.body.includes(MARKER) || answer.body.includes(`ada-${id}`))
          leaked.push(`${answer.status} ${url}`);
      }
    }
    console.log(`[dev-confinement] ${asked} URLs of ${leadFiles.length} lead files: ${leaked.length} answered otherwise than 403/404`);
    expect(leaked).toEqual([]);
  });

  it('keeps Vite’s own refusals (.env, keys)', async () => {
    const env = path.join(projectRoot, `.env.e2e-${id}`);
    const key = path.join(projectRoot, 'node_modules', '.cache', `e2e-${id}.pem`);
    await writeFile(env, `SECRET=${MARKER}`);
    await writeFile(key, MARKER);
    try {
      for (const file of [env, key]) {
        const rel = path.relative(projectRoot, file).split(path.sep).join('/');
        for (const url of [`/${rel}`, `/${rel}?raw`, `/@fs${file.split(path.sep).join('/')}?raw`]) {
          const answer = await send(url);
          expect([403, 404], url).toContain(answer.status);
          expect(answer.body, url).not.toContain(MARKER);
        }
      }
    } finally {
      await rm(env, { force: true });
      await rm(key, { force: true });
    }
  });

  it('grants no CORS to another origin', async () => {
    const origin = 'http://localhost:9999';
    const rel = `/${path.relative(projectRoot, leadFiles[0]).split(path.sep).join('/')}`;
    for (const url of ['/', '/src/root.tsx', rel, '/@vite/client']) {
      const preflight = await send(url, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect(preflight.headers['access-control-allow-origin'], `OPTIONS ${url}`).toBeUndefined();
      const get = await send(url, { headers: { Origin: origin } });
      expect(get.headers['access-control-allow-origin'], `GET ${url}`).toBeUndefined();
    }
  });

  it('keeps its own outbox outside the folder it serves', async () => {
    const line = /Outbox \(development\): (.+)/.exec(dev.output())?.[1]?.trim();
    expect(line, dev.output()).toBeDefined();
    const file = path.resolve(line!);
    expect(path.relative(projectRoot, file).startsWith('..')).toBe(true);
    expect(file.startsWith(tmp + path.sep)).toBe(true);
    expect(existsSync(file)).toBe(true);
    const answer = await send(`/@fs${file.split(path.sep).join('/')}?raw`);
    expect([403, 404]).toContain(answer.status);
  });
});

describe('the page editor, from another computer', () => {
  /** This computer's own address on a network: to the server, a client that is not on loopback. */
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

  it.skipIf(!lan)('refuses every spelling React Router renders as the editor, which this computer gets', async () => {
    const definition = JSON.parse(await readFile(path.join(projectRoot, 'page-definitions/contact.json'), 'utf8')) as unknown;
    const draft = await send('/__editor/api/draft', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}` },
      body: JSON.stringify({ file: 'contact.json', definition }),
    });
    expect(draft.status, draft.body).toBe(200);
    const { draftId } = JSON.parse(draft.body) as { draftId: string };
    const spellings = [
      ...EDITOR_SPELLINGS.map((url) => ({ url, shows: 'about.json' })),
      ...PREVIEW_SPELLINGS.map((url) => ({ url: url.replace('<draft>', draftId), shows: 'Contact' })),
    ];
    const passed: string[] = [];
    for (const { url, shows } of spellings) {
      // The spelling is the editor's: React Router renders it for this computer.
      const here = await send(url);
      expect(here.status, url).toBe(200);
      expect(here.body, url).toContain(shows);
      const there = await send(url, { host: lan });
      if (there.status !== 403 || there.body.includes(shows)) passed.push(`${there.status} ${url}`);
    }
    console.log(`[dev-confinement] ${spellings.length} spellings of the editor's pages from ${lan}: ${passed.length} passed the guard`);
    expect(passed).toEqual([]);
    expect((await send('/contact', { host: lan })).status).toBe(200);
  });
});
