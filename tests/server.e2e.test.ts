import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const site = inject('siteUrl');
const content = inject('contentUrl');
const credential = `${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`;
const basic = `Basic ${Buffer.from(credential).toString('base64')}`;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function head(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

describe('reference content service', () => {
  it('answers 401 without the credential or with a wrong one, 200 with it', async () => {
    expect((await get(`${content}/api/page/homepage`)).status).toBe(401);
    expect(
      (await get(`${content}/api/page/homepage`, { Authorization: `Basic ${Buffer.from('veltrix-site:wrong').toString('base64')}` }))
        .status,
    ).toBe(401);
    expect((await get(`${content}/api/page/homepage`, { Authorization: basic })).status).toBe(200);
  });
});

describe('server-rendered pages', () => {
  it('renders the home page with its heading and a title in <head>', async () => {
    const { status, text } = await get(`${site}/`);
    expect(status).toBe(200);
    expect(head(text)).toMatch(/<title>[^<]+<\/title>/);
    expect(head(text)).toMatch(/<meta name="description" content="[^"]+"/);
    expect(text).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(text).toContain('Metrics That Matter');
  });

  it.each([
    ['/blog', 'Read Full Article'],
    ['/about-veltrix', 'Leadership'],
    ['/privacy-policy', 'Privacy'],
    ['/terms-services', 'Terms'],
  ])('renders %s with its content in the HTML', async (route, text) => {
    const page = await get(`${site}${route}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(text);
    expect(head(page.text)).toMatch(/<title>[^<]+<\/title>/);
  });

  it('answers 404 with the not-found page for an unknown path and an unknown slug', async () => {
    for (const route of ['/no-such-page', '/blog/no-such-post', '/deep/no/such/path']) {
      const page = await get(`${site}${route}`);
      expect(page.status, route).toBe(404);
      expect(page.text).toContain('Sorry, Page not Found');
      expect(page.text).toMatch(/<a[^>]*href="\/"[^>]*>Go to Homepage<\/a>/);
    }
  });

  it('serves built assets with immutable caching', async () => {
    const html = (await get(`${site}/`)).text;
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await get(`${site}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('same-origin content API', () => {
  it('proxies contract reads, adding the credential on the server', async () => {
    const response = await get(`${site}/api/blog_list?page=2`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text).list.current_page).toBe(2);
  });

  it('is no open proxy: paths outside the content contract are 404', async () => {
    expect((await get(`${site}/api/secret/admin`)).status).toBe(404);
  });
});

describe('the content credential', () => {
  const secrets = [credential, Buffer.from(credential).toString('base64'), DEFAULT_CONTENT_PASSWORD];

  it('appears in no built client file', () => {
    const dir = path.join(projectRoot, 'build/client');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(path.join(file.parentPath, file.name), 'latin1');
      for (const secret of secrets) expect(text.includes(secret), `${file.name} contains the credential`).toBe(false);
    }
  });

  it('appears in no page or API response', async () => {
    for (const route of ['/', '/blog', '/no-such-page', '/api/page/blog', '/__manifest?p=/blog&version=x']) {
      const { text, headers } = await get(`${site}${route}`);
      for (const secret of secrets) {
        expect(text.includes(secret), route).toBe(false);
        expect(JSON.stringify([...headers]).includes(secret), route).toBe(false);
      }
    }
  });
});

describe('when the content service fails', () => {
  let down: ChildSite;
  let failing: ChildSite;
  let broken: http.Server;

  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: connections are refused at once.
    down = await spawnSite({ CONTENT_API_BASE: 'http://127.0.0.1:9', EMBEDDED_CONTENT_SERVICE: '0' });
    broken = http.createServer((_req, res) => res.writeHead(500).end('upstream exploded'));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    failing = await spawnSite({
      CONTENT_API_BASE: `http://127.0.0.1:${(broken.address() as AddressInfo).port}`,
      EMBEDDED_CONTENT_SERVICE: '0',
    });
  });
  afterAll(async () => {
    await down?.stop();
    await failing?.stop();
    broken?.close();
  });

  it('answers 503 with a clear message and a retry link when it is unreachable', async () => {
    const page = await get(`${down.url}/blog?page=2`);
    expect(page.status).toBe(503);
    expect(page.text).toContain('This page is temporarily unavailable');
    expect(page.text).toMatch(/<a[^>]*href="\/blog\?page=2"[^>]*>Try again<\/a>/);
    // The site chrome is still there, so the visitor can go elsewhere.
    expect(page.text).toContain('Go to Homepage');
    expect(down.output()).toContain('content service unreachable');
  });

  it('answers 502 when it answers with an error', async () => {
    const page = await get(`${failing.url}/privacy-policy`);
    expect(page.status).toBe(502);
    expect(page.text).toContain('This page is temporarily unavailable');
  });

  it('answers 503 on the API proxy too', async () => {
    expect((await get(`${down.url}/api/page/blog`)).status).toBe(503);
  });
});

describe('security of what reaches the browser', () => {
  it('serves a hash-based strict CSP without unsafe-eval or inline scripts: every inline script it runs is listed by hash', async () => {
    const response = await fetch(`${site}/contact`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain('nonce');
    expect(csp).not.toContain('unsafe-eval');
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('https://www.google.com/maps/embed');
    const html = await response.text();
    // Executable scripts only: JSON-LD data blocks are not run, so CSP does not govern them.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, a]) => !a.includes('application/ld+json') && !a.includes('src='),
    );
    expect(inline.length).toBeGreaterThan(1);
    for (const [, , code] of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gives every visitor of a page the same bytes and the same policy (pages carry no per-request value)', async () => {
    const [a, b] = [await fetch(`${site}/`), await fetch(`${site}/`)];
    expect(b.headers.get('content-security-policy')).toBe(a.headers.get('content-security-policy'));
    expect(await b.text()).toBe(await a.text());
    // The second came from the page cache, answered before Express: it still carries every header.
    expect(b.headers.get('x-page-cache')).toBe('hit');
    for (const name of ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'etag', 'cache-control'])
      expect(b.headers.get(name)).toBe(a.headers.get(name));
    // Compressed like a rendered page (compression() for a render, the kept compressed bytes for a hit).
    expect(b.headers.get('content-encoding')).toMatch(/^(gzip|br)$/);
  });

  it('ships no code that compiles code (precompiled validators) and no server-only module', () => {
    const dir = path.join(projectRoot, 'build/client/assets');
    const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const all = js.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(all).not.toMatch(/new Function\s*\(/);
    expect(all).not.toContain('ajv.compile');
    expect(all).not.toContain('better-sqlite3');
    expect(all).not.toContain('siteverify');
    // The validators are there, precompiled.
    expect(all).toContain('Phone Number require minimum 10 digit.');
  });
});
