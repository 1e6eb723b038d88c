/**
 * The largest JSON body a legal submission of a form can have, computed from its schema: every
 * string at its maxLength with each character in its worst JSON encoding (6 bytes, "\u0000"),
 * except strings whose pattern allows only base64 (1 byte each), plus key names, punctuation and
 * a margin for the honeypot and whitespace. Bodies beyond it are refused with 413 before parsing.
 */
export interface FieldSchema {
  type?: string | string[];
  maxLength?: number;
  pattern?: string;
  contentEncoding?: string;
}

const WORST_CHAR_BYTES = 6;
/** Bound for a field without maxLength (e.g. the PDF form's numeric id). */
const UNBOUNDED_FIELD_CHARS = 1024;
export const BODY_MARGIN_BYTES = 4096;

function fieldBytes(field: FieldSchema): number {
  const types = Array.isArray(field.type) ? field.type : [field.type ?? 'string'];
  if (!types.includes('string')) return types.includes('boolean') ? 5 : 32;
  const chars = field.maxLength ?? UNBOUNDED_FIELD_CHARS;
  const plain = field.contentEncoding === 'base64' || field.pattern === '^[A-Za-z0-9+/]+={0,2}$';
  return 2 + chars * (plain ? 1 : WORST_CHAR_BYTES);
}

export function maxBodyBytes(schema: { properties?: Record<string, FieldSchema> }): number {
  let total = 2 + BODY_MARGIN_BYTES; // {} and the margin
  for (const [key, field] of Object.entries(schema.properties ?? {})) total += key.length + 4 + fieldBytes(field); // "key": …,
  return total;
}
