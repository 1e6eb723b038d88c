// The content contract (schemas/content/contract.json) is the single list of
// endpoints: the reference server routes from it, the site's validator checks
// page definitions against the schemas it names. This module loads it and
// holds the pure helpers (routing through the contract module
// src/engine/contract-paths.ts, samples, pagination) so tests can reuse them.
// Its types are derived from the generated src/generated/content-contract.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractEndpoint, ContractSample } from '../../src/generated/content-contract.ts';
import { ContractPaths, isSafeParam } from '../../src/engine/contract-paths.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export const SERVICE_DIR = here;
export const DATA_DIR = path.join(here, 'data');
export const UPLOADS_DIR = path.join(here, 'uploads');
export const SCHEMA_DIR = path.resolve(here, '../../schemas/content');
export const CONTRACT_PATH = path.join(SCHEMA_DIR, 'contract.json');
export const SITE_CONFIG_PATH = path.resolve(here, '../../site.config.json');

/**
 * The brand the service answers for: `{brand}` of the contract's paths (/api/page/why-{brand}), as
 * the site reads them — the brand of the project's site.config.json.
 */
export function siteBrand(file: string = SITE_CONFIG_PATH): string {
  const brand = (JSON.parse(readFileSync(file, 'utf8')) as { brand?: unknown }).brand;
  if (typeof brand !== 'string' || !brand) throw new Error(`${file}: "brand" must be a non-empty string`);
  return brand;
}

/**
 * Meaning of the schemas' "image-path" format: a path relative to the image base,
 * segments that never start with a dot (so no "..") and an image extension.
 */
export const IMAGE_PATH_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\.(?:svg|png|jpe?g|webp|gif)$/i;

/** Sample answered with one JSON file (`file`, `{name}` filled from the path), or by query (`byQuery`). */
export type FileSample = Required<Pick<ContractSample, 'file'>> & Pick<ContractSample, 'byQuery'>;

/** Sample answered as a Laravel-style page of a JSON array file. */
export type PaginatedSample = Required<Pick<ContractSample, 'paginate' | 'perPage'>> & Pick<ContractSample, 'filter' | 'perPageParam'>;

/** A GET page read, answered from its sample (`x-assumed`: the strict sample, CONTENT_SAMPLE=spec, answers 404). */
export type Endpoint = Omit<ContractEndpoint, 'method' | 'requestSchema' | 'mail' | 'sample'> & {
  method?: 'GET';
  sample: FileSample | PaginatedSample;
};

/** A POST form submission: a JSON body checked against requestSchema, answered { status: 'ok', id } (schema). */
export type SubmissionEndpoint = Pick<ContractEndpoint, 'path' | 'schema' | 'mail' | 'description'> &
  Required<Pick<ContractEndpoint, 'requestSchema'>> & { method: 'POST' };

/** contract.json split by method: both lists keep the file's order. */
export interface Contract {
  /** GET page reads (entries without "method", or with "GET"). */
  endpoints: Endpoint[];
  /** POST submissions (entries with "method": "POST"). */
  submissions: SubmissionEndpoint[];
}

export function isPaginated(sample: Endpoint['sample']): sample is PaginatedSample {
  return 'paginate' in sample;
}

const isRecordOfStrings = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

const SCHEMA_FILE = /^[a-z0-9-]+\.schema\.json$/;

/** Checks a POST entry (the common fields are already checked). */
function checkSubmission(
  ep: { path?: string; requestSchema?: unknown; mail?: unknown; sample?: unknown; query?: unknown },
  where: string,
): void {
  if (/[{}]/.test(ep.path ?? '')) throw new Error(`${where}: a POST path has no {name} segments`);
  if (typeof ep.requestSchema !== 'string' || !SCHEMA_FILE.test(ep.requestSchema))
    throw new Error(`${where}: "requestSchema" must name a *.schema.json file`);
  if (ep.sample !== undefined || ep.query !== undefined) throw new Error(`${where}: a POST entry has no "sample" or "query"`);
  if (ep.mail !== undefined && ep.mail !== 'document') throw new Error(`${where}: "mail" must be "document"`);
}

/** Reads and checks contract.json; throws naming the faulty entry so a typo fails at start-up, not per request. */
export function loadServiceContract(file: string = CONTRACT_PATH): Contract {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const entries = (raw as { endpoints?: unknown }).endpoints;
  if (!Array.isArray(entries)) throw new Error(`${file}: "endpoints" must be an array`);
  const contract: Contract = { endpoints: [], submissions: [] };
  const seen = new Set<string>();
  entries.forEach((e: unknown, i) => {
    const where = `${file}: endpoints[${i}]`;
    // Typed as either kind while checking; each branch below checks its own fields.
    const ep = e as (Partial<Endpoint> & Partial<Omit<SubmissionEndpoint, 'method'>>) | null;
    if (!ep || typeof ep.path !== 'string' || !/^\/api\/[A-Za-z0-9_{}/.-]+$/.test(ep.path))
      throw new Error(`${where}: "path" must be a string starting with /api/`);
    if (seen.has(ep.path)) throw new Error(`${where}: duplicate path ${ep.path}`);
    seen.add(ep.path);
    if (typeof ep.schema !== 'string' || !SCHEMA_FILE.test(ep.schema)) throw new Error(`${where}: "schema" must name a *.schema.json file`);
    const method: unknown = ep.method ?? 'GET';
    if (method === 'POST') {
      checkSubmission(ep, where);
      contract.submissions.push(ep as unknown as SubmissionEndpoint);
      return;
    }
    if (method !== 'GET') throw new Error(`${where}: "method" must be "GET" or "POST"`);
    if (ep.requestSchema !== undefined || ep.mail !== undefined)
      throw new Error(`${where}: "requestSchema" and "mail" are for POST entries`);
    if (ep.query !== undefined && !isRecordOfStrings(ep.query)) throw new Error(`${where}: "query" must map names to descriptions`);
    const s = ep.sample as Partial<FileSample & PaginatedSample> | undefined;
    if (!s || (typeof s.file === 'string') === (typeof s.paginate === 'string'))
      throw new Error(`${where}: "sample" needs exactly one of "file" or "paginate"`);
    if (typeof s.paginate === 'string') {
      if (!Number.isInteger(s.perPage) || (s.perPage ?? 0) < 1) throw new Error(`${where}: "sample.perPage" must be a positive integer`);
      if (s.filter !== undefined && !isRecordOfStrings(s.filter))
        throw new Error(`${where}: "sample.filter" must map query names to item fields`);
      if (s.perPageParam !== undefined && (typeof s.perPageParam !== 'string' || ep.query?.[s.perPageParam] === undefined))
        throw new Error(`${where}: "sample.perPageParam" must name a query parameter listed in "query"`);
    }
    const params = [...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const used = typeof s.file === 'string' ? [...s.file.matchAll(/\{(\w+)\}/g)].map((m) => m[1]) : [];
    for (const name of used) if (!params.includes(name)) throw new Error(`${where}: sample uses {${name}} which is not in the path`);
    if (s.byQuery !== undefined) {
      if (typeof s.file !== 'string' || !isRecordOfStrings(s.byQuery))
        throw new Error(`${where}: "sample.byQuery" must map query names to file templates, next to "file"`);
      for (const [param, template] of Object.entries(s.byQuery)) {
        if (ep.query?.[param] === undefined) throw new Error(`${where}: byQuery parameter "${param}" must be listed in "query"`);
        for (const m of template.matchAll(/\{(\w+)\}/g))
          if (m[1] !== param && !params.includes(m[1]))
            throw new Error(`${where}: byQuery template uses {${m[1]}} which is neither "${param}" nor in the path`);
      }
    }
    contract.endpoints.push(ep as Endpoint);
  });
  return contract;
}

/** The GET routes: the contract's own matcher (src/engine/contract-paths.ts), so the service answers exactly the paths the site may read. */
export type Routes = ContractPaths<Endpoint>;

export function compileRoutes(contract: Contract, brand: string): Routes {
  return new ContractPaths(contract.endpoints, brand);
}

export interface RouteMatch {
  route: { endpoint: Endpoint };
  params: Record<string, string>;
}

/** Matches a raw (still percent-encoded) pathname; unsafe parameter values never match. */
export function matchRoute(routes: Routes, rawPathname: string): RouteMatch | undefined {
  const match = routes.match(rawPathname);
  return match && { route: { endpoint: match.entry }, params: match.params };
}

export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || !isSafeParam(value)) throw new Error(`Unsafe or missing value for {${name}}`);
    return value;
  });
}

/** What a byQuery value may look like: one plain file-name stem. */
export const QUERY_VALUE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * The data file a file sample answers with for this request: the first byQuery parameter that is
 * present and non-empty selects its template, otherwise `file`. An ill-formed value is reported
 * (the server answers 400) rather than silently falling back.
 */
export function chooseSampleFile(
  sample: FileSample,
  params: Record<string, string>,
  query: URLSearchParams,
): { file: string } | { invalidQuery: string } {
  for (const [name, template] of Object.entries(sample.byQuery ?? {})) {
    const value = query.get(name) ?? '';
    if (value === '') continue;
    if (!QUERY_VALUE_PATTERN.test(value)) return { invalidQuery: name };
    // The pattern admits no dot, slash or brace, so the value is one safe file-name stem.
    return { file: fillTemplate(template.replaceAll(`{${name}}`, value), params) };
  }
  return { file: fillTemplate(sample.file, params) };
}

/** Laravel treats anything that is not a positive integer as page 1. */
export function parsePage(raw: string | null | undefined): number {
  if (raw == null || !/^\d+$/.test(raw.trim())) return 1;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** Upper bound for a per-page override (perPageParam). */
export const MAX_PER_PAGE = 100;

/** Page size for a request: a positive integer override is capped at MAX_PER_PAGE; anything else keeps the default. */
export function parsePerPage(raw: string | null | undefined, fallback: number): number {
  if (raw == null || !/^\d+$/.test(raw.trim())) return fallback;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PER_PAGE) : fallback;
}

export interface PaginatedList<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
}

export function paginate<T>(items: readonly T[], page: number, perPage: number): PaginatedList<T> {
  const total = items.length;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    data: items.slice((page - 1) * perPage, page * perPage),
  };
}

/** Keeps items whose `field` equals the query value, for each non-empty filtered query parameter. */
export function applyFilters<T>(items: readonly T[], filter: Record<string, string> | undefined, query: URLSearchParams): T[] {
  const active = Object.entries(filter ?? {})
    .map(([param, field]) => [field, query.get(param)?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '');
  return items.filter((item) => active.every(([field, value]) => String((item as Record<string, unknown>)[field] ?? '') === value));
}
