/**
 * Binding paths looked up in the content, stepping through the content contract's schema beside
 * the value (the workbench's schemaAt), and the findings about what they find: absent though the
 * contract requires it, of the wrong type for the contract or for the prop, or no value at all.
 */
import { hasValue, isPlainObject, type Scope } from '../../src/engine/bindings.ts';
import { jsonType, type Located } from '../../src/engine/schema-store.ts';
import { schemaAt } from '../../src/authoring/workbench.ts';
import type { At, Lookup, PageContext, Roots } from './types.ts';

const INDEX = /^\d+$/;

/** Why `segment` is not in `value` (found at `abs`, under the root read as `label`). */
function absentReason(value: unknown, segment: string, abs: string, rootAbs: string, label: string): string {
  if (value === null || value === undefined) return `${abs} is ${value === null ? 'null' : 'missing'}`;
  if (Array.isArray(value) && INDEX.test(segment))
    return `${abs} has ${value.length} entr${value.length === 1 ? 'y' : 'ies'}, no entry ${segment}`;
  return `${label} has no "${segment}"${abs === rootAbs ? '' : ` in ${abs}`}`;
}

/** Follows a binding path (e.g. page.page_data.name) through the roots' values and schemas. */
export function lookup(page: PageContext, path: string, roots: Roots): Lookup {
  const [rootName, ...rest] = path.split('.');
  const root = roots.get(rootName);
  if (!root) return { status: 'unavailable', abs: path };
  let value = root.value;
  let loc = root.loc;
  let abs = root.abs;
  for (const segment of rest) {
    const step = loc ? schemaAt(page.store, loc, [segment]) : undefined;
    const present =
      Array.isArray(value) && INDEX.test(segment) ? Number(segment) < value.length : isPlainObject(value) && Object.hasOwn(value, segment);
    if (!present) {
      return {
        status: 'absent',
        abs: `${abs}.${segment}`,
        label: root.label,
        requiredByContract: Boolean(step?.required) && isPlainObject(value),
        reason: absentReason(value, segment, abs, root.abs, root.label),
      };
    }
    value = (value as Record<string, unknown>)[segment];
    loc = step?.loc;
    abs = `${abs}.${segment}`;
  }
  return { status: 'ok', value, abs, loc, label: root.label };
}

/** The roots' values, as bindings resolve against them. */
export function plainScope(roots: Roots): Scope {
  return Object.fromEntries([...roots].map(([name, root]) => [name, root.value]));
}

/** Whether a value is of one of the types (numbers and booleans fit text where `textual`). */
function fits(value: unknown, types: Set<string>, textual: boolean): boolean {
  if (!types.size || value === null) return true;
  const actual = jsonType(value);
  if (types.has(actual) || (actual === 'integer' && types.has('number'))) return true;
  return textual && types.has('string') && (actual === 'number' || actual === 'integer' || actual === 'boolean');
}

/** "wrong type" when `found` does not fit `loc`'s types. */
function wrongType(page: PageContext, found: Lookup, at: At, loc: Located | undefined, textual: boolean, whose: string): boolean {
  if (!loc || found.value === null || fits(found.value, page.store.types(loc), textual)) return false;
  page.findings.push({
    severity: 'error',
    ...at,
    message: `wrong type: ${whose} ${[...page.store.types(loc)].join(' or ')}, the content has ${jsonType(found.value)}`,
  });
  return true;
}

/** Reports absent / wrong-typed content of one looked-up path; returns whether it has a value. */
export function checkLookup(page: PageContext, found: Lookup, pointer: string, expected: Located | undefined): boolean {
  if (found.status === 'unavailable') return false;
  const at: At = { pointer, path: found.abs, source: found.label };
  if (found.status === 'absent') {
    if (found.requiredByContract)
      page.findings.push({ severity: 'error', ...at, message: `missing: ${found.reason}, though the content contract requires it` });
    return false;
  }
  if (wrongType(page, found, at, found.loc, false, 'the content contract says')) return false;
  if (wrongType(page, found, at, expected, true, 'this prop must be')) return false;
  return hasValue(found.value);
}

/** Nothing for `what`: an error when the block needs it, else a warning naming the first absent path. */
export function noValue(page: PageContext, pointer: string, required: boolean, absent: Lookup[], what: string): void {
  const first = absent.find((a) => !a.requiredByContract);
  if (required) {
    page.findings.push({
      severity: 'error',
      pointer,
      path: first?.abs,
      source: first?.label,
      message: `no value for ${what}, which the block needs${first ? ` (${first.reason})` : ''}`,
    });
  } else if (first) {
    page.findings.push({
      severity: 'warning',
      pointer,
      path: first.abs,
      source: first.label,
      message: `missing: ${first.reason}; the block renders without ${what}`,
    });
  }
}

/** The prop a pointer sets, for messages: /sections/2/items/$each/map/title → title. */
export function propName(pointer: string): string {
  return (
    pointer
      .split('/')
      .filter((s) => !s.startsWith('$') && s !== 'map' && !INDEX.test(s))
      .pop() ?? 'this prop'
  );
}
