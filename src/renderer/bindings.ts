/**
 * Declarative bindings of the definition language (schemas/page-definition.schema.json):
 *   { "$bind": "page.page_data.name", "default": "…" }     a value (or the first of several paths)
 *   { "$template": "/blog/{item.slug}" }                   text with URL-encoded placeholders
 *   { "$each": "list.list.data", "map": { … } }            one output item per list entry (optionally "where", "limit", "offset")
 *   { "$switch": "item.type", "cases": { "blog": … } }     pick one of several values by a content value
 *   { "$count": "list.list.data" }                         the number of entries of a list (e.g. for paging)
 *   { "$join": [ …parts ], "separator": " – " }            one text of the parts that have a value
 * Anything else is a literal. Resolution is plain data walking: nothing is evaluated.
 */
import type { BindingNode, BindNode, CountNode, EachNode, JoinNode, SwitchNode, TemplateNode } from '../generated/page-definition.ts';

/** The node types are generated from the definition schema's $defs (bind, template, each, switch, count, join). */
export type { BindingNode, BindNode, CountNode, EachNode, JoinNode, SwitchNode, TemplateNode };

export type Scope = Readonly<Record<string, unknown>>;

export const BINDING_KEYS = ['$bind', '$template', '$each', '$switch', '$count', '$join'] as const;

/** Roots a path may start with besides source names. */
export const RESERVED_ROOTS = ['params', 'search', 'site', 'item'] as const;

export const PLACEHOLDER = /\{([^{}]+)\}/g;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isBinding(value: unknown): value is BindingNode {
  return isPlainObject(value) && BINDING_KEYS.some((key) => key in value);
}

export function containsBinding(value: unknown): boolean {
  if (isBinding(value)) return true;
  if (Array.isArray(value)) return value.some(containsBinding);
  if (isPlainObject(value)) return Object.values(value).some(containsBinding);
  return false;
}

/** Missing, null and '' all count as "no value", so defaults and fallbacks apply to each. */
export function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export function splitPath(path: string): string[] {
  return path.split('.');
}

export function getPath(scope: Scope, path: string): unknown {
  let current: unknown = scope;
  for (const segment of splitPath(path)) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isPlainObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

export interface ResolveIssue {
  /** JSON pointer of the binding inside the resolved node. */
  pointer: string;
  message: string;
}

export interface ResolveOptions {
  /** Told about content that does not fit a binding (e.g. $each over a non-list, a value of the wrong type). */
  onIssue?: (issue: ResolveIssue) => void;
  /**
   * Why a bound value cannot stand at `pointer` (e.g. "must be string"), or undefined when it can.
   * A value that cannot counts as no value: the binding's next path or its default applies.
   */
  misfit?: (value: unknown, pointer: string) => string | undefined;
}

/**
 * Resolves every binding inside `node`. A binding without a value (and without a default)
 * yields `undefined`, and object keys / list entries that resolve to `undefined` are dropped,
 * so a block simply renders without that part. A bound value `options.misfit` refuses counts as
 * no value.
 */
export function resolve(node: unknown, scope: Scope, options: ResolveOptions = {}, pointer = ''): unknown {
  if (Array.isArray(node)) {
    return node.map((entry, index) => resolve(entry, scope, options, `${pointer}/${index}`)).filter((entry) => entry !== undefined);
  }
  if (!isPlainObject(node)) return node;

  if ('$bind' in node) {
    const bind = node as unknown as BindNode;
    const paths = Array.isArray(bind.$bind) ? bind.$bind : [bind.$bind];
    for (const path of paths) {
      const value = getPath(scope, path);
      if (!hasValue(value)) continue;
      const misfit = options.misfit?.(value, pointer);
      if (misfit === undefined) return value;
      options.onIssue?.({ pointer, message: `"${path}" left out: it ${misfit}` });
    }
    return bind.default;
  }

  if ('$template' in node) {
    const template = node as unknown as TemplateNode;
    let missing = false;
    const text = template.$template.replace(PLACEHOLDER, (_match, path: string) => {
      const value = getPath(scope, path.trim());
      if (!hasValue(value) || typeof value === 'object') {
        missing = true;
        return '';
      }
      return template.encode === false ? String(value) : encodeURIComponent(String(value));
    });
    return missing ? template.default : text;
  }

  if ('$count' in node) {
    const count = node as unknown as CountNode;
    const list = getPath(scope, count.$count);
    return Array.isArray(list) ? list.length : count.default;
  }

  if ('$switch' in node) {
    const choice = node as unknown as SwitchNode;
    const key = getPath(scope, choice.$switch);
    const picked = hasValue(key) && Object.hasOwn(choice.cases, String(key)) ? choice.cases[String(key)] : choice.default;
    return resolve(picked, scope, options, pointer);
  }

  if ('$join' in node) {
    const join = node as unknown as JoinNode;
    const parts: string[] = [];
    join.$join.forEach((part, index) => {
      const value = resolve(part, scope, options, `${pointer}/$join/${index}`);
      for (const entry of Array.isArray(value) ? value : [value]) {
        if (typeof entry === 'string' || typeof entry === 'number') {
          if (hasValue(entry)) parts.push(String(entry));
        } else if (hasValue(entry)) {
          options.onIssue?.({ pointer: `${pointer}/$join/${index}`, message: `left out: it is ${typeof entry}, not text` });
        }
      }
    });
    return parts.length ? parts.join(join.separator ?? ' ') : join.default;
  }

  if ('$each' in node) {
    const each = node as unknown as EachNode;
    const list = getPath(scope, each.$each);
    if (!Array.isArray(list)) {
      if (hasValue(list)) {
        options.onIssue?.({ pointer, message: `"${each.$each}" is not a list (got ${typeof list})` });
      }
      return [];
    }
    const start = each.offset ?? 0;
    return eachEntries(each, scope, list)
      .map(({ item }, index) => resolve(each.map, { ...scope, item }, options, `${pointer}/${start + index}`))
      .filter((entry) => entry !== undefined);
  }

  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const resolved = resolve(value, scope, options, `${pointer}/${key}`);
    if (resolved !== undefined) out[key] = resolved;
  }
  return out;
}

/**
 * The entries of `list` an `$each` maps, with their index in the list: those its `where` keeps,
 * then `offset` and `limit` (the page loader and the content audit select the same ones).
 */
export function eachEntries(each: EachNode, scope: Scope, list: readonly unknown[]): { item: unknown; index: number }[] {
  const start = each.offset ?? 0;
  return list
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !each.where || matchesWhere(each.where, scope, item))
    .slice(start, each.limit === undefined ? undefined : start + each.limit);
}

/**
 * Whether a list entry passes an `$each`'s `where`: each field equals its literal, or the value its
 * `{ "$bind" }` reads outside the list (compared as text, since query parameters are text); a
 * bound value that is missing matches nothing.
 */
export function matchesWhere(where: NonNullable<EachNode['where']>, scope: Scope, item: unknown): boolean {
  return Object.entries(where).every(([path, expected]) => {
    const actual = getPath({ ...scope, item }, path);
    if (!isPlainObject(expected)) return actual === expected;
    const wanted = resolve(expected, scope);
    const scalar = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    return hasValue(wanted) && scalar(wanted) && scalar(actual) && String(actual) === String(wanted);
  });
}

/** Every path a binding node reads (for the validator). */
export function bindingPaths(node: BindingNode): string[] {
  if ('$bind' in node) return Array.isArray(node.$bind) ? node.$bind : [node.$bind];
  if ('$template' in node) return [...node.$template.matchAll(PLACEHOLDER)].map((match) => match[1].trim());
  if ('$switch' in node) return [node.$switch];
  if ('$count' in node) return [node.$count];
  if ('$join' in node) return node.$join.flatMap((part) => (isBinding(part) ? bindingPaths(part) : []));
  return [
    node.$each,
    ...Object.entries(node.where ?? {}).flatMap(([path, value]) => [path, ...(isBinding(value) ? bindingPaths(value) : [])]),
  ];
}
