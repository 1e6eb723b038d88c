// The strict sample (CONTENT_SAMPLE=spec): the reference service answers only what SPEC documents.
// Endpoints marked "x-assumed" in contract.json answer 404, and every response is cut down to the
// fields its schema declares without an "x-assumed" mark. The site is tested against this, so it
// cannot come to depend on a field or path the vendor's real service was never said to have.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SchemaStore, type JsonSchema, type Located } from '../../src/engine/schema-store.ts';
import { responseSchemaId } from '../../src/engine/contract-paths.ts';
import { SCHEMA_DIR } from './contract.ts';

export type SampleMode = 'full' | 'spec';

/** CONTENT_SAMPLE=spec selects the strict sample; anything else (or unset) the full one. */
export function sampleMode(value: string | undefined): SampleMode {
  if (value === undefined || value === '' || value === 'full') return 'full';
  if (value === 'spec') return 'spec';
  throw new Error(`CONTENT_SAMPLE must be "full" or "spec", not "${value}"`);
}

export function loadContentSchemas(dir: string = SCHEMA_DIR): SchemaStore {
  const schemas = readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as JsonSchema);
  return new SchemaStore(schemas);
}

/** The documented part of `value`: declared, unassumed fields only, recursively. */
export function documentedOnly(value: unknown, store: SchemaStore, loc: Located): unknown {
  if (Array.isArray(value)) {
    const items = store.items(loc);
    return items ? value.map((entry) => documentedOnly(entry, store, items)) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const fields = store.fields(loc);
  const additional = store.additional(loc);
  if (fields.size === 0) {
    if (!additional) return value;
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, documentedOnly(entry, store, additional)]));
  }
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    const field = fields.get(key);
    if (!field || typeof field.schema['x-assumed'] === 'string') continue;
    out[key] = documentedOnly(entry, store, field);
  }
  return out;
}

/** The response schema of an endpoint (by its `schema` file); throws when the store lacks it. */
export function responseSchema(store: SchemaStore, schemaFile: string): Located {
  return store.root(responseSchemaId({ schema: schemaFile }));
}
