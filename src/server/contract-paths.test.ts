import { describe, expect, it } from 'vitest';
import { ContractPaths } from './contract-paths.ts';

const paths = new ContractPaths([
  { path: '/api/page/homepage' },
  { path: '/api/blog/{slug}' },
  { path: '/api/blog_list', query: { page: '', cat_slug: '' } },
  { path: '/api/contact_form', method: 'POST' },
]);

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
