/**
 * What keeps a form's submit button disabled, for the list next to it. SPEC §4: "Errors show once
 * a field is touched or changed", so a field the visitor types in is named by its label until
 * touched ("Email"), and by its SPEC §5 messages once they show at the field ('Email required.').
 * Fields that are used rather than typed (the CV, the captcha, the terms box), fields the page
 * fills (hidden) and errors about the form as a whole are named by their messages, as SPEC words
 * them ('Please upload your resume.'). Driven by the validator's errors alone, so every form gets it.
 */
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
