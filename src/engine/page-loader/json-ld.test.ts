/** A page's JSON-LD: the Organization first, then what its definition declares, resolved and made safe. */
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../generated/site-config.ts';
import type { ResolvedChrome } from '../page-data.ts';
import { definitionOf, pageRun, projectIndex } from '../../../tests/helpers/page-run.ts';
import { organization, resolveJsonLd } from './json-ld.ts';

const origin = 'https://www.example.com';
const site = () => projectIndex().site as unknown as SiteConfig;
const chrome = { footer: { social: { linkedin: 'https://www.linkedin.com/company/x', twitter: '' } } } as unknown as ResolvedChrome;

describe('organization', () => {
  it("is the site's name, URL and logo, with the footer's social links", () => {
    expect(organization(site(), chrome, origin)).toEqual({
      name: site().name,
      legalName: site().legalName,
      url: `${origin}/`,
      logo: new URL(site().logo!.src, `${origin}/`).href,
      sameAs: ['https://www.linkedin.com/company/x'],
    });
  });
});

describe('resolveJsonLd', () => {
  const ctx = (pageUrl: string) => ({ origin, pageUrl, organization: organization(site(), chrome, origin) });
  const post = { post: { post_data: { name: 'First post', posted_date: '2024-05-01', image: 'blog/first.svg' } } };

  it('is the Organization alone for a page that declares nothing', () => {
    const items = resolveJsonLd(pageRun(), undefined, {}, ctx(`${origin}/x`)).map((json) => JSON.parse(json) as Record<string, unknown>);
    expect(items.map((item) => item['@type'])).toEqual(['Organization']);
  });

  it("adds the definition's structured data, resolved against the page's content, images made absolute", () => {
    const blogPost = definitionOf('/blog/:slug');
    const items = resolveJsonLd(pageRun(), blogPost, post, ctx(`${origin}/blog/first-post`)).map(
      (json) => JSON.parse(json) as Record<string, unknown>,
    );
    expect(items[0]['@type']).toBe('Organization');
    expect(items).toContainEqual(
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'First post',
        image: ['https://images.example.com/uploads/blog/first.svg'],
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${origin}/blog/first-post` },
      }),
    );
  });

  it('leaves out an item whose content lacks a required field, logged once, and escapes < in the JSON', () => {
    const blogPost = definitionOf('/blog/:slug');
    const run = pageRun();
    const items = resolveJsonLd(run, blogPost, { post: { post_data: {} } }, ctx(`${origin}/blog/x`));
    expect(items.map((json) => (JSON.parse(json) as { '@type': string })['@type'])).not.toContain('BlogPosting');
    expect(run.warnings).toContain(
      `[content] ${blogPost.file} /structuredData/0 (BlogPosting) left out: the content lacks a required field`,
    );
    const named = resolveJsonLd(pageRun(), blogPost, { post: { post_data: { name: '</script><b>' } } }, ctx(`${origin}/blog/x`));
    expect(named.join('')).not.toContain('</script>');
  });
});
