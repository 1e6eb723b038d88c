import { describe, expect, it, vi } from 'vitest';
import {
  BINDING_KEYS,
  bindingPaths,
  containsBinding,
  getPath,
  resolve,
  visitBinding,
  type BindingNode,
  type BindingVisitor,
} from './bindings.ts';

const scope = {
  page: {
    page_data: { name: '', sub_text: 'Insights', sub_text2: 'From the field', count: 0 },
    list: [
      { name: 'A', slug: 'a b', type: 'blog' },
      { name: 'B', slug: 'b', type: 'white-paper-case-study' },
      { name: 'C', slug: 'c', type: 'other' },
    ],
  },
  params: { slug: 'x' },
  search: {},
  site: { brand: 'veltrix' },
};

describe('resolve', () => {
  it('counts a list with $count (and gives the default, or nothing, for anything else)', () => {
    expect(resolve({ $count: 'page.list' }, scope)).toBe(3);
    expect(resolve({ $count: 'page.page_data.name' }, scope)).toBeUndefined();
    expect(resolve({ $count: 'page.missing', default: 0 }, scope)).toBe(0);
  });

  it('returns literals unchanged', () => {
    expect(resolve({ a: 1, b: ['x', true], c: null }, scope)).toEqual({ a: 1, b: ['x', true], c: null });
  });

  it('reads a path, with list indexes', () => {
    expect(resolve({ $bind: 'page.page_data.sub_text' }, scope)).toBe('Insights');
    expect(resolve({ $bind: 'page.list.1.name' }, scope)).toBe('B');
    expect(getPath(scope, 'page.list.9.name')).toBeUndefined();
  });

  it('takes the first path with a value and treats "" as no value', () => {
    expect(resolve({ $bind: ['page.page_data.name', 'page.page_data.sub_text'] }, scope)).toBe('Insights');
  });

  it('keeps 0 and false as values', () => {
    expect(resolve({ $bind: 'page.page_data.count', default: 5 }, scope)).toBe(0);
  });

  it('uses the default, else drops the key so the block renders without that part', () => {
    expect(resolve({ $bind: 'page.missing', default: 'Business Benefits' }, scope)).toBe('Business Benefits');
    expect(resolve({ heading: { $bind: 'page.missing' }, text: 'kept' }, scope)).toEqual({ text: 'kept' });
  });

  it('fills templates with URL-encoded values, or gives no value when a placeholder is missing', () => {
    expect(resolve({ $template: '/blog/{page.list.0.slug}' }, scope)).toBe('/blog/a%20b');
    expect(resolve({ $template: '{page.page_data.sub_text} now', encode: false }, scope)).toBe('Insights now');
    expect(resolve({ $template: '/blog/{page.nope}' }, scope)).toBeUndefined();
    expect(resolve({ $template: '/blog/{page.nope}', default: '/blog' }, scope)).toBe('/blog');
    expect(resolve({ $template: '/about-{site.brand}' }, scope)).toBe('/about-veltrix');
  });

  it('maps lists with $each, limit and offset; item is the current entry', () => {
    const node = { $each: 'page.list', offset: 1, limit: 1, map: { title: { $bind: 'item.name' }, href: { $template: '/x/{item.slug}' } } };
    expect(resolve(node, scope)).toEqual([{ title: 'B', href: '/x/b' }]);
  });

  it('picks a case with $switch, and the default otherwise', () => {
    const node = {
      $each: 'page.list',
      map: {
        $switch: 'item.type',
        cases: {
          blog: { $template: '/blog/{item.slug}' },
          'white-paper-case-study': { $template: '/white-paper-case-studies/{item.slug}' },
        },
        default: '/resources',
      },
    };
    expect(resolve(node, scope)).toEqual(['/blog/a%20b', '/white-paper-case-studies/b', '/resources']);
  });

  it('reports $each over something that is not a list, and yields an empty list', () => {
    const onIssue = vi.fn();
    expect(resolve({ items: { $each: 'page.page_data', map: {} } }, scope, { onIssue })).toEqual({ items: [] });
    expect(onIssue).toHaveBeenCalledWith({ pointer: '/items', message: '"page.page_data" is not a list (got object)' });
    expect(resolve({ $each: 'page.none', map: {} }, scope)).toEqual([]);
  });

  it('never evaluates code in paths', () => {
    expect(resolve({ $bind: 'constructor.constructor' }, scope)).toBeUndefined();
    expect(resolve({ $bind: '__proto__.polluted' }, scope)).toBeUndefined();
  });
});

describe('helpers', () => {
  it('finds bindings anywhere in a value', () => {
    expect(containsBinding({ a: [{ b: { $bind: 'x' } }] })).toBe(true);
    expect(containsBinding({ a: [{ b: 'x' }] })).toBe(false);
  });
  it('lists the paths a binding reads', () => {
    expect(bindingPaths({ $template: '/a/{item.slug}/{params.id}' })).toEqual(['item.slug', 'params.id']);
    expect(bindingPaths({ $bind: ['a.b', 'c'] })).toEqual(['a.b', 'c']);
  });
});

describe('$each where', () => {
  it('keeps only matching entries', () => {
    const node = { $each: 'page.list', where: { 'item.type': 'blog' }, map: { $bind: 'item.name' } };
    expect(resolve(node, scope)).toEqual(['A']);
  });
});

describe('$each where with a bound value (a lookup, e.g. the picked category by its slug)', () => {
  const lookup = { $each: 'page.list', where: { 'item.slug': { $bind: 'search.cat' } }, limit: 1, map: { $bind: 'item.name' } };

  it('keeps the entries whose field equals what the binding reads outside the list, compared as text', () => {
    expect(resolve(lookup, { ...scope, search: { cat: 'b' } })).toEqual(['B']);
    const numbered = { ...scope, page: { list: [{ id: 7, name: 'Seven' }] }, search: { id: '7' } };
    expect(resolve({ $each: 'page.list', where: { 'item.id': { $bind: 'search.id' } }, map: { $bind: 'item.name' } }, numbered)).toEqual([
      'Seven',
    ]);
  });

  it('keeps nothing when the binding reads nothing, or something that is not a value', () => {
    expect(resolve(lookup, scope)).toEqual([]);
    expect(resolve(lookup, { ...scope, search: { cat: 'nope' } })).toEqual([]);
    expect(resolve(lookup, { ...scope, search: { cat: ['b'] } })).toEqual([]);
  });

  it('names the bound path among the paths the node reads', () => {
    expect(bindingPaths(lookup)).toEqual(['page.list', 'item.slug', 'search.cat']);
  });
});

describe('$join', () => {
  const title = {
    $join: [
      { $each: 'page.list', where: { 'item.slug': { $bind: 'search.cat' } }, limit: 1, map: { $bind: 'item.name' } },
      { $switch: 'search.page', cases: { '1': '' }, default: { $template: 'Page {search.page}', encode: false } },
      { $bind: 'page.page_data.sub_text' },
    ],
    separator: ' – ',
  };

  it('joins the parts that have a value, a list entry being a part of its own', () => {
    expect(resolve(title, scope)).toBe('Insights');
    expect(resolve(title, { ...scope, search: { cat: 'b', page: '1' } })).toBe('B – Insights');
    expect(resolve(title, { ...scope, search: { cat: 'a b', page: '3' } })).toBe('A – Page 3 – Insights');
    expect(resolve({ $join: ['a', { $each: 'page.list', map: { $bind: 'item.slug' } }, 2] }, scope)).toBe('a a b b c 2');
  });

  it('gives its default, or no value, when no part has one', () => {
    expect(resolve({ $join: [{ $bind: 'page.missing' }, ''], default: 'Blog' }, scope)).toBe('Blog');
    expect(resolve({ $join: [{ $bind: 'page.missing' }] }, scope)).toBeUndefined();
  });

  it('leaves out, and reports, a part that is not text', () => {
    const onIssue = vi.fn();
    expect(resolve({ $join: [{ $bind: 'params' }, 'x'] }, scope, { onIssue })).toBe('x');
    expect(onIssue).toHaveBeenCalledWith({ pointer: '/$join/0', message: 'left out: it is object, not text' });
  });
});

describe('visitBinding', () => {
  it('hands each kind of binding to the method of its key, one per key of the language', () => {
    const nodes: BindingNode[] = [
      { $bind: 'a.b' },
      { $template: '/x/{a.b}' },
      { $each: 'a.list', map: {} },
      { $switch: 'a.kind', cases: {} },
      { $count: 'a.list' },
      { $join: ['x'] },
    ];
    const kinds = Object.fromEntries(BINDING_KEYS.map((key) => [key, () => key])) as unknown as BindingVisitor<string>;
    expect(nodes.map((node) => visitBinding(node, kinds))).toEqual([...BINDING_KEYS]);
  });
});
