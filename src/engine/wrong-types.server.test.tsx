/**
 * One wrongly typed content field (an object where a text is expected, a list of objects for a
 * sentence) must not take the page down: the page loader leaves that value out as if the content
 * did not have it (the binding's other paths and default apply), logs it once with the file and
 * JSON path, and the page renders — server-side, as the production server renders it.
 */
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../../tools/content-service/server.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../server/config.ts';
import { PageShell } from './chrome/page-shell.tsx';
import { loadDefinitions, type Definitions } from './definitions.server.ts';
import type { PageData } from './page-data.ts';
import { createPageLoader } from './page-loader.server.ts';
import { Sections } from './render-sections.tsx';
import { blockNames, loadBlocks } from '../blocks/registry.ts';

let service: RunningContentService;
let definitions: Definitions;
beforeAll(async () => {
  service = await startContentService({ port: 0, sample: 'full' });
  // As the page route's loader does before the server renders.
  await loadBlocks(blockNames);
  definitions = loadDefinitions({ fromDisk: true, definitionsDir: 'page-definitions', production: false, allowInvalid: true });
});
afterAll(() => service?.close());

/** Sets `value` at a dotted path (numbers index lists) of a content answer. */
function setAt(answer: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = answer as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  if (!(keys.at(-1)! in at)) throw new Error(`the sample has no ${path}`);
  at[keys.at(-1)!] = value;
}

/** A loader reading the reference service, with `mutations` (content path → field path → value) applied. */
function loader(mutations: Record<string, Record<string, unknown>> = {}) {
  const warnings: string[] = [];
  const pages = createPageLoader({
    definitions: () => definitions.current(),
    read: async (path, query) => {
      const response = await fetch(`${service.url}${path}${query.size ? `?${query}` : ''}`, {
        headers: { Authorization: `Basic ${Buffer.from(`${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`).toString('base64')}` },
      });
      const answer: unknown = await response.json();
      for (const [field, value] of Object.entries(mutations[path] ?? {})) setAt(answer, field, value);
      return { data: answer, stale: false };
    },
    origin: 'https://www.example.com',
    imageBaseUrl: 'https://images.example.com/uploads/',
    log: { warn: (line) => warnings.push(line), error: (...args) => warnings.push(args.join(' ')) },
  });
  return { pages, warnings };
}

/** The page as the server renders it (header, sections, footer). Throws what React throws. */
function render(page: PageData, url: string): string {
  const Stub = createRoutesStub([
    {
      path: new URL(url, 'http://x').pathname,
      Component: () => (
        <PageShell layout={page.layout} chrome={page.chrome}>
          <Sections sections={page.sections} />
        </PageShell>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
}

const blocksOf = (html: string) => [...html.matchAll(/data-block="([^"]+)"/g)].map((m) => m[1]);

const CASES = [
  {
    url: '/contact',
    path: '/api/page/contact-us',
    field: 'contact_data.address.0.title',
    value: {},
    pointer: '/sections/2/offices/0/title',
  },
  { url: '/blog', path: '/api/blog_list', field: 'list.data.0.name', value: {}, pointer: '/sections/3/items/0/title' },
  { url: '/privacy-policy', path: '/api/page/privacy-policy', field: 'page_data.name', value: {}, pointer: '/sections/0/heading' },
  { url: '/blog', path: '/api/page/blog', field: 'page_data.sub_text2', value: [{}], pointer: '/sections/0/text' },
];

describe('a wrongly typed content field', () => {
  for (const { url, path, field, value, pointer } of CASES) {
    it(`${path} ${field} = ${JSON.stringify(value)}: ${url} renders every section, without that value, and says so once`, async () => {
      const good = render(await loader().pages.loadPage(new Request(`https://internal.local${url}`)), url);
      const { pages, warnings } = loader({ [path]: { [field]: value } });
      const page = await pages.loadPage(new Request(`https://internal.local${url}`));
      await pages.loadPage(new Request(`https://internal.local${url}`));
      const html = render(page, url);
      expect(blocksOf(html)).toEqual(blocksOf(good));
      const said = warnings.filter((line) => line.includes(pointer));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(new RegExp(`page-definitions/\\S+\\.json ${pointer}\\b`));
    });
  }

  it("falls back to the binding's next path or default: /privacy-policy keeps a banner heading", async () => {
    const { pages } = loader({ '/api/page/privacy-policy': { 'page_data.name': {} } });
    const banner = (await pages.loadPage(new Request('https://internal.local/privacy-policy'))).sections[0];
    expect(typeof banner.props.heading).toBe('string');
  });

  it('in the footer: a wrongly typed bound value gives way to the default of site.config.json, or is left out', async () => {
    const { pages, warnings } = loader({
      '/api/header_footer_common': {
        'common.section_contact_us.name': {},
        'footer.social_links.linkedin_link': [{}],
        'footer.copyright': 7,
      },
    });
    const page = await pages.loadPage(new Request('https://internal.local/privacy-policy'));
    const html = render(page, '/privacy-policy');
    expect(page.chrome.footer.contact?.heading).toBe('Get in touch');
    expect(page.chrome.footer.social.linkedin).toBeUndefined();
    expect(html).toContain('Get in touch');
    expect(warnings.filter((line) => line.includes('site.config.json /footer/social/linkedin'))).toHaveLength(1);
  });

  it("in meta and structured data: the binding's next path is used, a wrong type is left out", async () => {
    const post = '/blog/cloud-native-billing-for-tower-companies';
    const { pages } = loader({ [`/api${post}`]: { 'post_data.page_title': {}, 'post_data.posted_date': [{}] } });
    const page = await pages.loadPage(new Request(`https://internal.local${post}`));
    expect(page.meta.title).toBe('Why Cloud-Native Billing Matters for Tower Companies');
    const posting = page.jsonLd.map((item) => JSON.parse(item) as Record<string, unknown>).find((item) => item['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: 'Why Cloud-Native Billing Matters for Tower Companies' });
    expect(posting).not.toHaveProperty('datePublished');
    render(page, post);
  });
});
