/**
 * Which content-service paths the site may read: exactly the GET endpoints of the content
 * contract (schemas/content/contract.json), each `{name}` segment one safe value. Every read the
 * site makes with its credential (the /api proxy, page sources, the sitemap) goes through here,
 * so no request path, parameter or query can steer the credential anywhere else.
 */
export interface ContractEndpointPaths {
  path: string;
  method?: string;
  query?: Record<string, string>;
}

/** A path parameter's value, once decoded: letters, digits, `-` and `_` (slugs, ids, codes). */
export const SAFE_PARAM = /^[A-Za-z0-9_-]{1,200}$/;

export function isSafeParam(value: string): boolean {
  return SAFE_PARAM.test(value);
}

export interface ContractMatch {
  /** The contract path, e.g. /api/blog/{slug}. */
  endpoint: string;
  /** The path to read, rebuilt from the decoded, checked parameters. */
  path: string;
  params: Record<string, string>;
  /** Query parameters the endpoint declares (others are never forwarded). */
  query: readonly string[];
}

interface Compiled {
  endpoint: string;
  segments: ({ literal: string } | { param: string })[];
  query: readonly string[];
}

export class ContractPaths {
  private readonly compiled: Compiled[];

  constructor(endpoints: readonly ContractEndpointPaths[]) {
    this.compiled = endpoints
      .filter((e) => (e.method ?? 'GET') === 'GET')
      .map((e) => ({
        endpoint: e.path,
        query: Object.keys(e.query ?? {}),
        segments: e.path
          .split('/')
          .slice(1)
          .map((s) => (/^\{(\w+)\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s })),
      }));
  }

  /**
   * Matches a raw (still percent-encoded) path. Literal segments must be equal as they are;
   * parameters are decoded once and must be safe (so `..`, `\`, `%2F`, `%252e`, Unicode dots and
   * the like never match); the path is then rebuilt from the checked values.
   */
  match(rawPath: string): ContractMatch | undefined {
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
      return { endpoint: c.endpoint, path, params, query: c.query };
    }
    return undefined;
  }

  /** Only the query parameters the endpoint declares, each once, as plain strings. */
  query(match: ContractMatch, query: URLSearchParams): URLSearchParams {
    const out = new URLSearchParams();
    for (const name of match.query) {
      const value = query.get(name);
      if (value !== null && value !== '') out.set(name, value.slice(0, 200));
    }
    return out;
  }
}
