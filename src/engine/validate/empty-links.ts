/**
 * Links and navigations by their schema, and the warnings `npm run validate` gives about empty ones.
 * A link is an object with a `label` and an `href` (common.schema.json#/$defs/link, a side menu's
 * link); a navigation is a list of links (an FAQ's side links, link pills), or an object holding
 * one (the FAQ's `nav`). An empty navigation or a link without text or target shows nothing on the
 * page (the blocks leave them out): worth a warning, not a failure, since the page is still right.
 */
import { isBinding, isPlainObject } from '../bindings.ts';
import { escapePointer, type Located, type SchemaStore } from '../schema-store.ts';
import type { Report } from './types.ts';

/** Whether values of this schema are links (a label and an href). */
export function isLinkSchema(store: SchemaStore, loc: Located): boolean {
  const fields = store.fields(loc);
  return fields.has('label') && fields.has('href');
}

/** Whether values of this schema are lists of links. */
export function isLinkList(store: SchemaStore, loc: Located): boolean {
  const items = store.items(loc);
  return items !== undefined && isLinkSchema(store, items);
}

/** Whether a prop of this schema is a link, a list of links or an object holding one: an optional part a block shows without. */
export function isLinkPart(store: SchemaStore, loc: Located): boolean {
  if (isLinkSchema(store, loc) || isLinkList(store, loc)) return true;
  return [...store.fields(loc).values()].some((field) => isLinkList(store, field));
}

const blank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * Warns where a literal navigation is empty or a literal link has no text or no target. Bound
 * values are content's (checked when the page is served); missing keys are the schema's errors.
 */
export function warnEmptyLinks(store: SchemaStore, value: unknown, loc: Located, pointer: string, warn: Report): void {
  if (isBinding(value)) return;
  if (Array.isArray(value)) {
    if (value.length === 0 && isLinkList(store, loc))
      return warn(pointer, 'an empty navigation: it has no links, so the page shows nothing here; add a link or remove it');
    const items = store.items(loc);
    if (items) value.forEach((entry, i) => warnEmptyLinks(store, entry, items, `${pointer}/${i}`, warn));
    return;
  }
  if (!isPlainObject(value)) return;
  const fields = store.fields(loc);
  if (isLinkSchema(store, loc)) {
    if (blank(value.label)) warn(`${pointer}/label`, 'a link without text: the page does not show it; give it a text or remove the link');
    if (blank(value.href))
      warn(`${pointer}/href`, 'a link without a target (href): the page does not show it; give it one or remove the link');
  }
  for (const [key, entry] of Object.entries(value)) {
    const field = fields.get(key);
    if (field) warnEmptyLinks(store, entry, field, `${pointer}/${escapePointer(key)}`, warn);
  }
}
