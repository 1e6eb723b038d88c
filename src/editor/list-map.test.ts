/**
 * "Show a list of …": the fields of a content list's entries × the item props of a list block → the
 * proposed mapping (by type, then name), its `$each` map, and the link to an entry's own page.
 */
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../tools/lib/project.ts';
import { blogCardMap } from '../../tests/helpers/blog-card-map.ts';
import { contentContract } from '../engine/content-contract.ts';
import { responseSchema } from '../engine/contract-paths.ts';
import { SchemaStore } from '../engine/schema-store.ts';
import { blockInfos, fieldInfos } from './api/schemas.ts';
import { entryLink, mappingToMap, mapsSomething, nameScore, proposeMapping } from './list-map.ts';
import { itemSchemaOf } from './schema-ui.ts';
import type { FieldInfo } from './types.ts';

const store = new SchemaStore(await loadSchemas());
const blocks = await blockInfos(store);
const itemsOf = (block: string) => itemSchemaOf(blocks.find((b) => b.name === block)!.schema.properties!.items);

/** The entry fields of a list as the editor's backend lists them (from the response schema). */
function entryFields(endpoint: string, list: string): FieldInfo[] {
  const found = contentContract.endpoints.find((e) => e.path === endpoint)!;
  const fields = fieldInfos(store, responseSchema(store, found)!, 'posts', undefined);
  return fields.find((field) => field.path === `posts.${list}`)!.items!;
}

describe('proposeMapping', () => {
  it("maps a blog list's entries onto a card: title, label, date, image by name and type; the HTML teaser to the HTML prop", () => {
    const mapping = proposeMapping(itemsOf('card-grid'), entryFields('/api/blog_list', 'list.data'), {
      itemPage: '/blog/{item.slug}',
      linkLabel: 'Read Full Article',
    });
    expect(mapping).toEqual({
      fields: {
        title: 'item.name',
        label: 'item.cat_name',
        date: 'item.posted_date',
        // short_description may carry HTML: never the plain-text "text" prop (the validator refuses it).
        html: 'item.short_description',
        image: 'item.image_thumbnail',
      },
      link: { prop: 'link', href: '/blog/{item.slug}', label: 'Read Full Article' },
    });
    expect(mappingToMap(mapping, itemsOf('card-grid'))).toEqual(blogCardMap);
  });

  it('never puts HTML in a plain-text prop, an image in a text prop, or an identifier anywhere but a prop of its name', () => {
    const fields: FieldInfo[] = [
      { path: 'item.slug', type: 'string' },
      { path: 'item.cat_slug', type: 'string' },
      { path: 'item.description', type: 'string', html: true },
      { path: 'item.photo', type: 'string', image: true },
    ];
    const schema = {
      type: 'object',
      properties: {
        label: { type: 'string' },
        text: { type: 'string' },
        image: { type: 'string', format: 'image' },
        highlight: { type: 'boolean' },
      },
    };
    expect(proposeMapping(schema, fields)).toEqual({ fields: { image: 'item.photo' } });
  });

  it('prefers plain text for a text prop and takes a plain field for an HTML prop only by name; each field once', () => {
    const fields: FieldInfo[] = [
      { path: 'item.full_name', type: 'string' },
      { path: 'item.description', type: 'string' },
      { path: 'item.html', type: 'string' },
    ];
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        name: { type: 'string' },
        text: { type: 'string' },
        html: { type: 'string', contentMediaType: 'text/html' },
      },
    };
    expect(proposeMapping(schema, fields).fields).toEqual({ name: 'item.full_name', text: 'item.description', html: 'item.html' });
  });

  it('proposes no link without a page for the entries, and says when nothing at all fits', () => {
    const mapping = proposeMapping(itemsOf('card-grid'), [{ path: 'item.slug', type: 'string' }]);
    expect(mapping).toEqual({ fields: {} });
    expect(mapsSomething(mapping)).toBe(false);
    expect(mappingToMap(mapping, itemsOf('card-grid'))).toEqual({});
  });

  it('scores names by the words they share', () => {
    expect(nameScore('title', 'name')).toBe(3);
    expect(nameScore('label', 'cat_name')).toBe(2.5);
    expect(nameScore('date', 'posted_date')).toBe(3);
    expect(nameScore('title', 'slug')).toBe(0);
    expect(nameScore('label', 'cat_slug')).toBe(0);
  });
});

describe('entryLink', () => {
  it("fills a route's parameters from the entry fields its sitemap names", () => {
    expect(entryLink('/blog/:slug', { slug: 'slug' })).toBe('/blog/{item.slug}');
    expect(entryLink('/careers/:slug', { slug: 'job_slug' })).toBe('/careers/{item.job_slug}');
    expect(entryLink('/a/:x/:y', { x: 'x' })).toBeUndefined();
    expect(entryLink('/docs/*', {})).toBeUndefined();
  });
});
