/**
 * What a form schema says about a file field (the career form's CV, schemas/forms/career.schema.json):
 * the byte limit (`x-max-file-bytes`), the message for a larger file (the field's
 * `errorMessage.maxLength`), and the rule and message for the file's name (the `pattern` and
 * `errorMessage.pattern` of the field that carries the name, the widget's `filenameField`), and the
 * characters a name may not have (that field's `not.pattern`: control characters, markup). The CV
 * widget, the server and `npm run compile-forms` all read them here, so the schema is their one source.
 */
export interface FileRules {
  maxBytes: number;
  tooLarge: string;
  /** A file name of an accepted type (e.g. ….pdf or ….docx). */
  namePattern: RegExp;
  wrongType: string;
  /** Every character a file name may not have (global): the server refuses it, the widget leaves it out. */
  nameForbidden?: RegExp;
}

/** The file's name as it is sent: without the characters the rules forbid (a name the visitor's system allowed). */
export function sentFileName(rules: FileRules, name: string): string {
  return rules.nameForbidden ? name.replace(rules.nameForbidden, '') : name;
}

/** Characters of the base64 text of `bytes` bytes: the field's maxLength. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

function message(schema: Record<string, unknown>, keyword: string): string | undefined {
  const messages = schema.errorMessage;
  const text = messages && typeof messages === 'object' ? (messages as Record<string, unknown>)[keyword] : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** The rules of a file field, from its schema and that of its name field; throws when the schemas lack one. */
export function fileRules(file: unknown, name: unknown): FileRules {
  const fileSchema = (file ?? {}) as Record<string, unknown>;
  const nameSchema = (name ?? {}) as Record<string, unknown>;
  const maxBytes = fileSchema['x-max-file-bytes'];
  const tooLarge = message(fileSchema, 'maxLength');
  const wrongType = message(nameSchema, 'pattern');
  const pattern = nameSchema.pattern;
  if (typeof maxBytes !== 'number' || !tooLarge)
    throw new Error('a file field needs "x-max-file-bytes" and errorMessage.maxLength (the message for a larger file)');
  if (typeof pattern !== 'string' || !wrongType)
    throw new Error('the file name field of a file field needs a "pattern" and errorMessage.pattern (the message for another type)');
  const forbidden = (nameSchema.not as { pattern?: unknown } | undefined)?.pattern;
  return {
    maxBytes,
    tooLarge,
    namePattern: new RegExp(pattern),
    wrongType,
    ...(typeof forbidden === 'string' ? { nameForbidden: new RegExp(forbidden, 'gu') } : {}),
  };
}
