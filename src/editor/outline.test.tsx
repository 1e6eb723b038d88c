// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubShowModal } from '../../tests/helpers/render.tsx';
import { AddBlock } from './add-block.tsx';
import { Outline, sectionFromBlock, sectionSummary } from './outline.tsx';
import { editorReducer, initialState } from './state.ts';
import type { BlockInfo, DefinitionDraft } from './types.ts';

stubShowModal();
beforeAll(() => {
  // jsdom's <dialog> has no close() either; the real one fires "close".
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const block = (name: string, description: string, fixture: Record<string, unknown> = {}): BlockInfo => ({
  name,
  // As the backend hands it over: the schema's title names the generated props type.
  title: `${name.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}Props`,
  description,
  schema: {},
  fixture,
});
const blocks = [
  block('banner', 'A hero banner with heading and image.'),
  block('card-grid', 'A grid of cards.', { heading: { title: 'Latest' }, items: [] }),
  block('rich-text', 'Formatted text from HTML.'),
];

const definition: DefinitionDraft = {
  $schema: '../schemas/page-definition.schema.json',
  layout: 'main',
  sections: [
    { block: 'banner', heading: { $bind: 'page.page_data.name' }, size: 'hero' },
    { block: 'card-grid', variant: 'statement', heading: { title: 'What drives us' }, items: [] },
    { block: 'rich-text', id: 'intro', html: '<p>Hello <strong>world</strong></p>' },
  ],
};

function Editor({ problems = {} }: { problems?: Record<number, number> }) {
  const [state, dispatch] = useReducer(editorReducer, definition, initialState);
  return (
    <>
      <label>
        Heading <input />
      </label>
      <Outline state={state} dispatch={dispatch} blocks={blocks} issueCount={(index) => problems[index] ?? 0} />
      <AddBlock blocks={blocks} onAdd={(info) => dispatch({ type: 'add', section: sectionFromBlock(info) })} />
    </>
  );
}

/** The blocks of the outline's rows, top to bottom. */
const order = () =>
  within(screen.getByRole('list', { name: 'Sections' }))
    .getAllByRole('button', { name: /^\d+\. / })
    .map((row) => row.textContent?.replace(/^\d+\. (\S+).*$/, '$1'));
const row = (name: string | RegExp) => screen.getByRole('button', { name });
const live = () => screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite').textContent?.trim();
const key = (target: Element | Document, init: KeyboardEventInit) => fireEvent.keyDown(target, init);

describe('Outline', () => {
  it('lists the sections with block, id, summary and problems, and selects by click', () => {
    render(<Editor problems={{ 1: 2 }} />);
    expect(screen.getByRole('region', { name: 'Sections' })).toBeTruthy();
    expect(order()).toEqual(['banner', 'card-grid', 'rich-text']);
    expect(row('1. banner ← page.page_data.name')).toBeTruthy();
    expect(screen.getByText('← page.page_data.name')).toBeTruthy();
    expect(row('2. card-grid What drives us 2 problems')).toBeTruthy();
    expect(screen.getByText('2 problems')).toBeTruthy();
    expect(row('3. rich-text #intro Hello world')).toBeTruthy();

    const page = screen.getByRole('button', { name: 'Page settings' });
    expect(page.getAttribute('aria-current')).toBe('true');
    fireEvent.click(row(/^2\. card-grid/));
    expect(row(/^2\. card-grid/).getAttribute('aria-current')).toBe('true');
    expect(page.getAttribute('aria-current')).toBeNull();
    fireEvent.click(page);
    expect(page.getAttribute('aria-current')).toBe('true');
  });

  it('moves with the Up/Down buttons, keeps the focus on the moved row and announces it', () => {
    render(<Editor />);
    expect((screen.getByRole('button', { name: 'Move section 1 (banner) up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move section 3 (rich-text) down' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move section 1 (banner) down' }));
    expect(order()).toEqual(['card-grid', 'banner', 'rich-text']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move section 2 (banner) down' }));
    expect(live()).toBe('Moved banner to position 2');
    expect(row(/^2\. banner/).getAttribute('aria-current')).toBe('true');

    // At the end the Down button is disabled: the row itself takes the focus.
    fireEvent.click(screen.getByRole('button', { name: 'Move section 2 (banner) down' }));
    expect(order()).toEqual(['card-grid', 'rich-text', 'banner']);
    expect(document.activeElement).toBe(row(/^3\. banner/));

    fireEvent.click(screen.getByRole('button', { name: 'Move section 2 (rich-text) up' }));
    expect(order()).toEqual(['rich-text', 'card-grid', 'banner']);
  });

  it('duplicates after the original and deletes, selecting and focusing a neighbour', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate section 2 (card-grid)' }));
    expect(order()).toEqual(['banner', 'card-grid', 'card-grid', 'rich-text']);
    expect(document.activeElement).toBe(row(/^3\. card-grid What drives us/));
    expect(row(/^3\. card-grid/).getAttribute('aria-current')).toBe('true');
    expect(live()).toBe('Duplicated card-grid as section 3');

    fireEvent.click(screen.getByRole('button', { name: 'Delete section 1 (banner)' }));
    expect(order()).toEqual(['card-grid', 'card-grid', 'rich-text']);
    expect(document.activeElement).toBe(row(/^1\. card-grid/));
    expect(live()).toMatch(/^Deleted banner \(section 1\)/);
  });

  it('undoes and redoes with the buttons and with Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y', () => {
    render(<Editor />);
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    const redo = screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement;
    expect(undo.disabled && redo.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Delete section 3 (rich-text)' }));
    expect(order()).toEqual(['banner', 'card-grid']);
    undo.focus();
    fireEvent.click(undo);
    expect(order()).toEqual(['banner', 'card-grid', 'rich-text']);
    expect(undo.disabled).toBe(true);
    // The Undo button went disabled under the focus: Redo has it now.
    expect(document.activeElement).toBe(redo);
    fireEvent.click(redo);
    expect(order()).toEqual(['banner', 'card-grid']);
    expect(document.activeElement).toBe(undo);
    // The same with the shortcut pressed while a history button has the focus.
    key(undo, { key: 'z', ctrlKey: true });
    expect(document.activeElement).toBe(redo);
    key(redo, { key: 'y', ctrlKey: true });
    expect(document.activeElement).toBe(undo);
    expect(order()).toEqual(['banner', 'card-grid']);

    key(document.body, { key: 'z', ctrlKey: true });
    expect(order()).toEqual(['banner', 'card-grid', 'rich-text']);
    key(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(order()).toEqual(['banner', 'card-grid']);
    key(document.body, { key: 'z', metaKey: true });
    expect(order()).toHaveLength(3);
    key(document.body, { key: 'y', ctrlKey: true });
    expect(order()).toHaveLength(2);
    expect(live()).toBe('Redone');
  });

  it('leaves Ctrl+Z to inputs (native text undo)', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete section 1 (banner)' }));
    const input = screen.getByLabelText('Heading');
    input.focus();
    key(input, { key: 'z', ctrlKey: true });
    expect(order()).toEqual(['card-grid', 'rich-text']);
  });

  it('moves a focused row with Alt+ArrowDown/Up and deletes it with Delete', () => {
    render(<Editor />);
    row(/^1\. banner/).focus();
    key(row(/^1\. banner/), { key: 'ArrowDown', altKey: true });
    expect(order()).toEqual(['card-grid', 'banner', 'rich-text']);
    expect(document.activeElement).toBe(row(/^2\. banner/));
    key(row(/^2\. banner/), { key: 'ArrowDown', altKey: true });
    expect(document.activeElement).toBe(row(/^3\. banner/));
    key(row(/^3\. banner/), { key: 'ArrowUp', altKey: true });
    expect(order()).toEqual(['card-grid', 'banner', 'rich-text']);

    // Plain arrows only move the focus.
    key(row(/^2\. banner/), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row(/^1\. card-grid/));
    key(document.activeElement as Element, { key: 'Delete' });
    expect(order()).toEqual(['banner', 'rich-text']);
    expect(document.activeElement).toBe(row(/^1\. banner/));
  });

  it('moves by drag and drop, showing where the section will land', () => {
    render(<Editor />);
    const items = screen.getAllByRole('listitem');
    fireEvent.dragStart(items[0], { dataTransfer: { setData: () => {}, effectAllowed: 'all' } });
    // jsdom boxes are empty: any clientY above 0 is the lower half, "after".
    fireEvent.dragOver(items[2], { clientY: 5, dataTransfer: { dropEffect: 'none' } });
    expect(items[2].className).toContain('editor-outline__row--drop-after');
    fireEvent.drop(items[2], { clientY: 5 });
    expect(order()).toEqual(['card-grid', 'rich-text', 'banner']);
    expect(live()).toBe('Moved banner to position 3');
    expect(document.querySelector('[class*="--drop-"]')).toBeNull();
  });
});

describe('AddBlock', () => {
  it('filters the blocks, previews the highlighted one and adds it after the selection', () => {
    render(<Editor />);
    fireEvent.click(row(/^1\. banner/));
    const opener = screen.getByRole('button', { name: 'Add block' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add a block' });
    const inside = within(dialog);
    expect(inside.getAllByRole('radio')).toHaveLength(3);
    expect((inside.getByRole('radio', { name: 'banner' }) as HTMLInputElement).checked).toBe(true);
    expect(inside.getByRole('radio', { name: 'banner' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(inside.getByText('A grid of cards.')).toBeTruthy();
    // Blocks by the name the definition uses, not by the generated type's ('card-grid (CardGridProps)' before).
    expect(
      inside
        .getAllByRole('radio')
        .map(
          (radio) => radio.getAttribute('aria-labelledby') && document.getElementById(radio.getAttribute('aria-labelledby')!)?.textContent,
        ),
    ).toEqual(['banner', 'card-grid', 'rich-text']);
    expect(inside.queryByText(/Props\b/)).toBeNull();

    const bannerFrame = inside.getByTitle('Preview of banner');
    fireEvent.change(inside.getByLabelText('Filter blocks'), { target: { value: 'HTML' } });
    expect(inside.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['rich-text']);
    fireEvent.change(inside.getByLabelText('Filter blocks'), { target: { value: 'grid' } });
    const frame = inside.getByTitle('Preview of card-grid');
    expect(frame.getAttribute('src')).toBe('/__catalog/card-grid?frame=1');
    // A frame of its own, loaded at once (a lazy frame whose source changed before it loaded could stay blank).
    expect(frame).not.toBe(bannerFrame);
    expect(frame.getAttribute('loading')).toBeNull();

    fireEvent.click(inside.getByRole('button', { name: 'Add card-grid' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(order()).toEqual(['banner', 'card-grid', 'card-grid', 'rich-text']);
    expect(row(/^2\. card-grid Latest/).getAttribute('aria-current')).toBe('true');
  });

  it('chooses with the radios, and Cancel adds nothing', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Add block' }));
    const inside = within(screen.getByRole('dialog', { name: 'Add a block' }));
    fireEvent.click(inside.getByRole('radio', { name: 'rich-text' }));
    expect(inside.getByTitle('Preview of rich-text')).toBeTruthy();
    fireEvent.change(inside.getByLabelText('Filter blocks'), { target: { value: 'nothing like it' } });
    expect(inside.queryByRole('button', { name: /^Add / })).toBeNull();
    fireEvent.click(inside.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add block' })).toBe(document.activeElement);
    expect(order()).toHaveLength(3);
  });
});

describe('sectionSummary', () => {
  it('prefers telling props, follows bindings and cuts long text', () => {
    expect(sectionSummary({ block: 'x', variant: 'wide', eyebrow: 'About', heading: 'Big' })).toBe('Big');
    expect(sectionSummary({ block: 'x', heading: { $bind: ['a.b', 'c.d'] } })).toBe('← a.b');
    expect(sectionSummary({ block: 'x', items: [{ title: 'no' }] })).toBe('');
    expect(sectionSummary({ block: 'x', text: 'word '.repeat(20) })).toMatch(/^word word .{20,}…$/);
    expect(sectionSummary({ block: 'x', text: 'word '.repeat(20) }).length).toBeLessThanOrEqual(40);
  });
});
