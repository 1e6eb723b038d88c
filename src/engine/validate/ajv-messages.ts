/**
 * Turns ajv errors into one clear message per problem, at the JSON pointer of the value concerned.
 * Used for definitions, site.config.json, resolved block props and the forms' x-form.
 */
import type { ErrorObject } from 'ajv';
import { didYouMean, escapePointer, type JsonSchema } from '../schema-store.ts';
import type { Report } from './types.ts';

/**
 * Reports `errors` (pointers prefixed with `prefix`). For anyOf/oneOf, ajv reports every branch's
 * failure; we keep the errors that are about something deeper than the value's basic type (those
 * of the branch the author meant), or else say which types are allowed.
 */
export function reportAjvErrors(errors: ErrorObject[], prefix: string, report: Report): void {
  const handled = new Set<ErrorObject>();
  errors.forEach((union, index) => {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') return;
    handled.add(union);
    // ajv records a union's branch errors just before the union error itself.
    const inside = errors
      .slice(0, index)
      .filter((e) => !handled.has(e) && (e.instancePath === union.instancePath || e.instancePath.startsWith(`${union.instancePath}/`)));
    inside.forEach((e) => handled.add(e));
    if (union.keyword === 'oneOf' && inside.length === 0) {
      report(prefix + union.instancePath, 'matches more than one allowed form');
      return;
    }
    const shallow = (e: ErrorObject) =>
      e.instancePath === union.instancePath &&
      (e.keyword === 'type' || e.keyword === 'required' || e.keyword === 'not' || e.keyword === 'anyOf' || e.keyword === 'oneOf');
    const deep = inside.filter((e) => !shallow(e));
    if (deep.length) deep.forEach((e) => report(prefix + e.instancePath + extraPath(e), ajvText(e)));
    else report(prefix + union.instancePath, describeUnion(union, inside));
  });
  for (const e of errors) {
    if (handled.has(e) || e.keyword === 'if') continue;
    report(prefix + e.instancePath + extraPath(e), ajvText(e));
  }
}

function describeUnion(union: ErrorObject, inside: ErrorObject[]): string {
  const types = inside
    .filter((e) => e.keyword === 'type' && e.instancePath === union.instancePath)
    .map((e) => String((e.params as { type: string }).type));
  const required = inside
    .filter((e) => e.keyword === 'required' && e.instancePath === union.instancePath)
    .map((e) => `"${(e.params as { missingProperty: string }).missingProperty}"`);
  if (required.length) return `needs ${[...new Set(required)].join(' or ')}${union.keyword === 'oneOf' ? ' (exactly one of them)' : ''}`;
  if (types.length) return `must be ${[...new Set(types)].join(' or ')}`;
  return union.keyword === 'oneOf' ? 'must match exactly one allowed form' : 'does not match any allowed form';
}

function extraPath(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties')
    return `/${escapePointer(String((e.params as { additionalProperty: string }).additionalProperty))}`;
  return '';
}

function ajvText(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema as JsonSchema | undefined)?.properties ?? {});
      const name = String(params.additionalProperty);
      return `unknown property "${name}"${didYouMean(name, allowed) || (allowed.length ? ` (allowed: ${allowed.join(', ')})` : '')}`;
    }
    case 'required':
      return `must have "${String(params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern': {
      // A schema may say what its pattern means (errorMessage.pattern, ajv-errors' keyword, as the
      // forms' schemas do): a route's rule reads better than its regular expression.
      const meaning = ((e.parentSchema as JsonSchema | undefined)?.errorMessage as { pattern?: unknown } | undefined)?.pattern;
      if (typeof meaning === 'string') return `"${String(e.data)}" ${meaning}`;
      return e.data === ''
        ? `is empty (expected text matching ${String(params.pattern)})`
        : `"${String(e.data)}" does not match the pattern ${String(params.pattern)}`;
    }
    case 'propertyNames':
      return `property name "${String(params.propertyName)}" is not allowed`;
    case 'not':
      return 'is not allowed here';
    default:
      return e.message ?? e.keyword;
  }
}
