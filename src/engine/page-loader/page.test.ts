/** One request's page: the definition its URL matches, its sources, and the page made of them — the not-found page by the same steps. */
import { describe, expect, it } from 'vitest';
import { ContentError } from '../content-client.ts';
import type { ResolvedChrome } from '../page-data.ts';
import { pageRun, projectIndex } from '../../../tests/helpers/page-run.ts';
import { loadPage, pageData } from './page.ts';
import type { Run } from './run.ts';

const privacy = { page_data: { name: 'Privacy Policy', page_title: 'Privacy | Veltrix', content: '<p>We keep little.</p>' } };
const common = { footer: { social_links: { linkedin_link: 'https://www.linkedin.com/company/x' } } };

/** A run whose reads answer from `answers` (a ContentError is thrown, anything missing a 404). */
function reading(answers: Record<string, unknown>, overrides: Partial<Run> = {}) {
  const asked: string[] = [];
  const run = pageRun({
    read: async (path) => {
      asked.push(path);
      const answer = answers[path];
      if (answer instanceof ContentError) throw answer;
      if (answer === undefined) throw new ContentError('status', path, 404);
      return { data: structuredClone(answer), stale: false };
    },
    ...overrides,
  });
  return { run, asked };
}
const request = (path: string) => new Request(`https://internal.local${path}`);

describe('pageData', () => {
  it('makes the not-found page by the same steps as any page, differing only where a 404 must', () => {
    const notFound = projectIndex().notFound!;
    const chrome = { name: 'Veltrix', footer: { social: {} } } as unknown as ResolvedChrome;
    const url = new URL('https://internal.local/gone?page=2');
    const asPage = pageData(pageRun({ leftOut: [] }), notFound, {}, chrome, { url, declared: new Map(), notFound: false });
    const as404 = pageData(pageRun({ leftOut: [] }), notFound, {}, chrome, { url, declared: new Map(), notFound: true });
    const { seo, jsonLd, leftOut, scrollTo, meta, ...same } = asPage;
    expect(as404).toMatchObject(same);
    expect(as404.sections.map((s) => s.block)).toEqual(['notice']);
    expect(meta.title).toBe('Sorry, Page not Found');
    expect(as404.meta.title).toBe('Sorry, Page not Found');
    // It stands for no URL: no canonical, and its JSON-LD is the Organization alone (its page URL the path asked for).
    expect(seo.canonical).toBe('https://www.example.com/gone');
    expect(as404.seo).toEqual({ ...seo, canonical: undefined });
    expect(as404.jsonLd).toEqual(jsonLd.slice(0, 1));
    expect(leftOut).toEqual([]);
    expect(scrollTo).toBeUndefined();
    expect(Object.keys(as404)).not.toContain('leftOut');
    expect(Object.keys(as404)).not.toContain('scrollTo');
  });

  it('makes a not-found page of nothing when the site has no not-found definition', () => {
    const chrome = { name: 'Veltrix', footer: { social: {} } } as unknown as ResolvedChrome;
    const page = pageData(pageRun(), undefined, {}, chrome, {
      url: new URL('https://internal.local/gone'),
      declared: new Map(),
      notFound: true,
    });
    expect(page).toMatchObject({ layout: 'main', meta: { title: 'Page not found' }, sections: [] });
  });
});

describe('loadPage', () => {
  it('is 200 with the matched page, its layout and page sources read in parallel', async () => {
    const { run, asked } = reading({ '/api/page/privacy-policy': privacy, '/api/header_footer_common': common });
    const { status, page } = await loadPage(run, request('/privacy-policy'));
    expect(status).toBe(200);
    expect(page.meta.title).toBe('Privacy | Veltrix');
    expect(page.chrome.footer.social).toMatchObject({ linkedin: 'https://www.linkedin.com/company/x' });
    expect(asked.sort()).toEqual(['/api/header_footer_common', '/api/page/privacy-policy']);
    expect(run.stale).toBe(false);
  });

  it("is 404 with the not-found page for an unknown URL and for a required read the service does not have, with the layout's content", async () => {
    for (const path of ['/no-such-page', '/blog/no-such-post']) {
      const { run } = reading({ '/api/header_footer_common': common });
      const { status, page } = await loadPage(run, request(path));
      expect(status, path).toBe(404);
      expect(
        page.sections.map((s) => s.block),
        path,
      ).toEqual(['notice']);
      expect(page.seo.canonical, path).toBeUndefined();
      expect(page.chrome.footer.social, path).toMatchObject({ linkedin: 'https://www.linkedin.com/company/x' });
    }
  });

  it('notes a stale page on the run when an optional read failed, and throws an outage of every read (503)', async () => {
    const outage = new ContentError('unreachable', '/api/header_footer_common');
    const { run } = reading({ '/api/page/privacy-policy': privacy, '/api/header_footer_common': outage });
    expect((await loadPage(run, request('/privacy-policy'))).status).toBe(200);
    expect(run.stale).toBe(true);
    const down = reading({ '/api/page/privacy-policy': new ContentError('unreachable', '/api/page/privacy-policy') });
    await expect(loadPage(down.run, request('/privacy-policy'))).rejects.toMatchObject({ init: { status: 503 } });
  });

  it("tells onRoute the route template a request matched, or 'not-found'", async () => {
    const routes: string[] = [];
    const { run } = reading({}, { onRoute: (route) => routes.push(route) });
    await loadPage(run, request('/blog/some-post'));
    await loadPage(run, request('/no-such-page'));
    expect(routes).toEqual(['/blog/:slug', 'not-found']);
  });
});
