/**
 * Reading a page's content as the site does: source paths and queries filled by the page loader's
 * sourcePath/sourceQuery, read through the site's content client (Basic credential, timeout, size
 * limit, contract paths only), each read once per audit, its response schema from the contract.
 */
import type { Scope } from '../../src/engine/bindings.ts';
import { sourcePath, sourceQuery } from '../../src/engine/page-loader/sources.ts';
import { escapePointer, SITE_SCHEMA_ID, type Located, type SchemaStore } from '../../src/engine/schema-store.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';
import type { ContentContract } from '../../src/generated/content-contract.ts';
import type { SourceSpec } from '../../src/generated/page-definition.ts';
import { ContentError, createContentClient, MAX_CONTENT_BYTES } from '../../src/engine/content-client.ts';
import { readEndpoint, responseSchema } from '../../src/authoring/workbench.ts';
import type { PageContext, Roots } from './types.ts';

export type ContentRead = { ok: true; data: unknown; schema?: Located } | { ok: false; notFound: boolean; failure: string };

export interface ContentReads {
  /** The content at path?query, read once however many pages use it (failures too). */
  read(path: string, query: URLSearchParams): Promise<ContentRead>;
  /** Requests sent to the content service so far. */
  requests(): number;
}

export interface ReadSettings {
  /** Content service base URL, without a trailing slash. */
  base: string;
  /** "user:password" of the Basic credential. */
  credential: string;
  timeoutMs: number;
  contract: ContentContract;
  /** The brand of site.config.json (`{brand}` of the contract's paths). */
  brand: string;
  store: SchemaStore;
}

/** What went wrong, after "GET <path>". */
function failureOf(error: ContentError, timeoutMs: number): string {
  switch (error.kind) {
    case 'status':
      return `answered ${error.status}`;
    case 'timeout':
      return `did not answer within ${timeoutMs} ms`;
    case 'invalid-json':
      return 'sent invalid JSON';
    case 'too-large':
      return `sent more than ${MAX_CONTENT_BYTES} bytes`;
    default:
      return 'is unreachable';
  }
}

export function createContentReads(settings: ReadSettings): ContentReads {
  let requests = 0;
  const client = createContentClient({
    baseUrl: settings.base,
    credential: settings.credential,
    timeoutMs: settings.timeoutMs,
    // The audit reads each path once (below); the client's cache only has to hold them meanwhile.
    cacheTtlMs: 60 * 60_000,
    cacheStaleMs: 0,
    cacheMaxEntries: 10_000,
    brand: () => settings.brand,
    fetch: (input, init) => {
      requests++;
      return fetch(input, init);
    },
  });
  const once = new Map<string, Promise<ContentRead>>();

  async function readOnce(path: string, query: URLSearchParams): Promise<ContentRead> {
    const endpoint = readEndpoint(settings.contract, path, settings.brand);
    // The client would answer 404 without asking: say why.
    if (!endpoint) return { ok: false, notFound: true, failure: 'is not a read of the content contract (the site never requests it)' };
    try {
      const { data } = await client.read(path, query);
      return { ok: true, data, schema: responseSchema(settings.store, endpoint) };
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return { ok: false, notFound: error.notFound, failure: failureOf(error, settings.timeoutMs) };
    }
  }

  return {
    read(path, query) {
      const key = `${path}?${query}`;
      let pending = once.get(key);
      if (!pending) {
        pending = readOnce(path, query);
        once.set(key, pending);
      }
      return pending;
    },
    requests: () => requests,
  };
}

/** The URL a page is audited at: its parameters and query string. */
export interface PageRequest {
  /** null for the not-found page. */
  url: string | null;
  params: Record<string, string>;
  search: Record<string, string>;
}

/** One source read into `roots` (or its failure reported) as the page loader reads it. */
async function loadSource(
  reads: ContentReads,
  page: PageContext,
  roots: Roots,
  read: { name: string; source: SourceSpec; pointer: string; optional: boolean },
  url: string | null,
  brand: string,
  scope: Scope,
): Promise<void> {
  const { name, source, pointer, optional } = read;
  const path = sourcePath(source, brand, scope);
  const query = sourceQuery(source, scope);
  const label = `GET ${path}${query.size ? `?${query}` : ''}`;
  const result = await reads.read(path, query);
  if (result.ok) {
    roots.set(name, { value: result.data, abs: name, loc: result.schema, label });
    return;
  }
  // A parameter the content does not know: the visitor gets the not-found page.
  const notFound = result.notFound && url && path !== source.path;
  const linkedFrom = url ? page.linked.get(url) : undefined;
  page.findings.push({
    severity: optional ? 'warning' : 'error',
    pointer,
    source: label,
    message: notFound
      ? `${label} ${result.failure}, so ${url} shows the not-found page${linkedFrom ? ` (linked from ${linkedFrom})` : ''}`
      : `${label} ${result.failure}${optional ? ' (optional: the page renders without it)' : ''}`,
  });
}

/**
 * The roots a page's bindings read: params, search, site and every source (the layout sources of
 * site.config.json, never required, and the definition's), read in parallel; failures are findings.
 */
export async function loadRoots(
  reads: ContentReads,
  page: PageContext,
  definition: PageDefinition,
  request: PageRequest,
  site: Record<string, unknown>,
): Promise<Roots> {
  const { url, params, search } = request;
  const scope: Scope = { params, search, site };
  const brand = String(site.brand ?? 'brand');
  const roots: Roots = new Map([
    ['params', { value: params, abs: 'params', label: 'the route parameters' }],
    [
      'search',
      { value: search, abs: 'search', label: Object.keys(search).length ? 'the query string' : 'the query string (audited without one)' },
    ],
    ['site', { value: site, abs: 'site', loc: page.store.root(SITE_SCHEMA_ID), label: 'site.config.json' }],
  ]);
  const layoutSources = definition.layout === 'standalone' ? {} : ((site.layoutSources ?? {}) as Record<string, SourceSpec>);
  const sources = [
    ...Object.entries(layoutSources).map(([name, source]) => ({
      name,
      source,
      pointer: `(site.config.json /layoutSources/${escapePointer(name)})`,
      optional: true,
    })),
    ...Object.entries(definition.sources).map(([name, source]) => ({
      name,
      source,
      pointer: `/sources/${escapePointer(name)}`,
      optional: source.required !== true,
    })),
  ];
  await Promise.all(sources.map((read) => loadSource(reads, page, roots, read, url, brand, scope)));
  return roots;
}
