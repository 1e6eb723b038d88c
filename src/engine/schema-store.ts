/**
 * Minimal JSON Schema navigation shared by the definition validator and the runtime prop
 * transforms: resolves $ref across our schema files and lists the fields of a schema. Also the
 * one place that knows the $ids of the schema files (schemas/<path> is `${SCHEMA_BASE}<path>`).
 */
export const SCHEMA_BASE = 'https://schemas.local/';
export const DEFINITION_SCHEMA_ID = `${SCHEMA_BASE}page-definition.schema.json`;
export const SITE_SCHEMA_ID = `${SCHEMA_BASE}site-config.schema.json`;
export const blockSchemaId = (name: string) => `${SCHEMA_BASE}blocks/${name}.schema.json`;
const BLOCK_ID = /^https:\/\/schemas\.local\/blocks\/([a-z0-9-]+)\.schema\.json$/;
/** The blocks a set of schemas defines (the engine's and a site's own), sorted: each block is its schema. */
export function blockNamesIn(schemas: readonly JsonSchema[]): string[] {
  return [...new Set(schemas.map((schema) => BLOCK_ID.exec(String(schema.$id ?? ''))?.[1]).filter((name) => name !== undefined))].sort();
}
/** A file of schemas/content/, e.g. contentSchemaId('page-blog.schema.json'). */
export const contentSchemaId = (file: string) => `${SCHEMA_BASE}content/${file}`;
export const structuredDataSchemaId = (type: string) => `${SCHEMA_BASE}structured-data/${type}.schema.json`;

export type JsonSchema = {
  $id?: string;
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  required?: string[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  contentMediaType?: string;
  title?: string;
  description?: string;
  default?: unknown;
  [key: string]: unknown;
};

/**
 * Marks of what SPEC does not document, on content schema fields: "x-assumed" (the field itself is
 * not in SPEC: the strict sample leaves it out) and "x-assumed-nesting" (SPEC documents the values
 * but not where the response carries them: the strict sample keeps them where the schema says).
 */
export const ASSUMPTION_MARKS = ['x-assumed', 'x-assumed-nesting'] as const;

/** The assumption mark of a (dereferenced) schema, if any, as "reason" text. */
export function assumptionOf(schema: JsonSchema): string | undefined {
  for (const mark of ASSUMPTION_MARKS) if (typeof schema[mark] === 'string') return schema[mark];
  return undefined;
}

/** A schema together with where it lives, so relative $refs inside it resolve. */
export interface Located {
  schema: JsonSchema;
  /** $id of the file the schema is in. */
  base: string;
  /** JSON pointer of the schema inside that file ('' for the root). */
  pointer: string;
}

export class SchemaStore {
  private readonly byId = new Map<string, JsonSchema>();

  constructor(schemas: Iterable<JsonSchema>) {
    for (const schema of schemas) {
      if (schema.$id) this.byId.set(schema.$id, schema);
    }
  }

  get(id: string): JsonSchema | undefined {
    return this.byId.get(id);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  root(id: string): Located {
    const schema = this.byId.get(id);
    if (!schema) throw new Error(`Unknown schema ${id}`);
    return { schema, base: id, pointer: '' };
  }

  /** Follows $ref chains; returns the located target. */
  deref(located: Located): Located {
    let current = located;
    // "x-assumed" marks beside a $ref belong to the field, not to the shared definition: keep them.
    const marks = ASSUMPTION_MARKS.filter((mark) => typeof located.schema[mark] === 'string');
    for (let hops = 0; current.schema.$ref && hops < 20; hops++) {
      const target = new URL(current.schema.$ref, current.base);
      const base = target.href.replace(/#.*$/, '');
      const pointer = decodeURIComponent(target.hash.replace(/^#/, ''));
      const file = this.byId.get(base);
      if (!file) throw new Error(`Cannot resolve $ref ${current.schema.$ref} from ${current.base}`);
      current = { schema: pointerGet(file, pointer), base, pointer };
    }
    if (current !== located && marks.length) {
      current = { ...current, schema: { ...current.schema, ...Object.fromEntries(marks.map((mark) => [mark, located.schema[mark]])) } };
    }
    return current;
  }

  child(located: Located, ...keys: (string | number)[]): Located {
    let schema: unknown = located.schema;
    for (const key of keys) schema = (schema as Record<string, unknown>)[key];
    return this.deref({
      schema: schema as JsonSchema,
      base: located.base,
      pointer: `${located.pointer}/${keys.map((k) => escapePointer(String(k))).join('/')}`,
    });
  }

  /** The named fields of an object schema, including those of allOf/anyOf/oneOf branches. */
  fields(located: Located): Map<string, Located> {
    const out = new Map<string, Located>();
    const visit = (loc: Located) => {
      const s = this.deref(loc);
      for (const name of Object.keys(s.schema.properties ?? {})) {
        if (!out.has(name)) out.set(name, this.child(s, 'properties', name));
      }
      for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
        (s.schema[key] ?? []).forEach((_b, i) => visit(this.child(s, key, i)));
      }
    };
    visit(located);
    return out;
  }

  /** The schema of the entries of a list schema, if it is one. */
  items(located: Located): Located | undefined {
    const s = this.deref(located);
    if (s.schema.items && !Array.isArray(s.schema.items)) return this.child(s, 'items');
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = s.schema[key] ?? [];
      for (let i = 0; i < branches.length; i++) {
        const found = this.items(this.child(s, key, i));
        if (found) return found;
      }
    }
    return undefined;
  }

  /** Declared JSON types (empty set = anything). */
  types(located: Located): Set<string> {
    const s = this.deref(located);
    const out = new Set<string>();
    const t = s.schema.type;
    if (typeof t === 'string') out.add(t);
    else if (Array.isArray(t)) t.forEach((x) => out.add(x));
    else if (s.schema.properties) out.add('object');
    else if (s.schema.items) out.add('array');
    else if (s.schema.enum) s.schema.enum.forEach((v) => out.add(jsonType(v)));
    else if ('const' in s.schema) out.add(jsonType(s.schema.const));
    for (const key of ['anyOf', 'oneOf'] as const) {
      (s.schema[key] ?? []).forEach((_b, i) => this.types(this.child(s, key, i)).forEach((x) => out.add(x)));
    }
    if (out.has('integer')) out.add('number');
    return out;
  }

  /** Whether a schema names fields but allows no others (so an unknown field is an error). */
  isClosed(located: Located): boolean {
    const s = this.deref(located);
    if (s.schema.additionalProperties === false) return true;
    // Content schemas list what the service returns; a field they do not list is a typo
    // unless the schema declares free-form additional properties.
    return Boolean(s.schema.properties) && typeof s.schema.additionalProperties !== 'object';
  }

  /** Schema of values under arbitrary keys (additionalProperties: {...}), if declared. */
  additional(located: Located): Located | undefined {
    const s = this.deref(located);
    return typeof s.schema.additionalProperties === 'object' ? this.child(s, 'additionalProperties') : undefined;
  }
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerGet(doc: unknown, pointer: string): JsonSchema {
  if (!pointer) return doc as JsonSchema;
  let current: unknown = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = (current as Record<string, unknown>)?.[key];
  }
  if (current === undefined) throw new Error(`No schema at ${pointer}`);
  return current as JsonSchema;
}

/** Levenshtein distance, for "did you mean" hints. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_v, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = temp;
    }
  }
  return row[b.length];
}

/** Length of the longest common subsequence: breaks ties between equally distant candidates. */
function common(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let prev = 0;
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j];
      row[j] = a[i - 1] === b[j - 1] ? prev + 1 : Math.max(row[j], row[j - 1]);
      prev = temp;
    }
  }
  return row[b.length];
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  let bestCommon = -1;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    const c = common(lower, candidate.toLowerCase());
    if (d < bestDistance || (d === bestDistance && c > bestCommon)) {
      best = candidate;
      bestDistance = d;
      bestCommon = c;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= limit ? ` (did you mean "${best}"?)` : '';
}

/** The name of a site form from its schema's $id (https://schemas.local/forms/contact.schema.json → contact). */
const FORM_ID = new RegExp(`^${SCHEMA_BASE.replace(/[.]/g, '\\.')}forms/([^/]+)\\.schema\\.json$`);

/**
 * The engine's schemas name a site form by the mark `"x-site-form": true` (the form block's `form`,
 * the footer's): which forms exist is the site's (its schemas/forms/). Returns the schemas with an
 * `enum` of the site's form names at every such mark, so validation, messages ("must be one of…")
 * and the editor's choices all know them; the schemas given are not changed.
 */
export function withSiteForms(schemas: readonly JsonSchema[]): JsonSchema[] {
  const names = schemas
    .map((schema) => FORM_ID.exec(String(schema.$id ?? ''))?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  const mark = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(mark);
    if (!node || typeof node !== 'object') return node;
    const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, mark(value)]));
    return out['x-site-form'] === true ? { ...out, enum: names } : out;
  };
  return schemas.map((schema) => (JSON.stringify(schema).includes('"x-site-form"') ? (mark(schema) as JsonSchema) : schema));
}
