/**
 * Hostile URLs against the production server of the e2e run (issue 18): a request target that no
 * part of the site can read, or reads differently from React Router, must neither stop the
 * process, nor answer 500, nor leave a page kept under another URL's key. React Router renders
 * `new URL('http://host' + target)` (@react-router/express): `read` below is that reading,
 * written here independently of src/server/request-url.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { concreteUrl, definitionRoutes } from './helpers/routes.ts';
import { rawRequest, titleOf, type RawAnswer } from './helpers/raw-http.ts';

const site = inject('siteUrl');

/** The URL React Router renders for a raw target, or undefined (not a path). */
function read(target: string): URL | undefined {
  if (!target.startsWith('/')) return undefined;
  try {
    return new URL(`http://h${target}`);
  } catch {
    return undefined;
  }
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

const get = (target: string, headers?: Record<string, string | undefined>) => rawRequest(site, target, { headers });
const summary = (a: RawAnswer) => `${a.status} ${titleOf(a.body)}`;

let routes: string[];
let notFoundTitle: string;
beforeAll(async () => {
  const all = await definitionRoutes();
  routes = await Promise.all(all.map(({ route }) => concreteUrl(site, route)));
  notFoundTitle = titleOf((await get('/no-such-page-at-all')).body);
});

describe('hostile URLs', () => {
  it('never keep a page under another URL (the seven spellings of the issue, each on a page not asked for yet)', async () => {
    const cases: [string, string][] = [
      ['//x/', '/'],
      ['/\\x/advisory-board', '/advisory-board'],
      ['//x.example:80/team', '/team'],
      ['//u@x/partners', '/partners'],
      ['//127.0.0.1/events', '/events'],
      ['/\\\\x/download', '/download'],
      ['///x/integrations-api', '/integrations-api'],
      ['http://evil.example/talk-to-account-team', '/talk-to-account-team'],
    ];
    const answers = await Promise.all(cases.map(([hostile]) => get(hostile)));
    for (const [hostile, page] of cases) {
      for (const attempt of [1, 2]) {
        const plain = await get(page);
        expect(plain.status, `${page} after ${hostile} (${attempt})`).toBe(200);
        expect(titleOf(plain.body), `${page} after ${hostile}`).not.toBe(notFoundTitle);
      }
    }
    // Never a page at a path with an empty segment: a redirect, or 400 for a target that is no path.
    expect(answers.map((a) => a.status)).toEqual([301, 301, 301, 301, 301, 301, 301, 400]);
    expect(answers[0].headers.location).toBe('/x/');
    expect(answers[1].headers.location).toBe('/x/advisory-board');
  });

  it('one request of // does not stop the server: it is sent to /', async () => {
    for (const target of ['//', '/\\', '///', '/\\\\']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(301);
      expect(answer.headers.location, target).toBe('/');
    }
    expect((await get('/healthz')).status).toBe(200);
  });

  it('checks declared values before a render: a page number that is none, a bad slug, a repeated parameter are the not-found page', async () => {
    for (const target of [
      '/blog?page=abc',
      '/blog?page=0',
      '/blog?page=01',
      '/blog?page=-1',
      '/blog?page=10000',
      '/blog?page=1e3',
      '/blog?page=2&page=3',
      '/blog?cat_slug=%3Cscript%3E',
      '/blog/%3Cscript%3E',
      '/blog/a.b',
      '/careers/..%2F..%2Fapi',
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(titleOf(answer.body), target).toBe(notFoundTitle);
    }
    for (const target of ['/blog?page=2', '/blog?page=9999', '/blog?cat_slug=products&page=1', '/press?year=', '/blog?page=']) {
      expect((await get(target)).status, target).toBe(200);
    }
  });

  it('keeps every unknown URL under one not-found page: unique ones are answered from it', async () => {
    await get('/unknown-first');
    const unique = await inBatches(
      Array.from({ length: 40 }, (_, i) => [`/unknown-${i}-${Date.now()}`, `/blog?page=x${i}`, `/a/b/c${i}`][i % 3]),
      8,
      (target) => get(target),
    );
    for (const answer of unique) {
      expect(answer.status).toBe(404);
      expect(answer.headers['x-page-cache']).toBe('hit');
    }
    // The kept not-found page never stands in for what the app itself answers: files, health, SEO, API, React Router's data.
    for (const target of ['/healthz', '/robots.txt', '/sitemap.xml', '/favicon.svg', '/api/page/blog', '/blog.data', '/_root.data']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.headers['x-page-cache'], target).toBeUndefined();
    }
    expect((await get('/__manifest?paths=%2Fblog&version=x')).headers['x-page-cache']).toBeUndefined();
  });

  it('answers 400 to a Host no URL can hold or an empty one, and serves an HTTP/1.0 request without one', async () => {
    for (const host of ['', 'a b', '[::1', 'a:99999999999', '%zz', 'b c@a']) {
      const answer = await rawRequest(site, '/privacy-policy?host-check', { headers: { Host: host } });
      expect(answer.status, host).toBe(400);
    }
    // An empty Host is refused on a kept page too (it is refused before the page cache answers).
    await get('/privacy-policy');
    expect((await get('/privacy-policy')).headers['x-page-cache']).toBe('hit');
    expect((await get('/privacy-policy', { Host: '' })).status).toBe(400);
    expect((await rawRequest(site, '/privacy-policy?host-check', { headers: { Host: undefined }, version: '1.0' })).status).toBe(200);
  });
});

/** Path spellings of one page path. */
function pathSpellings(path: string): string[] {
  const bare = path === '/' ? '' : path;
  const tail = path.slice(1);
  const out = [
    // doubled and mixed slashes and backslashes
    `/${path}`,
    `//${path}`,
    `${path}//`,
    path.replaceAll('/', '//'),
    path.replaceAll('/', '\\'),
    path.replaceAll('/', '/\\'),
    `\\${path}`,
    `${path}\\`,
    // host-like prefixes
    ...[
      '//x',
      '//x.example:80',
      '//u@x',
      '//127.0.0.1',
      '/\\x',
      '/\\\\x',
      '///x',
      '//[::1]',
      '/http://evil.example',
      '//evil.example%2F',
    ].map((prefix) => prefix + path),
    `http://evil.example${path}`,
    `HTTP://x${path}`,
    // percent-encodings and dot segments
    `/%2F${tail}`,
    `/%5C${tail}`,
    `/%2F%2Fx${path}`,
    `/%5C%5Cx${path}`,
    `${path}%2F`,
    `${path}%5C`,
    `${path}%00`,
    `/%00${path}`,
    `${bare}/%2e`,
    `${bare}/%2E%2E`,
    `${bare}/.`,
    `${bare}/..`,
    `/./${tail}`,
    `/x/..${path}`,
    `/x/%2e%2e${path}`,
    `/x/.%2E${path}`,
    `/%2e%2e${path}`,
    `/x%2F..${path}`,
    `/..\\x\\..${path}`,
    `${bare}/%C0%AE%C0%AE/`,
    `${bare}/%E2%80%A5`,
    `${bare}/%EF%BC%8F`,
  ];
  return out;
}

/** Spellings that render a page of their own (kept under their own key): a few pages only, to keep the run short. */
function renderingSpellings(path: string): string[] {
  return [
    `${path}/`,
    path.toUpperCase(),
    path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    path.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`),
    `${path}?utm_source=x`,
  ];
}

const SPECIAL = [
  '//',
  '///',
  '////',
  '/\\',
  '\\',
  '\\\\',
  '*',
  'x',
  '?',
  '/?',
  '/#',
  '/%',
  '/%zz',
  '/%E0%A4%A',
  '/%ff',
  '/%C3%A9',
  '/caf\u00e9',
  '/\u0431\u043b\u043e\u0433',
  '/blog/\uff53lug',
  '/\uff0fblog',
  '/\u2028',
  '/a b',
  '/a\tb',
  '/<script>alert(1)</script>',
  '/"onmouseover="x',
  "/'x'",
  '/`x`',
  '/{x}|^',
  '/;x',
  '/.;/blog',
  '/blog;x',
  '/blog.data',
  '//blog.data',
  '/_root.data',
  '//_root.data',
  '/__manifest',
  '//__manifest?p=/blog',
  '/blog?_routes=routes/page',
  '/blog?page=2&_data=x',
  `/${'a'.repeat(2_000)}`,
  `/${'a/'.repeat(1_000)}`,
  `/blog?x=${'y'.repeat(8_000)}`,
  `//${'x'.repeat(8_000)}`,
  `/${'%2F'.repeat(2_000)}`,
  `/blog/${'a'.repeat(300)}`,
  `/blog?page=${'9'.repeat(400)}`,
  `/${'b'.repeat(20_000)}`,
];

const QUERY = [
  '?page=abc',
  '?page=0',
  '?page=2',
  '?page=99999',
  '?page=2&page=3',
  '?page=%32',
  '?%70age=2',
  '?page=2%00',
  '?cat_slug=%3Cscript%3E',
  '?cat_slug=..%2F..%2Fusers',
  '?cat_slug=products&page=2',
  '?year=2025',
  '?id=1',
  '?id=../../x',
];

describe('URL fuzz', () => {
  it('≥ 2,000 spellings: no exit, no 500, no page at a path with an empty segment, nothing kept under another key', async () => {
    const rendering = routes.filter((r) => ['/', '/blog', '/press', '/products/ccm-platform', '/white-paper-case-studies'].includes(r));
    const unknown = ['/no-such-page', '/products/no-such-product', '/blog/no-such-post', '/a/b/c'];
    const targets = [
      ...new Set([
        ...[...routes, ...unknown].flatMap(pathSpellings),
        ...rendering.flatMap(renderingSpellings),
        ...['/blog', '/press', '/white-paper-case-studies', '/pdf-download-form', '/no-such-page', '/'].flatMap((p) =>
          QUERY.map((q) => p + q),
        ),
        ...SPECIAL,
      ]),
    ];
    expect(targets.length).toBeGreaterThanOrEqual(2_000);

    // Half the routes are read before (and compared after); the other half only after, cold.
    const before = new Map<string, string>();
    const warm = routes.filter((_, i) => i % 2 === 0);
    for (const route of warm) before.set(route, summary(await get(route)));

    const answers = await inBatches(targets, 12, (target) => get(target));
    const short = (target: string) => (target.length > 100 ? `${target.slice(0, 100)}… (${target.length} characters)` : target);
    const refused = targets.filter((_, i) => answers[i].refused).map(short);
    expect(refused.slice(0, 10), `${refused.length} connections refused: the process is gone`).toEqual([]);
    const failed = targets.flatMap((target, i) => (answers[i].status >= 500 ? [`${answers[i].status} ${short(target)}`] : []));
    expect(failed).toEqual([]);
    expect((await get('/healthz')).status).toBe(200);

    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);

    // Redirects stay on this site and arrive; a path with empty segments goes to the same path without them.
    const redirects = targets.flatMap((target, i) =>
      answers[i].status === 301 ? [{ target, location: answers[i].headers.location }] : [],
    );
    for (const { target, location } of redirects) {
      expect(location, target).toMatch(/^\/(?![/\\])/);
      const url = read(target)!;
      if (url.pathname.includes('//')) expect(location, target).toBe(url.pathname.replace(/\/{2,}/g, '/') + url.search);
    }
    const followed = await inBatches(
      redirects.filter((_, i) => i % 10 === 0),
      12,
      ({ location }) => get(location),
    );
    for (const answer of followed) expect(answer.status === 301 || answer.status >= 500, answer.headers.location).toBe(false);

    // A page (200 or 404) only ever at a path without empty segments.
    const pagesAtEmptySegments = targets.filter(
      (target, i) => [200, 404].includes(answers[i].status) && read(target)?.pathname.includes('//'),
    );
    expect(pagesAtEmptySegments.map(short)).toEqual([]);

    // Every spelling answered from a kept page: the same page as a plain request of the URL it reads as.
    const answeredPages = targets.filter((_, i) => [200, 404].includes(answers[i].status));
    const again = await inBatches(answeredPages, 12, (target) => get(target));
    const kept = answeredPages.flatMap((target, i) => (again[i].headers['x-page-cache'] === 'hit' ? [{ target, answer: again[i] }] : []));
    const keys = new Set<string>();
    for (const { target, answer } of kept) {
      const url = read(target)!;
      const plain = url.pathname + url.search;
      keys.add(answer.status === 404 ? '404' : plain);
      expect(summary(await get(plain)), `${target} (kept) against ${plain}`).toBe(summary(answer));
    }

    // Every page is still itself: unchanged where it was read before, a page of its own where not.
    for (const route of routes) {
      const answer = await get(route);
      if (before.has(route)) expect(summary(answer), route).toBe(before.get(route));
      expect(answer.status, route).toBe(200);
      expect(titleOf(answer.body), route).not.toBe(notFoundTitle);
      expect(answer.body, route).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${route.replace(/[?]/g, '\\$&')}"`));
    }

    console.log(
      `[url-fuzz] ${targets.length} spellings; statuses ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}; ${redirects.length} redirects (${followed.length} followed); ` +
        `${kept.length} spellings answered from kept pages, under ${keys.size} keys (the not-found page counted once)`,
    );
  }, 120_000);
});
