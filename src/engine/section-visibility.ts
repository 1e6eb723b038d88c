/**
 * When a section is left out: content that is not there (a failed source, an empty list) must
 * not leave an orphan heading behind. Decided from the block's schema, so no block needs code for it.
 */
import type { JsonSchema } from './schema-store.ts';

/** Whether a value has anything to show: text, a number, a non-empty list or an object with any of these. */
export function hasContent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.some(hasContent);
  if (typeof value === 'object') return Object.values(value).some(hasContent);
  return true;
}

/** The required props without content (an empty list counts as content when the section has an `emptyText`). */
function missingRequired(schema: JsonSchema, props: Record<string, unknown>): string[] {
  return (schema.required ?? []).filter((name) => !hasContent(props[name]) && !(Array.isArray(props[name]) && hasContent(props.emptyText)));
}

/**
 * A section is shown when every prop its block schema requires has content (an empty list still
 * shows when the section gives an `emptyText` to say so) and, if the schema lists `x-shown-with`,
 * at least one of those props has content.
 */
export function isShown(schema: JsonSchema, props: Record<string, unknown>): boolean {
  if (missingRequired(schema, props).length) return false;
  const shownWith = schema['x-shown-with'];
  return !Array.isArray(shownWith) || shownWith.some((name) => hasContent(props[String(name)]));
}

/** Why isShown() is false, in words (the editor's preview says it). */
export function missingContent(schema: JsonSchema, props: Record<string, unknown>): string {
  const missing = missingRequired(schema, props);
  const names = (list: unknown[]) => list.map((name) => `"${String(name)}"`).join(', ');
  const wanted = missing.length ? missing : ((schema['x-shown-with'] as unknown[] | undefined) ?? []);
  return `no content for ${wanted.length > 1 && !missing.length ? 'any of ' : ''}${names(wanted)}`;
}
