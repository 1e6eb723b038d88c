/**
 * What keeps a form's submit button disabled, for the hint next to it: the SPEC §5 messages of the
 * fields whose error the visitor cannot see at the field (never touched, hidden, or about the form
 * as a whole: the CV, the captcha and the terms box until used), and whether some field already
 * shows its error. Driven by the validator's errors alone, so every form gets it.
 */
import type { FieldErrors } from './errors.ts';

export interface StillNeeded {
  /** Messages of problems not shown at any field, in the form's order, each once. */
  missing: string[];
  /** Some field shows its own error. */
  marked: boolean;
}

/**
 * @param errors messages per field ('' for the form as a whole)
 * @param shownAtField whether a field shows its errors (touched and visible)
 * @param order the fields in the order the form shows them
 */
export function stillNeeded(errors: FieldErrors, shownAtField: (field: string) => boolean, order: readonly string[]): StillNeeded {
  const rank = (field: string) => {
    const at = order.indexOf(field);
    return field === '' ? Infinity : at === -1 ? order.length : at;
  };
  const fields = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  const visible = new Set(fields.filter((field) => shownAtField(field)).flatMap((field) => errors[field]));
  const missing: string[] = [];
  for (const field of fields) {
    if (shownAtField(field)) continue;
    for (const message of errors[field]) {
      if (!visible.has(message) && !missing.includes(message)) missing.push(message);
    }
  }
  return { missing, marked: visible.size > 0 };
}
