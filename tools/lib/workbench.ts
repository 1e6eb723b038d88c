/**
 * Helpers shared by the content engineers' tools (new-page, audit-content, migrate-definitions,
 * generate-block-docs): content-contract look-ups, schema walking and JSON formatting in the
 * style of the definition files.
 */
import { didYouMean, type JsonSchema, type Located, type SchemaStore } from '../../src/renderer/schema-store.ts';
import { contentSchemaId, type Contract, type ContractEndpoint } from '../../src/renderer/validate-definitions.ts';

/** Endpoints a definition may read (GET; POST endpoints are form submissions). */
export function readableEndpoints(contract: Contract): ContractEndpoint[] {
  return contract.endpoints.filter((e) => ((e as { method?: string }).method ?? 'GET') === 'GET');
}

/**
 * The contract endpoint a source path reads: /api/blog/{params.slug} and /api/blog/some-post
 * both read /api/blog/{slug}.
 */
export function matchEndpoint(contract: Contract, path: string): ContractEndpoint | undefined {
  const segments = path.split('/');
  return readableEndpoints(contract).find((endpoint) => {
    const want = endpoint.path.split('/');
    return want.length === segments.length && want.every((seg, i) => (seg.startsWith('{') ? segments[i] !== '' : seg === segments[i]));
  });
}

export function endpointHint(contract: Contract, path: string): string {
  return didYouMean(
    path,
    readableEndpoints(contract).map((e) => e.path),
  );
}

/** The response schema of an endpoint, located in the store. */
export function responseSchema(store: SchemaStore, endpoint: ContractEndpoint): Located | undefined {
  const id = contentSchemaId(endpoint.schema);
  return store.get(id) ? store.root(id) : undefined;
}

export interface SchemaStep {
  /** Schema of the value at the path; undefined when the schema does not describe it. */
  loc?: Located;
  /** The schema names (or allows) every segment. */
  known: boolean;
  /** The last segment is listed in its parent's "required". */
  required: boolean;
}

/** Required field names of an object schema, including allOf branches. */
export function requiredFields(store: SchemaStore, loc: Located): Set<string> {
  const s = store.deref(loc);
  const out = new Set<string>(s.schema.required ?? []);
  (s.schema.allOf ?? []).forEach((_b, i) => requiredFields(store, store.child(s, 'allOf', i)).forEach((r) => out.add(r)));
  return out;
}

/** Follows field names and list indexes through a schema. */
export function schemaAt(store: SchemaStore, start: Located | undefined, segments: string[]): SchemaStep {
  let loc = start;
  let required = false;
  for (const segment of segments) {
    if (!loc) return { known: false, required: false };
    const types = store.types(loc);
    if (/^\d+$/.test(segment) && types.has('array')) {
      loc = store.items(loc);
      required = false;
      continue;
    }
    const field = store.fields(loc).get(segment);
    required = requiredFields(store, loc).has(segment);
    if (field) loc = field;
    else if (store.additional(loc)) loc = store.additional(loc);
    else if (store.isClosed(loc) || types.has('array')) return { known: false, required: false };
    else loc = undefined;
  }
  return { loc, known: true, required };
}

/**
 * JSON as the definition files are written: 2-space indentation, and objects or lists that fit
 * on one line (within `width` characters) kept on one line, as Prettier leaves them.
 */
export function formatJson(value: unknown, width = 140): string {
  return `${format(value, '', width, true)}\n`;
}

/** One value formatted as formatJson would, where it starts `column` characters into a line indented by `indent`. */
export function formatJsonValue(value: unknown, indent: string, column: number, width = 140): string {
  return format(value, indent, width, false, column - indent.length);
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

function format(value: unknown, indent: string, width: number, root = false, prefixLength = 0): string {
  if (!value || typeof value !== 'object') return JSON.stringify(value);
  const oneLine = inline(value);
  if (!root && indent.length + prefixLength + oneLine.length <= width && !oneLine.includes('\n')) return oneLine;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => inner + format(v, inner, width)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return '{}';
  return `{\n${entries
    .map(([k, v]) => {
      const key = `${JSON.stringify(k)}: `;
      return inner + key + format(v, inner, width, false, key.length);
    })
    .join(',\n')}\n${indent}}`;
}

export type { JsonSchema };
