/**
 * The schema walker: a definition's values against the block schema (and, through each binding,
 * the content against the content contract). Literals and bound values alike then go through
 * `inspect` (HTML, links, nested values). Every step into a list entry or an object field, of a
 * definition node or of content, goes through `children`: the one place that pairs a value's parts
 * with their schemas.
 */
import type { SiteConfig } from '../../src/generated/site-config.ts';
import {
  bindPaths,
  eachEntries,
  hasValue,
  isBinding,
  isPlainObject,
  resolve,
  resolveBind,
  visitBinding,
} from '../../src/engine/bindings.ts';
import { placeholderPaths } from '../../src/engine/placeholders.ts';
import type { BindNode, BindingNode, EachNode, JoinNode, SwitchNode, TemplateNode } from '../../src/engine/bindings.ts';
import { blockSchemaId, escapePointer, jsonType, type Located, type SchemaStore } from '../../src/engine/schema-store.ts';
import { metaOf } from '../../src/engine/page-loader/meta.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';
import { requiredFields } from '../../src/authoring/workbench.ts';
import { auditHtml } from './html.ts';
import { checkLink } from './links.ts';
import { checkLookup, lookup, noValue, plainScope, propName } from './lookup.ts';
import type { At, Lookup, PageContext, Roots } from './types.ts';

/** Where a value goes: the schema it must fit, its pointer in the definition, whether the block needs it. */
export interface Slot {
  expected?: Located;
  pointer: string;
  required: boolean;
}

/** Text (meta, $template): numbers and booleans fit too. */
const TEXT: Located = { schema: { type: 'string' }, base: 'https://schemas.local/synthetic/audit-text', pointer: '' };

interface Child {
  key: string;
  value: unknown;
  loc?: Located;
  required: boolean;
}

/** The entries of a list or the fields of an object, each with its schema and whether the schema requires it. */
function children(store: SchemaStore, loc: Located | undefined, value: unknown): Child[] {
  if (Array.isArray(value)) {
    const items = loc ? store.items(loc) : undefined;
    return value.map((entry, i) => ({ key: String(i), value: entry, loc: items, required: false }));
  }
  if (!isPlainObject(value)) return [];
  const fields = loc ? store.fields(loc) : new Map<string, Located>();
  const additional = loc ? store.additional(loc) : undefined;
  const needed = loc ? requiredFields(store, loc) : new Set<string>();
  return Object.entries(value).map(([key, entry]) => ({
    key,
    value: entry,
    loc: fields.get(key) ?? additional,
    required: needed.has(key),
  }));
}

/** Checks a value that reaches the block: HTML, links, nested objects and lists. */
function inspect(page: PageContext, value: unknown, expected: Located | undefined, at: At): void {
  if (!expected || value === undefined || value === null) return;
  const s = page.store.deref(expected);
  if (typeof value === 'string') {
    if (s.schema.contentMediaType === 'text/html') auditHtml(page, value, at);
    else if (s.pointer.endsWith('/$defs/href') || /\/href$/.test(at.pointer.replace(/\/\$[a-z]+(?:\/\d+)?$/, '')))
      checkLink(page, value, at);
    return;
  }
  for (const child of children(page.store, s, value)) {
    inspect(page, child.value, child.loc, {
      pointer: `${at.pointer}/${escapePointer(child.key)}`,
      path: at.path ? `${at.path}.${child.key}` : undefined,
      source: at.source,
    });
  }
}

/** Walks a definition value against its schema; returns the resolved value. */
export function walk(page: PageContext, roots: Roots, node: unknown, slot: Slot): unknown {
  const expected = slot.expected ? page.store.deref(slot.expected) : undefined;
  if (isBinding(node)) return binding(page, roots, node, { ...slot, expected });
  if (!Array.isArray(node) && !isPlainObject(node)) {
    inspect(page, node, expected, { pointer: slot.pointer });
    return node;
  }
  const resolved = children(page.store, expected, node).map(
    (child) =>
      [
        child.key,
        walk(page, roots, child.value, {
          expected: child.loc,
          pointer: `${slot.pointer}/${escapePointer(child.key)}`,
          required: child.required,
        }),
      ] as const,
  );
  return Array.isArray(node) ? resolved.map(([, value]) => value) : Object.fromEntries(resolved);
}

/** The audit's interpreter of the language: each kind of binding checked against the content it reads. */
function binding(page: PageContext, roots: Roots, node: BindingNode, slot: Slot): unknown {
  return visitBinding<unknown>(node, {
    $each: (n) => each(page, roots, n, slot),
    $switch: (n) => choose(page, roots, n, slot),
    $template: (n) => template(page, roots, n, slot),
    $join: (n) => join(page, roots, n, slot),
    $count: (n) => {
      checkLookup(page, lookup(page, n.$count, roots), `${slot.pointer}/$count`, undefined);
      return resolve(n, plainScope(roots));
    },
    $bind: (n) => bind(page, roots, n, slot),
  });
}

/** $each: the list must be one, and not empty; each kept entry is walked through `map` as `item`. */
function each(page: PageContext, roots: Roots, node: EachNode, slot: Slot): unknown[] {
  const pointer = `${slot.pointer}/$each`;
  const found = lookup(page, node.$each, roots);
  if (found.status === 'absent') {
    if (found.requiredByContract) checkLookup(page, found, pointer, undefined);
    else noValue(page, pointer, slot.required, [found], `the list ${propName(slot.pointer)}`);
  }
  if (found.status !== 'ok' || found.value === null || found.value === undefined) return [];
  const at: At = { pointer, path: found.abs, source: found.label };
  const list = found.value;
  if (!Array.isArray(list)) {
    page.findings.push({ severity: 'error', ...at, message: `wrong type: $each needs a list, the content has ${jsonType(list)}` });
    return [];
  }
  if (list.length === 0) {
    page.findings.push({ severity: 'warning', ...at, message: 'the list is empty: the block shows no entries' });
    return [];
  }
  const entries = eachEntries(node, plainScope(roots), list);
  if (entries.length === 0) {
    page.findings.push({
      severity: 'warning',
      ...at,
      message: `no entry of the list (${list.length}) is left after where/offset/limit: the block shows none`,
    });
  }
  const items = slot.expected ? page.store.items(slot.expected) : undefined;
  const itemLoc = found.loc ? page.store.items(found.loc) : undefined;
  return entries.map(({ item, index }) => {
    const inner = new Map(roots).set('item', { value: item, abs: `${found.abs}.${index}`, loc: itemLoc, label: found.label ?? '' });
    return walk(page, inner, node.map, { expected: items, pointer: `${slot.pointer}/map`, required: false });
  });
}

/** $switch: the case the content picks (or the default) is walked in the switch's place. */
function choose(page: PageContext, roots: Roots, node: SwitchNode, slot: Slot): unknown {
  const found = lookup(page, node.$switch, roots);
  checkLookup(page, found, `${slot.pointer}/$switch`, undefined);
  const key = found.status === 'ok' && hasValue(found.value) ? String(found.value) : undefined;
  if (key !== undefined && Object.hasOwn(node.cases, key))
    return walk(page, roots, node.cases[key], { ...slot, pointer: `${slot.pointer}/cases/${escapePointer(key)}` });
  if (node.default !== undefined) return walk(page, roots, node.default, { ...slot, pointer: `${slot.pointer}/default` });
  if (slot.required) {
    page.findings.push({
      severity: 'error',
      pointer: `${slot.pointer}/$switch`,
      path: found.abs,
      source: found.label,
      message: `no case for ${JSON.stringify(found.value ?? null)} and no default: no value for ${propName(slot.pointer)}, which the block needs`,
    });
  }
  return undefined;
}

/** $template: every placeholder must be text; no value at all when one is missing (and no default). */
function template(page: PageContext, roots: Roots, node: TemplateNode, slot: Slot): unknown {
  const pointer = `${slot.pointer}/$template`;
  const absent: Lookup[] = [];
  for (const path of placeholderPaths(node.$template)) {
    const found = lookup(page, path, roots);
    if (found.status === 'absent') absent.push(found);
    checkLookup(page, found, pointer, TEXT);
  }
  const value = resolve(node, plainScope(roots));
  if (value === undefined) noValue(page, pointer, slot.required, absent, propName(slot.pointer));
  else inspect(page, value, slot.expected, { pointer: slot.pointer });
  return value;
}

/** $join: each part is walked as optional text (a part without a value is left out); no value when none has one. */
function join(page: PageContext, roots: Roots, node: JoinNode, slot: Slot): unknown {
  node.$join.forEach((part, i) => walk(page, roots, part, { expected: undefined, pointer: `${slot.pointer}/$join/${i}`, required: false }));
  const value = resolve(node, plainScope(roots));
  if (value === undefined) noValue(page, `${slot.pointer}/$join`, slot.required, [], propName(slot.pointer));
  else inspect(page, value, slot.expected, { pointer: slot.pointer });
  return value;
}

/**
 * $bind: every path is checked, then the page loader's rule (`resolveBind`) picks: the first path
 * with a value that fits wins (one that cannot be read now stops the walk), else the default, else no value.
 */
function bind(page: PageContext, roots: Roots, node: BindNode, slot: Slot): unknown {
  const absent: Lookup[] = [];
  const candidates = bindPaths(node).map((path, i) => {
    const found = lookup(page, path, roots);
    if (found.status === 'absent') absent.push(found);
    const pointer = `${slot.pointer}/$bind${Array.isArray(node.$bind) ? `/${i}` : ''}`;
    return checkLookup(page, found, pointer, slot.expected) || found.status === 'unavailable' ? found : undefined;
  });
  const outcome = resolveBind(node, (_path, i) => candidates[i]);
  if (outcome.index !== undefined) {
    const winner = outcome.value;
    if (winner.status === 'unavailable') return undefined;
    inspect(page, winner.value, slot.expected, { pointer: slot.pointer, path: winner.abs, source: winner.label });
    return winner.value;
  }
  if (outcome.value !== undefined) {
    inspect(page, outcome.value, slot.expected, { pointer: `${slot.pointer}/default` });
    return outcome.value;
  }
  noValue(page, `${slot.pointer}/$bind`, slot.required, absent, propName(slot.pointer));
  return undefined;
}

/** Meta as the page loader shows it (its own, or the site's defaultMeta); the title is needed. */
export function walkMeta(page: PageContext, roots: Roots, definition: PageDefinition, site: SiteConfig): void {
  const meta = metaOf(definition, site);
  for (const [key, value] of Object.entries(meta))
    walk(page, roots, value, { expected: TEXT, pointer: `/meta/${key}`, required: key === 'title' });
}

/** Every section that passed validation, its props against its block's schema. */
export function walkSections(page: PageContext, roots: Roots, definition: PageDefinition): void {
  definition.sections.forEach((section, index) => {
    if (definition.invalidSections.has(index) || !page.store.get(blockSchemaId(section.block))) return;
    const { block, id: _id, ...props } = section;
    walk(page, roots, props, { expected: page.store.root(blockSchemaId(block)), pointer: `/sections/${index}`, required: false });
  });
}
