// @vitest-environment jsdom
/**
 * The section props form writes only what the author set: a literal, or a binding chosen from the
 * content fields, and shows the validator's messages beside the field they are about.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockInfos } from './api/schemas.ts';
import { loadSchemas } from '../../tools/lib/project.ts';
import { SchemaStore } from '../engine/schema-store.ts';
import { SectionEditor } from '../../tests/helpers/section-editor.tsx';
import { SectionProps } from './props-form.tsx';
import type { BlockInfo, EditorIssue, SectionDraft } from './types.ts';
import { fields } from '../../tests/helpers/editor-fields.ts';

afterEach(cleanup);

// What the editor's backend hands over (every $ref inlined), from the project's schemas.
const blocks: Record<string, BlockInfo> = Object.fromEntries(
  (await blockInfos(new SchemaStore(await loadSchemas()))).map((info) => [info.name, { ...info, fixture: {} }]),
);

const Editor = ({
  initial,
  issues,
  onChange,
}: {
  initial: SectionDraft;
  issues?: EditorIssue[];
  onChange: (next: SectionDraft) => void;
}) => <SectionEditor initial={initial} block={blocks[initial.block]} fields={fields} issues={issues} onChange={onChange} />;

const issue = (pointer: string, message: string): EditorIssue => ({
  pointer,
  message,
  line: 1,
  column: 1,
  text: `x.json:1:1 ${pointer}: ${message}`,
});
type Scope = Pick<typeof screen, 'getByRole'>;
const source = (label: string, scope: Scope = screen) => scope.getByRole('radiogroup', { name: `${label}: value source` });
const bindTo = (label: string, scope: Scope = screen) =>
  fireEvent.click(within(source(label, scope)).getByRole('radio', { name: 'Bound to content' }));
const binding = (label: string, scope: Scope = screen) => within(scope.getByRole('group', { name: `${label}: binding` }));
const last = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.at(-1)?.[0] as unknown;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('SectionProps', () => {
  it('a typed heading is the only prop written: no schema default (size: page) slips in', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'banner' }} onChange={onChange} />);
    expect(screen.getByRole('heading', { name: 'Banner properties' })).toBeTruthy();
    expect(screen.getByText(/Full-width page banner/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Heading' }), { target: { value: 'x' } });
    expect(last(onChange)).toEqual({ block: 'banner', heading: 'x' });
    // The default shows as the empty choice of the select, not as a value.
    expect(within(screen.getByRole('combobox', { name: 'Size' })).getByRole('option', { name: 'Default: page' })).toBeTruthy();
  });

  it('binding a heading keeps the literal as its default; back to fixed keeps the default', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'banner', id: 'top', heading: 'x' }} onChange={onChange} />);
    bindTo('Heading');
    // Nothing is written until a field is chosen (an empty $bind would not validate).
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(binding('Heading').getByRole('combobox', { name: 'Content field' }), { target: { value: 'page.page_data.name' } });
    expect(last(onChange)).toEqual({ block: 'banner', id: 'top', heading: { $bind: 'page.page_data.name', default: 'x' } });

    fireEvent.click(within(source('Heading')).getByRole('radio', { name: 'Fixed value' }));
    expect(last(onChange)).toEqual({ block: 'banner', id: 'top', heading: 'x' });
    expect((screen.getByRole('textbox', { name: 'Heading' }) as HTMLInputElement).value).toBe('x');
  });

  it('back to fixed never keeps one entry of a list, raw HTML or a cut sample as the fixed value (issue 22)', () => {
    const onChange = vi.fn();
    const items = { $each: 'list.list.data', map: { title: { $bind: 'item.name' } } };
    render(<Editor initial={{ block: 'card-grid', items }} onChange={onChange} />);
    // In an $each map, a fixed value is every card's: not the first entry's 'Five signs'.
    const map = within(screen.getByRole('group', { name: 'Each item' }));
    fireEvent.click(within(source('Title', map)).getByRole('radio', { name: 'Fixed value' }));
    expect(last(onChange)).toEqual({ block: 'card-grid', items: { $each: 'list.list.data', map: {} } });
    cleanup();

    // A plain text prop bound to an HTML field or to a long text: the sample is not the value.
    for (const path of ['page.page_data.content', 'page.page_data.long']) {
      const change = vi.fn();
      render(<Editor initial={{ block: 'banner', heading: { $bind: path } }} onChange={change} />);
      fireEvent.click(within(source('Heading')).getByRole('radio', { name: 'Fixed value' }));
      expect(last(change)).toEqual({ block: 'banner' });
      cleanup();
    }
    // A short plain text is kept, as seen.
    const change = vi.fn();
    render(<Editor initial={{ block: 'banner', heading: { $bind: 'page.page_data.name' } }} onChange={change} />);
    fireEvent.click(within(source('Heading')).getByRole('radio', { name: 'Fixed value' }));
    expect(last(change)).toEqual({ block: 'banner', heading: 'About Veltrix' });
  });

  it('after Undo the form shows the restored value, not an unfinished edit of the one undone (issue 22)', () => {
    const bound = { block: 'card-grid', items: { $each: 'list.list.data', map: { title: { $bind: 'item.name' } }, limit: 3 } };
    const props = { index: 0, block: blocks['card-grid'], fields, issues: [], onChange: vi.fn() };
    const { rerender } = render(<SectionProps {...props} section={bound} />);
    const each = () => within(screen.getByRole('group', { name: 'Items: one item per list entry' }));
    // The list cleared: unfinished (nothing written), shown as such.
    fireEvent.change(each().getByRole('combobox', { name: 'List' }), { target: { value: '' } });
    expect(props.onChange).not.toHaveBeenCalled();
    expect((each().getByRole('combobox', { name: 'List' }) as HTMLSelectElement).value).toBe('');
    // Undo brings back another draft of the section: the form shows it.
    const before = { ...bound, items: { ...bound.items, limit: 6 } };
    rerender(<SectionProps {...props} section={before} />);
    expect((each().getByRole('combobox', { name: 'List' }) as HTMLSelectElement).value).toBe('list.list.data');
    expect((each().getByRole('spinbutton', { name: 'Limit' }) as HTMLInputElement).value).toBe('6');
  });

  it('a prop emptied and typed again comes back at its place, not at the end (a one-line diff)', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'banner', id: 'top', text: 'T', heading: 'H', size: 'page' }} onChange={onChange} />);
    const heading = screen.getByRole('textbox', { name: 'Heading' });
    fireEvent.change(heading, { target: { value: '' } });
    expect(Object.keys(last(onChange) as object)).toEqual(['block', 'id', 'text', 'size']);
    fireEvent.change(heading, { target: { value: 'Again' } });
    // Between the keys it sat between (the file's order, not the schema's: heading comes first there).
    expect(Object.keys(last(onChange) as object)).toEqual(['block', 'id', 'text', 'heading', 'size']);
  });

  it('a binding can try several fields, or be a template with inserted fields', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'banner', heading: { $bind: 'page.page_data.name' } }} onChange={onChange} />);
    fireEvent.click(binding('Heading').getByRole('button', { name: 'Add a field to try when this one is empty' }));
    fireEvent.change(binding('Heading').getByRole('combobox', { name: 'Or, when empty' }), { target: { value: 'page.page_data.tagline' } });
    expect(last(onChange)).toEqual({ block: 'banner', heading: { $bind: ['page.page_data.name', 'page.page_data.tagline'] } });

    fireEvent.change(binding('Heading').getByRole('combobox', { name: 'Kind' }), { target: { value: 'template' } });
    expect(last(onChange)).toEqual({ block: 'banner', heading: { $template: '{page.page_data.name}', encode: false } });
    fireEvent.change(binding('Heading').getByRole('textbox', { name: 'Template' }), { target: { value: 'Welcome to ' } });
    fireEvent.change(binding('Heading').getByRole('combobox', { name: 'Insert field' }), { target: { value: 'page.page_data.name' } });
    fireEvent.change(binding('Heading').getByRole('textbox', { name: 'Fallback (default)' }), { target: { value: 'Welcome' } });
    expect(last(onChange)).toEqual({
      block: 'banner',
      heading: { $template: 'Welcome to {page.page_data.name}', encode: false, default: 'Welcome' },
    });
  });

  it('the validator message of /sections/0/heading/$bind shows, word for word, beside the heading', () => {
    const message = 'GET /api/page/about-us has no field "nme" in page_data (did you mean "name"?)';
    render(
      <Editor
        initial={{ block: 'banner', heading: { $bind: 'page.page_data.nme' } }}
        issues={[issue('/sections/0/heading/$bind', message)]}
        onChange={vi.fn()}
      />,
    );
    const picker = binding('Heading').getByRole('combobox', { name: 'Content field' });
    const field = picker.closest('.editor-props-field') as HTMLElement;
    expect(within(field).getByText(message)).toBeTruthy();
    expect(describedBy(picker)).toContain(message);
    // The path the file has, though no known field, is kept and shown for editing.
    expect((binding('Heading').getByRole('combobox', { name: 'Content field: path' }) as HTMLInputElement).value).toBe(
      'page.page_data.nme',
    );
    // Listed once more among the section's problems, with its place.
    const list = screen.getByRole('region', { name: 'Problems in this section' });
    expect(within(list).getByText('/heading/$bind')).toBeTruthy();
  });

  it('a missing required prop is told at its field, not only at the end of its group (issue 22)', () => {
    render(<Editor initial={{ block: 'notice' }} issues={[issue('/sections/0', 'must have "heading"')]} onChange={vi.fn()} />);
    const heading = screen.getByRole('textbox', { name: 'Heading' });
    const field = heading.closest('.editor-props-field') as HTMLElement;
    expect(within(field).getByText('Required: this block needs a value here.')).toBeTruthy();
    expect(describedBy(heading)).toContain('Required: this block needs a value here.');
    // Still listed with its place among the section's problems.
    expect(within(screen.getByRole('region', { name: 'Problems in this section' })).getByText('must have "heading"')).toBeTruthy();
  });

  it('card-grid items bound with $each: the map picks the list entry fields, link edited per sub-property', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'card-grid', items: [] }} onChange={onChange} />);
    bindTo('Items');
    const each = within(screen.getByRole('group', { name: 'Items: one item per list entry' }));
    const list = each.getByRole('combobox', { name: 'List' });
    expect(within(list).getAllByRole('option')[1].textContent).toBe('list.list.data — list');
    fireEvent.change(list, { target: { value: 'list.list.data' } });
    // The proposed mapping first (./list-proposal.test.tsx), accepted as it is: the title.
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(each.getByRole('button', { name: 'Show the list' }));
    expect(last(onChange)).toEqual({ block: 'card-grid', items: { $each: 'list.list.data', map: { title: { $bind: 'item.name' } } } });

    // The card-grid's own heading has a title too: the map's fields are those under "Each item".
    const map = within(each.getByRole('group', { name: 'Each item' }));
    const title = binding('Title', map).getByRole('combobox', { name: 'Content field' });
    const matching = within(title).getByRole('group', { name: 'Matching fields' });
    expect(within(matching).getAllByRole('option')[0].textContent).toBe('item.name — string — "Five signs"');
    fireEvent.change(title, { target: { value: 'item.name' } });
    const link = within(map.getByRole('group', { name: 'Link' }));
    // An optional part the items do not have yet: added first, then its fields show.
    fireEvent.click(link.getByRole('button', { name: 'Add link' }));
    fireEvent.change(link.getByRole('textbox', { name: 'Label' }), { target: { value: 'Read' } });
    bindTo('Href', link);
    fireEvent.change(binding('Href', link).getByRole('combobox', { name: 'Kind' }), { target: { value: 'template' } });
    fireEvent.change(binding('Href', link).getByRole('textbox', { name: 'Template' }), { target: { value: '/blog/' } });
    fireEvent.change(binding('Href', link).getByRole('combobox', { name: 'Insert field' }), { target: { value: 'item.slug' } });
    fireEvent.change(each.getByRole('spinbutton', { name: 'Limit' }), { target: { value: '3' } });
    expect(last(onChange)).toEqual({
      block: 'card-grid',
      items: {
        $each: 'list.list.data',
        map: { title: { $bind: 'item.name' }, link: { label: 'Read', href: { $template: '/blog/{item.slug}' } } },
        limit: 3,
      },
    });
  });

  it('an issue inside the map shows at the map field', () => {
    const items = { $each: 'list.list.data', map: { title: { $bind: 'item.nam' } } };
    render(
      <Editor
        initial={{ block: 'card-grid', items }}
        issues={[issue('/sections/0/items/map/title/$bind', 'no field "nam"')]}
        onChange={vi.fn()}
      />,
    );
    const map = within(screen.getByRole('group', { name: 'Each item' }));
    const picker = binding('Title', map).getByRole('combobox', { name: 'Content field' });
    expect(within(picker.closest('.editor-props-field') as HTMLElement).getByText('no field "nam"')).toBeTruthy();
  });

  it('a fixed list adds items and edits their fields', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'card-grid', items: [] }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const card = within(screen.getByRole('group', { name: 'Card 1' }));
    fireEvent.change(card.getByRole('textbox', { name: 'Title' }), { target: { value: 'Plan A' } });
    expect(last(onChange)).toEqual({ block: 'card-grid', items: [{ title: 'Plan A' }] });
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeTruthy();
  });

  it('a yes/no prop shows its label and help once, and the box is named by the label (issue 22: "Highlight" twice)', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'card-grid', items: [{ title: 'Plan A' }] }} onChange={onChange} />);
    const card = within(screen.getByRole('group', { name: 'Card 1' }));
    expect(card.getAllByText('Emphasise this card (e.g. the bestseller plan).')).toHaveLength(1);
    expect(card.getAllByText('Highlight')).toHaveLength(1);
    // Its help is its description (no reference to an element that is not there).
    fireEvent.click(card.getByRole('checkbox', { name: 'Highlight', description: 'Emphasise this card (e.g. the bestseller plan).' }));
    expect(last(onChange)).toEqual({ block: 'card-grid', items: [{ title: 'Plan A', highlight: true }] });
  });

  it('every control of every block names only descriptions that are on the page (issue 22: rjsf named __help ids)', () => {
    const missing: string[] = [];
    const kinds = new Set<string>();
    for (const name of Object.keys(blocks)) {
      const { unmount } = render(
        <Editor initial={{ block: name }} issues={[issue('/sections/0', 'must have "heading"')]} onChange={vi.fn()} />,
      );
      for (const control of document.querySelectorAll('input, select, textarea, [role="textbox"]')) {
        kinds.add(
          control.tagName === 'INPUT'
            ? `input ${(control as HTMLInputElement).type}`
            : control.getAttribute('role') === 'textbox'
              ? 'formatted text'
              : control.tagName.toLowerCase(),
        );
        for (const id of (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean))
          if (!document.getElementById(id)) missing.push(`${name}: #${control.id} → ${id}`);
      }
      unmount();
    }
    expect(missing).toEqual([]);
    // Each kind of control the editor draws was looked at.
    expect([...kinds]).toEqual(expect.arrayContaining(['input text', 'input number', 'input checkbox', 'select', 'formatted text']));
  });

  it('a choice of values writes the value chosen, and the empty choice leaves the prop out', () => {
    const onChange = vi.fn();
    render(<Editor initial={{ block: 'banner', heading: 'x' }} onChange={onChange} />);
    const size = screen.getByRole('combobox', { name: 'Size' });
    const compact = within(size)
      .getAllByRole('option')
      .find((option) => option.textContent !== 'Default: page')!;
    fireEvent.change(size, { target: { value: (compact as HTMLOptionElement).value } });
    expect(last(onChange)).toEqual({ block: 'banner', heading: 'x', size: compact.textContent });
    fireEvent.change(size, { target: { value: '' } });
    expect(last(onChange)).toEqual({ block: 'banner', heading: 'x' });
  });

  it('an image prop offers the images of the content service and of the site, shown; choosing one writes its path (issue 22)', async () => {
    const images = [
      { value: 'banners/about.svg', preview: 'https://images.example.com/banners/about.svg', from: 'content: GET /api/page/about-us' },
      { value: '/brand/logo.svg', preview: '/brand/logo.svg', from: 'site: public/brand/logo.svg' },
    ];
    const fetched = vi.fn(async () => new Response(JSON.stringify(images), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetched);
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
    try {
      const onChange = vi.fn();
      render(<Editor initial={{ block: 'banner', heading: 'x' }} onChange={onChange} />);
      fireEvent.click(screen.getByRole('button', { name: 'Choose image… for Image' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Choose an image for Image' }));
      expect(await dialog.findByText('2 of 2 images')).toBeTruthy();
      expect(fetched).toHaveBeenCalledWith('/__editor/api/images', expect.anything());
      // Each shown, named by its path and where it was found.
      const about = dialog.getByRole('button', { name: 'banners/about.svg', description: 'content: GET /api/page/about-us' });
      expect(about.querySelector('img')?.getAttribute('src')).toBe('https://images.example.com/banners/about.svg');
      fireEvent.change(dialog.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'site logo' } });
      expect(dialog.getByText('1 of 2 images')).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: '/brand/logo.svg', description: 'site: public/brand/logo.svg' }));
      expect(last(onChange)).toEqual({ block: 'banner', heading: 'x', image: '/brand/logo.svg' });
      expect((screen.getByRole('textbox', { name: 'Image' }) as HTMLInputElement).value).toBe('/brand/logo.svg');
      // A bound image shows its binding, not the picker.
      bindTo('Image');
      expect(screen.queryByRole('button', { name: 'Choose image… for Image' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a binding without a form of its own ($switch) is edited as JSON', () => {
    const onChange = vi.fn();
    const heading = { $switch: 'page.type', cases: { blog: 'Blog' }, default: 'News' };
    render(<Editor initial={{ block: 'banner', heading }} onChange={onChange} />);
    const json = screen.getByRole('textbox', { name: 'Heading (binding as JSON)' }) as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual(heading);
    fireEvent.change(json, { target: { value: '{"$switch": "page.type", "cases": {}' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(json, { target: { value: '{"$switch": "page.type", "cases": {}}' } });
    expect(last(onChange)).toEqual({ block: 'banner', heading: { $switch: 'page.type', cases: {} } });
    fireEvent.click(within(source('Heading')).getByRole('radio', { name: 'Fixed value' }));
    expect(last(onChange)).toEqual({ block: 'banner' });
  });

  it('an unknown block gets a message and no form', () => {
    render(<SectionProps section={{ block: 'carousel-3d' }} index={2} block={undefined} fields={fields} issues={[]} onChange={vi.fn()} />);
    expect(screen.getByText(/Unknown block “carousel-3d”/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
