/**
 * Block and page schemas → what the props forms need: an rjsf schema without defaults (so rjsf
 * never writes a value the author did not choose), a uiSchema with readable labels, and the small
 * value helpers shared by the fixed/bound editors.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ContractPaths, fillPathParams, segmentParam } from '../engine/contract-paths.ts';
import { BRAND_PLACEHOLDER, withBrand } from '../engine/brand.ts';
import { hasValue, isBinding, isPlainObject, resolveBind } from '../engine/bindings.ts';
import { sourceParam, substitute } from '../engine/placeholders.ts';
import { routeParams as validatorRouteParams } from '../engine/validate/routes.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import type { EndpointInfo, FieldInfo } from './types.ts';

export type Json = Record<string, unknown>;

export { isPlainObject };

/** A binding node ($bind, $template, $each, $count, $switch, $join), typed loosely for the forms. */
export const isBindingNode = (value: unknown): value is Json => isBinding(value);

const WORDS: Record<string, string> = { cta: 'CTA', html: 'HTML', url: 'URL', id: 'ID', faq: 'FAQ', pdf: 'PDF', nav: 'navigation' };

/** imageMobile → "Image mobile", cta → "CTA", nav → "Navigation", page_title → "Page title". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A label inside a sentence ("Remove footer link"): its first letter small, unless it starts an abbreviation (CTA). */
export const inSentence = (label: string): string => (/^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** A block's name in words: its schema's title names the props type (CardGridProps → "Card grid"). */
export const blockTitle = (block: { name: string; title?: string }) => humanize(block.title?.replace(/Props$/, '') || block.name);

export function schemaType(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.enum?.length) return typeof schema.enum[0] === 'number' ? 'number' : typeof schema.enum[0];
  if (schema.properties) return 'object';
  return undefined;
}

export const itemSchemaOf = (schema: JsonSchema): JsonSchema => (Array.isArray(schema.items) ? schema.items[0] : schema.items) ?? {};

export interface Expected {
  type?: string;
  html?: boolean;
  image?: boolean;
  list?: boolean;
}

/** What a prop wants bound to it: the FieldPicker ranks fields by it. */
export function expectedOf(schema: JsonSchema): Expected {
  const type = schemaType(schema);
  return {
    type,
    html: schema.contentMediaType === 'text/html' || undefined,
    image: schema.format === 'image' || undefined,
    list: type === 'array' || undefined,
  };
}

/** The schema rjsf renders: no defaults (they would be written into the file) and no $id. */
export function formSchema(schema: JsonSchema): RJSFSchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isPlainObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'default' || key === '$id' || key === '$schema') continue;
      // `properties` maps names to schemas: a prop may well be called "default".
      out[key] = key === 'properties' && isPlainObject(value) ? mapValues(value, strip) : strip(value);
    }
    return out;
  };
  return strip(schema) as RJSFSchema;
}

const mapValues = (object: Json, fn: (value: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));

/** Labels from property names (a shared $def's title would name every link "Link"), defaults as placeholders. */
export function uiSchemaFor(schema: JsonSchema, title?: string): UiSchema {
  const ui: UiSchema = {};
  if (title) ui['ui:title'] = title;
  const type = schemaType(schema);
  if (schema.default !== undefined) ui['ui:placeholder'] = schema.enum ? `Default: ${String(schema.default)}` : String(schema.default);
  else if (schema.enum) ui['ui:placeholder'] = 'Not set';
  // Formatted text, its HTML one button away (./html-widget.tsx).
  if (schema.contentMediaType === 'text/html') ui['ui:widget'] = 'html';
  if (type === 'object' && schema.properties)
    for (const [key, property] of Object.entries(schema.properties)) {
      ui[key] = uiSchemaFor(property, humanize(key));
      // An empty required text says so in its box (an item just added is not told off at once: ./pending.ts).
      if (schema.required?.includes(key) && ui[key]['ui:placeholder'] === undefined && schemaType(property) === 'string')
        ui[key]['ui:placeholder'] = `${humanize(key)} (required)`;
    }
  if (type === 'array') {
    const items = itemSchemaOf(schema);
    ui.items = uiSchemaFor(items, items.title ? humanize(items.title) : 'Item');
  }
  return ui;
}

/** The form's root uiSchema: no submit button (every change is saved as a draft). */
export const rootUiSchema = (schema: JsonSchema): UiSchema => ({
  ...uiSchemaFor(schema),
  'ui:submitButtonOptions': { norender: true },
});

/** Drops undefined values and emptied objects so an untouched prop never reaches the file. */
export function minimal(value: unknown, inArray = false): unknown {
  if (Array.isArray(value)) return value.map((item) => minimal(item, true) ?? null);
  if (!isPlainObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    // A binding node keeps its own shape ($each needs its map even when empty).
    const next = isBindingNode(value) ? child : minimal(child);
    if (next !== undefined) out[key] = next;
  }
  return Object.keys(out).length || inArray || isBindingNode(value) ? out : undefined;
}

/**
 * Keys in the order of `before` (the file's); a new key goes where `remembered` (the keys as the
 * file had them when opened) or else the schema puts it among its neighbours, so a prop emptied
 * and typed again is a one-line diff. A value equal to the schema's default that was not there
 * before is dropped (a checkbox ticked and unticked again).
 */
export function mergeInOrder(before: Json, after: Json, schema?: JsonSchema, remembered: readonly string[] = []): Json {
  const keep = (key: string) =>
    after[key] !== undefined && (key in before || JSON.stringify(after[key]) !== JSON.stringify(schema?.properties?.[key]?.default));
  const keys = Object.keys(before).filter(keep);
  const schemaOrder = Object.keys(schema?.properties ?? {});
  for (const key of Object.keys(after)) {
    if (keys.includes(key) || !keep(key)) continue;
    const hint = remembered.includes(key) ? remembered : schemaOrder;
    const rank = hint.indexOf(key);
    const next = rank < 0 ? -1 : keys.findIndex((other) => hint.indexOf(other) > rank);
    if (next < 0) keys.push(key);
    else keys.splice(next, 0, key);
  }
  return Object.fromEntries(keys.map((key) => [key, after[key]]));
}

/** A fallback typed as text, as the prop's type wants it. */
export function coerce(text: string, schema: JsonSchema): unknown {
  const type = schemaType(schema);
  if ((type === 'number' || type === 'integer') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A literal as the text of an input. */
export const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const fitsScalar = (sample: unknown, schema: JsonSchema) => {
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') return typeof sample === 'number';
  return type === undefined || typeof sample === type;
};

/** Samples are cut to this many characters (src/editor/api/schemas.ts): one this long may be cut. */
export const SAMPLE_LENGTH = 120;

/**
 * The literal a binding leaves behind when switched to a fixed value: its default, else the value
 * shown from the content when that is a whole value for this prop: never an entry of an $each list
 * (a fixed value there is every item's), raw HTML for a plain-text prop, or a sample that may be cut.
 */
export function literalOf(node: Json, fields: FieldInfo[], schema: JsonSchema): unknown {
  if (node.default !== undefined) return node.default;
  const html = schema.contentMediaType === 'text/html';
  const sampleOf = (path: string) => {
    const field = fields.find((f) => f.path === path);
    if (!field || path.startsWith('item.') || (field.html && !html)) return undefined;
    return typeof field.sample === 'string' && field.sample.length >= SAMPLE_LENGTH ? undefined : field.sample;
  };
  if (node.$bind !== undefined) {
    // What the page would show from the samples: the $bind rule (no default here: it was taken above).
    return resolveBind(node, (path) => {
      const sample = sampleOf(path);
      return hasValue(sample) && fitsScalar(sample, schema) ? sample : undefined;
    }).value;
  }
  if (typeof node.$template === 'string') {
    let complete = true;
    const text = substitute(node.$template, (path) => {
      const sample = sampleOf(path);
      if (sample === undefined || sample === null || typeof sample === 'object') complete = false;
      return String(sample);
    });
    return complete && node.$template ? text : undefined;
  }
  return undefined;
}

/** A JSON pointer below `prefix` for an rjsf field path. */
export const pointerOf = (prefix: string, path: readonly (string | number)[]) =>
  prefix + path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

// Sources: a source path is an endpoint of the contract with its {params} filled in.

/** `key` set (or removed when undefined / an empty object) without moving the other keys. */
export function withKey<T extends object>(object: T, key: string, value: unknown): T {
  const empty = value === undefined || (isPlainObject(value) && Object.keys(value).length === 0);
  if (empty) {
    const { [key]: _gone, ...rest } = object as Json;
    return rest as T;
  }
  return { ...object, [key]: value };
}

/** Parameters every route of the page has, as the validator allows them in bindings (never the splat). */
export const routeParams = (route: unknown): string[] =>
  [...validatorRouteParams(([] as unknown[]).concat(route ?? []).map(String))].filter((name) => name !== '*');

const contractPaths = new WeakMap<EndpointInfo[], Map<string, ContractPaths<{ path: string; info: EndpointInfo }>>>();

/**
 * The endpoint a source path reads (matched as the validator and the site match it:
 * src/engine/contract-paths.ts, literal paths first) and the values of its {params}.
 */
export function matchEndpoint(
  path: string,
  endpoints: EndpointInfo[],
  brand?: string,
): { endpoint: EndpointInfo; values: Record<string, string> } | undefined {
  // {brand} is the site's brand (site.config.json), as in routes; unknown, it matches itself.
  const filled = brand ?? BRAND_PLACEHOLDER;
  let byBrand = contractPaths.get(endpoints);
  if (!byBrand) contractPaths.set(endpoints, (byBrand = new Map()));
  let paths = byBrand.get(filled);
  if (!paths)
    byBrand.set(
      filled,
      (paths = new ContractPaths(
        endpoints.map((info) => ({ path: info.path, info })),
        filled,
      )),
    );
  const segments = withBrand(path, filled).split('/');
  const endpoint = paths.source(segments.join('/'))?.info;
  if (!endpoint) return undefined;
  const values: Record<string, string> = {};
  endpoint.path.split('/').forEach((part, i) => {
    const param = segmentParam(part);
    // Its own placeholder left in the path means "not filled in yet".
    if (param) values[param] = segments[i] === part ? '' : segments[i];
  });
  return { endpoint, values };
}

export const fillPath = (endpoint: EndpointInfo, values: Record<string, string>) => fillPathParams(endpoint.path, values);

/** A route parameter of the same name, else the only one when the endpoint has one too. */
export function paramDefault(name: string, endpoint: EndpointInfo, params: string[]): string {
  if (params.includes(name)) return sourceParam('params', name);
  return params.length === 1 && endpoint.params.length === 1 ? sourceParam('params', params[0]) : '';
}
