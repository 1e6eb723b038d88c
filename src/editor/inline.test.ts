/** Inline editing's matching (inline.ts): which prop of the draft shows a text of the preview. */
import { describe, expect, it } from 'vitest';
import { inlineTarget, pathsOfText, withTextAt } from './inline.ts';

const section = {
  block: 'card-grid',
  heading: { title: 'What drives us', eyebrow: 'Values' },
  intro: 'Two words',
  items: [{ title: 'Trust' }, { title: 'Speed' }],
  note: 'Same',
  other: 'Same',
  brand: 'Made by {brand}',
  bound: { $bind: 'page.page_data.name' },
  cards: { $each: 'list.list.data', map: { title: { $bind: 'item.name' } } },
};
// As the page rendered them: bindings resolved, {brand} filled in.
const shown = {
  heading: { title: 'What drives us', eyebrow: 'Values' },
  intro: 'Two words',
  items: [{ title: 'Trust' }, { title: 'Speed' }],
  note: 'Same',
  other: 'Same',
  brand: 'Made by Veltrix',
  bound: 'About Veltrix',
  cards: [{ title: 'Five signs' }, { title: 'Ten ways' }],
};
const target = (text: string) => inlineTarget(section, text, pathsOfText(shown, text));

describe('inline editing: the prop behind a text', () => {
  it('a fixed text found once is edited in place, nested ones too', () => {
    expect(target('What drives us')).toEqual({ kind: 'fixed', pointer: '/heading/title' });
    expect(target('  Speed ')).toEqual({ kind: 'fixed', pointer: '/items/1/title' });
  });

  it('text from content points at its binding, inside an $each list too', () => {
    expect(target('About Veltrix')).toEqual({ kind: 'bound', pointer: '/bound' });
    expect(target('Ten ways')).toEqual({ kind: 'bound', pointer: '/cards' });
  });

  it('two props with the same text, a text the page changes ({brand}) or no match: the properties', () => {
    expect(target('Same')).toEqual({ kind: 'none' });
    expect(target('Made by Veltrix')).toEqual({ kind: 'none' });
    expect(target('Nowhere')).toEqual({ kind: 'none' });
    expect(target('card-grid')).toEqual({ kind: 'none' });
  });

  it('sets the text at its pointer, sharing what did not change', () => {
    const next = withTextAt(section, '/items/1/title', 'Pace');
    expect(next.items).toEqual([{ title: 'Trust' }, { title: 'Pace' }]);
    expect(next.heading).toBe(section.heading);
    expect(section.items[1].title).toBe('Speed');
  });
});
