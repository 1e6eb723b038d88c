// @vitest-environment jsdom
/**
 * Page settings change only what the author touches: the keys the form does not edit (sitemap,
 * structuredData, scrollTo) come back as they were, and emptied objects leave the file.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageSchema as pageSchemaOf } from './api/schemas.ts';
import { loadSchemas } from '../../tools/lib/project.ts';
import { SchemaStore } from '../engine/schema-store.ts';
import { PageSettings } from './page-form.tsx';
import { matchEndpoint } from './schema-ui.ts';
import type { DefinitionDraft, EditorIssue, EndpointInfo, FieldInfo } from './types.ts';

afterEach(cleanup);

/** As the editor's backend hands it over: $refs inlined. */
const pageSchema = pageSchemaOf(new SchemaStore(await loadSchemas()));
const endpoints: EndpointInfo[] = [
  { path: '/api/blog/{slug}', description: 'One blog post', params: ['slug'], query: [] },
  {
    path: '/api/blog_list',
    description: 'Blog posts, 9 per page',
    params: [],
    query: [{ name: 'page', required: false, description: 'Page number' }],
  },
  { path: '/api/page/company', params: [], query: [], assumed: 'SPEC does not name it' },
  { path: '/api/page/{slug}', params: ['slug'], query: [] },
];
const fields: FieldInfo[] = [
  { path: 'params.slug', type: 'string' },
  { path: 'search.page', type: 'string' },
  { path: 'post.post_data.name', type: 'string', sample: 'Five signs' },
];
const base: DefinitionDraft = {
  $schema: '../schemas/page-definition.schema.json',
  route: '/blog/:slug',
  layout: 'main',
  sections: [{ block: 'rich-text', html: { $bind: 'post.post_data.content' } }],
  sitemap: { source: { path: '/api/blog_list' }, each: 'list.data', params: { slug: 'slug' } },
  scrollTo: { section: 'content' },
};

function Settings({
  initial,
  issues = [],
  onChange,
}: {
  initial: DefinitionDraft;
  issues?: EditorIssue[];
  onChange: (next: DefinitionDraft) => void;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <PageSettings
      draft={draft}
      pageSchema={pageSchema}
      endpoints={endpoints}
      fields={fields}
      issues={issues}
      onChange={(next) => {
        onChange(next);
        setDraft(next);
      }}
    />
  );
}

const last = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.at(-1)?.[0] as DefinitionDraft;
const sourceGroup = (name: string) => within(screen.getByRole('group', { name: `Source “${name}”` }));

describe('PageSettings', () => {
  it('changes the layout, keeping every other key as it was', () => {
    const onChange = vi.fn();
    render(<Settings initial={base} onChange={onChange} />);
    const layout = screen.getByRole('combobox', { name: 'Layout' });
    expect(
      within(layout)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['main', 'form', 'campaign', 'standalone']);
    expect(screen.getByText(/reduced header of the download-form layout/)).toBeTruthy();
    fireEvent.change(layout, { target: { value: 'form' } });
    expect(last(onChange)).toEqual({ ...base, layout: 'form' });
    expect(Object.keys(last(onChange))).toEqual(Object.keys(base));
  });

  it('adds a source named "page", reading an endpoint with {params.slug} filled from the route', () => {
    const onChange = vi.fn();
    render(<Settings initial={base} onChange={onChange} />);
    expect((screen.getByRole('textbox', { name: 'New source name' }) as HTMLInputElement).value).toBe('page');
    // Nothing is written until the source has its endpoint (an empty path drew two messages before).
    const add = screen.getByRole('button', { name: 'Add source' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText('Choose its endpoint.')).toBeTruthy();
    const choose = screen.getByRole('combobox', { name: 'New source endpoint' });
    // What each endpoint is for, in words (the contract description's first clause), then its path.
    expect(within(choose).getByRole('option', { name: '/api/page/company (may be missing on the live content service)' })).toBeTruthy();
    expect(within(choose).getByRole('option', { name: 'Blog posts, 9 per page — /api/blog_list' })).toBeTruthy();
    fireEvent.change(choose, { target: { value: '/api/blog/{slug}' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(add);
    expect(last(onChange)).toEqual({ ...base, sources: { page: { path: '/api/blog/{params.slug}' } } });
    const endpoint = sourceGroup('page').getByRole('combobox', { name: 'Endpoint' });
    expect((endpoint as HTMLSelectElement).value).toBe('/api/blog/{slug}');
    expect((sourceGroup('page').getByRole('combobox', { name: 'Path parameter slug' }) as HTMLInputElement).value).toBe('{params.slug}');

    fireEvent.click(sourceGroup('page').getByRole('checkbox', { name: 'Required' }));
    expect(last(onChange).sources).toEqual({ page: { path: '/api/blog/{params.slug}', required: true } });
    expect(sourceGroup('page').getByText(/its 404 makes the page a 404/)).toBeTruthy();
    fireEvent.click(sourceGroup('page').getByRole('checkbox', { name: 'Required' }));
    expect(last(onChange).sources).toEqual({ page: { path: '/api/blog/{params.slug}' } });

    fireEvent.click(sourceGroup('page').getByRole('button', { name: 'Remove source page' }));
    expect(last(onChange)).toEqual(base);
  });

  it('lists the chosen endpoint once, with what it is for beneath; a path outside the contract is named as such', () => {
    const { unmount } = render(<Settings initial={{ ...base, sources: { list: { path: '/api/blog_list' } } }} onChange={vi.fn()} />);
    const endpoint = sourceGroup('list').getByRole('combobox', { name: 'Endpoint' });
    const texts = within(endpoint)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // Before: "/api/blog_list (not in the content contract)" stood first, beside the chosen entry.
    expect(texts.filter((text) => text?.includes('/api/blog_list'))).toEqual(['Blog posts, 9 per page — /api/blog_list']);
    expect(texts.filter((text) => /assumed|SPEC|\.json/.test(text ?? ''))).toEqual([]);
    expect(sourceGroup('list').getByText('Blog posts, 9 per page.')).toBeTruthy();
    unmount();
    render(<Settings initial={{ ...base, sources: { list: { path: '/api/nothing' } } }} onChange={vi.fn()} />);
    const unknown = sourceGroup('list').getByRole('combobox', { name: 'Endpoint' });
    expect(within(unknown).getAllByRole('option')[0].textContent).toBe('/api/nothing (not in the content contract)');
  });

  it('binds a query parameter to the query string, the typed value kept as its default', () => {
    const onChange = vi.fn();
    render(<Settings initial={{ ...base, sources: { list: { path: '/api/blog_list' } } }} onChange={onChange} />);
    const list = sourceGroup('list');
    expect((list.getByRole('combobox', { name: 'Endpoint' }) as HTMLSelectElement).value).toBe('/api/blog_list');
    fireEvent.change(list.getByRole('textbox', { name: 'Page' }), { target: { value: '1' } });
    expect(last(onChange).sources).toEqual({ list: { path: '/api/blog_list', query: { page: '1' } } });
    fireEvent.click(within(list.getByRole('radiogroup', { name: 'Page: value source' })).getByRole('radio', { name: 'Bound to content' }));
    const picker = within(list.getByRole('group', { name: 'Page: binding' })).getByRole('combobox', { name: 'Content field' });
    // Only the request and the site can feed a query, not another source.
    expect(within(picker).queryByRole('option', { name: /post\.post_data/ })).toBeNull();
    fireEvent.change(picker, { target: { value: 'search.page' } });
    expect(last(onChange).sources).toEqual({ list: { path: '/api/blog_list', query: { page: { $bind: 'search.page', default: '1' } } } });
  });

  it('edits meta with the fixed/bound switch; an emptied meta leaves the file', () => {
    const onChange = vi.fn();
    render(<Settings initial={{ ...base, meta: { title: 'Blog' } }} onChange={onChange} />);
    const meta = within(screen.getByRole('group', { name: 'Meta' }));
    fireEvent.click(within(meta.getByRole('radiogroup', { name: 'Title: value source' })).getByRole('radio', { name: 'Bound to content' }));
    fireEvent.change(meta.getByRole('combobox', { name: 'Content field' }), { target: { value: 'post.post_data.name' } });
    expect(last(onChange).meta).toEqual({ title: { $bind: 'post.post_data.name', default: 'Blog' } });
    fireEvent.click(within(meta.getByRole('radiogroup', { name: 'Title: value source' })).getByRole('radio', { name: 'Fixed value' }));
    fireEvent.change(meta.getByRole('textbox', { name: 'Title' }), { target: { value: '' } });
    expect(last(onChange)).toEqual(base);
  });

  it('shows the validator messages beside route and source', () => {
    const issues: EditorIssue[] = [
      { pointer: '/route', line: 4, column: 12, message: 'must match pattern "^/[A-Za-z0-9_\\-./:{}*?]*$"', text: '' },
      { pointer: '/sources/post/path', line: 6, column: 20, message: '/api/blg/x is not a GET endpoint of the content contract', text: '' },
    ];
    render(<Settings initial={{ ...base, sources: { post: { path: '/api/blg/x' } } }} issues={issues} onChange={vi.fn()} />);
    const route = screen.getByRole('textbox', { name: 'Route' });
    expect(within(route.closest('.editor-props-field') as HTMLElement).getByText(issues[0].message)).toBeTruthy();
    const endpoint = sourceGroup('post').getByRole('combobox', { name: 'Endpoint' });
    expect(within(endpoint.closest('.editor-props-field') as HTMLElement).getByText(issues[1].message)).toBeTruthy();
    expect(within(endpoint).getByRole('option', { name: '/api/blg/x (not in the content contract)' })).toBeTruthy();
  });
});

describe('matchEndpoint', () => {
  it('prefers the literal endpoint and reads the values of {params}', () => {
    expect(matchEndpoint('/api/page/company', endpoints)?.endpoint.path).toBe('/api/page/company');
    expect(matchEndpoint('/api/page/about-us', endpoints)).toEqual({ endpoint: endpoints[3], values: { slug: 'about-us' } });
    expect(matchEndpoint('/api/blog/{params.slug}', endpoints)?.values).toEqual({ slug: '{params.slug}' });
    expect(matchEndpoint('/api/nothing', endpoints)).toBeUndefined();
    expect(matchEndpoint('/api/page/{brand}', endpoints, 'company')?.endpoint.path).toBe('/api/page/company');
  });
});
