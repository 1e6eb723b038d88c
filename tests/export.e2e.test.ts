/**
 * Static export (tools/export.ts): a small subset exported into a temp dir by its own run (own
 * content service and site copy), compared with the site the e2e setup started; and the settings
 * an export needs (production rules, whatever NODE_ENV says): no exported page points at a
 * loopback address.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { exportSite, listPaths, type ExportResult } from '../tools/export.ts';

const siteUrl = inject('siteUrl');
const outDir = mkdtempSync(path.join(tmpdir(), 'site-export-'));
const SITE_ORIGIN = 'https://www.example.com';
const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/i;

/** Every exported page and its loader data (HTML and .data files), relative to `dir`. */
const pageFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(?:html|data)$/.test(file) || file.endsWith('__manifest'));
const get = async (apiPath: string) => (await fetch(siteUrl + apiPath)).json() as Promise<unknown>;

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const h1 = (html: string) => {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return inner === undefined ? undefined : decode(inner.replace(/<[^>]+>/g, '')).trim();
};

let blogSlug = '';
let blogTitle = '';
let result: ExportResult;

beforeAll(async () => {
  const list = (await get('/api/blog_list')) as { list: { data: { slug: string; name: string }[] } };
  blogSlug = list.list.data[0].slug;
  blogTitle = list.list.data[0].name;
  // The embedded sample service (no CONTENT_API_BASE), with the public origin the export is for.
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ORIGIN };
  delete env.CONTENT_API_BASE;
  result = await exportSite({ outDir, only: ['/', '/blog', '/contact', `/blog/${blogSlug}`], env });
}, 120_000);

const others: string[] = [];
afterAll(() => {
  for (const dir of [outDir, ...others]) rmSync(dir, { recursive: true, force: true });
});
const otherDir = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'site-export-other-')), 'export');
  others.push(path.dirname(dir));
  return dir;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => '',
    (error: unknown) => (error as Error).message,
  );

describe('static export', () => {
  it('lists every static route and every listed slug of the parameterised routes', async () => {
    const paths = await listPaths(inject('siteUrl'));
    expect(paths).toEqual(expect.arrayContaining(['/', '/blog', '/contact', '/careers', `/blog/${blogSlug}`]));
    expect(paths.some((p) => p.startsWith('/careers/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/white-paper-case-studies/'))).toBe(true);
    expect(paths.filter((p) => /[:*]/.test(p))).toEqual([]);
  });

  it('writes each page as index.html with its h1, its loader data and the 404 page', () => {
    expect(result.pages).toHaveLength(4);
    const page = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
    for (const file of ['index.html', 'blog/index.html', 'contact/index.html']) expect(h1(page(file)), file).toBeTruthy();
    expect(h1(page('blog/index.html'))).toBe('Insights & Stories');
    expect(h1(page(`blog/${blogSlug}/index.html`))).toBe(blogTitle);
    for (const file of ['_root.data', 'blog.data', `blog/${blogSlug}.data`]) expect(existsSync(path.join(outDir, file)), file).toBe(true);
    expect(readFileSync(path.join(outDir, '404.html'), 'utf8')).toContain('<h1');
  });

  it('contains every same-origin asset the exported pages reference', () => {
    for (const file of ['index.html', 'blog/index.html', 'contact/index.html', `blog/${blogSlug}/index.html`, '404.html']) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const refs = [...html.matchAll(/\b(?:src|href)="(\/[^/"][^"]*)"/g)].map((m) => m[1].split(/[?#]/)[0]);
      const assets = refs.filter((r) => /\.[a-z0-9]+$/i.test(r));
      expect(assets.length, file).toBeGreaterThan(3);
      for (const asset of assets) expect(existsSync(path.join(outDir, decodeURIComponent(asset))), `${file}: ${asset}`).toBe(true);
      // Module imports inside inline scripts (the client entry, route modules).
      for (const m of html.matchAll(/import\("(\/assets\/[^"]+)"\)|from "(\/assets\/[^"]+)"/g)) {
        const asset = m[1] ?? m[2];
        expect(existsSync(path.join(outDir, asset)), `${file}: ${asset}`).toBe(true);
      }
    }
  });

  it('points at no loopback address: the sample images are shipped in the export and referenced from the site root', () => {
    const files = pageFiles(outDir);
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) expect(readFileSync(path.join(outDir, file), 'utf8').match(LOOPBACK)?.[0], file).toBeUndefined();
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const images = [...new Set([...home.matchAll(/["'(](\/uploads\/[^"'()\s?#\\]+)/g)].map((m) => m[1]))];
    expect(images.length).toBeGreaterThan(2);
    for (const image of images) expect(existsSync(path.join(outDir, decodeURIComponent(image))), image).toBe(true);
    expect(home.includes(`<link rel="canonical" href="${SITE_ORIGIN}/"`), 'canonical URL at SITE_ORIGIN').toBe(true);
  });
});

describe('the settings an export needs (production rules, whatever NODE_ENV says)', () => {
  const contentUrl = inject('contentUrl');

  it('refuses to start without the public origin the export is for, or with a loopback one, and writes nothing', async () => {
    for (const origin of [undefined, 'http://127.0.0.1:3000']) {
      const dir = otherDir();
      const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', PATH: process.env.PATH, ...(origin ? { SITE_ORIGIN: origin } : {}) };
      const message = await refusal(exportSite({ outDir: dir, only: ['/'], env }));
      expect(message, String(origin)).toMatch(/SITE_ORIGIN/);
      expect(message).not.toMatch(/^\s+at /m);
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('against a real content service, refuses without its credential and the public image base, listing both at once', async () => {
    const dir = otherDir();
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', PATH: process.env.PATH, CONTENT_API_BASE: contentUrl, SITE_ORIGIN };
    const message = await refusal(exportSite({ outDir: dir, only: ['/'], env }));
    for (const name of ['CONTENT_API_USER', 'CONTENT_API_PASSWORD', 'IMAGE_BASE_URL']) expect(message).toContain(name);
    expect(existsSync(dir)).toBe(false);
    const loopbackImages = await refusal(
      exportSite({
        outDir: dir,
        only: ['/'],
        env: {
          ...env,
          CONTENT_API_USER: DEFAULT_CONTENT_USER,
          CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD,
          IMAGE_BASE_URL: `${contentUrl}/uploads`,
        },
      }),
    );
    expect(loopbackImages).toMatch(/IMAGE_BASE_URL/);
    expect(existsSync(dir)).toBe(false);
  });

  it('against a real content service with its settings, writes image URLs at the public image base', async () => {
    const dir = otherDir();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      CONTENT_API_BASE: contentUrl,
      CONTENT_API_USER: DEFAULT_CONTENT_USER,
      CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD,
      IMAGE_BASE_URL: 'https://cdn.example.com/uploads',
      SITE_ORIGIN,
    };
    await exportSite({ outDir: dir, only: ['/'], env });
    const home = readFileSync(path.join(dir, 'index.html'), 'utf8');
    expect(home.includes('https://cdn.example.com/uploads/'), 'an image at the public image base').toBe(true);
    for (const file of pageFiles(dir)) expect(readFileSync(path.join(dir, file), 'utf8').match(LOOPBACK)?.[0], file).toBeUndefined();
    expect(existsSync(path.join(dir, 'uploads'))).toBe(false);
  }, 120_000);
});
