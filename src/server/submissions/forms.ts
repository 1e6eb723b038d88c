/**
 * The submission endpoints, derived from the generated forms (src/generated/forms/: `formNames`,
 * each bundled schema's `x-form` and its precompiled validator — the same ones the browser uses)
 * and from the content contract's request schemas (which endpoints take an `ip`).
 */
import type { ErrorObject } from 'ajv';
import { formNames } from '@site/src/generated/forms/index.ts';
import { contentContract } from '../../engine/content-contract.ts';
import type { FormMeta } from '../../generated/form-meta.ts';
import { fileRules, type FileRules } from '../../forms/file-field.ts';
import { maxBodyBytes, type FieldSchema } from './body-limit.ts';

export interface FormSchema {
  $id: string;
  'x-form': FormMeta;
  properties: Record<
    string,
    FieldSchema & { const?: unknown; 'x-lowercase'?: boolean; 'x-max-file-bytes'?: number; 'x-captcha'?: boolean }
  >;
  required?: string[];
}

export type ValidateFunction = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface SubmissionForm {
  name: string;
  schema: FormSchema;
  validate: ValidateFunction;
  /** Properties with a fixed value (page_type): they tell forms sharing an endpoint apart. */
  consts: Record<string, unknown>;
  /** Fields marked x-lowercase (the e-mail): accepted in any case, stored and sent on in lower case. */
  lowercase: string[];
  /** Uploaded files (fields marked x-max-file-bytes), each with the field of its file name and its rules. */
  files: { field: string; nameField: string; rules: FileRules }[];
  /** The field holding the captcha token (marked x-captcha, the shared captcha field): checked, never part of the lead. */
  captcha: string;
}

export interface SubmissionEndpoint {
  path: string;
  forms: SubmissionForm[];
  /** Keys checked here but not sent on (x-form.strip). The same for every form of an endpoint. */
  strip: string[];
  /** The content contract's body for this endpoint has `ip`: the server fills it in. */
  addIp: boolean;
  /** Largest legal body of any of its forms, in bytes. */
  bodyLimit: number;
}

/** By file name: the site's compiled forms and content schemas (@site: tools/lib/site-dir.ts). */
const byFileName = <T>(modules: Record<string, T>): Map<string, T> =>
  new Map(Object.entries(modules).map(([file, mod]) => [file.slice(file.lastIndexOf('/') + 1), mod]));
const bundled = byFileName(
  import.meta.glob<{ schema: FormSchema; uiSchema: Record<string, { 'ui:options'?: { filenameField?: string } }> }>(
    '@site/src/generated/forms/*.json',
    { eager: true, import: 'default' },
  ),
);
const validators = byFileName(
  import.meta.glob<Record<string, ValidateFunction>>('@site/src/generated/forms/*.validator.js', { eager: true }),
);
const requestSchemas = byFileName(
  import.meta.glob<{ properties?: Record<string, unknown> }>('@site/schemas/content/*.schema.json', { eager: true, import: 'default' }),
);

function submissionForm(name: string): SubmissionForm {
  const def = bundled.get(`${name}.json`);
  const mod = validators.get(`${name}.validator.js`);
  if (!def || !mod) throw new Error(`generated form "${name}" is missing: run \`npm run compile-forms\``);
  const validate = mod[def.schema.$id];
  if (typeof validate !== 'function') throw new Error(`src/generated/forms/${name}.validator.js does not export ${def.schema.$id}`);
  const consts = Object.fromEntries(
    Object.entries(def.schema.properties)
      .filter(([, field]) => field.const !== undefined)
      .map(([key, field]) => [key, field.const]),
  );
  const lowercase = Object.keys(def.schema.properties).filter((key) => def.schema.properties[key]['x-lowercase'] === true);
  const files = Object.keys(def.schema.properties)
    .filter((key) => def.schema.properties[key]['x-max-file-bytes'] !== undefined)
    .map((field) => {
      const nameField = def.uiSchema?.[field]?.['ui:options']?.filenameField ?? '';
      return { field, nameField, rules: fileRules(def.schema.properties[field], def.schema.properties[nameField]) };
    });
  const captcha = Object.keys(def.schema.properties).find((key) => def.schema.properties[key]['x-captcha'] === true);
  if (!captcha) throw new Error(`form "${name}" has no captcha field (the shared captcha of form-fields.schema.json)`);
  return { name, schema: def.schema, validate, consts, lowercase, files, captcha };
}

function contractTakesIp(path: string): boolean {
  const entry = contentContract.endpoints.find((e) => e.path === path && e.method === 'POST');
  if (!entry?.requestSchema) throw new Error(`form endpoint ${path} is no POST endpoint of schemas/content/contract.json`);
  const schema = requestSchemas.get(entry.requestSchema);
  if (!schema) throw new Error(`schemas/content/${entry.requestSchema} is missing`);
  return Object.hasOwn(schema.properties ?? {}, 'ip');
}

export function loadEndpoints(names: readonly string[] = formNames): SubmissionEndpoint[] {
  const byPath = new Map<string, SubmissionForm[]>();
  for (const form of names.map(submissionForm)) {
    const path = form.schema['x-form'].endpoint;
    byPath.set(path, [...(byPath.get(path) ?? []), form]);
  }
  return [...byPath].map(([path, forms]) => {
    const strips = forms.map((f) => JSON.stringify([...(f.schema['x-form'].strip ?? [])].sort()));
    if (new Set(strips).size > 1) throw new Error(`forms posting to ${path} disagree on x-form.strip`);
    return {
      path,
      forms,
      strip: forms[0].schema['x-form'].strip ?? [],
      addIp: contractTakesIp(path),
      bodyLimit: Math.max(...forms.map((f) => maxBodyBytes(f.schema))),
    };
  });
}

export type FormCheck = { form: SubmissionForm; errors?: undefined } | { form: SubmissionForm; errors: ErrorObject[] };

/**
 * Validates a body against the forms of its endpoint. The browser names its form in the
 * `Form-Name` header (the four sales-contact forms share an endpoint and a body shape but not
 * their rules); a fixed value (page_type) also picks the form. Without either, a body any of the
 * endpoint's forms accepts passes. When none does, the errors are those of the closest form.
 */
export function checkForms(endpoint: SubmissionEndpoint, body: Record<string, unknown>, formName?: string): FormCheck {
  const named = endpoint.forms.filter((f) => f.name === formName);
  const matching = (named.length ? named : endpoint.forms).filter((f) =>
    Object.entries(f.consts).every(([key, value]) => body[key] === value),
  );
  const candidates = matching.length > 0 ? matching : named.length ? named : endpoint.forms;
  let closest: { form: SubmissionForm; errors: ErrorObject[] } | undefined;
  for (const form of candidates) {
    if (form.validate(body)) return { form };
    const errors = [...(form.validate.errors ?? [])];
    if (!closest || errors.length < closest.errors.length) closest = { form, errors };
  }
  return closest!;
}
