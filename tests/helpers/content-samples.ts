/**
 * What the tests of the content contract, the sample content and the reference content service
 * share (tests/content-*.test.ts): the contract and its schemas, a validator, the sample files of
 * each endpoint, the test credential.
 */
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import {
  DATA_DIR,
  IMAGE_PATH_PATTERN,
  SCHEMA_DIR,
  isPaginated,
  loadServiceContract,
  siteBrand,
  type Endpoint,
} from '../../tools/content-service/contract.ts';
import { withBrand } from '../../src/engine/brand.ts';
import { listFiles } from '../../tools/content-service/generate-sample.ts';

export const USER = 'test-user';
export const PASSWORD = 'test-password';
export const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
export const SCHEMA_BASE = 'https://schemas.local/content/';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;
export const contract = loadServiceContract();
export const schemaFiles = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'));
export const schemas = new Map(schemaFiles.map((f) => [f, readJson(path.join(SCHEMA_DIR, f)) as JsonObject]));

export function makeAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('image-path', { type: 'string', validate: (s: string) => IMAGE_PATH_PATTERN.test(s) });
  // contentMediaType is an annotation only: make sure Ajv ignores it (recent versions already do).
  try {
    ajv.addKeyword({ keyword: 'contentMediaType' });
  } catch {
    /* already known to Ajv as an annotation keyword */
  }
  for (const schema of schemas.values()) ajv.addSchema(schema);
  return ajv;
}

export const ajv = makeAjv();
export const validatorFor = (schemaFile: string): ValidateFunction => {
  const v = ajv.getSchema(SCHEMA_BASE + schemaFile);
  if (!v) throw new Error(`schema ${schemaFile} not loaded`);
  return v;
};

/** One line per error, naming the source and the JSON path, so a failure says where to look. */
export function describeErrors(source: string, errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${source}: at ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

export function expectValid(schemaFile: string, value: unknown, source: string): void {
  const validate = validatorFor(schemaFile);
  const ok = validate(value);
  expect(ok, `${schemaFile} rejected\n${describeErrors(source, validate.errors)}`).toBe(true);
}

/** Data files a file template can answer, with the parameters that select them. */
export function filesMatching(template: string): { file: string; params: Record<string, string> }[] {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return '([A-Za-z0-9][A-Za-z0-9_.-]*)';
    })
    .join('');
  const re = new RegExp(`^${pattern}$`);
  return listFiles(DATA_DIR).flatMap((file) => {
    const m = re.exec(file);
    return m ? [{ file, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) }] : [];
  });
}

/**
 * Data files an endpoint's `sample.file` template (and its `byQuery` templates) can answer, with the
 * path parameters and the query that select them.
 */
export function sampleFilesOf(endpoint: Endpoint): { file: string; params: Record<string, string>; query?: Record<string, string> }[] {
  const { sample } = endpoint;
  if (isPaginated(sample)) return [];
  const pathParams = new Set([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const byQuery = Object.entries(sample.byQuery ?? {}).flatMap(([name, template]) =>
    filesMatching(template).map(({ file, params }) => ({
      file,
      params: Object.fromEntries(Object.entries(params).filter(([k]) => pathParams.has(k))),
      query: { [name]: params[name] },
    })),
  );
  return [...filesMatching(sample.file), ...byQuery];
}

/** A request path of the endpoint: `{brand}` the brand of site.config.json (the service's), other `{name}`s from `params`. */
export const urlFor = (endpoint: Endpoint, params: Record<string, string>, query?: Record<string, string>) =>
  withBrand(endpoint.path, siteBrand()).replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n])) +
  (query ? `?${new URLSearchParams(query)}` : '');

/** All strings in sample data that look like image paths (by extension). */
export function imagePathsIn(value: Json, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (/\.(svg|png|jpe?g|webp|gif)$/i.test(value) && !/^[a-z]+:/i.test(value)) found.add(value);
  } else if (Array.isArray(value)) value.forEach((v) => imagePathsIn(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => imagePathsIn(v, found));
  return found;
}

/**
 * Resolves a binding path such as "list.data[].slug" in a response schema the way the
 * site's definition validator does: through properties, items, $ref and allOf.
 */
export function schemaAt(schemaFile: string, bindingPath: string): JsonObject | undefined {
  const resolve = (node: JsonObject, file: string): [JsonObject, string] => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return [node, file];
    const [refFile, pointer = ''] = ref.split('#');
    const targetFile = refFile || file;
    let target: Json = schemas.get(targetFile) ?? null;
    for (const key of pointer.split('/').filter(Boolean)) target = (target as JsonObject | null)?.[key] ?? null;
    if (!target || typeof target !== 'object') throw new Error(`${file}: unresolved $ref ${ref}`);
    return resolve({ ...(target as JsonObject), ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) }, targetFile);
  };
  const child = (node: JsonObject, file: string, key: string): [JsonObject, string] | undefined => {
    const [n, f] = resolve(node, file);
    const props = n.properties as JsonObject | undefined;
    if (props?.[key]) return resolve(props[key] as JsonObject, f);
    for (const part of (n.allOf as JsonObject[] | undefined) ?? []) {
      const hit = child(part, f, key);
      if (hit) return hit;
    }
    return undefined;
  };
  let cur: [JsonObject, string] | undefined = [schemas.get(schemaFile) as JsonObject, schemaFile];
  for (const segment of bindingPath.split('.')) {
    const key = segment.replace(/\[\]$/, '');
    cur = cur && child(cur[0], cur[1], key);
    if (cur && segment.endsWith('[]')) cur = cur[0].items ? resolve(cur[0].items as JsonObject, cur[1]) : undefined;
  }
  return cur?.[0];
}

/** Sends the path exactly as written (fetch would normalise "..", which is what we want to test). */
export function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET', headers: { authorization: AUTH } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
