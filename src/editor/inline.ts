/**
 * Inline editing in the preview (issue 22): a double-click on a text in the preview asks the
 * editor which prop of the section shows it. A fixed plain-text value found once, word for word,
 * is edited in place (the preview makes the element editable, the change comes back as one edit
 * of the draft: same undo, same validation). Text that comes from content, from several props or
 * from HTML is not a fixed value: the editor selects the section and says where to change it.
 * Matching by text needs nothing from the blocks: no block marks its elements.
 */
import { isBindingNode, pointerOf, type Json } from './schema-ui.ts';
import type { SectionDraft } from './types.ts';

/** Keys of a section that are no text a visitor reads. */
const NOT_TEXT = new Set(['block', 'id']);

export type InlineTarget =
  /** Edit in place: the prop's JSON pointer within the section. */
  | { kind: 'fixed'; pointer: string }
  /** Shown from content: the binding's pointer within the section. */
  | { kind: 'bound'; pointer: string }
  | { kind: 'none' };

type Path = readonly (string | number)[];

/** Where in `props` (the section's props as the page rendered them) a string equal to `text` is. */
export function pathsOfText(props: unknown, text: string): Path[] {
  const wanted = text.trim();
  const out: Path[] = [];
  const walk = (value: unknown, path: Path) => {
    if (typeof value === 'string') {
      if (wanted && value.trim() === wanted) out.push(path);
    } else if (Array.isArray(value)) value.forEach((entry, index) => walk(entry, [...path, index]));
    else if (value && typeof value === 'object') for (const [key, entry] of Object.entries(value as Json)) walk(entry, [...path, key]);
  };
  walk(props, []);
  return out;
}

/**
 * Which prop of the draft `section` shows `text`, given where the rendered props have it
 * (`shownAt`, from pathsOfText in the preview): a fixed plain string equal to it, found once, is
 * edited in place; a binding on the way is where it comes from; else none (two places, HTML, a
 * value the page changes such as {brand}: edit it in the properties).
 */
export function inlineTarget(section: SectionDraft, text: string, shownAt: readonly Path[]): InlineTarget {
  const wanted = text.trim();
  const fixed: string[] = [];
  const bound: string[] = [];
  for (const path of shownAt) {
    if (!path.length || NOT_TEXT.has(String(path[0]))) continue;
    let node: unknown = section;
    let at = 0;
    for (; at < path.length && !isBindingNode(node); at += 1) {
      node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[path[at]] : undefined;
    }
    if (isBindingNode(node)) bound.push(pointerOf('', path.slice(0, at)));
    else if (typeof node === 'string' && node.trim() === wanted && !/[<>]/.test(node)) fixed.push(pointerOf('', path));
  }
  if (fixed.length === 1 && !bound.length) return { kind: 'fixed', pointer: fixed[0] };
  if (bound.length) return { kind: 'bound', pointer: bound[0] };
  return { kind: 'none' };
}

/** `section` with the string at `pointer` (within the section) set to `value`; untouched parts shared. */
export function withTextAt(section: SectionDraft, pointer: string, value: string): SectionDraft {
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const set = (node: unknown, at: number): unknown => {
    if (at === segments.length) return value;
    const key = segments[at];
    if (Array.isArray(node)) return node.with(Number(key), set(node[Number(key)], at + 1));
    const object = (node ?? {}) as Json;
    return { ...object, [key]: set(object[key], at + 1) };
  };
  return set(section, 0) as SectionDraft;
}
