/**
 * Turns ajv errors of a precompiled form validator into messages per field. ajv-errors reports
 * the messages of missing required fields on the form object itself; they belong to the field
 * that is missing (params.errors[0].params.missingProperty), where the visitor will look.
 */
import type { ErrorObject } from 'ajv';

export type FieldErrors = Record<string, string[]>;

/** The field an error is about ('' for the form as a whole). */
export function errorField(error: ErrorObject): string {
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  const missing =
    (inner?.params as { missingProperty?: string } | undefined)?.missingProperty ??
    (error.params as { missingProperty?: string }).missingProperty;
  if (missing && !error.instancePath) return missing;
  return error.instancePath.replace(/^\//, '').split('/')[0] ?? '';
}

export function fieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors ?? []) {
    const field = errorField(error);
    const message = error.message ?? 'is not valid';
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}
