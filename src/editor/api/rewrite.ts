/**
 * The text the editor's save writes: the new definition, formatted as `npm run format` leaves the
 * repository's files, and otherwise as close to the file on disk as it can be. Whatever did not
 * change keeps its original text, objects keep their key order and their hand-chosen expansion
 * (Prettier keeps an object expanded when its source breaks the line after "{"), so changing one
 * field is a one-line diff and moving a section moves its lines unchanged.
 */
import { getNodeValue, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { deepEqual, isPlainObject } from '../../engine/bindings.ts';
import type { SchemaStore } from '../../engine/schema-store.ts';
import { blockSchemaId, DEFINITION_SCHEMA_ID } from '../../engine/schema-store.ts';
import { formatJsonFile, formatJsonText } from '../../authoring/format-json.ts';

/**
 * The text to write for `next`, given the file's current text (`original`; undefined for a new
 * file: then exactly what `npm run new-page` would write). `file` is absolute or relative to the
 * project root (it picks the Prettier settings).
 */
export async function definitionText(original: string | undefined, next: unknown, file: string, store: SchemaStore): Promise<string> {
  if (original === undefined) return formatJsonFile(next, file);
  const errors: ParseError[] = [];
  const root = parseTree(original, errors, { disallowComments: true, allowTrailingComma: false });
  // A file that is not JSON has nothing worth keeping.
  if (!root || errors.length) return formatJsonFile(next, file);
  const rewriter = new Rewriter(original, store);
  return formatJsonText(rewriter.value(root, next, true), file);
}

class Rewriter {
  constructor(
    private readonly text: string,
    private readonly store: SchemaStore,
  ) {}

  private slice(node: Node): string {
    return this.text.slice(node.offset, node.offset + node.length);
  }

  /** JSON text of `value`, reusing the text of `node` (what stood at the same place) where it can. */
  value(node: Node | undefined, value: unknown, top = false): string {
    if (value === undefined) value = null;
    if (node && deepEqual(getNodeValue(node), value)) return this.slice(node);
    if (node?.type === 'object' && isPlainObject(value)) return this.object(node, value, top);
    if (node?.type === 'array' && Array.isArray(value)) return this.array(node, value);
    return JSON.stringify(value);
  }

  private object(node: Node, value: Record<string, unknown>, top: boolean): string {
    const properties = new Map<string, Node>();
    for (const property of node.children ?? []) {
      const [key, entry] = property.children ?? [];
      if (key && entry) properties.set(String(key.value), property);
    }
    const present = Object.keys(value).filter((key) => value[key] !== undefined);
    const kept = [...properties.keys()].filter((key) => key in value && value[key] !== undefined);
    const added = present.filter((key) => !properties.has(key));
    const keys = placeNewKeys(kept, added, this.rank(value, top));
    if (!keys.length) return '{}';
    const entries = keys.map((key) => {
      const property = properties.get(key);
      const [keyNode, entry] = property?.children ?? [];
      const name = keyNode ? this.slice(keyNode) : JSON.stringify(key);
      return `${name}: ${this.value(entry, value[key])}`;
    });
    const first = node.children?.[0];
    const expanded = top || (first !== undefined && this.text.slice(node.offset + 1, first.offset).includes('\n'));
    return expanded ? `{\n${entries.join(',\n')}\n}` : `{${entries.join(', ')}}`;
  }

  private array(node: Node, value: unknown[]): string {
    const originals = node.children ?? [];
    const values = originals.map((child) => getNodeValue(child) as unknown);
    const used = new Set<number>();
    const matched = new Map<number, number>();
    // Unchanged entries first, wherever they moved: a reordered list keeps each entry's text.
    value.forEach((entry, i) => {
      const same = (j: number) => !used.has(j) && deepEqual(values[j], entry);
      const j = same(i) ? i : values.findIndex((_v, k) => same(k));
      if (j >= 0) {
        used.add(j);
        matched.set(i, j);
      }
    });
    const parts = value.map((entry, i) => {
      const j = matched.get(i);
      if (j !== undefined) return this.slice(originals[j]);
      return this.value(this.template(originals, values, used, entry, i), entry);
    });
    return `[${parts.join(', ')}]`;
  }

  /** What a changed entry is rewritten from: the entry at its place, else the same block elsewhere. */
  private template(originals: Node[], values: unknown[], used: Set<number>, entry: unknown, i: number): Node | undefined {
    const kind = (v: unknown) => (Array.isArray(v) ? 'array' : isPlainObject(v) ? 'object' : 'other');
    const fits = (j: number) => j < values.length && kind(values[j]) === kind(entry) && kind(entry) !== 'other';
    const take = (j: number) => {
      used.add(j);
      return originals[j];
    };
    if (fits(i) && !used.has(i)) return take(i);
    const block = isPlainObject(entry) ? entry.block : undefined;
    if (typeof block === 'string') {
      const j = values.findIndex((v, k) => !used.has(k) && isPlainObject(v) && v.block === block);
      if (j >= 0) return take(j);
    }
    return fits(i) ? originals[i] : undefined;
  }

  /** Where new keys go: the schema's property order (top level: the page definition's; a section: its block's). */
  private rank(value: Record<string, unknown>, top: boolean): Map<string, number> {
    let order: string[] = [];
    if (top) order = ['$schema', ...this.propertyNames(DEFINITION_SCHEMA_ID)];
    else if (typeof value.block === 'string') order = ['block', 'id', ...this.propertyNames(blockSchemaId(value.block))];
    const rank = new Map<string, number>();
    order.forEach((key, i) => rank.has(key) || rank.set(key, i));
    return rank;
  }

  private propertyNames(id: string): string[] {
    if (!this.store.get(id)) return [];
    return [...this.store.fields(this.store.root(id)).keys()];
  }
}

/** `kept` in its order, each of `added` after the last key that comes before it in `rank` (unranked: at the end). */
export function placeNewKeys(kept: string[], added: string[], rank: Map<string, number>): string[] {
  const out = [...kept];
  for (const key of added) {
    const r = rank.get(key);
    if (r === undefined) {
      out.push(key);
      continue;
    }
    const after = out.findLastIndex((k) => (rank.get(k) ?? Infinity) < r);
    const before = out.findIndex((k) => rank.has(k));
    out.splice(after >= 0 ? after + 1 : before >= 0 ? before : out.length, 0, key);
  }
  return out;
}
