/**
 * The content contract (schemas/content/contract.json) in one module: is a path a contract path
 * (a GET endpoint; POST endpoints are form submissions, never reads), with which parameters, which
 * declared query, which response schema, and does SPEC name it (or is it `x-assumed`). Everyone
 * who needs the contract asks here:
 *   - the site's reads with its credential (the /api proxy, page sources, the sitemap, through
 *     src/engine/content-client.ts) and the reference content service's routing
 *     (tools/content-service/contract.ts) match raw request paths with `match`: each `{name}`
 *     segment is one safe value, decoded once, and only the declared query is forwarded, so no
 *     request path, parameter or query can steer the credential anywhere else;
 *   - the definition validator (src/engine/validate/) and the content engineers' tools
 *     (src/authoring/workbench.ts) match a definition's source path, placeholders and all, with `source`;
 *   - all of them find an endpoint's response schema with `responseSchemaId`/`responseSchema` and
 *     its assumption with `endpointAssumption`.
 * `{brand}` in a contract path (/api/page/why-{brand}) is not a parameter: it is the brand of
 * site.config.json, which every matcher is made with (`new ContractPaths(endpoints, brand)`), so a
 * site of another brand reads its own path and no other.
 * It stays beside the proxy, the part whose strictness matters most, and imports nothing server-only.
 */
import type { ContentContract, ContractEndpoint } from '../generated/content-contract.ts';
import { contentSchemaId, didYouMean, type Located, type SchemaStore } from './schema-store.ts';
import { withBrand } from './brand.ts';

export type { ContentContract, ContractEndpoint };

/**
 * What matching needs of an endpoint: a contract entry, a narrowed copy of one (the reference
 * service's), or an entry as a JSON import types it (`method: string`).
 */
export type EndpointPaths = Pick<ContractEndpoint, 'path'> &
  Partial<Pick<ContractEndpoint, 'query' | 'schema' | 'x-assumed'>> & { method?: string };

/** A path parameter's value, once decoded: letters, digits, `-` and `_` (slugs, ids, codes). */
export const SAFE_PARAM = /^[A-Za-z0-9_-]{1,200}$/;

export function isSafeParam(value: string): boolean {
  return SAFE_PARAM.test(value);
}

/** A contract path segment that is a parameter, `{name}`: the one matcher of the contract's path templates. */
const PARAM_SEGMENT = /^\{(\w+)\}$/;

/** The parameter a segment of a contract path stands for (`{slug}` → slug), or undefined for a literal segment. */
export function segmentParam(segment: string): string | undefined {
  return PARAM_SEGMENT.exec(segment)?.[1];
}

/** The parameters of a contract path: its `{name}` segments (`{brand}` is none: it is the site's brand). */
export function pathParams(path: string): string[] {
  return withBrand(path, '')
    .split('/')
    .flatMap((segment) => segmentParam(segment) ?? []);
}

/** A contract path with the parameters `values` gives filled in as they are; the others stay `{name}`. */
export function fillPathParams(path: string, values: Readonly<Record<string, string>>): string {
  return path
    .split('/')
    .map((segment) => {
      const param = segmentParam(segment);
      return (param !== undefined && values[param]) || segment;
    })
    .join('/');
}

/** The endpoints a site reads (GET; POST endpoints are form submissions, never reads), in contract order. */
export function readableEndpoints<E extends EndpointPaths>(endpoints: readonly E[]): E[] {
  return endpoints.filter((e) => (e.method ?? 'GET') === 'GET');
}

export interface ContractMatch<E extends EndpointPaths = ContractEndpoint> {
  /** The contract path, e.g. /api/blog/{slug}. */
  endpoint: string;
  /** The contract entry matched. */
  entry: E;
  /** The path to read, rebuilt from the decoded, checked parameters. */
  path: string;
  params: Record<string, string>;
  /** Query parameters the endpoint declares (others are never forwarded). */
  query: readonly string[];
}

type Segment = { literal: string } | { param: string };

interface Compiled<E> {
  entry: E;
  segments: Segment[];
  query: readonly string[];
}

export class ContractPaths<E extends EndpointPaths = ContractEndpoint> {
  /** The readable (GET) endpoints, in contract order. */
  readonly endpoints: readonly E[];
  /** The same, literal paths first: a literal path wins over a `{name}` one that matches too. */
  private readonly compiled: Compiled<E>[];

  /** `brand`: the brand of site.config.json, which `{brand}` in a contract path stands for. */
  constructor(
    endpoints: readonly E[],
    readonly brand: string,
  ) {
    this.endpoints = readableEndpoints(endpoints);
    const params = (c: Compiled<E>) => c.segments.filter((s) => 'param' in s).length;
    this.compiled = this.endpoints
      .map((entry) => ({
        entry,
        query: Object.keys(entry.query ?? {}),
        segments: withBrand(entry.path, brand)
          .split('/')
          .slice(1)
          .map((s): Segment => {
            const param = segmentParam(s);
            return param === undefined ? { literal: s } : { param };
          }),
      }))
      .sort((a, b) => params(a) - params(b));
  }

  /**
   * Matches a raw (still percent-encoded) request path. Literal segments must be equal as they are;
   * parameters are decoded once and must be safe (so `..`, `\`, `%2F`, `%252e`, Unicode dots and
   * the like never match); the path is then rebuilt from the checked values.
   */
  match(rawPath: string): ContractMatch<E> | undefined {
    if (!rawPath.startsWith('/')) return undefined;
    const parts = rawPath.split('/').slice(1);
    for (const c of this.compiled) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const ok = c.segments.every((segment, i) => {
        if ('literal' in segment) return segment.literal === parts[i];
        let value: string;
        try {
          value = decodeURIComponent(parts[i]);
        } catch {
          return false;
        }
        if (!isSafeParam(value)) return false;
        params[segment.param] = value;
        return true;
      });
      if (!ok) continue;
      const path = `/${c.segments.map((s) => ('literal' in s ? s.literal : encodeURIComponent(params[s.param]))).join('/')}`;
      return { endpoint: c.entry.path, entry: c.entry, path, params, query: c.query };
    }
    return undefined;
  }

  /**
   * The endpoint a definition's source path reads: /api/blog/{params.slug} and /api/blog/some-post
   * both read /api/blog/{slug}; /api/page/why-{brand} reads /api/page/why-{brand}. A `{name}`
   * segment takes any non-empty segment (placeholders are filled, and checked by `match`, when the
   * page is read).
   */
  source(path: string): E | undefined {
    if (!path.startsWith('/')) return undefined;
    const parts = withBrand(path, this.brand).split('/').slice(1);
    return this.compiled.find(
      (c) => c.segments.length === parts.length && c.segments.every((s, i) => ('literal' in s ? s.literal === parts[i] : parts[i] !== '')),
    )?.entry;
  }

  /** ' (did you mean "…"?)' naming the closest readable endpoint, or ''. */
  hint(path: string): string {
    return didYouMean(
      path,
      this.endpoints.map((e) => e.path),
    );
  }

  /** Only the query parameters the endpoint declares, each once, as plain strings. */
  query(match: ContractMatch<E>, query: URLSearchParams): URLSearchParams {
    const out = new URLSearchParams();
    for (const name of match.query) {
      const value = query.get(name);
      if (value !== null && value !== '') out.set(name, value.slice(0, 200));
    }
    return out;
  }
}

/** $id of an endpoint's response schema (its `schema`, a file of schemas/content/). */
export function responseSchemaId(endpoint: Pick<ContractEndpoint, 'schema'>): string {
  return contentSchemaId(endpoint.schema);
}

/** An endpoint's response schema, located in the store (undefined when the store lacks it). */
export function responseSchema(store: SchemaStore, endpoint: Pick<ContractEndpoint, 'schema'>): Located | undefined {
  const id = responseSchemaId(endpoint);
  return store.get(id) ? store.root(id) : undefined;
}

/** "GET <path>: <why>" for an endpoint SPEC does not name (`x-assumed`), else undefined. */
export function endpointAssumption(endpoint: EndpointPaths): string | undefined {
  const why = endpoint['x-assumed'];
  return why ? `GET ${endpoint.path}: ${why}` : undefined;
}
