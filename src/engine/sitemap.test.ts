import { describe, expect, it } from 'vitest';
import type { SitemapSpec } from '../generated/page-definition.ts';
import type { PageDefinition } from './validate/types.ts';
import { fillRoute, listEntries, sitemapPaths } from './sitemap.ts';

/** A content list of `total` entries, `size` a page, paged by the query parameter `param` (as a service names it). */
function pagedService(total: number, size: number, param: string) {
  const reads: string[] = [];
  const read = (path: string, query: URLSearchParams) => {
    reads.push(`${path}?${query}`);
    const page = Number(query.get(param) ?? 1);
    const slugs = Array.from({ length: total }, (_v, i) => `e${i + 1}`).slice((page - 1) * size, page * size);
    return Promise.resolve({ result: { items: slugs.map((slug) => ({ slug })), pages: Math.ceil(total / size) } });
  };
  return { read, reads };
}

const spec = (extra: Partial<SitemapSpec> = {}): SitemapSpec => ({
  source: { path: '/api/events', query: { kind: 'all' } },
  each: 'result.items',
  params: { slug: 'slug' },
  ...extra,
});

describe('sitemap paths', () => {
  it("reads every page of a list with the definition's own page parameter", async () => {
    const { read, reads } = pagedService(7, 3, 'p');
    const entries = await listEntries(spec({ pages: 'result.pages', pageParam: 'p' }), read);
    expect(entries).toHaveLength(7);
    expect(reads).toEqual(['/api/events?kind=all&p=1', '/api/events?kind=all&p=2', '/api/events?kind=all&p=3']);
  });

  it('reads one page of a list that declares no paging: the engine knows no parameter name', async () => {
    const { read, reads } = pagedService(7, 3, 'page');
    expect(await listEntries(spec(), read)).toHaveLength(3);
    expect(reads).toEqual(['/api/events?kind=all']);
  });

  it('reads on while pages come back full when the response has no page count', async () => {
    const { read, reads } = pagedService(7, 3, 'offset-page');
    const entries = await listEntries(spec({ pages: 'result.missing', pageParam: 'offset-page' }), read);
    expect(entries).toHaveLength(7);
    expect(reads).toHaveLength(3);
  });

  it('fills routes from entries, leaving out an entry without the value', () => {
    expect(fillRoute('/events/:slug', spec(), { slug: 'repair café' })).toBe('/events/repair%20caf%C3%A9');
    expect(fillRoute('/events/:slug', spec(), { slug: '' })).toBeUndefined();
    expect(fillRoute('/events/:slug', spec(), {})).toBeUndefined();
  });

  it('lists fixed routes as they are and parameterised ones once per entry, without the not-found page or repeats', async () => {
    const { read } = pagedService(2, 10, 'p');
    const definitions = [
      { routes: ['/', '/events'], sections: [] },
      { routes: ['/events/:slug'], sitemap: spec(), sections: [] },
      { routes: ['/events'], sections: [] },
      { routes: ['/gone'], notFound: true, sections: [] },
    ] as unknown as PageDefinition[];
    expect(await sitemapPaths(definitions, read)).toEqual(['/', '/events', '/events/e1', '/events/e2']);
  });
});
