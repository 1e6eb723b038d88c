/** Content made safe to show, as the block schemas say: HTML sanitized, embeds kept to their origin, image paths prefixed. */
import { describe, expect, it } from 'vitest';
import { blockSchemaId } from '../schema-store.ts';
import { pageRun } from '../../../tests/helpers/page-run.ts';
import { imageUrl, transform } from './transform.ts';

describe('imageUrl', () => {
  it('prefixes a relative content path, and leaves absolute URLs, site assets and data URIs alone', () => {
    const base = 'https://images.example.com/uploads/';
    expect(imageUrl('banners/a.svg', base)).toBe('https://images.example.com/uploads/banners/a.svg');
    expect(imageUrl('./banners/a.svg', base)).toBe('https://images.example.com/uploads/banners/a.svg');
    expect(imageUrl('https://cdn.example.com/a.png', base)).toBe('https://cdn.example.com/a.png');
    expect(imageUrl('/brand/logo.svg', base)).toBe('/brand/logo.svg');
    expect(imageUrl('data:image/png;base64,AA', base)).toBe('data:image/png;base64,AA');
  });
});

describe('transform', () => {
  const run = pageRun();
  const root = (block: string) => run.index.validator.store.root(blockSchemaId(block));

  it('sanitizes HTML props and prefixes image props, nested in lists and objects too', () => {
    const rich = transform(run, { html: '<p>Hi</p><script>alert(1)</script>', heading: '<b>as text</b>' }, root('rich-text'));
    expect(rich).toEqual({ html: '<p>Hi</p>', heading: '<b>as text</b>' });
    const banner = transform(run, { heading: 'H', image: 'banners/a.svg', unknown: 'kept' }, root('banner')) as Record<string, unknown>;
    expect(banner).toEqual({ heading: 'H', image: 'https://images.example.com/uploads/banners/a.svg', unknown: 'kept' });
    const grid = transform(run, { items: [{ title: 'T', image: 'blog/t.svg' }] }, root('card-grid')) as { items: { image: string }[] };
    expect(grid.items[0].image).toBe('https://images.example.com/uploads/blog/t.svg');
  });

  it('keeps only the embeds whose source the schema allows (x-iframe-src)', () => {
    const map = (src: string) => `<iframe src="${src}"></iframe>`;
    const tabs = (html: string) =>
      (transform(run, { offices: [{ map: html }] }, root('office-tabs')) as { offices: { map: string }[] }).offices[0].map;
    expect(tabs(map('https://www.google.com/maps/embed?pb=1'))).toContain('<iframe');
    expect(tabs(map('https://evil.example/'))).not.toContain('<iframe');
  });
});
