import { describe, expect, it } from 'vitest';
import { resolveBind } from './bindings.ts';
import {
  fillSourcePath,
  hasPlaceholder,
  placeholder,
  placeholderPaths,
  sourceParam,
  sourceParams,
  substitute,
  tokenize,
} from './placeholders.ts';

describe('placeholders', () => {
  it('cut a text into literal pieces and placeholders; an unpaired or nested brace is text', () => {
    expect(tokenize('/blog/{item.slug}?x={ search.x }')).toEqual([
      { text: '/blog/' },
      { written: '{item.slug}', inner: 'item.slug', path: 'item.slug' },
      { text: '?x=' },
      { written: '{ search.x }', inner: ' search.x ', path: 'search.x' },
    ]);
    expect(tokenize('{a}{b}')).toEqual([
      { written: '{a}', inner: 'a', path: 'a' },
      { written: '{b}', inner: 'b', path: 'b' },
    ]);
    expect(tokenize('{} { {x} }')).toEqual([{ text: '{} { ' }, { written: '{x}', inner: 'x', path: 'x' }, { text: ' }' }]);
    expect(tokenize('')).toEqual([]);
  });

  it('list the paths they read, trimmed, in order', () => {
    expect(placeholderPaths('{ page.a } and {item.b}{page.a}')).toEqual(['page.a', 'item.b', 'page.a']);
    expect(placeholderPaths('none {}')).toEqual([]);
    expect([hasPlaceholder('/about-{brand}'), hasPlaceholder('/about'), hasPlaceholder('{}')]).toEqual([true, false, false]);
  });

  it('substitute what fill gives, and keep as written what it gives nothing for', () => {
    expect(substitute('/blog/{ item.slug }/{other}', (path) => (path === 'item.slug' ? 'a%20b' : undefined))).toBe('/blog/a%20b/{other}');
    // The replacement is text: no $& or $1 patterns.
    expect(substitute('{x}', () => '$&$1')).toBe('$&$1');
  });

  it('are written one way', () => {
    expect(placeholder('item.slug')).toBe('{item.slug}');
    expect(sourceParam('params', 'slug')).toBe('{params.slug}');
    expect(sourceParam('search', 'id')).toBe('{search.id}');
    expect(placeholderPaths(`${placeholder('a.b')}-${sourceParam('params', 'c')}`)).toEqual(['a.b', 'params.c']);
  });
});

describe('source path parameters', () => {
  it('are {params.<name>} or {search.<name>}, written exactly; anything else is not well formed', () => {
    expect(sourceParams('/api/blog/{params.slug}?q={search.id}')).toEqual([
      { ref: 'params.slug', root: 'params', name: 'slug', wellFormed: true },
      { ref: 'search.id', root: 'search', name: 'id', wellFormed: true },
    ]);
    expect(sourceParams('/{item.slug}/{params}/{params.}/{params.a.b}/{ params.x}/{brand}').map((p) => [p.ref, p.wellFormed])).toEqual([
      ['item.slug', false],
      ['params', false],
      ['params.', false],
      ['params.a.b', false],
      [' params.x', false],
      ['brand', false],
    ]);
  });

  it('are filled in URL-encoded (a missing value empty); other placeholders stay', () => {
    const values: Record<string, Record<string, string>> = { params: { slug: 'a b/c' }, search: { id: '7' } };
    const fill = (path: string) => fillSourcePath(path, (root, name) => values[root][name]);
    expect(fill('/api/blog/{params.slug}')).toBe('/api/blog/a%20b%2Fc');
    expect(fill('/api/job/{search.id}/{params.none}')).toBe('/api/job/7/');
    expect(fill('/api/{item.x}/{params.}/{brand}')).toBe('/api/{item.x}/{params.}/{brand}');
  });
});

describe('the $bind rule', () => {
  it('takes the first path that gives a value, else the default', () => {
    const values: Record<string, string> = { b: 'B', c: 'C' };
    const take = (path: string) => values[path];
    expect(resolveBind({ $bind: ['a', 'b', 'c'], default: 'D' }, take)).toEqual({ index: 1, path: 'b', value: 'B' });
    expect(resolveBind({ $bind: 'c' }, take)).toEqual({ index: 0, path: 'c', value: 'C' });
    expect(resolveBind({ $bind: ['a', 'x'], default: 'D' }, take)).toEqual({ value: 'D' });
    expect(resolveBind({ $bind: 'a' }, take)).toEqual({ value: undefined });
  });

  it('stops at the winner: later paths are not read', () => {
    const read: string[] = [];
    resolveBind({ $bind: ['a', 'b', 'c'] }, (path) => {
      read.push(path);
      return path === 'b' ? 1 : undefined;
    });
    expect(read).toEqual(['a', 'b']);
  });
});
