/**
 * What keeps a form's submit button disabled, for the list next to it. SPEC §4: "Errors show once
 * a field is touched or changed", so until then a field is named by a label ("Email", "CV",
 * "Captcha", "Terms and conditions": fieldLabels below), and once its errors show at it, by its
 * SPEC §5 messages ('Email required.', 'Check is required.'). Fields the page fills (hidden) and
 * errors about the form as a whole are named by their messages. Driven by the validator's errors
 * alone, so every form gets it.
 */
import { getUiOptions, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { FieldErrors } from './errors.ts';

export interface StillNeeded {
  /** What is still needed, in the form's order, each once: labels and messages. */
  missing: string[];
  /** Some field shows its own error. */
  marked: boolean;
}

export interface Naming {
  /** Whether a field shows its errors (touched or changed, and visible). */
  shownAtField: (field: string) => boolean;
  /** The label a field is named by while its errors do not show; undefined: its messages. */
  labelOf: (field: string) => string | undefined;
  /** The fields in the order the form shows them. */
  order: readonly string[];
}

/** @param errors messages per field ('' for the form as a whole) */
export function stillNeeded(errors: FieldErrors, { shownAtField, labelOf, order }: Naming): StillNeeded {
  const rank = (field: string) => {
    const at = order.indexOf(field);
    return field === '' ? Infinity : at === -1 ? order.length : at;
  };
  const fields = Object.keys(errors)
    .filter((field) => errors[field].length)
    .sort((a, b) => rank(a) - rank(b));
  const missing: string[] = [];
  let marked = false;
  for (const field of fields) {
    const shown = field !== '' && shownAtField(field);
    marked ||= shown;
    const label = shown || field === '' ? undefined : labelOf(field);
    for (const item of label === undefined ? errors[field] : [label]) {
      if (!missing.includes(item)) missing.push(item);
    }
  }
  return { missing, marked };
}

type Property = RJSFSchema & { 'x-short-label'?: string };

/** Fields that never show their own errors (filled by the page or by another widget). */
export function hiddenFields(schema: RJSFSchema, uiSchema: UiSchema): Set<string> {
  return new Set(Object.keys(schema.properties ?? {}).filter((field) => getUiOptions(uiSchema[field] as UiSchema).widget === 'hidden'));
}

export interface FieldLabels {
  /**
   * What the list calls each field until it is touched: its short label (the schema's
   * "x-short-label", for a field whose label is long), else the label the form shows (ui:title,
   * then the schema title, then the name, as rjsf picks it). Fields the page fills have none.
   */
  labels: Map<string, string>;
  /** A hidden field that a visitor's widget fills (the CV's file name), and that widget's field. */
  filledBy: Map<string, string>;
}

export function fieldLabels(schema: RJSFSchema, uiSchema: UiSchema): FieldLabels {
  const hidden = hiddenFields(schema, uiSchema);
  const labels = new Map<string, string>();
  const filledBy = new Map<string, string>();
  for (const [field, value] of Object.entries(schema.properties ?? {})) {
    if (hidden.has(field)) continue;
    const property = value as Property;
    const options = getUiOptions(uiSchema[field] as UiSchema);
    const label = property['x-short-label'] ?? options.title ?? property.title ?? field;
    labels.set(field, label);
    const filled = options.filenameField;
    if (typeof filled === 'string' && hidden.has(filled)) {
      labels.set(filled, label);
      filledBy.set(filled, field);
    }
  }
  return { labels, filledBy };
}
