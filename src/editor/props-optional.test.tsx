// @vitest-environment jsdom
/**
 * Optional parts of a section go with one action (issue 34): an FAQ's side links, its extra link, a
 * card grid's "View All"; required ones have no such button. An item just added to a list shows
 * placeholders, and the draft that is checked and previewed leaves it out until something is typed.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockInfos } from './api/schemas.ts';
import { loadSchemas } from '../../tools/lib/project.ts';
import { SchemaStore } from '../engine/schema-store.ts';
import { withoutNewItems } from './pending.ts';
import { SectionEditor } from '../../tests/helpers/section-editor.tsx';
import type { BlockInfo, DefinitionDraft, SectionDraft } from './types.ts';
import { fields } from '../../tests/helpers/editor-fields.ts';

afterEach(cleanup);

const infos = await blockInfos(new SchemaStore(await loadSchemas()));
const blocks: Record<string, BlockInfo> = Object.fromEntries(infos.map((info) => [info.name, info]));

const Editor = ({ initial, onChange }: { initial: SectionDraft; onChange: (next: SectionDraft) => void }) => (
  <SectionEditor initial={initial} block={blocks[initial.block]} fields={fields} onChange={onChange} />
);

const faq: SectionDraft = {
  block: 'accordion',
  heading: { title: 'Questions' },
  nav: { label: 'Categories', links: [{ label: 'Billing', href: '/faq-billing' }] },
  items: [{ question: 'Why?', answer: '<p>Because.</p>' }],
  footerLink: { label: 'Visit the product wiki', href: 'https://wiki.example.com' },
};

describe('optional parts of a section', () => {
  it('removes the side links and the extra link, each with one click, from the section', () => {
    const onChange = vi.fn<(next: SectionDraft) => void>();
    render(<Editor initial={faq} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove navigation' }));
    expect(onChange).toHaveBeenLastCalledWith({
      block: 'accordion',
      heading: { title: 'Questions' },
      items: faq.items,
      footerLink: faq.footerLink,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove footer link' }));
    expect(onChange).toHaveBeenLastCalledWith({ block: 'accordion', heading: { title: 'Questions' }, items: faq.items });
    // Gone, not emptied: no button for what is not there; the required questions have none.
    expect(screen.queryByRole('button', { name: /^Remove (navigation|footer link)$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove items$/i })).toBeNull();
  });

  it('shows a part the section does not have as a button, not as empty fields that look required', async () => {
    const onChange = vi.fn<(next: SectionDraft) => void>();
    render(<Editor initial={{ block: 'accordion', heading: { title: 'Questions' }, items: faq.items }} onChange={onChange} />);
    const nav = within(screen.getByRole('group', { name: 'Navigation' }));
    expect(nav.queryAllByRole('textbox')).toEqual([]);
    expect(nav.queryByText('*')).toBeNull();
    fireEvent.click(nav.getByRole('button', { name: 'Add navigation' }));
    // Its fields now, with what they need; nothing written until something is typed.
    expect(nav.getAllByRole('textbox').length).toBeGreaterThan(0);
    expect(nav.queryByRole('button', { name: 'Add navigation' })).toBeNull();
    // Focus goes to the part's first control (its value source), not to the page: the button it was on is gone.
    await waitFor(() => expect(document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Navigation'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(nav.getAllByRole('textbox')[0], { target: { value: 'Topics' } });
    expect(onChange.mock.lastCall![0]).toMatchObject({ nav: { label: 'Topics' } });
  });

  it('removes a card grid’s "View All" with one click', () => {
    const onChange = vi.fn<(next: SectionDraft) => void>();
    const grid: SectionDraft = { block: 'card-grid', items: [{ title: 'One' }], footerLink: { label: 'View All', href: '/blog' } };
    render(<Editor initial={grid} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove footer link' }));
    expect(onChange).toHaveBeenLastCalledWith({ block: 'card-grid', items: [{ title: 'One' }] });
  });

  it('starts a new section without the fixture’s optional links: the least the block needs to show', () => {
    expect(Object.keys(blocks.accordion.fixture)).toEqual(['heading', 'items']);
    expect(blocks['card-grid'].fixture).not.toHaveProperty('footerLink');
    expect(blocks['card-grid'].fixture).toHaveProperty('items');
    expect(blocks.banner.fixture).not.toHaveProperty('cta');
    // A part the block needs to serve the visitor stays ("x-starter": the form's way to the team while its code loads).
    expect(blocks.form.fixture).toHaveProperty('fallbackLink');
  });
});

describe('an item just added', () => {
  it('shows a placeholder in its required field, and is left out of the checked draft until something is typed', () => {
    const onChange = vi.fn<(next: SectionDraft) => void>();
    render(<Editor initial={{ block: 'accordion', items: [{ question: 'Why?' }] }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add accordion item' }));
    const added = onChange.mock.lastCall![0];
    expect((added.items as unknown[]).length).toBe(2);
    const item = within(screen.getByRole('group', { name: 'Accordion item 2' }));
    expect(item.getByRole('textbox', { name: /^Question/ }).getAttribute('placeholder')).toBe('Question (required)');

    const draft = (section: SectionDraft): DefinitionDraft => ({ route: '/x', layout: 'main', sections: [section] }) as DefinitionDraft;
    expect(withoutNewItems(draft(added))).toEqual({ draft: draft({ block: 'accordion', items: [{ question: 'Why?' }] }), left: 1 });
    fireEvent.change(item.getByRole('textbox', { name: /^Question/ }), { target: { value: 'How?' } });
    const typed = onChange.mock.lastCall![0];
    expect(withoutNewItems(draft(typed))).toEqual({ draft: draft(typed), left: 0 });
  });

  it('leaves a binding’s own shape alone, and empty items that are not last', () => {
    const section = { block: 'accordion', items: [{}, { question: 'Why?' }] } as SectionDraft;
    const bound = { block: 'card-grid', items: { $each: 'list.list.data', map: {} } } as SectionDraft;
    const draft = { route: '/x', layout: 'main', sections: [section, bound] } as DefinitionDraft;
    expect(withoutNewItems(draft)).toEqual({ draft, left: 0 });
  });
});
