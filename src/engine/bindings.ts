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
import { placeholderPaths, substitute } from './placeholders.ts';

/** The node types are generated from the definition schema's $defs (bind, template, each, switch, count, join). */
export type { BindingNode, BindNode, CountNode, EachNode, JoinNode, SwitchNode, TemplateNode };

export type Scope = Readonly<Record<string, unknown>>;

/**
 * What an interpreter of the language does with each kind of binding, one method per kind: the
 * page loader (`resolve`), the validator's checks (validate/binding-checks.ts), the content audit
 * (tools/audit/walk.ts) and `bindingPaths` are each one such visitor, so a new kind is a type error
 * in every one of them until it is handled (no interpreter can fall through to another kind).
 */
export interface BindingVisitor<R> {
  $bind(node: BindNode): R;
  $template(node: TemplateNode): R;
  $each(node: EachNode): R;
  $switch(node: SwitchNode): R;
  $count(node: CountNode): R;
  $join(node: JoinNode): R;
}

/** The keys that make an object a binding: one per kind, as the visitor has one method per kind. */
export const BINDING_KEYS = [
  '$bind',
  '$template',
  '$each',
  '$switch',
  '$count',
  '$join',
] as const satisfies readonly (keyof BindingVisitor<unknown>)[];

/** Hands a binding node to the visitor's method for its kind (its one `$` key; the schema allows one). */
export function visitBinding<R>(node: BindingNode, visitor: BindingVisitor<R>): R {
  if ('$bind' in node) return visitor.$bind(node);
  if ('$template' in node) return visitor.$template(node);
  if ('$each' in node) return visitor.$each(node);
  if ('$switch' in node) return visitor.$switch(node);
  if ('$count' in node) return visitor.$count(node);
  return visitor.$join(node);
}

/** Roots a path may start with besides source names. */
export const RESERVED_ROOTS = ['params', 'search', 'site', 'item'] as const;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON equality; key order does not matter (the file's order is kept anyway). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((entry, i) => deepEqual(entry, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  const other = Object.keys(b).filter((key) => b[key] !== undefined);
  return keys.length === other.length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
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

/** The paths of a `$bind`, in the order they are tried (of an unfinished one in the editor: those that are text). */
export function bindPaths(bind: { $bind?: unknown }): string[] {
  const paths = bind.$bind;
  if (typeof paths === 'string') return [paths];
  return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [];
}

/** What a `$bind` comes to: the value of the path that won (with its index), else its default (no index). */
export type BindOutcome<T> = { index: number; path: string; value: T } | { index?: undefined; value: unknown };

/**
 * The `$bind` rule, the one the page loader, the content audit and the editor follow: its paths
 * are tried in order and the first `take` gives a value for wins; with none, its `default`.
 * `take(path, index)` reads one path: undefined for no value (missing, null, '', or refused).
 */
export function resolveBind<T>(
  bind: { $bind?: unknown; default?: unknown },
  take: (path: string, index: number) => T | undefined,
): BindOutcome<T> {
  const paths = bindPaths(bind);
  for (let index = 0; index < paths.length; index++) {
    const value = take(paths[index], index);
    if (value !== undefined) return { index, path: paths[index], value };
  }
  return { value: bind.default };
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
  if (isBinding(node)) return visitBinding(node, resolver(scope, options, pointer));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const resolved = resolve(value, scope, options, `${pointer}/${key}`);
    if (resolved !== undefined) out[key] = resolved;
  }
  return out;
}

/** The page loader's interpreter: each kind of binding to its value in `scope`. */
function resolver(scope: Scope, options: ResolveOptions, pointer: string): BindingVisitor<unknown> {
  return {
    $bind(bind) {
      return resolveBind(bind, (path) => {
        const value = getPath(scope, path);
        if (!hasValue(value)) return undefined;
        const misfit = options.misfit?.(value, pointer);
        if (misfit === undefined) return value;
        options.onIssue?.({ pointer, message: `"${path}" left out: it ${misfit}` });
        return undefined;
      }).value;
    },
    $template(template) {
      let missing = false;
      const text = substitute(template.$template, (path) => {
        const value = getPath(scope, path);
        if (!hasValue(value) || typeof value === 'object') {
          missing = true;
          return '';
        }
        return template.encode === false ? String(value) : encodeURIComponent(String(value));
      });
      return missing ? template.default : text;
    },
    $count(count) {
      const list = getPath(scope, count.$count);
      return Array.isArray(list) ? list.length : count.default;
    },
    $switch(choice) {
      const key = getPath(scope, choice.$switch);
      const picked = hasValue(key) && Object.hasOwn(choice.cases, String(key)) ? choice.cases[String(key)] : choice.default;
      return resolve(picked, scope, options, pointer);
    },
    $join(join) {
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
    },
    $each(each) {
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
    },
  };
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
  const nested = (value: unknown) => (isBinding(value) ? bindingPaths(value) : []);
  return visitBinding<string[]>(node, {
    $bind: bindPaths,
    $template: (template) => placeholderPaths(template.$template),
    $switch: (choice) => [choice.$switch],
    $count: (count) => [count.$count],
    $join: (join) => join.$join.flatMap(nested),
    $each: (each) => [each.$each, ...Object.entries(each.where ?? {}).flatMap(([path, value]) => [path, ...nested(value)])],
  });
}
