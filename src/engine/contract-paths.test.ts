import { describe, expect, it } from 'vitest';
import { compileRoutes, loadServiceContract, matchRoute, siteBrand } from '../../tools/content-service/contract.ts';
import { ContractPaths, endpointAssumption, responseSchemaId } from './contract-paths.ts';

const paths = new ContractPaths(
  [
    { path: '/api/page/homepage' },
    { path: '/api/blog/{slug}' },
    { path: '/api/blog_list', query: { page: '', cat_slug: '' } },
    { path: '/api/contact_form', method: 'POST' },
  ],
  'acme',
);

describe('contract paths', () => {
  it('matches literal paths exactly and rebuilds parameters from their checked, decoded value', () => {
    expect(paths.match('/api/page/homepage')).toMatchObject({ endpoint: '/api/page/homepage', path: '/api/page/homepage' });
    expect(paths.match('/api/blog/cloud-billing_2')).toMatchObject({
      path: '/api/blog/cloud-billing_2',
      params: { slug: 'cloud-billing_2' },
    });
    expect(paths.match('/api/blog/%63loud')).toMatchObject({ path: '/api/blog/cloud' });
    expect(paths.match('/api/contact_form')).toBeUndefined(); // POST endpoints are not reads
  });

  it('refuses traversal in every spelling', () => {
    for (const raw of [
      '/api/blog/..',
      '/api/blog/..\\page\\homepage',
      '/api/blog/..%5Cpage%5Chomepage',
      '/api/blog/%2e%2e',
      '/api/blog/..%2Fusers',
      '/api/blog/%252e%252e',
      '/api/blog/%E2%80%A5',
      '/api/blog/%EF%BC%8E%EF%BC%8E',
      '/api/blog/%C0%AE',
      '/api/blog/a%00',
      `/api/blog/${'a'.repeat(201)}`,
      '/api/page/homepage/..',
      '/api/page/./homepage',
      '/api//page/homepage',
      '/API/page/homepage',
    ]) {
      expect(paths.match(raw), raw).toBeUndefined();
    }
  });

  it('keeps only the query parameters the endpoint declares', () => {
    const match = paths.match('/api/blog_list')!;
    expect(paths.query(match, new URLSearchParams('page=2&utm_source=x&cat_slug=&gclid=1')).toString()).toBe('page=2');
  });
});

describe('one contract module for every reader', () => {
  const contract = new ContractPaths(
    [
      { path: '/api/page/{slug}', schema: 'page-any.schema.json' },
      { path: '/api/page/homepage', schema: 'page-homepage.schema.json', 'x-assumed': 'SPEC names no such page read' },
      { path: '/api/blog/{slug}', schema: 'blog-post.schema.json' },
      { path: '/api/contact_form', method: 'POST', schema: 'post-submission-response.schema.json' },
    ],
    'acme',
  );

  it('prefers a literal path over a {name} path that matches too, and keeps the contract order for listing', () => {
    expect(contract.match('/api/page/homepage')?.endpoint).toBe('/api/page/homepage');
    expect(contract.match('/api/page/team')).toMatchObject({ endpoint: '/api/page/{slug}', params: { slug: 'team' } });
    expect(contract.endpoints.map((e) => e.path)).toEqual(['/api/page/{slug}', '/api/page/homepage', '/api/blog/{slug}']);
    expect(contract.match('api/page/homepage')).toBeUndefined();
  });

  it("matches a definition's source path, placeholders and all, to its endpoint", () => {
    expect(contract.source('/api/blog/{params.slug}')?.path).toBe('/api/blog/{slug}');
    expect(contract.source('/api/blog/some-post')?.path).toBe('/api/blog/{slug}');
    expect(contract.source('/api/blog/')).toBeUndefined();
    expect(contract.source('/api/contact_form')).toBeUndefined(); // POST: not a read
    expect(contract.source('x/api/blog/a')).toBeUndefined();
    expect(contract.hint('/api/blogs/{slug}')).toBe(' (did you mean "/api/blog/{slug}"?)');
  });

  it('names the response schema and the assumption of an endpoint', () => {
    const home = contract.source('/api/page/homepage')!;
    expect(responseSchemaId(home)).toBe('https://schemas.local/content/page-homepage.schema.json');
    expect(endpointAssumption(home)).toBe('GET /api/page/homepage: SPEC names no such page read');
    expect(endpointAssumption(contract.source('/api/blog/x')!)).toBeUndefined();
  });

  it('is what the reference content service routes with: the same paths, equally strict, for any brand', () => {
    const service = loadServiceContract();
    for (const brand of [siteBrand(), 'northwind']) {
      const routes = compileRoutes(service, brand);
      const site = new ContractPaths(service.endpoints, brand);
      for (const raw of [
        '/api/blog/cloud-native-billing-for-tower-companies',
        '/api/blog/a.b',
        '/api/blog/%2e%2e',
        '/api/page/homepage',
        `/api/page/why-${brand}`,
        '/api/page/why-{brand}',
        '/api/nope',
      ]) {
        expect(matchRoute(routes, raw)?.route.endpoint, raw).toBe(site.match(raw)?.entry);
      }
      expect(site.match(`/api/page/why-${brand}`)?.endpoint).toBe('/api/page/why-{brand}');
    }
  });
});

describe('{brand} in contract paths', () => {
  const endpoints = [{ path: '/api/page/why-{brand}' }, { path: '/api/page/{slug}' }];
  const northwind = new ContractPaths(endpoints, 'northwind');

  it('is the brand the matcher is made with, never a parameter', () => {
    expect(northwind.match('/api/page/why-northwind')).toMatchObject({
      endpoint: '/api/page/why-{brand}',
      path: '/api/page/why-northwind',
      params: {},
    });
    // Another brand's path is no read of this one (here: any page, the {slug} endpoint).
    expect(northwind.match('/api/page/why-veltrix')?.endpoint).toBe('/api/page/{slug}');
    expect(new ContractPaths([endpoints[0]], 'northwind').match('/api/page/why-veltrix')).toBeUndefined();
    for (const raw of ['/api/page/why-{brand}', '/api/page/why-%7Bbrand%7D', '/api/page/why-NORTHWIND', '/api/page/why-northwind/']) {
      expect(new ContractPaths([endpoints[0]], 'northwind').match(raw), raw).toBeUndefined();
    }
  });

  it("matches a definition's source path written with {brand} or with the brand", () => {
    expect(northwind.source('/api/page/why-{brand}')?.path).toBe('/api/page/why-{brand}');
    expect(northwind.source('/api/page/why-northwind')?.path).toBe('/api/page/why-{brand}');
    expect(new ContractPaths([endpoints[0]], 'northwind').source('/api/page/why-veltrix')).toBeUndefined();
  });
});
