/**
 * Static export (tools/export.ts): a small subset exported into a temp dir by its own run (own
 * content service and site copy), compared with the site the e2e setup started.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportSite, listPaths, type ExportResult } from '../tools/export.ts';

const siteUrl = inject('siteUrl');
const outDir = mkdtempSync(path.join(tmpdir(), 'site-export-'));
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
  result = await exportSite({ outDir, only: ['/', '/blog', '/contact', `/blog/${blogSlug}`] });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

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
    for (const file of ['_root.data', 'blog.data', `blog/${blogSlug}.data`, '__manifest'])
      expect(existsSync(path.join(outDir, file)), file).toBe(true);
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
});
