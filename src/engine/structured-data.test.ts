import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject, type SourceFile } from '../../tools/lib/project.ts';
import { absoluteUrl, jsonLdText, organizationJsonLd, toJsonLd, type JsonLd, type StructuredDataContext } from './structured-data.ts';
import { formatIssue } from './validate/types.ts';
import type { DefinitionValidator } from './validate/validator.ts';

/**
 * schema.org / Google rich-result fields each kind must carry: the test's own table, so a mapper
 * that drops one fails here. A path "a.b" means a nested field; "[]" checks every list entry.
 */
const REQUIRED: Record<string, string[]> = {
  Organization: ['@context', 'name', 'url', 'logo'],
  BlogPosting: ['@context', 'headline', 'datePublished', 'image', 'author.name', 'publisher.name', 'mainEntityOfPage.@id'],
  Article: ['@context', 'headline', 'datePublished', 'image', 'author.name'],
  JobPosting: [
    '@context',
    'title',
    'description',
    'datePosted',
    'hiringOrganization.name',
    'hiringOrganization.@type',
    'jobLocation.@type',
    'jobLocation.address.@type',
    'jobLocation.address.addressLocality',
    'jobLocation.address.addressCountry',
  ],
  FAQPage: ['@context', 'mainEntity[].@type', 'mainEntity[].name', 'mainEntity[].acceptedAnswer.@type', 'mainEntity[].acceptedAnswer.text'],
  BreadcrumbList: ['@context', 'itemListElement[].@type', 'itemListElement[].position', 'itemListElement[].name', 'itemListElement[].item'],
};

function missing(value: unknown, path: string): boolean {
  const [head, ...rest] = path.split('.');
  if (head.endsWith('[]')) {
    const list = (value as Record<string, unknown>)[head.slice(0, -2)];
    return !Array.isArray(list) || list.length === 0 || list.some((entry) => missing(entry, rest.join('.')));
  }
  const next = (value as Record<string, unknown> | undefined)?.[head];
  if (rest.length === 0) return next === undefined || next === null || next === '';
  return missing(next, rest.join('.'));
}

function requiredMissing(item: JsonLd | undefined, type: string): string[] {
  expect(item, type).toBeDefined();
  expect(item!['@type']).toBe(type);
  return REQUIRED[type].filter((path) => missing(item, path));
}

const ctx: StructuredDataContext = {
  origin: 'https://www.veltrix.example',
  pageUrl: 'https://www.veltrix.example/blog/a-post',
  organization: {
    name: 'Veltrix',
    legalName: 'Halcombe Group',
    url: 'https://www.veltrix.example/',
    logo: 'https://www.veltrix.example/brand/logo.svg',
    sameAs: ['https://linkedin.example/company/veltrix'],
  },
};

describe('JSON-LD mappers', () => {
  it('Organization has name, url, logo and the social profiles', () => {
    const org = organizationJsonLd(ctx.organization);
    expect(requiredMissing(org, 'Organization')).toEqual([]);
    expect(org.sameAs).toEqual(['https://linkedin.example/company/veltrix']);
  });

  it.each(['BlogPosting', 'Article'])('%s has headline, date, absolute image, author and publisher', (type) => {
    const item = toJsonLd(type, { headline: 'A post', datePublished: '2026-02-18', image: '/uploads/a.jpg' }, ctx);
    expect(requiredMissing(item, type)).toEqual([]);
    expect(item!.image).toEqual(['https://www.veltrix.example/uploads/a.jpg']);
    expect(item!.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': ctx.pageUrl });
  });

  it('JobPosting has title, description, datePosted, hiringOrganization and jobLocation', () => {
    const item = toJsonLd(
      'JobPosting',
      {
        title: 'DevOps Engineer',
        description: '<p>Run it</p>',
        datePosted: '2026-02-18',
        identifier: 'VX-1',
        jobLocation: { city: 'Pune', country: 'India' },
      },
      ctx,
    );
    expect(requiredMissing(item, 'JobPosting')).toEqual([]);
    expect(item!.hiringOrganization).toMatchObject({ name: 'Veltrix', logo: ctx.organization.logo });
    expect(item!.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'India' },
    });
  });

  it('FAQPage has each question with its accepted answer; entries without one are left out', () => {
    const item = toJsonLd('FAQPage', { questions: [{ question: 'Why?', answer: '<p>Because.</p>' }, { question: 'Empty?' }] }, ctx);
    expect(requiredMissing(item, 'FAQPage')).toEqual([]);
    expect(item!.mainEntity).toHaveLength(1);
  });

  it('BreadcrumbList numbers its entries and makes every item absolute (the last one: this page)', () => {
    const item = toJsonLd(
      'BreadcrumbList',
      { items: [{ name: 'Home', url: '/' }, { name: 'Blog', url: '/blog' }, { name: 'A post' }] },
      ctx,
    );
    expect(requiredMissing(item, 'BreadcrumbList')).toEqual([]);
    expect((item!.itemListElement as JsonLd[]).map((e) => [e.position, e.item])).toEqual([
      [1, 'https://www.veltrix.example/'],
      [2, 'https://www.veltrix.example/blog'],
      [3, ctx.pageUrl],
    ]);
  });

  it.each([
    ['BlogPosting', { datePublished: '2026-01-01' }],
    ['JobPosting', { title: 'X', description: 'Y', datePosted: '2026-01-01', jobLocation: {} }],
    ['FAQPage', { questions: [] }],
    ['BreadcrumbList', { items: [] }],
  ])('%s is left out when the content lacks a required field', (type, props) => {
    expect(toJsonLd(type, props, ctx)).toBeUndefined();
  });

  it('escapes < so content cannot close the script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('absoluteUrl accepts paths and http(s) URLs only', () => {
    expect(absoluteUrl('/a', ctx.origin)).toBe('https://www.veltrix.example/a');
    expect(absoluteUrl('https://cdn.example/x.png', ctx.origin)).toBe('https://cdn.example/x.png');
    expect(absoluteUrl('javascript:alert(1)', ctx.origin)).toBeUndefined();
    expect(absoluteUrl('', ctx.origin)).toBeUndefined();
  });
});

describe('structured data and sitemap in definitions', () => {
  let validator: DefinitionValidator;
  let real: SourceFile[];
  let site: SourceFile;
  beforeAll(async () => {
    ({ validator, definitions: real, site } = await loadProject());
  });
  const edited = (name: string, from: string, to: string) =>
    real.map((f) => {
      if (f.file !== `page-definitions/${name}`) return f;
      if (!f.text.includes(from)) throw new Error(`${name} does not contain ${from}`);
      return { file: f.file, text: f.text.replace(from, to) };
    });
  const messages = (files: SourceFile[]) => validator.validate(files, site).issues.map(formatIssue);

  it('the shipped definitions declare BlogPosting, JobPosting, FAQPage and BreadcrumbList', () => {
    const { definitions } = validator.validate(real, site);
    const types = new Set(definitions.flatMap((d) => d.structuredData.map((s) => s.type)));
    for (const type of ['BlogPosting', 'JobPosting', 'FAQPage', 'BreadcrumbList']) expect(types).toContain(type);
  });

  it('checks structured-data binding paths against the content contract', () => {
    const files = edited(
      'blog-post.json',
      '"$bind": "post.post_data.posted_date"\n      },\n      "image"',
      '"$bind": "post.post_data.posted_dat"\n      },\n      "image"',
    );
    expect(messages(files)).toEqual([
      expect.stringMatching(
        /blog-post\.json:\d+:\d+ \/structuredData\/0\/datePublished\/\$bind: .*no field "posted_dat".*did you mean "posted_date"/,
      ),
    ]);
  });

  it('rejects unknown structured-data props and missing required ones', () => {
    expect(messages(edited('blog-post.json', '"type": "BlogPosting",', '"type": "BlogPosting", "headlin": "x",')).join('\n')).toMatch(
      /unknown property "headlin"/,
    );
    expect(
      messages(edited('faq-ccm-platform.json', '"type": "FAQPage",\n      "questions"', '"type": "FAQPage",\n      "question"')).join('\n'),
    ).toMatch(/must have "questions"/);
  });

  it('checks sitemap paths and parameters against the contract and the route', () => {
    expect(messages(edited('blog-post.json', '"each": "list.data"', '"each": "list.dta"')).join('\n')).toMatch(
      /\/sitemap\/each: .*no field "dta"/,
    );
    expect(messages(edited('career-detail.json', '"slug": "job_slug"', '"slug": "job_slag"')).join('\n')).toMatch(
      /\/sitemap\/params\/slug: .*no field "job_slag"/,
    );
    expect(messages(edited('career-detail.json', '"slug": "job_slug"', '"id": "job_slug"')).join('\n')).toMatch(
      /route parameter "id" is not in \/careers\/:slug/,
    );
  });
});
