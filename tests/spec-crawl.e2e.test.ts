/**
 * The site against a content service shaped exactly as SPEC documents it: the reference service
 * in strict mode (CONTENT_SAMPLE=spec: assumed endpoints 404, assumed fields removed), read
 * through a recording proxy. Every SPEC §2 route is crawled in Chromium: it answers 200 with its
 * h1 server-rendered, shows no markup as text, and shows at least 95 % of the values the service
 * sent for it; every value it does not show is named, with the reason, in docs/content-api.md.
 * The per-route figures are written to bench-results/spec-coverage.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { projectRoot } from '../tools/lib/project.ts';
import {
  allowedMissing,
  coverage,
  describeMissing,
  isAllowedMissing,
  literalTags,
  servedValues,
  squash,
  type Coverage,
  type ServedValue,
} from '../tools/lib/spec-coverage.ts';
import { browserPerFile } from './helpers/browser.ts';
import { logMessage } from './helpers/logs.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const BRAND = 'veltrix';
// SPEC §2's route table, as written there ({slug} routes get a real slug from their list page).
const SPEC_ROUTES = [
  '/',
  '/blog',
  '/blog/{slug}',
  '/careers',
  '/careers/{slug}',
  '/company',
  '/contact',
  '/integrations-api',
  '/partners',
  '/events',
  '/press',
  '/supporttest',
  '/privacy-policy',
  '/advisory-board',
  '/schedule-demo',
  '/talk-to-us',
  '/team',
  `/why-${BRAND}`,
  '/terms-services',
  '/white-paper-case-studies',
  '/white-paper-case-studies/{slug}',
  `/about-${BRAND}`,
  '/faq-subscription-billing',
  '/faq-orchestration-platform',
  '/faq-ccm-platform',
  '/talk-to-account-team',
  '/download',
  ...[
    '',
    '/ccm-platform',
    '/orchestration-platform',
    '/revenue-platform',
    '/revenue-platform-telco',
    '/bpm-platform',
    '/lease-contract-management',
    '/asset-tracking-tagging-solution',
    '/unified-customer-portal',
  ].map((p) => `/products${p}`),
  ...['', '/tower-management-solutions', '/telecom-and-CSP', '/subscription-and-saas', '/cross-industry-solutions'].map(
    (p) => `/solutions${p}`,
  ),
  ...['', '/migration-service', '/operation-service', '/assurance-service', '/maintenance-service'].map((p) => `/services${p}`),
  '/pdf-download-form?id=1',
  '/campaign-ccm',
  '/campaignccm',
];

type Failure = 'status' | 'bad-json' | 'hang';

/** Records each content read (path + query) and its JSON body while a page renders; can make paths fail. */
function recordingProxy(target: string) {
  let reads: { read: string; body: unknown }[] = [];
  const failures = new Map<string, Failure>();
  const server = http.createServer((req, res) => {
    const failure = [...failures].find(([prefix]) => req.url?.startsWith(prefix))?.[1];
    if (failure === 'status') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
    if (failure === 'bad-json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"page_data": ');
    if (failure === 'hang') return; // never answers: the site's read times out
    void (async () => {
      const upstream = await fetch(`${target}${req.url}`, { headers: { authorization: req.headers.authorization ?? '' } });
      const text = await upstream.text();
      if (upstream.ok && req.url?.startsWith('/api/')) {
        try {
          reads.push({ read: req.url, body: JSON.parse(text) });
        } catch {
          // not JSON: nothing to show
        }
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    })().catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  return {
    server,
    failures,
    take() {
      const taken = reads;
      reads = [];
      return taken;
    },
  };
}

let content: RunningContentService;
let proxy: ReturnType<typeof recordingProxy>;
let site: ChildSite;
const b = browserPerFile({ perFile: true });
let tab: Page | undefined;
const layoutReads = new Map<string, unknown>();
const pages: { route: string; haystack: string; reads: { read: string; body: unknown }[] }[] = [];
const report: Record<string, Coverage & { status: number }> = {};

beforeAll(async () => {
  content = await startContentService({ port: 0, sample: 'spec' });
  proxy = recordingProxy(content.url);
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
  // Nothing cached: every render reads what it needs, so the proxy sees each page's own reads.
  site = await spawnSite({
    CONTENT_API_BASE: proxyUrl,
    EMBEDDED_CONTENT_SERVICE: '0',
    CONTENT_CACHE_TTL_MS: '0',
    CONTENT_CACHE_STALE_MS: '0',
    CONTENT_TIMEOUT_MS: '1500',
    IMAGE_BASE_URL: `${content.url}/uploads/`,
  });
});

afterAll(async () => {
  const out = path.join(projectRoot, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'spec-coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
  await site?.stop();
  proxy?.server.closeAllConnections();
  await new Promise((resolve) => proxy?.server.close(resolve));
  await content?.close();
});

/** /x/{slug}: the first link of that shape on /x. */
async function concrete(route: string): Promise<string> {
  if (!route.includes('{slug}')) return route;
  const parent = route.slice(0, route.lastIndexOf('/'));
  const html = await (await fetch(`${site.url}${parent}`)).text();
  const found = new RegExp(`href="(${parent}/[^/"#?]+)"`).exec(html)?.[1];
  if (!found) throw new Error(`no link to ${route} on ${parent}`);
  return found;
}

/** The page's text and the attribute values a value may be shown in, squashed. */
async function haystackOf(page: Page): Promise<string> {
  const parts = await page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent !== 'SCRIPT' && parent !== 'STYLE' && parent !== 'NOSCRIPT') out.push(node.textContent ?? '');
    }
    for (const el of document.querySelectorAll('*')) {
      for (const name of ['href', 'src', 'srcset', 'alt', 'title', 'aria-label', 'content', 'value', 'datetime']) {
        const v = el.getAttribute(name);
        if (v) out.push(` ${v} `, ` ${decodeURIComponent(v.replace(/%(?![0-9a-f]{2})/gi, '%25'))} `);
      }
    }
    return out;
  });
  // Joined without a separator, like textContent: a value may span several text nodes.
  return squash(parts.join(''));
}

describe('the site against the strict sample (only what SPEC documents)', () => {
  it('answers 404 for what SPEC does not document', async () => {
    const auth = { authorization: `Basic ${Buffer.from('veltrix-site:local-dev-only').toString('base64')}` };
    expect((await fetch(`${content.url}/api/page/company`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${content.url}/api/page/homepage`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${site.url}/no-such-page-${BRAND}`)).status).toBe(404);
  });

  it('degrades: a failed read (error, bad JSON, timeout) leaves its sections out, the page still answers 200', async () => {
    // Before the crawl: a read that once succeeded is served from its last good copy when it fails.
    const about = `/about-${BRAND}`;
    try {
      for (const failure of ['status', 'bad-json', 'hang'] as const) {
        proxy.failures.set('/api/blog_list', failure);
        const response = await fetch(`${site.url}${about}`);
        const html = await response.text();
        expect(response.status, failure).toBe(200);
        expect(html, failure).toMatch(/<h1[^>]*>[^<]*\S/);
        expect(html, failure).toContain('Nairobi'); // fixed content of the definition
        expect(html, failure).not.toContain('data-block="carousel"'); // the blog carousel, left out whole
      }
      // Read as the log's messages (JSON lines in production: their quotes are escaped).
      expect(site.output().split('\n').map(logMessage).join('\n')).toMatch(/source "blog" left out/);
    } finally {
      proxy.failures.clear();
    }
    expect(await (await fetch(`${site.url}${about}`)).text()).toContain('data-block="carousel"');
  });

  it('answers the error page when the service is down for every read of a page, or for its required read', async () => {
    try {
      proxy.failures.set('/api/page/partners', 'status');
      const partners = await fetch(`${site.url}/partners`);
      expect(partners.status).toBe(502);
      expect(await partners.text()).toContain('temporarily unavailable');
      proxy.failures.set('/api/blog/', 'hang');
      const post = await concrete('/blog/{slug}');
      proxy.failures.delete('/api/page/partners');
      expect((await fetch(`${site.url}${post}`)).status).toBe(503);
    } finally {
      proxy.failures.clear();
    }
  });

  it.each(SPEC_ROUTES)('%s', async (route) => {
    const url = await concrete(route);
    proxy.take();
    const server = await fetch(`${site.url}${url}`);
    const html = await server.text();
    report[route] = { status: server.status, served: 0, shown: 0, missing: [] };
    expect(server.status, `${url} status`).toBe(200);
    expect(/<h1[^>]*>[^<]*\S[^<]*<\/h1>/.test(html), `${url}: server-rendered h1`).toBe(true);
    const reads = proxy.take();

    // One tab for the crawl, as a visitor's (a new tab costs about a second of CPU on a 2-core runner).
    tab ??= await b.context.newPage();
    const page = tab;
    await page.goto(`${site.url}${url}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const visible = await page.locator('body').innerText();
    expect(literalTags(visible), `${url}: markup shown as text`).toEqual([]);
    const haystack = await haystackOf(page);

    pages.push({ route, haystack, reads });
    const own: ServedValue[] = [];
    for (const { read, body } of reads) {
      // Layout reads (the same on every page) are counted once, over all pages, below.
      if (read.startsWith('/api/header_footer_common')) layoutReads.set(read, body);
      else own.push(...servedValues(read, body));
    }
    const allowed = allowedMissing(readFileSync(path.join(projectRoot, 'docs/content-api.md'), 'utf8'));
    // Codes (ids, type codes) and values sent for another page are not this page's display values.
    const notDisplay = allowed.filter((a) => a.kind !== 'not shown');
    const result = coverage(
      own.filter((v) => !isAllowedMissing(notDisplay, route, v)),
      haystack,
    );
    report[route] = { status: server.status, ...result };
    const unexplained = result.missing.filter((m) => !isAllowedMissing(allowed, route, m));
    expect(unexplained.map(describeMissing), `${url}: values not shown`).toEqual([]);
    // A page whose reads are all assumed endpoints is served nothing in strict mode: nothing to miss.
    const ratio = result.served === 0 ? 1 : result.shown / result.served;
    expect(ratio, `${url}: ${result.shown}/${result.served} shown`).toBeGreaterThanOrEqual(0.95);
  });

  it('pages a list that carries only list.data: Next while a page comes back full', async () => {
    const html = await (await fetch(`${site.url}/blog`)).text();
    expect(html).toMatch(/href="\/blog\?page=2#articles"[^>]*>Next</);
  });

  it('shows the layout values (footer, shared blocks) on the pages that read them', () => {
    const all = pages.map((p) => p.haystack).join('\u0000');
    const values = [...layoutReads].flatMap(([read, body]) => servedValues(read, body));
    const result = coverage(values, all);
    report['(layout: /api/header_footer_common)'] = { status: 200, ...result };
    expect(values.length).toBeGreaterThan(0);
    expect(result.missing.map(describeMissing)).toEqual([]);
  });
});
