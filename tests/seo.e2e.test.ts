/**
 * SEO over HTTP against the production build: canonical, Open Graph and Twitter tags in <head>,
 * JSON-LD per kind, robots.txt and a sitemap listing every route of the definitions and every
 * slug of the content lists. The site runs with its own SITE_ORIGIN, so absolute URLs are checked.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createValidator, loadDefinitionFiles, loadSiteFile } from '../tools/lib/project.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const ORIGIN = 'https://www.veltrix.example';
const content = inject('contentUrl');
let site: ChildSite;

beforeAll(async () => {
  site = await spawnSite({ CONTENT_API_BASE: content, EMBEDDED_CONTENT_SERVICE: '0', SITE_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await site?.stop();
});

async function page(path: string) {
  const response = await fetch(`${site.url}${path}`);
  const html = await response.text();
  const document = new JSDOM(html).window.document;
  const meta = (key: string) =>
    document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
  const ofType = (type: string) => jsonLd.find((item) => item['@type'] === type);
  return {
    status: response.status,
    document,
    meta,
    jsonLd,
    ofType,
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  };
}

/** The first link on a list page to a detail route, e.g. /blog/<slug>. */
async function firstLink(path: string, prefix: string): Promise<string> {
  const { document } = await page(path);
  const href = [...document.querySelectorAll('a[href]')]
    .map((a) => a.getAttribute('href')!)
    .find((h) => h.startsWith(prefix) && h.length > prefix.length);
  if (!href) throw new Error(`no link to ${prefix}… on ${path}`);
  return href;
}

describe('<head> tags', () => {
  it('home: canonical, Open Graph, Twitter card and the Organization JSON-LD', async () => {
    const home = await page('/');
    expect(home.canonical).toBe(`${ORIGIN}/`);
    expect(home.meta('og:url')).toBe(`${ORIGIN}/`);
    expect(home.meta('og:type')).toBe('website');
    expect(home.meta('og:site_name')).toBe('Veltrix');
    expect(home.meta('og:title')).toBe(home.document.title);
    expect(home.meta('og:description')).toBeTruthy();
    expect(home.meta('twitter:card')).toMatch(/^summary/);
    expect(home.meta('robots')).toBeUndefined();
    const org = home.ofType('Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Veltrix', url: `${ORIGIN}/`, logo: `${ORIGIN}/brand/logo.svg` });
    expect(org!.sameAs).toContain('https://linkedin.example/company/veltrix');
  });

  it('keeps only ?page=N (N > 1) in the canonical URL', async () => {
    expect((await page('/blog?page=2&category=x')).canonical).toBe(`${ORIGIN}/blog?page=2`);
    expect((await page('/blog?page=1')).canonical).toBe(`${ORIGIN}/blog`);
  });

  it('the 404 page answers 404 (which keeps it out of indexes), has a description and no canonical', async () => {
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.meta('description')).toMatch(/does not exist/);
    expect(missing.canonical).toBeUndefined();
  });
});

describe('JSON-LD', () => {
  it('a blog post: BlogPosting with headline, date, image and author, and its breadcrumbs', async () => {
    const path = await firstLink('/blog', '/blog/');
    const post = await page(path);
    expect(post.status).toBe(200);
    expect(post.meta('og:type')).toBe('article');
    expect(post.meta('og:image')).toMatch(/^https?:\/\//);
    expect(post.meta('twitter:card')).toBe('summary_large_image');
    const blog = post.ofType('BlogPosting')!;
    expect(blog).toBeDefined();
    for (const field of ['headline', 'datePublished', 'image', 'author', 'publisher']) expect(blog[field], field).toBeTruthy();
    expect(blog.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': `${ORIGIN}${path}` });
    const crumbs = post.ofType('BreadcrumbList')!.itemListElement as Record<string, unknown>[];
    expect(crumbs.map((c) => [c.position, c.item])).toEqual([
      [1, `${ORIGIN}/`],
      [2, `${ORIGIN}/blog`],
      [3, `${ORIGIN}${path}`],
    ]);
    expect(post.ofType('Organization')).toBeDefined();
  });

  it('a career detail: JobPosting with title, description, datePosted, hiringOrganization and jobLocation', async () => {
    const job = (await page(await firstLink('/careers', '/careers/'))).ofType('JobPosting')!;
    expect(job).toBeDefined();
    for (const field of ['title', 'description', 'datePosted']) expect(job[field], field).toBeTruthy();
    expect(job.hiringOrganization).toMatchObject({ '@type': 'Organization', name: 'Veltrix' });
    expect(job.jobLocation).toMatchObject({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: expect.any(String), addressCountry: expect.any(String) },
    });
  });

  it('an FAQ page: FAQPage whose questions all have an accepted answer', async () => {
    const faq = (await page('/faq-ccm-platform')).ofType('FAQPage')!;
    const questions = faq.mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expect(q['@type']).toBe('Question');
      expect(q.name).toBeTruthy();
      expect(q.acceptedAnswer['@type']).toBe('Answer');
      expect(q.acceptedAnswer.text).toBeTruthy();
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows crawling, keeps out /api/ and /__catalog, and names the sitemap', async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/__catalog$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, 'm'));
  });

  it('sitemap.xml is valid XML listing every definition route and every blog slug', async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    // jsdom's XML parser throws on a document that is not well-formed.
    const document = new JSDOM(await response.text(), { contentType: 'application/xml' }).window.document;
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = [...document.getElementsByTagName('loc')].map((loc) => loc.textContent!);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);
    const listed = new Set(locs.map((loc) => loc.slice(ORIGIN.length)));

    const { definitions } = (await createValidator()).validate(await loadDefinitionFiles(), await loadSiteFile());
    const routes = definitions.flatMap((d) => d.routes);
    for (const route of routes) {
      if (route.includes(':')) {
        const pattern = new RegExp(`^${route.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
        expect(
          [...listed].some((p) => pattern.test(p)),
          route,
        ).toBe(true);
      } else expect(listed.has(route), route).toBe(true);
    }

    const slugs: string[] = [];
    for (let n = 1, last = 1; n <= last; n++) {
      const body = (await (await fetch(`${site.url}/api/blog_list?page=${n}`)).json()) as {
        list: { last_page: number; data: { slug: string }[] };
      };
      last = body.list.last_page;
      slugs.push(...body.list.data.map((d) => d.slug));
    }
    expect(slugs.length).toBeGreaterThan(9);
    for (const slug of slugs) expect(listed.has(`/blog/${slug}`), slug).toBe(true);
  });
});
