/** A page to search engines and sharers: one canonical URL, its Open Graph type and image from marks in the block schemas. */
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../generated/site-config.ts';
import type { ResolvedSection } from '../page-data.ts';
import type { Rule } from '../page-params.ts';
import { pageRun } from '../../../tests/helpers/page-run.ts';
import { canonicalUrl, pageSeo } from './seo.ts';

const origin = 'https://www.example.com';

describe('canonicalUrl', () => {
  it('is origin and path, keeping only the page number (N > 1) of a declared paged list', () => {
    const declared = new Map<string, Rule>([
      ['page', 'page-number'],
      ['cat_slug', 'value'],
    ]);
    const at = (path: string, rules: ReadonlyMap<string, Rule> = declared) => canonicalUrl(origin, new URL(path, origin), rules);
    expect(at('/blog?page=3&cat_slug=news&utm_source=x')).toBe(`${origin}/blog?page=3`);
    expect(at('/blog?page=1')).toBe(`${origin}/blog`);
    expect(at('/privacy-policy?page=3', new Map())).toBe(`${origin}/privacy-policy`);
  });
});

describe('pageSeo', () => {
  const site = { name: 'Veltrix' } as SiteConfig;
  const section = (block: string, props: Record<string, unknown>) => ({ block, key: block, props }) as ResolvedSection;

  it("takes the first x-page-image value as the image and the first x-page-type as the type, else 'website'", () => {
    const run = pageRun();
    const sections = [
      section('notice', { heading: 'N' }),
      section('banner', { heading: 'B', image: '' }),
      section('article', { title: 'A', image: 'https://images.example.com/a.png' }),
      section('banner', { heading: 'C', image: 'https://images.example.com/c.png' }),
    ];
    expect(pageSeo(run, sections, site, origin, `${origin}/x`)).toEqual({
      canonical: `${origin}/x`,
      siteName: 'Veltrix',
      type: 'article',
      image: 'https://images.example.com/a.png',
    });
    expect(pageSeo(run, [section('banner', { image: '/brand/hero.svg' })], site, origin)).toEqual({
      canonical: undefined,
      siteName: 'Veltrix',
      type: 'website',
      image: `${origin}/brand/hero.svg`,
    });
  });
});
