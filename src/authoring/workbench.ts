/**
 * Helpers shared by the content engineers' tools (new-page, audit-content, generate-block-docs):
 * content-contract look-ups (through the one contract module, src/engine/contract-paths.ts),
 * and schema walking.
 */
import type { ContentContract, ContractEndpoint } from '../generated/content-contract.ts';
import type { Located, SchemaStore } from '../engine/schema-store.ts';
import { ContractPaths, readableEndpoints as readable, responseSchema } from '../engine/contract-paths.ts';

export { responseSchema };

/** The contract's matcher, made once per contract and brand (src/engine/contract-paths.ts). */
const matchers = new WeakMap<ContentContract, Map<string, ContractPaths>>();
function paths(contract: ContentContract, brand: string): ContractPaths {
  let byBrand = matchers.get(contract);
  if (!byBrand) matchers.set(contract, (byBrand = new Map()));
  let found = byBrand.get(brand);
  if (!found) byBrand.set(brand, (found = new ContractPaths(contract.endpoints, brand)));
  return found;
}

/** Endpoints a definition may read (GET; POST endpoints are form submissions). */
export function readableEndpoints(contract: ContentContract): readonly ContractEndpoint[] {
  return readable(contract.endpoints);
}

/**
 * The contract endpoint a source path reads: /api/blog/{params.slug} and /api/blog/some-post
 * both read /api/blog/{slug}; `brand` is the site's (site.config.json), for /api/page/why-{brand}.
 */
export function matchEndpoint(contract: ContentContract, path: string, brand: string): ContractEndpoint | undefined {
  return paths(contract, brand).source(path);
}

/**
 * The contract endpoint a filled-in request path reads, checked as the site's content client checks
 * it (each `{name}` one safe value, `{brand}` the site's); undefined when the site would never request the path.
 */
export function readEndpoint(contract: ContentContract, rawPath: string, brand: string): ContractEndpoint | undefined {
  return paths(contract, brand).match(rawPath)?.entry;
}

/** ' (did you mean "…"?)' naming the closest readable endpoint, or ''. */
export function endpointHint(contract: ContentContract, path: string, brand: string): string {
  return paths(contract, brand).hint(path);
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
