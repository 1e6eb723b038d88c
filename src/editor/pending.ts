/**
 * An item just added to a fixed list (the form's "Add accordion item", nothing typed in it yet) is
 * not yet part of the page: the draft that is checked and previewed leaves such items out while
 * they are the last of their list, so the section neither says "must have question" at once nor
 * vanishes from the preview (a section with a wrong item is left out). The field shows its
 * placeholder meanwhile; once something is typed into the item it counts, and Save sends the whole
 * draft, where an item still empty is reported.
 */
import { isBindingNode, isPlainObject } from './schema-ui.ts';
import type { DefinitionDraft } from './types.ts';

const isEmptyItem = (value: unknown) => value === null || (isPlainObject(value) && Object.keys(value).length === 0);

function prune(value: unknown, count: { left: number }): unknown {
  // A binding's own shape is its (an $each map may well be empty).
  if (isBindingNode(value)) return value;
  if (Array.isArray(value)) {
    let end = value.length;
    while (end > 0 && isEmptyItem(value[end - 1])) end -= 1;
    count.left += value.length - end;
    return value.slice(0, end).map((entry) => prune(entry, count));
  }
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, prune(entry, count)]));
}

/** The draft without the empty items at the end of its sections' lists, and how many were left out. */
export function withoutNewItems(draft: DefinitionDraft): { draft: DefinitionDraft; left: number } {
  const count = { left: 0 };
  const sections = draft.sections.map((section) => prune(section, count)) as DefinitionDraft['sections'];
  return count.left ? { draft: { ...draft, sections }, left: count.left } : { draft, left: 0 };
}
