/** A definition's sources: the paths and queries they read, and their loading with failures left out. */
import { describe, expect, it } from 'vitest';
import { ContentError } from '../content-client.ts';
import { pageRun } from '../../../tests/helpers/page-run.ts';
import { loadSources, sourcePath, sourceQuery } from './sources.ts';

describe('sourcePath and sourceQuery', () => {
  it('fill in the brand, route parameters and query values, each encoded as one segment', () => {
    const scope = { params: { slug: 'a b/c' }, search: { year: '2024' } };
    expect(sourcePath({ path: '/api/page/why-{brand}' }, 'veltrix', scope)).toBe('/api/page/why-veltrix');
    expect(sourcePath({ path: '/api/blog/{params.slug}' }, 'veltrix', scope)).toBe('/api/blog/a%20b%2Fc');
    expect(sourcePath({ path: '/api/press/{search.year}/{search.none}' }, 'veltrix', scope)).toBe('/api/press/2024/');
  });

  it('resolve bound query values and leave out those without one', () => {
    const query = sourceQuery(
      { path: '/api/blog_list', query: { page: { $bind: 'search.page', default: '1' }, cat_slug: { $bind: 'search.cat' }, fixed: 'x' } },
      { search: {} },
    );
    expect(query.toString()).toBe('page=1&fixed=x');
  });
});

describe('loadSources', () => {
  const answers: Record<string, unknown> = {
    '/api/page/a': { data: { name: 'A' }, stale: false },
    '/api/page/b': { data: { name: 'B' }, stale: true },
    '/api/page/gone': new ContentError('status', '/api/page/gone', 404),
    '/api/page/slow': new ContentError('timeout', '/api/page/slow'),
  };
  const run = () =>
    pageRun({
      read: async (path) => {
        const answer = answers[path];
        if (answer instanceof ContentError) throw answer;
        return answer as { data: unknown; stale: boolean };
      },
    });

  it('reads every source, and notes on the run when a read was served stale', async () => {
    const fresh = run();
    expect(await loadSources(fresh, { a: { path: '/api/page/a' } }, {}, 'veltrix', 'x.json')).toEqual({
      values: { a: { name: 'A' } },
      failed: [],
    });
    expect(fresh.stale).toBe(false);
    const stale = run();
    const loaded = await loadSources(stale, { a: { path: '/api/page/a' }, b: { path: '/api/page/b' } }, {}, 'veltrix', 'x.json');
    expect(loaded.values).toEqual({ a: { name: 'A' }, b: { name: 'B' } });
    expect(stale.stale).toBe(true);
  });

  it('leaves a failed optional source out, logged once; an outage (not a 404) makes the page stale', async () => {
    const missing = run();
    const loaded = await loadSources(missing, { gone: { path: '/api/page/gone' } }, {}, 'veltrix', 'x.json');
    expect(loaded.values).toEqual({ gone: undefined });
    expect(loaded.failed.map((f) => f.name)).toEqual(['gone']);
    expect(missing.stale).toBe(false);
    const down = run();
    await loadSources(down, { slow: { path: '/api/page/slow' } }, {}, 'veltrix', 'x.json');
    await loadSources(down, { slow: { path: '/api/page/slow' } }, {}, 'veltrix', 'x.json');
    expect(down.stale).toBe(true);
    expect(down.warnings).toEqual(['[content] x.json: source "slow" left out: content service did not answer /api/page/slow in time']);
  });

  it('throws the failure of a required source, and anything that is no ContentError', async () => {
    await expect(loadSources(run(), { gone: { path: '/api/page/gone', required: true } }, {}, 'veltrix', 'x.json')).rejects.toMatchObject({
      notFound: true,
    });
    const broken = pageRun({ read: () => Promise.reject(new TypeError('bug')) });
    await expect(loadSources(broken, { a: { path: '/api/page/a' } }, {}, 'veltrix', 'x.json')).rejects.toThrow('bug');
  });
});
