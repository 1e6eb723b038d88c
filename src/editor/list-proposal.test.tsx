// @vitest-environment jsdom
/**
 * "Show a list of …" in the props form: a list chosen for a card grid proposes its mapping, writes
 * nothing until it is accepted (the grid keeps its cards), takes changes row by row, and is written
 * in one action with the link to each entry's page.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockInfos } from './api/schemas.ts';
import { loadSchemas } from '../../tools/lib/project.ts';
import { blogCardMap } from '../../tests/helpers/blog-card-map.ts';
import { SchemaStore } from '../engine/schema-store.ts';
import { SectionEditor } from '../../tests/helpers/section-editor.tsx';
import type { BlockInfo, FieldInfo, SectionDraft } from './types.ts';

afterEach(cleanup);

const cardGrid: BlockInfo = (await blockInfos(new SchemaStore(await loadSchemas()))).find((info) => info.name === 'card-grid')!;

const fields: FieldInfo[] = [
  { path: 'page.page_data.name', type: 'string', sample: 'Towers' },
  {
    path: 'posts.list.data',
    type: 'array',
    entryPage: { href: '/blog/{item.slug}', route: '/blog/:slug' },
    items: [
      { path: 'item.image_thumbnail', type: 'string', image: true, sample: 'blog/a.svg' },
      { path: 'item.cat_name', type: 'string', sample: 'Technology' },
      { path: 'item.posted_date', type: 'string', sample: '2026-03-14' },
      { path: 'item.name', type: 'string', sample: 'Why billing matters' },
      { path: 'item.short_description', type: 'string', html: true, sample: '<p>Tower portfolios</p>' },
      { path: 'item.slug', type: 'string', sample: 'why-billing' },
    ],
  },
];

const Editor = ({ initial, onChange }: { initial: SectionDraft; onChange: (next: SectionDraft) => void }) => (
  <SectionEditor initial={initial} block={cardGrid} fields={fields} onChange={onChange} />
);

const fixed: SectionDraft = { block: 'card-grid', items: [{ title: 'A fixed card', link: { label: 'Read Full Article', href: '/blog' } }] };
const last = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.at(-1)?.[0] as unknown;

function chooseList() {
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Items: value source' })).getByRole('radio', { name: 'Bound to content' }));
  const each = within(screen.getByRole('group', { name: 'Items: one item per list entry' }));
  fireEvent.change(each.getByRole('combobox', { name: 'List' }), { target: { value: 'posts.list.data' } });
  return within(screen.getByRole('region', { name: 'Show a list of posts.list.data' }));
}

describe('Show a list of …', () => {
  it('proposes the mapping and writes nothing until it is accepted; one action writes it with the link to each entry', () => {
    const onChange = vi.fn();
    render(<Editor initial={fixed} onChange={onChange} />);
    const proposal = chooseList();
    // The section keeps its cards meanwhile (an empty map emptied the grid before).
    expect(onChange).not.toHaveBeenCalled();
    const value = (name: string) => (proposal.getByRole('combobox', { name }) as HTMLSelectElement).value;
    expect([value('Title'), value('Label'), value('Date'), value('Text'), value('HTML'), value('Image')]).toEqual([
      'item.name',
      'item.cat_name',
      'item.posted_date',
      '',
      'item.short_description',
      'item.image_thumbnail',
    ]);
    expect((proposal.getByRole('textbox', { name: 'Link target' }) as HTMLInputElement).value).toBe('/blog/{item.slug}');
    expect(proposal.getByText(/The page of each entry \(\/blog\/:slug\)/)).toBeTruthy();
    // The link text of the cards it replaces.
    expect((proposal.getByRole('textbox', { name: 'Link text' }) as HTMLInputElement).value).toBe('Read Full Article');

    // Changed row by row, then shown.
    const { label: _label, ...withoutLabel } = blogCardMap;
    fireEvent.change(proposal.getByRole('combobox', { name: 'Label' }), { target: { value: '' } });
    fireEvent.click(proposal.getByRole('button', { name: 'Show the list' }));
    expect(last(onChange)).toEqual({
      block: 'card-grid',
      items: {
        $each: 'posts.list.data',
        // The proposal less the label row, emptied above.
        map: withoutLabel,
      },
    });
    expect(screen.queryByRole('region', { name: /Show a list of/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Each item' })).toBeTruthy();
  });

  it('Cancel writes nothing; an $each with an empty map offers the proposal again', () => {
    const onChange = vi.fn();
    render(<Editor initial={fixed} onChange={onChange} />);
    fireEvent.click(chooseList().getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: /Show a list of/ })).toBeNull();
    cleanup();

    const change = vi.fn();
    render(<Editor initial={{ block: 'card-grid', items: { $each: 'posts.list.data', map: {} } }} onChange={change} />);
    fireEvent.click(screen.getByRole('button', { name: "Propose a mapping of the entry's fields" }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the list' }));
    expect((last(change) as { items: { map: Record<string, unknown> } }).items.map).toMatchObject({
      title: { $bind: 'item.name' },
      link: { label: 'Read more', href: { $template: '/blog/{item.slug}' } },
    });
  });
});
