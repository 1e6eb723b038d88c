/**
 * The page pipeline alone, through createPageLoader: the project's definitions, content reads
 * answered by the test, no server. What a visitor would get for each outcome of the content
 * service. Each step has tests of its own in ./page-loader/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ContentError } from './content-client.ts';
import { loadDefinitions, type Definitions } from './definitions.server.ts';
import { createPageLoader } from './page-loader.server.ts';
import type { PageData } from './page-data.ts';

let definitions: Definitions;
beforeAll(() => {
  definitions = loadDefinitions({ fromDisk: true, definitionsDir: 'page-definitions', production: false, allowInvalid: true });
});

const privacy = {
  page_data: {
    name: 'Privacy Policy',
    page_title: 'Privacy | Veltrix',
    meta_description: 'How we handle data',
    sub_text: 'Your data',
    image: 'banners/legal.svg',
    content: '<p>We keep little.</p><script>alert(1)</script>',
  },
};
const common = { data: { copyright: '© Veltrix' } };

/** Content answers by path (with query, or any query): a ContentError is thrown, a Stale one served as the last good value. */
type Reads = Record<string, unknown>;
class Stale {
  constructor(readonly data: unknown) {}
}
const servedStale = (data: unknown) => new Stale(data);
function loader(reads: Reads, explain?: boolean, site?: Record<string, unknown>) {
  const asked: string[] = [];
  const index = site ? { ...definitions.current(), site } : undefined;
  const pages = createPageLoader({
    definitions: () => index ?? definitions.current(),
    read: async (path, query) => {
      const key = `${path}${query.size ? `?${query}` : ''}`;
      asked.push(key);
      const answer = reads[key] ?? reads[path];
      if (answer instanceof ContentError) throw answer;
      if (answer === undefined) throw new ContentError('status', path, 404);
      if (answer instanceof Stale) return { data: structuredClone(answer.data), stale: true };
      return { data: structuredClone(answer), stale: false };
    },
    origin: 'https://www.example.com',
    imageBaseUrl: 'https://images.example.com/uploads/',
    log: { warn: () => undefined, error: () => undefined },
    explain,
  });
  return { pages, asked };
}

/** The status and data a thrown `data()` carries. */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    const { init, data } = error as { init?: { status?: number }; data: unknown };
    return { status: init?.status ?? 0, data };
  }
  throw new Error('expected the loader to throw');
}

const request = (path: string) => new Request(`https://internal.local${path}`);

describe('createPageLoader', () => {
  it('renders a page from its sources: meta, canonical URL, sanitized HTML, image URLs', async () => {
    const { pages } = loader({ '/api/page/privacy-policy': privacy, '/api/header_footer_common': common });
    const page = await pages.loadPage(request('/privacy-policy'));
    expect(page.meta).toMatchObject({ title: 'Privacy | Veltrix', description: 'How we handle data' });
    expect(page.seo.canonical).toBe('https://www.example.com/privacy-policy');
    const banner = page.sections.find((s) => s.block === 'banner')!;
    expect(banner.props).toMatchObject({ heading: 'Privacy Policy', image: 'https://images.example.com/uploads/banners/legal.svg' });
    const html = page.sections.find((s) => s.block === 'rich-text')!.props.html as string;
    expect(html).toContain('<p>We keep little.</p>');
    expect(html).not.toContain('<script');
  });

  it("gives a page without meta the site's defaultMeta, resolved against the page's own sources", async () => {
    const site = { ...definitions.current().site, defaultMeta: { title: { $bind: 'page.page_data.name' } } };
    const { pages } = loader({ '/api/page/privacy-policy': privacy, '/api/header_footer_common': common }, false, site);
    const page = await pages.loadPage(request('/privacy-policy'));
    expect(page.meta).toEqual({ title: 'Privacy Policy', keywords: undefined, description: undefined });
  });

  it("says which sections it left out and why, for the editor's preview only", async () => {
    const { content: _none, ...withoutContent } = privacy.page_data;
    const reads = { '/api/page/privacy-policy': { page_data: withoutContent } };
    const site = await loader(reads).pages.loadPage(request('/privacy-policy'));
    expect(site.sections.map((s) => s.block)).not.toContain('rich-text');
    expect(site.leftOut).toBeUndefined();
    const preview = await loader(reads, true).pages.loadPage(request('/privacy-policy'));
    expect(preview.sections).toEqual(site.sections);
    expect(preview.leftOut).toEqual([
      { position: 1, block: 'rich-text', reason: 'it has nothing to show: no content for "html"' },
      { position: 2, block: 'rich-text', reason: 'it has nothing to show: no content for "html"' },
    ]);
  });

  it('keeps the page number of a paged list (N > 1) in the canonical URL and drops every other parameter', async () => {
    const { pages } = loader({ '/api/page/blog': privacy, '/api/page/privacy-policy': privacy, '/api/blog_list': { data: [] } });
    const canonical = async (path: string) => (await pages.loadPage(request(path))).seo.canonical;
    expect(await canonical('/blog?page=3&cat_slug=news&utm_source=x')).toBe('https://www.example.com/blog?page=3');
    expect(await canonical('/blog?page=1')).toBe('https://www.example.com/blog');
    // A page without a paged list has one canonical URL, whatever the query says.
    expect(await canonical('/privacy-policy?page=3&utm_source=x')).toBe('https://www.example.com/privacy-policy');
  });

  it('answers 404 with the not-found page for an unknown route and for a required read the service does not have', async () => {
    const { pages, asked } = loader({});
    const unknown = await thrown(pages.loadPage(request('/no-such-page')));
    expect(unknown.status).toBe(404);
    expect((unknown.data as PageData).meta.title).toBeTruthy();
    const missing = await thrown(pages.loadPage(request('/blog/no-such-post')));
    expect(missing.status).toBe(404);
    expect(asked).toContain('/api/blog/no-such-post');
  });

  it('leaves a failed optional read out, still answers 200, and reports the page stale (not to be kept)', async () => {
    const { pages } = loader({ '/api/page/privacy-policy': privacy, '/api/header_footer_common': new ContentError('timeout', 'x') });
    const report = { stale: false };
    const page = await pages.loadPageResponse(request('/privacy-policy'), report);
    expect(page.meta.title).toBe('Privacy | Veltrix');
    expect(report).toEqual({ stale: true });
    const whole = loader({ '/api/page/privacy-policy': privacy, '/api/header_footer_common': common });
    const wholeReport = { stale: false };
    await whole.pages.loadPageResponse(request('/privacy-policy'), wholeReport);
    expect(wholeReport).toEqual({ stale: false });
  });

  it('reports a page stale when a read of it was served stale (the last good content, the service failing)', async () => {
    const { pages } = loader({ '/api/page/privacy-policy': servedStale(privacy), '/api/header_footer_common': common });
    const report = { stale: false };
    expect((await pages.loadPageResponse(request('/privacy-policy'), report)).meta.title).toBe('Privacy | Veltrix');
    expect(report).toEqual({ stale: true });
  });

  it('reports a 404 made while the layout read failed as stale, so it is not kept; an outage page is no stale page', async () => {
    const { pages } = loader({ '/api/header_footer_common': new ContentError('timeout', '/api/header_footer_common') });
    const report = { stale: false };
    const error = (await pages.loadPageResponse(request('/no-such-page'), report).catch((e: unknown) => e)) as { init?: ResponseInit };
    expect(error.init?.status).toBe(404);
    expect(error.init?.headers).toBeUndefined();
    expect(report).toEqual({ stale: true });
    const down = loader({ '/api/page/privacy-policy': new ContentError('unreachable', '/api/page/privacy-policy') });
    const downReport = { stale: false };
    expect((await thrown(down.pages.loadPageResponse(request('/privacy-policy'), downReport))).status).toBe(503);
    expect(downReport).toEqual({ stale: false });
  });

  it('maps an outage of every read to one status: 503 unreachable or slow, 502 a bad answer', async () => {
    const down = loader({ '/api/page/privacy-policy': new ContentError('unreachable', '/api/page/privacy-policy') });
    const unreachable = await thrown(down.pages.loadPage(request('/privacy-policy')));
    expect(unreachable.status).toBe(503);
    expect(unreachable.data).toMatchObject({ kind: 'content-unavailable' });
    const broken = loader({ '/api/page/privacy-policy': new ContentError('invalid-json', '/api/page/privacy-policy') });
    expect((await thrown(broken.pages.loadPage(request('/privacy-policy')))).status).toBe(502);
  });

  it('leaves no read unhandled when reads fail with something other than a ContentError: a 500 page, the process lives', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const pages = createPageLoader({
        definitions: () => definitions.current(),
        // Every read (the page's and the layout's) fails, each after its own delay.
        read: (path) =>
          new Promise((_resolve, reject) =>
            setTimeout(() => reject(new TypeError(`terminated ${path}`)), path.includes('common') ? 30 : 5),
          ),
        origin: 'https://www.example.com',
        imageBaseUrl: 'https://images.example.com/uploads/',
        log: { warn: () => undefined, error: () => undefined },
      });
      expect((await thrown(pages.loadPageResponse(request('/privacy-policy')))).status).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('asks to try again later: Retry-After on the 503 and 502 of a content outage', async () => {
    for (const kind of ['timeout', 'too-large'] as const) {
      const down = loader({ '/api/page/privacy-policy': new ContentError(kind, '/api/page/privacy-policy') });
      const error = (await down.pages.loadPage(request('/privacy-policy')).catch((e: unknown) => e)) as { init?: ResponseInit };
      expect(new Headers(error.init?.headers).get('Retry-After')).toMatch(/^\d+$/);
    }
  });

  it('reads the route parameters into the source path', async () => {
    const { pages, asked } = loader({});
    await thrown(pages.loadPage(request('/blog/a-b_1')));
    expect(asked).toContain('/api/blog/a-b_1');
  });

  it('checks route and declared query values before any read: one that does not fit is the not-found page', async () => {
    const { pages, asked } = loader({});
    // An unknown path reads only the layout's sources (for the chrome of the not-found page).
    await thrown(pages.loadPage(request('/no-such-page')));
    const layoutOnly = [...asked].sort();
    for (const path of ['/blog/a%20b', '/blog/%3Cscript%3E', '/careers/..%2Fx', '/blog?page=abc', '/blog?page=0', '/press?year=%3Cb%3E']) {
      asked.length = 0;
      expect((await thrown(pages.loadPage(request(path)))).status, path).toBe(404);
      expect([...asked].sort(), path).toEqual(layoutOnly);
    }
  });
});
