/**
 * What the page editor's forms and pickers are built from: block and page schemas with every $ref
 * inlined (rjsf gets no resolver), the blocks' fixtures, the contract's readable endpoints, and the
 * bindable fields of a content response (from its schema, with what the service returned there).
 */
import { byBlockName } from '../../blocks/by-block-name.ts';
import { blockNames } from '../../blocks/registry.ts';
import type { ContentContract } from '../../generated/content-contract.ts';
import type { BlockInfo, EndpointInfo, FieldInfo } from '../types.ts';
import {
  assumptionOf,
  blockSchemaId,
  DEFINITION_SCHEMA_ID,
  escapePointer,
  type JsonSchema,
  type Located,
  type SchemaStore,
} from '../../engine/schema-store.ts';
import { endpointAssumption, pathParams } from '../../engine/contract-paths.ts';
import { SAMPLE_LENGTH } from '../schema-ui.ts';
import { starterProps } from '../../authoring/starter.ts';
import { readableEndpoints } from '../../authoring/workbench.ts';
import { isPlainObject } from '../../engine/bindings.ts';

/** Values, not schemas: never walked for $refs. */
const LITERAL_KEYS = new Set(['enum', 'const', 'default', 'examples']);
/** Keywords whose value maps names to schemas (a property may well be called "default"). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependencies']);
/** Meaningless once everything is inlined ($id twice in one form would even make Ajv refuse it). */
const DROPPED_KEYS = new Set(['$ref', '$defs', 'definitions', '$id']);

/**
 * The schema at `located` with every $ref (relative, other files' $defs too) replaced by its target;
 * keywords beside a $ref (a description, x-assumed) are kept over the target's. A $ref back into
 * itself becomes {} (anything), so a recursive schema stays finite.
 */
export function inlineRefs(store: SchemaStore, located: Located): JsonSchema {
  const walk = (value: unknown, base: string, pointer: string, stack: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((entry, i) => walk(entry, base, `${pointer}/${i}`, stack));
    if (!isPlainObject(value)) return value;
    const map = (schemas: unknown, at: string) =>
      isPlainObject(schemas)
        ? Object.fromEntries(Object.entries(schemas).map(([key, entry]) => [key, walk(entry, base, `${at}/${escapePointer(key)}`, stack)]))
        : schemas;
    let out: Record<string, unknown> = {};
    if (typeof value.$ref === 'string') {
      const target = store.deref({ schema: { $ref: value.$ref }, base, pointer });
      const key = `${target.base}#${target.pointer}`;
      if (!stack.includes(key)) out = walk(target.schema, target.base, target.pointer, [...stack, key]) as Record<string, unknown>;
      delete out.$schema;
    }
    for (const [key, entry] of Object.entries(value)) {
      if (DROPPED_KEYS.has(key)) continue;
      const where = `${pointer}/${escapePointer(key)}`;
      out[key] = LITERAL_KEYS.has(key) ? entry : SCHEMA_MAPS.has(key) ? map(entry, where) : walk(entry, base, where, stack);
    }
    return out;
  };
  return walk(located.schema, located.base, located.pointer, [`${located.base}#${located.pointer}`]) as JsonSchema;
}

const blockCache = new WeakMap<SchemaStore, Promise<BlockInfo[]>>();
const pageCache = new WeakMap<SchemaStore, JsonSchema>();

// Each block's fixture: the site's (its own blocks, its components for engine blocks) over the engine's.
const fixtures = byBlockName(
  import.meta.glob<Record<string, unknown> | undefined>(['/src/blocks/*/fixture.ts', '@site/src/blocks/*/fixture.ts'], {
    import: 'fixture',
  }),
);

async function fixtureOf(name: string): Promise<Record<string, unknown>> {
  try {
    return structuredClone((await fixtures.get(name)?.()) ?? {});
  } catch {
    // A block without a fixture starts empty.
    return {};
  }
}

/** Every block of the registry, in its order (the schemas do not change while the server runs). */
export function blockInfos(store: SchemaStore): Promise<BlockInfo[]> {
  let found = blockCache.get(store);
  if (!found) {
    found = Promise.all(
      blockNames.map(async (name): Promise<BlockInfo> => {
        const schema = inlineRefs(store, store.root(blockSchemaId(name)));
        // A new section starts with the least of the fixture the block needs to show (no optional links).
        const fixture = starterProps(store, name, await fixtureOf(name));
        return { name, title: schema.title, description: schema.description ?? '', schema, fixture };
      }),
    );
    blockCache.set(store, found);
  }
  return found;
}

export function pageSchema(store: SchemaStore): JsonSchema {
  let found = pageCache.get(store);
  if (!found) {
    found = inlineRefs(store, store.root(DEFINITION_SCHEMA_ID));
    pageCache.set(store, found);
  }
  return found;
}

export function endpointInfos(contract: ContentContract): EndpointInfo[] {
  return readableEndpoints(contract).map((endpoint) => ({
    path: endpoint.path,
    description: endpoint.description,
    params: pathParams(endpoint.path),
    // The contract describes each parameter; none is required (an empty one means "all").
    query: Object.entries(endpoint.query ?? {}).map(([name, description]) => ({ name, required: false, description })),
    assumed: endpointAssumption(endpoint),
  }));
}

const TYPE_ORDER = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'] as const;
/** Deep enough for every content response (page.page_data.x.y), small enough for the picker. */
export const FIELD_DEPTH = 5;

/** The field's type; of several (string or null), the first of TYPE_ORDER. */
function typeOf(store: SchemaStore, loc: Located): FieldInfo['type'] {
  const types = store.types(loc);
  return TYPE_ORDER.find((type) => types.has(type)) ?? 'unknown';
}

/** A schema's own marks, looking into anyOf/oneOf branches (a nullable HTML field). */
/** A field's schema and those of its anyOf/oneOf/allOf branches (a nullable HTML field). */
function branchSchemas(store: SchemaStore, loc: Located): JsonSchema[] {
  const s = store.deref(loc);
  const branches = (['anyOf', 'oneOf', 'allOf'] as const).flatMap((key) => (s.schema[key] ?? []).map((_b, i) => store.child(s, key, i)));
  return [s, ...branches].map((b) => b.schema);
}

/** Whether a content field holds an image path (`format: image-path`, or `image` as block props say). */
export function isImageField(store: SchemaStore, loc: Located): boolean {
  return branchSchemas(store, loc).some((schema) => schema.format === 'image' || schema.format === 'image-path');
}

function marks(store: SchemaStore, loc: Located): Pick<FieldInfo, 'html' | 'image' | 'description' | 'assumed'> {
  const s = store.deref(loc);
  const out: Pick<FieldInfo, 'html' | 'image' | 'description' | 'assumed'> = {};
  if (branchSchemas(store, loc).some((schema) => schema.contentMediaType === 'text/html')) out.html = true;
  if (isImageField(store, loc)) out.image = true;
  const description = loc.schema.description ?? s.schema.description;
  if (description) out.description = description;
  const assumed = assumptionOf(s.schema);
  if (assumed) out.assumed = assumed;
  return out;
}

/** A value as a picker shows it: scalars (strings cut), the first few entries of a list of scalars. */
export function sampleOf(value: unknown): unknown {
  if (typeof value === 'string') return value.length > SAMPLE_LENGTH ? value.slice(0, SAMPLE_LENGTH) : value;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((entry) => !isPlainObject(entry) && !Array.isArray(entry)))
    return value.slice(0, 3).map(sampleOf);
  return undefined;
}

/** A sample, or none: `undefined` says the content was not read (or nothing is there). */
type Sample = { value: unknown } | undefined;
const at = (sample: Sample, key: string): Sample => (sample && isPlainObject(sample.value) ? { value: sample.value[key] } : undefined);

/**
 * The field at `loc` and everything under it, as binding paths starting with `prefix` (a source's
 * name, or `item` for one entry of a list).
 */
export function fieldInfos(store: SchemaStore, loc: Located, prefix: string, sample: Sample, depth = FIELD_DEPTH): FieldInfo[] {
  const info: FieldInfo = { path: prefix, type: typeOf(store, loc), ...marks(store, loc) };
  const shown = sample === undefined ? undefined : sampleOf(sample.value);
  if (shown !== undefined) info.sample = shown;
  const out = [info];
  if (depth <= 0) return out;
  const types = store.types(loc);
  if (types.has('object')) {
    for (const [name, child] of store.fields(loc)) out.push(...fieldInfos(store, child, `${prefix}.${name}`, at(sample, name), depth - 1));
  }
  const items = types.has('array') ? store.items(loc) : undefined;
  if (items && store.types(items).has('object')) {
    const first = sample && Array.isArray(sample.value) && sample.value.length ? { value: sample.value[0] } : undefined;
    info.items = fieldInfos(store, items, 'item', first, depth - 1).slice(1);
  }
  return out;
}
