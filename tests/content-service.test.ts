// Tests for the reference content service (tools/content-service) and the content
// contract (schemas/content): samples match their schemas, the server honours the
// contract (auth, routing, pagination, public images) and the samples stay coherent.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_DIR,
  IMAGE_PATH_PATTERN,
  SCHEMA_DIR,
  UPLOADS_DIR,
  chooseSampleFile,
  isPaginated,
  loadServiceContract,
  parsePerPage,
  siteBrand,
  type Endpoint,
} from '../tools/content-service/contract.ts';
import { withBrand } from '../src/engine/brand.ts';
import { buildSample, listFiles } from '../tools/content-service/generate-sample.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';

const USER = 'test-user';
const PASSWORD = 'test-password';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const SCHEMA_BASE = 'https://schemas.local/content/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;
const contract = loadServiceContract();
const schemaFiles = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'));
const schemas = new Map(schemaFiles.map((f) => [f, readJson(path.join(SCHEMA_DIR, f)) as JsonObject]));

function makeAjv(): Ajv {
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

const ajv = makeAjv();
const validatorFor = (schemaFile: string): ValidateFunction => {
  const v = ajv.getSchema(SCHEMA_BASE + schemaFile);
  if (!v) throw new Error(`schema ${schemaFile} not loaded`);
  return v;
};

/** One line per error, naming the source and the JSON path, so a failure says where to look. */
function describeErrors(source: string, errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${source}: at ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

function expectValid(schemaFile: string, value: unknown, source: string): void {
  const validate = validatorFor(schemaFile);
  const ok = validate(value);
  expect(ok, `${schemaFile} rejected\n${describeErrors(source, validate.errors)}`).toBe(true);
}

/** Data files a file template can answer, with the parameters that select them. */
function filesMatching(template: string): { file: string; params: Record<string, string> }[] {
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
function sampleFilesOf(endpoint: Endpoint): { file: string; params: Record<string, string>; query?: Record<string, string> }[] {
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
const urlFor = (endpoint: Endpoint, params: Record<string, string>, query?: Record<string, string>) =>
  withBrand(endpoint.path, siteBrand()).replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n])) +
  (query ? `?${new URLSearchParams(query)}` : '');

/** All strings in sample data that look like image paths (by extension). */
function imagePathsIn(value: Json, found: Set<string> = new Set()): Set<string> {
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
function schemaAt(schemaFile: string, bindingPath: string): JsonObject | undefined {
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
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
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

describe('content contract', () => {
  it('contract.json matches contract.schema.json', () => {
    expectValid('contract.schema.json', readJson(path.join(SCHEMA_DIR, 'contract.json')), 'schemas/content/contract.json');
  });

  it('loadServiceContract checks byQuery entries (declared query, file samples only, known placeholders)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'contract-'));
    const load = (sample: object, query?: object) => {
      const file = path.join(dir, 'contract.json');
      writeFileSync(
        file,
        JSON.stringify({ endpoints: [{ path: '/api/page/x', schema: 'x.schema.json', sample, ...(query ? { query } : {}) }] }),
      );
      return () => loadServiceContract(file);
    };
    try {
      expect(load({ file: 'page/x.json', byQuery: { tab: 'page/x/{tab}.json' } }, { tab: 'which tab' })()).toBeDefined();
      expect(load({ file: 'page/x.json', byQuery: { tab: 'page/x/{tab}.json' } })).toThrow(
        /byQuery parameter "tab" must be listed in "query"/,
      );
      expect(load({ paginate: 'x.json', perPage: 5, byQuery: { tab: 'x/{tab}.json' } }, { tab: 't' })).toThrow(/byQuery/);
      expect(load({ file: 'page/x.json', byQuery: { tab: 'page/{other}.json' } }, { tab: 't' })).toThrow(/\{other\}/);
      expect(load({ file: 'page/x.json', byQuery: { tab: 3 } }, { tab: 't' })).toThrow(/byQuery/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('chooseSampleFile: first present byQuery parameter wins, empty means the default file, bad values are reported', () => {
    const sample = { file: 'page/x.json', byQuery: { a: 'page/a/{a}.json', b: 'page/b/{b}.json' } };
    const choose = (q: string) => chooseSampleFile(sample, {}, new URLSearchParams(q));
    expect(choose('')).toEqual({ file: 'page/x.json' });
    expect(choose('a=&b=')).toEqual({ file: 'page/x.json' });
    expect(choose('b=two')).toEqual({ file: 'page/b/two.json' });
    expect(choose('a=one&b=two')).toEqual({ file: 'page/a/one.json' });
    expect(choose('a=-under_score-')).toEqual({ file: 'page/a/-under_score-.json' });
    for (const bad of ['a=..', 'a=x.y', 'a=x%2Fy', 'a=%20', 'a={b}', 'a=x%00']) expect(choose(bad), bad).toEqual({ invalidQuery: 'a' });
  });

  it('names existing schemas, and every response and request schema is used', () => {
    const used = new Set([...contract.endpoints.map((e) => e.schema), ...contract.submissions.flatMap((e) => [e.schema, e.requestSchema])]);
    for (const file of used) expect(schemas.has(file), `missing schema ${file}`).toBe(true);
    const unused = schemaFiles.filter((f) => !used.has(f) && f !== 'common.schema.json' && f !== 'contract.schema.json');
    expect(unused).toEqual([]);
  });

  it('schemas follow the house rules ($id, title, draft-07, typed properties, described objects)', () => {
    const problems: string[] = [];
    const walk = (node: Json, where: string) => {
      if (!node || typeof node !== 'object' || Array.isArray(node)) return;
      if (node.type === 'object' && node.$ref === undefined && typeof node.description !== 'string')
        problems.push(`${where}: object without description`);
      for (const [key, sub] of Object.entries((node.properties as JsonObject | undefined) ?? {})) {
        if (!sub || typeof sub !== 'object' || Array.isArray(sub) || sub.type === undefined)
          problems.push(`${where}/properties/${key}: no type`);
        walk(sub, `${where}/properties/${key}`);
      }
      if (node.items) walk(node.items, `${where}/items`);
      for (const [key, sub] of Object.entries((node.$defs as JsonObject | undefined) ?? {})) walk(sub, `${where}/$defs/${key}`);
      ((node.allOf as Json[] | undefined) ?? []).forEach((sub, i) => walk(sub, `${where}/allOf/${i}`));
    };
    for (const [file, schema] of schemas) {
      if (schema.$id !== SCHEMA_BASE + file) problems.push(`${file}: $id should be ${SCHEMA_BASE + file}`);
      if (schema.$schema !== 'http://json-schema.org/draft-07/schema#') problems.push(`${file}: not draft-07`);
      if (typeof schema.title !== 'string') problems.push(`${file}: no title`);
      walk(schema, file);
    }
    expect(problems).toEqual([]);
  });

  it('binding paths used by the site resolve, with the expected kinds', () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['header-footer-common.schema.json', 'footer.social_links.youtube_link'],
      ['header-footer-common.schema.json', 'common.section_talk_to_our_and_join_us.description'],
      ['page-homepage.schema.json', 'page_data.name'],
      ['page-homepage.schema.json', 'page_data.image', { format: 'image-path' }],
      ['page-homepage.schema.json', 'homepage.security_section_loop[].content_image', { format: 'image-path' }],
      ['page-homepage.schema.json', 'homepage.home_about.description', { contentMediaType: 'text/html' }],
      ['page-homepage.schema.json', 'homepage.security_section_heading.sub_heading'],
      ['page-homepage.schema.json', 'homepage.resources_section_loop[].slug'],
      ['page-homepage.schema.json', 'homepage.home_price_product_enterprise.description', { contentMediaType: 'text/html' }],
      ['page-homepage.schema.json', 'homepage.security_section_loop[].description', { contentMediaType: 'text/html' }],
      ['page-homepage.schema.json', 'homepage.resources_section_loop[].short_description', { contentMediaType: 'text/html' }],
      ['page-testimonials.schema.json', 'security_section_loop[].content_image', { format: 'image-path' }],
      ['page-blog.schema.json', 'filter_category[].slug'],
      ['blog-list.schema.json', 'list.data[].slug'],
      ['blog-list.schema.json', 'list.last_page', { type: 'integer' }],
      ['blog-post.schema.json', 'post_data.content', { contentMediaType: 'text/html' }],
      ['page-legal.schema.json', 'page_data.content', { contentMediaType: 'text/html' }],
      ['page-legal.schema.json', 'page_data.image_mobile', { format: 'image-path' }],
      ['page-team.schema.json', 'team[].linkedin'],
      ['page-team.schema.json', 'team[].description', { contentMediaType: 'text/html' }],
      ['page-services.schema.json', 'services.service_operation.deliverables_section_heading'],
      [
        'page-services.schema.json',
        'services.service_operation.deliverables_section_loop[].description',
        { contentMediaType: 'text/html' },
      ],
      ['page-services.schema.json', 'services.service_migration.often_loop[].description', { contentMediaType: 'text/html' }],
      ['page-services.schema.json', 'services.service_operation.top_content.image', { format: 'image-path' }],
      ['page-services.schema.json', 'services.service_assurancen.top_content2.name'],
      ['page-support.schema.json', 'support.migration.description', { contentMediaType: 'text/html' }],
      ['page-why-us.schema.json', 'why.how_it_works_heading.sub_heading'],
      ['page-unified-customer-portal.schema.json', 'unified_customer_portal.lease_and_contract_management_business_benefits_heading'],
      [
        'page-lease-and-contract-management.schema.json',
        'lease_and_contract_management.business_benefits_section_loop[].image_path',
        { format: 'image-path' },
      ],
      [
        'page-product-telco.schema.json',
        'product_subscription_telco.business_benefits_section_loop[].description',
        { contentMediaType: 'text/html' },
      ],
      ['page-product-bpm.schema.json', 'productBpm.usp[].title'],
      ['page-product-bpm.schema.json', 'productBpm.usp[].description', { contentMediaType: 'text/html' }],
      ['page-product-bpm.schema.json', 'productBpm.benefits[].description', { contentMediaType: 'text/html' }],
      ['page-product.schema.json', 'product.features_loop[].icon_image', { format: 'image-path' }],
      [
        'page-solutions-subscription-saas.schema.json',
        'SolutionsSubscriptionSaas.solutions_subscription_and_saas_why_veltrix.description',
        { contentMediaType: 'text/html' },
      ],
      [
        'page-solutions-subscription-saas.schema.json',
        'SolutionsSubscriptionSaas.business_benefits_section_loop[].description',
        { contentMediaType: 'text/html' },
      ],
      ['page-hub.schema.json', 'page_data.content', { contentMediaType: 'text/html' }],
    ];
    for (const [file, bindingPath, expected] of cases) {
      const node = schemaAt(file, bindingPath);
      expect(node, `${file}: ${bindingPath} does not resolve`).toBeDefined();
      expect(node?.type, `${file}: ${bindingPath}`).toBe(expected?.type ?? 'string');
      for (const [k, v] of Object.entries(expected ?? {})) expect(node?.[k], `${file}: ${bindingPath} ${k}`).toBe(v);
    }
    expect(schemaAt('page-homepage.schema.json', 'page_data.nope')).toBeUndefined();
    expect(schemaAt('blog-list.schema.json', 'list.data[].nope')).toBeUndefined();
  });
});

describe('sample content', () => {
  it('every sample file validates against its endpoint schema', () => {
    for (const endpoint of contract.endpoints) {
      if (isPaginated(endpoint.sample)) continue;
      const files = sampleFilesOf(endpoint);
      expect(files.length, `no sample file for ${endpoint.path}`).toBeGreaterThan(0);
      for (const { file } of files) expectValid(endpoint.schema, readJson(path.join(DATA_DIR, file)), `tools/content-service/data/${file}`);
    }
  });

  it('hero art carries no text: a banner shows any crop of it, with its heading and controls over it (issue 19)', () => {
    const banners = [...buildSample().keys()].filter((file) => file.startsWith('uploads/banners/'));
    expect(banners.length).toBeGreaterThan(0);
    for (const file of banners) expect(buildSample().get(file), file).not.toMatch(/<text\b/);
  });

  it('is up to date with generate-sample.ts (edit the sources, then regenerate)', () => {
    const expected = buildSample();
    const onDisk = ['data', 'uploads'].flatMap((dir) => listFiles(path.join(DATA_DIR, '..', dir)).map((f) => `${dir}/${f}`));
    expect(onDisk.sort()).toEqual([...expected.keys()].sort());
    for (const [rel, content] of expected) {
      expect(
        readFileSync(path.join(DATA_DIR, '..', rel), 'utf8'),
        `${rel} differs: run npx tsx tools/content-service/generate-sample.ts`,
      ).toBe(content);
    }
  });

  it('every image path in the samples exists under uploads/ and is a small file', () => {
    const referenced = new Set<string>();
    for (const file of listFiles(DATA_DIR).filter((f) => f.endsWith('.json'))) {
      for (const p of imagePathsIn(readJson(path.join(DATA_DIR, file)))) {
        referenced.add(p);
        expect(IMAGE_PATH_PATTERN.test(p), `${file}: ${p} is not a relative image path`).toBe(true);
        let exists = false;
        try {
          exists = statSync(path.join(UPLOADS_DIR, p)).isFile();
        } catch {
          /* reported below */
        }
        expect(exists, `${file}: ${p} not found under tools/content-service/uploads/`).toBe(true);
      }
    }
    expect(referenced.size).toBeGreaterThan(10);
    for (const f of listFiles(UPLOADS_DIR)) expect(statSync(path.join(UPLOADS_DIR, f)).size, f).toBeLessThan(3 * 1024);
  });

  it('homepage speaks SPEC §3 (security list, pricing boxes, resources with HTML teasers) and links to real posts', () => {
    const { page_data, homepage } = readJson(path.join(DATA_DIR, 'page/homepage.json')) as {
      page_data: { name: string; sub_text2: string; image_mobile: string };
      homepage: Record<string, unknown> & {
        security_section_loop: { description: string }[];
        resources_section_loop: { type: string; slug: string; short_description: string }[];
      };
    };
    expect(page_data.name).toBe('Software That Runs Shared Infrastructure');
    // The §1 claims, strengths and product pills are fixed in page-definitions/home.json, not served.
    for (const gone of ['banner_slides', 'strengths_loop', 'metrics_loop', 'experience', 'products_heading'])
      expect(homepage).not.toHaveProperty(gone);
    expect(homepage.security_section_loop).toHaveLength(6);
    for (const s of homepage.security_section_loop) expect(s.description).toMatch(/^<p>/);
    expect(homepage.resources_section_loop).toHaveLength(4);
    expect(new Set(homepage.resources_section_loop.map((r) => r.type))).toEqual(new Set(['blog', 'white-paper-case-study']));
    for (const r of homepage.resources_section_loop) {
      expect(r.short_description).toMatch(/^<p>/);
      const file = r.type === 'blog' ? `blog/${r.slug}.json` : `whitepaper/${r.slug}.json`;
      expect(statSync(path.join(DATA_DIR, file)).isFile(), r.slug).toBe(true);
    }
  });

  it('blog collection and post files agree, newest first, across the four categories', () => {
    type Item = {
      cat_name: string;
      cat_slug: string;
      posted_date: string;
      name: string;
      slug: string;
      image_thumbnail: string;
      short_description: string;
    };
    const items = readJson(path.join(DATA_DIR, 'collections/blog-posts.json')) as Item[];
    const { filter_category } = readJson(path.join(DATA_DIR, 'page/blog.json')) as { filter_category: { slug: string }[] };
    expect(items.length).toBeGreaterThanOrEqual(27);
    expect(filter_category.map((c) => c.slug).sort()).toEqual(['business', 'customer', 'products', 'technology']);
    expect(new Set(items.map((i) => i.cat_slug))).toEqual(new Set(filter_category.map((c) => c.slug)));
    expect(Math.max(...filter_category.map((c) => items.filter((i) => i.cat_slug === c.slug).length))).toBeGreaterThan(9);
    expect(items.map((i) => i.posted_date)).toEqual(
      items
        .map((i) => i.posted_date)
        .sort()
        .reverse(),
    );
    expect(new Set(items.map((i) => i.slug)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.name)).size).toBe(items.length);
    // /api/blog/{slug} also answers for press releases and upcoming events ('Read Full Article' /
    // 'View Event Details' on /press lead to /blog/{slug}); their slugs never collide with posts.
    const press = readJson(path.join(DATA_DIR, 'collections/press-releases.json')) as { slug: string }[];
    const { event_list } = readJson(path.join(DATA_DIR, 'page/press-release.json')) as { event_list: { slug: string }[] };
    const slugs = [...items, ...press, ...event_list].map((i) => i.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const postFiles = listFiles(path.join(DATA_DIR, 'blog'));
    expect(postFiles.sort()).toEqual(slugs.map((slug) => `${slug}.json`).sort());
    for (const item of items) {
      expect(item.short_description).toMatch(/^<p>.+<\/p>$/);
      const { post_data } = readJson(path.join(DATA_DIR, `blog/${item.slug}.json`)) as {
        post_data: { name: string; cat_name: string; posted_date: string; image: string; content: string };
      };
      const where = `blog/${item.slug}.json`;
      expect({ name: post_data.name, cat_name: post_data.cat_name, posted_date: post_data.posted_date }, where).toEqual({
        name: item.name,
        cat_name: item.cat_name,
        posted_date: item.posted_date,
      });
      expect(post_data.content, where).toMatch(/<h2>/);
      expect(post_data.content, where).toMatch(/<ul>.*<li>/s);
      expect(post_data.content.match(/<p>/g)?.length ?? 0, where).toBeGreaterThanOrEqual(3);
    }
  });

  it('other pages have the expected shape and amount of content', () => {
    const team = (readJson(path.join(DATA_DIR, 'page/team.json')) as { team: { type: string; linkedin: string; twitter: string }[] }).team;
    // /api/page/team serves the leadership team; the advisory board comes from /api/page/team-advisory-board.
    expect(team.filter((m) => m.type === 'Leadership Team')).toHaveLength(7);
    expect(team).toHaveLength(7);
    expect(team.some((m) => m.linkedin === '' || m.twitter === '')).toBe(true);
    const testimonials = readJson(path.join(DATA_DIR, 'page/testimonials.json')) as { security_section_loop: unknown[] };
    expect(testimonials.security_section_loop).toHaveLength(6);
    const hf = readJson(path.join(DATA_DIR, 'header_footer_common.json')) as { footer: { copyright: string } };
    expect(hf.footer.copyright).toBe('© 2026 Halcombe Group. All rights reserved.');
    for (const page of ['privacy-policy', 'terms-and-conditions']) {
      const { page_data } = readJson(path.join(DATA_DIR, `page/${page}.json`)) as { page_data: { content: string } };
      expect(page_data.content.length, page).toBeGreaterThan(4000);
      expect(page_data.content.match(/<h2>/g)?.length ?? 0, page).toBeGreaterThanOrEqual(8);
      expect(page_data.content, page).toMatch(/<ul>/);
    }
    const all = listFiles(DATA_DIR)
      .map((f) => readFileSync(path.join(DATA_DIR, f), 'utf8'))
      .join('\n');
    expect(all).not.toMatch(/lorem|ipsum/i);
  });

  it('offerings pages (why-us, support, services, products, solutions) have the expected amount of content', () => {
    const page = <T>(file: string) => readJson(path.join(DATA_DIR, `page/${file}.json`)) as T;
    const { why } = page<{ why: { problems_loop: unknown[]; how_it_works_loop: unknown[] } }>('why-us');
    expect(why.problems_loop).toHaveLength(6);
    expect(why.how_it_works_loop).toHaveLength(4);

    // The seven turnkey services are fixed in the /supporttest definition (SPEC §2), not in the service.
    const { support } = page<{ support: Record<string, unknown> }>('talk-to-technical-support');
    expect(Object.keys(support)).toEqual(['migration']);
    const supportPage = readJson(path.join(SCHEMA_DIR, '../../page-definitions/supporttest.json')) as {
      sections: { id?: string; heading?: { title?: string }; items?: { title: string; html: string }[] }[];
    };
    const turnkey = supportPage.sections.find((s) => s.id === 'turnkey');
    expect(turnkey?.heading?.title).toBe('Turnkey Deployment: One Stop Shop');
    expect(turnkey?.items?.map((t) => t.title)).toEqual([
      'Business Consultancy',
      'Maintenance',
      'Managed Service Operations',
      'Business Assurance Program',
      'DBA & System Services',
      'Implementation Services',
      'Product Development',
    ]);
    const implementation = turnkey!.items![5].html.toLowerCase();
    for (const step of [
      'requirement study',
      'gap analysis',
      'design',
      'training',
      'data migration',
      'uat',
      'go-live',
      'project management',
    ])
      expect(implementation, step).toContain(step);

    type Services = { services: Record<string, Record<string, unknown[] | unknown>> };
    const hub = page<Services>('services');
    expect(Object.keys(hub.services)).toEqual(['intro']);
    const servicePages: Record<string, string> = {
      'service-migration': 'service_migration',
      'service-operation': 'service_operation',
      'service-assurance': 'service_assurancen',
      'service-maintenance': 'service_maintenance',
    };
    expect(listFiles(path.join(DATA_DIR, 'page/services')).sort()).toEqual(
      Object.keys(servicePages)
        .map((s) => `${s}.json`)
        .sort(),
    );
    for (const [file, key] of Object.entries(servicePages))
      expect(Object.keys(page<Services>(`services/${file}`).services), file).toEqual([key]);
    const migration = page<Services>('services/service-migration').services.service_migration;
    expect(migration.often_loop).toHaveLength(5);
    const operation = page<Services>('services/service-operation').services.service_operation;
    expect(operation.deliverables_section_loop).toHaveLength(5);
    expect(operation.deliverables_2_section_loop).toHaveLength(5);
    expect(operation.deliverables_section_heading).toBe('What We Deliver');

    type Suite = { business_benefits_section_loop: unknown[]; business_benefits_heading?: string };
    for (const [file, key] of [
      ['lease-and-contract-management', 'lease_and_contract_management'],
      ['asset-tagging-tracking-solution', 'asset_tagging_tracking_solution'],
      ['unified-customer-portal', 'unified_customer_portal'],
    ]) {
      expect(page<Record<string, Suite>>(file)[key].business_benefits_section_loop, file).toHaveLength(4);
    }
    const portal = page<{ unified_customer_portal: Record<string, unknown> }>('unified-customer-portal').unified_customer_portal;
    expect(portal.lease_and_contract_management_business_benefits_heading).toBe('');
    expect(portal).not.toHaveProperty('business_benefits_heading');
    expect(
      page<{ product_subscription_telco: Suite }>('product-telco').product_subscription_telco.business_benefits_section_loop,
    ).toHaveLength(4);
    const { productBpm } = page<{ productBpm: { usp: unknown[]; benefits: unknown[] } }>('product-bpm');
    expect(productBpm.usp).toHaveLength(5);
    expect(productBpm.benefits).toHaveLength(4);
    for (const file of ['product-ccm', 'product-orchestration', 'product-subscription']) {
      const { product } = page<{ product: Suite & { features_loop: unknown[] } }>(file);
      expect(product.features_loop, file).toHaveLength(6);
      expect(product.business_benefits_section_loop, file).toHaveLength(4);
    }
    const saas = page<{ SolutionsSubscriptionSaas: Suite }>('solutions-subscription-saas').SolutionsSubscriptionSaas;
    expect(saas.business_benefits_section_loop).toHaveLength(4);
    const ccm = page<{ product: { top_content2: { description: string } } }>('product-ccm').product.top_content2.description;
    for (const feature of ['Unicode', 'Bounce-mail tracking', 'reporting']) expect(ccm).toContain(feature);
  });
});

describe('company, resources and forms samples', () => {
  const page = <T>(file: string) => readJson(path.join(DATA_DIR, `${file}.json`)) as T;
  const isNewestFirst = (dates: string[]) => dates.every((d, i) => i === 0 || dates[i - 1] >= d);

  it('loadServiceContract checks perPageParam (paginated samples only, declared query); parsePerPage caps at 100', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'contract-'));
    const load = (sample: object, query?: object) => {
      const file = path.join(dir, 'contract.json');
      writeFileSync(
        file,
        JSON.stringify({ endpoints: [{ path: '/api/x_list', schema: 'x.schema.json', sample, ...(query ? { query } : {}) }] }),
      );
      return () => loadServiceContract(file);
    };
    try {
      expect(load({ paginate: 'x.json', perPage: 10, perPageParam: 'per_page' }, { per_page: 'size' })()).toBeDefined();
      expect(load({ paginate: 'x.json', perPage: 10, perPageParam: 'per_page' })).toThrow(/perPageParam/);
      expect(load({ paginate: 'x.json', perPage: 10, perPageParam: 5 }, { per_page: 'size' })).toThrow(/perPageParam/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const contractSchema = ajv.getSchema(`${SCHEMA_BASE}contract.schema.json`);
    const entry = (sample: object) => ({ endpoints: [{ path: '/api/x', schema: 'x.schema.json', sample }] });
    expect(contractSchema?.(entry({ file: 'x.json', perPageParam: 'per_page' }))).toBe(false);
    expect(contractSchema?.(entry({ paginate: 'x.json', perPage: 3, perPageParam: 'per_page' }))).toBe(true);
    expect([null, undefined, '', 'abc', '0', '-3', '2.5', '1e2'].map((v) => parsePerPage(v, 10))).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    expect(['1', ' 26 ', '100', '101', '99999999999999999999'].map((v) => parsePerPage(v, 10))).toEqual([1, 26, 100, 100, 10]);
  });

  it('careers: at least 8 jobs over 3+ cities and countries, one consistent job_detail file each', () => {
    type Job = { post_name: string; city: string; country: string; expertise: string; job_slug: string };
    const { careers_data } = page<{ careers_data: { jobs_data: Job[] } }>('page/careers');
    const jobs = careers_data.jobs_data;
    expect(jobs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(jobs.map((j) => j.city)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(jobs.map((j) => j.country)).size).toBeGreaterThanOrEqual(3);
    for (const e of ['Engineering', 'Delivery', 'Sales']) expect(jobs.map((j) => j.expertise)).toContain(e);
    expect(listFiles(path.join(DATA_DIR, 'job_detail')).sort()).toEqual(jobs.map((j) => `${j.job_slug}.json`).sort());
    const codes = new Set<string>();
    for (const job of jobs) {
      const { job_data } = page<{ job_data: Record<string, string> }>(`job_detail/${job.job_slug}`);
      expect({ name: job_data.name, city: job_data.city, country: job_data.country, expertise: job_data.expertise }, job.job_slug).toEqual({
        name: job.post_name,
        city: job.city,
        country: job.country,
        expertise: job.expertise,
      });
      expect(job_data.description.match(/<ul>/g), job.job_slug).toHaveLength(2);
      codes.add(job_data.job_code);
    }
    expect(codes.size).toBe(jobs.length);
  });

  it('contact, partners, events and advisory board have the expected amount of content', () => {
    type Office = { title: string; google_map_iframe: string; contact_detail: string };
    const offices = page<{ contact_data: { address: Office[] } }>('page/contact-us').contact_data.address;
    expect(offices.map((o) => o.title)).toEqual(['London (HQ)', 'Pune', 'Johannesburg', 'Dallas']);
    for (const o of offices) {
      expect(o.google_map_iframe, o.title).toMatch(/^<iframe src="https:\/\/www\.google\.com\/maps\/embed\?pb=[^"]+"[^>]*><\/iframe>$/);
      expect(o.contact_detail, o.title).toMatch(/<a href="mailto:[a-z]+@veltrix\.example">/);
    }

    type Category = { id: number; name: string };
    const { partner_data } = page<{
      partner_data: { category_list: Category[]; partners: { category_id: number; partnersURL: string }[] };
    }>('page/partners');
    expect(partner_data.category_list.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(partner_data.partners.length).toBeGreaterThanOrEqual(10);
    expect(new Set(partner_data.partners.map((p) => p.category_id))).toEqual(new Set([1, 2, 3]));
    for (const p of partner_data.partners) expect(new URL(p.partnersURL).hostname).toMatch(/\.example$/);

    const { event_data } = page<{ event_data: { category_list: Category[]; events: { category_id: number; eventsURL: string }[] } }>(
      'page/events',
    );
    expect(event_data.category_list).toEqual([
      { id: 24, name: 'Upcoming Events' },
      { id: 25, name: 'Webinars' },
      { id: 26, name: 'Past Events' },
    ]);
    expect(event_data.events.length).toBeGreaterThanOrEqual(9);
    expect(new Set(event_data.events.map((e) => e.category_id))).toEqual(new Set([24, 25, 26]));

    type Member = { type: string; name: string };
    const board = page<{ page_data: { content: string }; team: Member[] }>('page/team-advisory-board');
    const team = page<{ team: Member[] }>('page/team').team;
    expect(board.team.map((m) => m.type)).toEqual(Array(4).fill('Advisory Board'));
    expect(team.map((m) => m.name)).not.toContain(board.team[0].name);
    expect(board.page_data.content).toMatch(/<p>/);
  });

  it('press: 30+ releases over 2024-2026, newest first, with a year each; years_list and 4 upcoming events', () => {
    type Item = { date: string; year: string; title: string; slug: string; short_description: string };
    const items = page<Item[]>('collections/press-releases');
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(isNewestFirst(items.map((i) => i.date))).toBe(true);
    for (const i of items) {
      expect(i.year, i.slug).toBe(i.date.slice(0, 4));
      expect(i.short_description, i.slug).toMatch(/^<p>.+<\/p>$/);
    }
    expect(new Set(items.map((i) => i.slug)).size).toBe(items.length);
    const press = page<{ years_list: string[]; event_list: Omit<Item, 'year'>[] }>('page/press-release');
    expect(press.years_list).toEqual(['2026', '2025', '2024']);
    expect([...new Set(items.map((i) => i.year))]).toEqual(press.years_list);
    expect(press.event_list).toHaveLength(4);
    // Each release and event has its full article at /api/blog/{slug} (the page links to /blog/{slug}).
    for (const [item, kind] of [
      ...items.map((i) => [i, 'Press Release'] as const),
      ...press.event_list.map((e) => [e, 'Event'] as const),
    ]) {
      const { post_data } = page<{ post_data: { cat_name: string; name: string; content: string } }>(`blog/${item.slug}`);
      expect({ cat_name: post_data.cat_name, name: post_data.name }, item.slug).toEqual({ cat_name: kind, name: item.title });
      expect(post_data.content, item.slug).toMatch(/<h2>.*<p>/s);
    }
  });

  it('sales form pages: schedule side content only (contact block is shared) and three HTML know-more cards on each talk page', () => {
    const demo = page<{ schedule: Record<string, unknown> }>('page/schedule-a-demo');
    expect(Object.keys(demo.schedule)).toEqual(['side_content']);
    for (const [file, key] of [
      ['talk-to-sales', 'talktsales'],
      ['talk-to-account-team', 'talk_taccount'],
      ['campaign-ccm', 'campaignCCM'],
    ]) {
      const panel = page<Record<string, { knowmore_section_loop: { description: string }[] }>>(`page/${file}`)[key];
      expect(panel.knowmore_section_loop, file).toHaveLength(3);
      for (const card of panel.knowmore_section_loop) expect(card.description, file).toMatch(/^<p>/);
    }
  });

  it('downloads: 8 documents, 2 without PDF; every pdf_link is a small valid PDF under uploads/; one detail file per id', () => {
    type Doc = { id: number; name: string; image: string; pdf_link: string };
    const docs = page<{ download: { download_loop: Doc[] } }>('page/download').download.download_loop;
    expect(docs).toHaveLength(8);
    expect(docs.filter((d) => d.pdf_link === '')).toHaveLength(2);
    const pdfs = new Set(docs.map((d) => d.pdf_link).filter(Boolean));
    expect(pdfs.size).toBeGreaterThanOrEqual(2);
    expect(
      listFiles(path.join(UPLOADS_DIR, 'brochures'))
        .map((f) => `brochures/${f}`)
        .sort(),
    ).toEqual([...pdfs].sort());
    for (const rel of pdfs) {
      const bytes = readFileSync(path.join(UPLOADS_DIR, rel));
      const text = bytes.toString('latin1');
      expect(bytes.length, rel).toBeLessThan(2048);
      expect(text, rel).toMatch(/^%PDF-1\.4\n[\s\S]*%%EOF\n$/);
      // The cross-reference table must point at each object, and startxref at the table.
      const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
      expect(text.slice(startxref, startxref + 5), rel).toBe('xref\n');
      const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(offsets.length, rel).toBeGreaterThan(3);
      offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length), `${rel} object ${i + 1}`).toBe(`${i + 1} 0 obj`));
      for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
        const start = (m.index ?? 0) + m[0].length;
        expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10), `${rel} stream length`).toBe('\nendstream');
      }
    }
    expect(listFiles(path.join(DATA_DIR, 'download_detail')).sort()).toEqual(docs.map((d) => `${d.id}.json`).sort());
    for (const d of docs) {
      const { document } = page<{ document: { id: number; name: string; image: string } }>(`download_detail/${d.id}`);
      expect({ id: document.id, name: document.name, image: document.image }).toEqual({ id: d.id, name: d.name, image: d.image });
    }
  });

  it('white papers and case studies: 26+ items newest first in both categories, one post each, latest = first five', () => {
    type Item = { name: string; category: string; category_name: string; date: string; slug: string };
    const items = page<Item[]>('collections/whitepapers');
    expect(items.length).toBeGreaterThanOrEqual(26);
    expect(isNewestFirst(items.map((i) => i.date))).toBe(true);
    expect(new Set(items.map((i) => i.slug)).size).toBe(items.length);
    for (const [code, label] of [
      ['1', 'Case Studies'],
      ['2', 'White Paper'],
    ]) {
      const inCategory = items.filter((i) => i.category === code);
      expect(inCategory.length, code).toBeGreaterThan(10);
      expect(new Set(inCategory.map((i) => i.category_name)), code).toEqual(new Set([label]));
    }
    const banner = page<{ casestudies_dataa: { latest: Item[]; category: { id: string; name: string }[] } }>('page/white-paper-case-study');
    expect(banner.casestudies_dataa.latest).toEqual(items.slice(0, 5));
    expect(banner.casestudies_dataa.category).toEqual([
      { id: '1', name: 'Case Studies' },
      { id: '2', name: 'White Paper' },
    ]);
    expect(listFiles(path.join(DATA_DIR, 'whitepaper')).sort()).toEqual(items.map((i) => `${i.slug}.json`).sort());
    for (const item of items) {
      const { post_data } = page<{ post_data: Item & { content: string } }>(`whitepaper/${item.slug}`);
      const { name, category_name, date } = post_data;
      expect({ name, category_name, date }, item.slug).toEqual({ name: item.name, category_name: item.category_name, date: item.date });
      expect(post_data.content.match(/<h2>/g)?.length ?? 0, item.slug).toBeGreaterThanOrEqual(2);
    }
    // The home page's white-paper / case-study cards link to real items.
    const { homepage } = page<{ homepage: { resources_section_loop: { type: string; slug: string; name: string }[] } }>('page/homepage');
    for (const r of homepage.resources_section_loop.filter((x) => x.type === 'white-paper-case-study'))
      expect(items.find((i) => i.slug === r.slug)?.name, r.slug).toBe(r.name);
  });

  it('support FAQ: three sets of 6+ questions with HTML answers, default = orchestration', () => {
    type Faq = { support_faq: { faq_data: { qsn: string; ans: string }[] } };
    const slugs = ['faq-orchestration-platform', 'faq-ccm-platform', 'faq-subscription-billing'];
    expect(listFiles(path.join(DATA_DIR, 'page/support-faq')).sort()).toEqual(slugs.map((s) => `${s}.json`).sort());
    expect(page<Faq>('page/support-faq')).toEqual(page<Faq>('page/support-faq/faq-orchestration-platform'));
    for (const slug of slugs) {
      const { support_faq } = page<Faq>(`page/support-faq/${slug}`);
      expect(Object.keys(support_faq), slug).toEqual(['faq_data']);
      expect(support_faq.faq_data.length, slug).toBeGreaterThanOrEqual(6);
      for (const { ans } of support_faq.faq_data) expect(ans, slug).toMatch(/^<p>/);
    }
  });

  it('binding paths of the company, resources and forms schemas resolve, with the expected kinds', () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['page-careers.schema.json', 'careers_data.jobs_data[].job_slug'],
      ['page-careers.schema.json', 'careers_data.jobs_data[].summary', { contentMediaType: 'text/html' }],
      ['job-detail.schema.json', 'job_data.description', { contentMediaType: 'text/html' }],
      ['page-contact-us.schema.json', 'contact_data.address[].google_map_iframe', { contentMediaType: 'text/html' }],
      ['page-partners.schema.json', 'partner_data.partners[].category_id', { type: 'integer' }],
      ['page-partners.schema.json', 'partner_data.partners[].image_dialog_path', { format: 'image-path' }],
      ['page-events.schema.json', 'event_data.category_list[].id', { type: 'integer' }],
      ['page-press-release.schema.json', 'years_list[]'],
      ['page-press-release.schema.json', 'event_list[].slug'],
      ['page-press-release.schema.json', 'event_list[].short_description', { contentMediaType: 'text/html' }],
      ['press-release-list.schema.json', 'list.data[].short_description', { contentMediaType: 'text/html' }],
      ['press-release-list.schema.json', 'list.data[].image_path', { format: 'image-path' }],
      ['page-team-advisory-board.schema.json', 'page_data.content', { contentMediaType: 'text/html' }],
      ['page-team-advisory-board.schema.json', 'team[].linkedin'],
      ['page-schedule-a-demo.schema.json', 'schedule.side_content.description', { contentMediaType: 'text/html' }],
      ['page-talk-to-sales.schema.json', 'talktsales.knowmore_section_loop[].image', { format: 'image-path' }],
      ['page-talk-to-account-team.schema.json', 'talk_taccount.side_content.description', { contentMediaType: 'text/html' }],
      ['page-campaign-ccm.schema.json', 'campaignCCM.knowmore_heading.sub_top_heading'],
      ['page-campaign-ccm.schema.json', 'campaignCCM.knowmore_section_loop[].description', { contentMediaType: 'text/html' }],
      ['page-download.schema.json', 'download.download_loop[].pdf_link'],
      ['download-detail.schema.json', 'document.id', { type: 'integer' }],
      ['page-white-paper-case-study.schema.json', 'casestudies_dataa.latest[].slug'],
      ['whitepaper-list.schema.json', 'list.data[].category_name'],
      ['whitepaper-post.schema.json', 'post_data.content', { contentMediaType: 'text/html' }],
      ['page-support-faq.schema.json', 'support_faq.faq_data[].ans', { contentMediaType: 'text/html' }],
      ['whitepaper-list.schema.json', 'list.data[].short_description', { contentMediaType: 'text/html' }],
      ['download-detail.schema.json', 'document.description', { contentMediaType: 'text/html' }],
    ];
    for (const [file, bindingPath, expected] of cases) {
      const node = schemaAt(file, bindingPath);
      expect(node, `${file}: ${bindingPath} does not resolve`).toBeDefined();
      expect(node?.type, `${file}: ${bindingPath}`).toBe(expected?.type ?? 'string');
      for (const [k, v] of Object.entries(expected ?? {})) expect(node?.[k], `${file}: ${bindingPath} ${k}`).toBe(v);
    }
  });

  it('docs/content-api.md has one table row per contract endpoint, naming its schema (and request schema)', () => {
    const doc = readFileSync(path.join(SCHEMA_DIR, '../../docs/content-api.md'), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| `(\/api\/[^`]+)` *\|([^|]*)\| `([^`]+)` *\|/gm)].map(
        (m) => [m[1], { second: m[2].trim(), schema: m[3] }] as const,
      ),
    );
    const all = [...contract.endpoints, ...contract.submissions];
    expect([...rows.keys()].sort()).toEqual(all.map((e) => e.path).sort());
    for (const e of all) expect(rows.get(e.path)?.schema, e.path).toBe(e.schema);
    // Submission rows name the request schema in their second column.
    for (const e of contract.submissions) expect(rows.get(e.path)?.second, e.path).toBe(`\`${e.requestSchema}\``);
  });
});

describe('reference content service', () => {
  let service: RunningContentService;
  const get = (p: string, init: RequestInit = {}) =>
    fetch(service.url + p, { ...init, headers: { authorization: AUTH, ...(init.headers as Record<string, string> | undefined) } });

  beforeAll(async () => {
    service = await startContentService({ port: 0, user: USER, password: PASSWORD });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers every sample file, identical to the file on disk', async () => {
    for (const endpoint of contract.endpoints) {
      for (const { file, params, query } of sampleFilesOf(endpoint)) {
        const res = await get(urlFor(endpoint, params, query));
        expect(res.status, file).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await res.json(), file).toEqual(readJson(path.join(DATA_DIR, file)));
      }
    }
  });

  it('every page of every paginated list validates, for every filter value', async () => {
    for (const endpoint of contract.endpoints) {
      const { sample } = endpoint;
      if (!isPaginated(sample)) continue;
      const items = readJson(path.join(DATA_DIR, sample.paginate)) as JsonObject[];
      const variants: [string, string][] = [['', '']];
      for (const [param, field] of Object.entries(sample.filter ?? {}))
        for (const value of new Set(items.map((i) => String(i[field])))) variants.push([param, value]);
      for (const [param, value] of variants) {
        const seen: Json[] = [];
        let lastPage = 1;
        for (let page = 1; page <= lastPage; page++) {
          const query = new URLSearchParams({ page: String(page), ...(param ? { [param]: value } : {}) });
          const url = `${endpoint.path}?${query}`;
          const body = (await (await get(url)).json()) as { list: { last_page: number; data: Json[] } };
          expectValid(endpoint.schema, body, `GET ${url} (from tools/content-service/data/${sample.paginate})`);
          lastPage = body.list.last_page;
          seen.push(...body.list.data);
        }
        const field = param ? (sample.filter ?? {})[param] : '';
        expect(seen, `${endpoint.path} ${param}=${value}`).toEqual(param ? items.filter((i) => String(i[field]) === value) : items);
      }
    }
  });

  describe('authentication', () => {
    it('401 without credentials, with a challenge and a JSON body', async () => {
      const res = await fetch(`${service.url}/api/page/homepage`);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="content"');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    });

    it('401 with a wrong password, a wrong user, or a malformed header', async () => {
      const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
      for (const authorization of [
        basic(`${USER}:wrong`),
        basic(`other:${PASSWORD}`),
        basic(`${USER}:${PASSWORD}x`),
        'Bearer abc',
        'Basic !!!',
        basic(USER),
      ]) {
        const res = await fetch(`${service.url}/api/page/homepage`, { headers: { authorization } });
        expect(res.status, authorization).toBe(401);
      }
    });

    it('200 with the right credentials; unknown paths are 401 before auth', async () => {
      expect((await get('/api/page/homepage')).status).toBe(200);
      expect((await fetch(`${service.url}/api/unknown`)).status).toBe(401);
    });

    it('defaults credentials from CONTENT_API_USER / CONTENT_API_PASSWORD, then veltrix-site / local-dev-only', async () => {
      const saved = { user: process.env.CONTENT_API_USER, password: process.env.CONTENT_API_PASSWORD };
      const check = async (user: string, password: string) => {
        const s = await startContentService({ port: 0 });
        try {
          const ok = await fetch(`${s.url}/api/page/blog`, {
            headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
          });
          const wrong = await fetch(`${s.url}/api/page/blog`, { headers: { authorization: AUTH } });
          return [ok.status, wrong.status];
        } finally {
          await s.close();
        }
      };
      try {
        delete process.env.CONTENT_API_USER;
        delete process.env.CONTENT_API_PASSWORD;
        expect(await check('veltrix-site', 'local-dev-only')).toEqual([200, 401]);
        process.env.CONTENT_API_USER = 'env-user';
        process.env.CONTENT_API_PASSWORD = 'env-pass';
        expect(await check('env-user', 'env-pass')).toEqual([200, 401]);
      } finally {
        for (const [key, value] of [
          ['CONTENT_API_USER', saved.user],
          ['CONTENT_API_PASSWORD', saved.password],
        ] as const) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
      }
    });
  });

  describe('routing', () => {
    it('404 JSON for an unknown slug, an unknown path and paths outside /api and /uploads', async () => {
      for (const p of ['/api/blog/no-such-post', '/api/page/no-such-page', '/api/nope', '/api/page/homepage/extra', '/', '/server.ts']) {
        const res = await get(p);
        expect(res.status, p).toBe(404);
        expect(await res.json(), p).toEqual({ message: 'Not found' });
      }
    });

    it('refuses slugs that try to leave their folder', async () => {
      for (const p of ['/api/blog/..%2fpage%2fhomepage', '/api/blog/%2e%2e', '/api/blog/..', '/api/blog/a%5c..%5cb', '/api/blog/%00']) {
        const res = await rawGet(service.url, p);
        expect(res.status, p).toBe(404);
      }
    });

    it('405 for non-GET methods on a GET endpoint; HEAD is allowed', async () => {
      const res = await get('/api/page/homepage', { method: 'POST', body: '{}' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect((await get('/api/page/homepage', { method: 'HEAD' })).status).toBe(200);
    });
  });

  describe('byQuery samples', () => {
    const services = (q: string) => get(`/api/page/services${q}`);
    const disk = (file: string) => readJson(path.join(DATA_DIR, file));

    it('serves the default file without the parameter or with an empty value', async () => {
      for (const q of ['', '?service=', '?other=service-migration']) {
        const res = await services(q);
        expect(res.status, q).toBe(200);
        expect(await res.json(), q).toEqual(disk('page/services.json'));
      }
    });

    it('serves the file the query value names', async () => {
      for (const name of ['service-migration', 'service-operation', 'service-assurance', 'service-maintenance']) {
        const res = await services(`?service=${name}`);
        expect(res.status, name).toBe(200);
        expect(await res.json(), name).toEqual(disk(`page/services/${name}.json`));
      }
    });

    it('404 JSON for a well-formed value without a file', async () => {
      const res = await services('?service=service-nothing');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found' });
    });

    it('400 JSON for values outside [A-Za-z0-9_-], including traversal attempts', async () => {
      for (const q of [
        '?service=..',
        '?service=..%2Fabout-us',
        '?service=service.migration',
        '?service=a%20b',
        '?service=%00',
        '?service=%2e%2e%2fteam',
      ]) {
        const res = await rawGet(service.url, `/api/page/services${q}`);
        expect(res.status, q).toBe(400);
        expect(JSON.parse(res.body), q).toEqual({ message: 'Invalid value for query parameter "service"' });
      }
    });
  });

  describe('pagination', () => {
    type Page = {
      list: { current_page: number; last_page: number; per_page: number; total: number; data: { slug: string; cat_slug: string }[] };
    };
    const all = readJson(path.join(DATA_DIR, 'collections/blog-posts.json')) as { slug: string; cat_slug: string }[];
    const list = async (q: string) => (await (await get(`/api/blog_list${q}`)).json()) as Page;

    it('page 1 by default, page 2 continues where page 1 stopped', async () => {
      const p1 = await list('');
      expect(p1.list).toMatchObject({ current_page: 1, per_page: 9, total: all.length, last_page: Math.ceil(all.length / 9) });
      expect(p1.list.last_page).toBeGreaterThanOrEqual(3);
      const p2 = await list('?page=2&cat_slug=');
      expect(p2.list.current_page).toBe(2);
      expect(p2.list.data.map((d) => d.slug)).toEqual(all.slice(9, 18).map((d) => d.slug));
    });

    it("filters by category and reports that category's last page", async () => {
      const tech = all.filter((d) => d.cat_slug === 'technology');
      const p1 = await list('?cat_slug=technology');
      expect(p1.list).toMatchObject({ total: tech.length, last_page: Math.ceil(tech.length / 9) });
      expect(p1.list.last_page).toBe(2);
      const p2 = await list('?cat_slug=technology&page=2');
      expect(p2.list.data.map((d) => d.slug)).toEqual(tech.slice(9).map((d) => d.slug));
      expect(p2.list.data.every((d) => d.cat_slug === 'technology')).toBe(true);
    });

    it('beyond the last page: empty data, correct last_page; non-numeric page means 1', async () => {
      const far = await list('?page=99');
      expect(far.list).toMatchObject({ current_page: 99, last_page: Math.ceil(all.length / 9), total: all.length, data: [] });
      for (const q of ['?page=abc', '?page=0', '?page=-2', '?page=2x', '?page=']) expect((await list(q)).list.current_page, q).toBe(1);
      const none = await list('?cat_slug=no-such-category');
      expect(none.list).toMatchObject({ current_page: 1, last_page: 1, total: 0, data: [] });
    });
  });

  describe('company and resources endpoints', () => {
    type ListPage = { list: { current_page: number; last_page: number; per_page: number; total: number; data: { slug: string }[] } };
    const list = async (p: string) => (await (await get(p)).json()) as ListPage;

    it('press list: 12 per page, filtered by year', async () => {
      const all = readJson(path.join(DATA_DIR, 'collections/press-releases.json')) as { slug: string; year: string }[];
      const p1 = await list('/api/press-release-list');
      expect(p1.list).toMatchObject({ per_page: 12, total: all.length, last_page: Math.ceil(all.length / 12) });
      const y2025 = all.filter((i) => i.year === '2025');
      const filtered = await list('/api/press-release-list?year=2025&page=1');
      expect(filtered.list.total).toBe(y2025.length);
      expect(filtered.list.data.map((d) => d.slug)).toEqual(y2025.slice(0, 12).map((d) => d.slug));
    });

    it('white paper list: 10 per page (SPEC §9; per_page is not a SPEC parameter and is ignored), cat_slug filters by category', async () => {
      const all = readJson(path.join(DATA_DIR, 'collections/whitepapers.json')) as { slug: string; category: string }[];
      const url = '/api/whitepaper-casestudy-list';
      expect((await list(url)).list).toMatchObject({ per_page: 10, total: all.length, last_page: Math.ceil(all.length / 10) });
      const second = await list(`${url}?page=2`);
      expect(second.list).toMatchObject({ per_page: 10, current_page: 2 });
      expect(second.list.data.map((d) => d.slug)).toEqual(all.slice(10, 20).map((d) => d.slug));
      expect((await list(`${url}?per_page=100`)).list.data).toHaveLength(10);
      const papers = all.filter((d) => d.category === '2');
      const p2 = await list(`${url}?cat_slug=2&page=2`);
      expect(p2.list.data.map((d) => d.slug)).toEqual(papers.slice(10, 20).map((d) => d.slug));
      expect((await list('/api/blog_list?per_page=2')).list.per_page).toBe(9);
    });

    it('support FAQ: category_slug selects the set; unknown set 404, malformed 400', async () => {
      const disk = (f: string) => readJson(path.join(DATA_DIR, f));
      expect(await (await get('/api/page/support-faq')).json()).toEqual(disk('page/support-faq/faq-orchestration-platform.json'));
      expect(await (await get('/api/page/support-faq?category_slug=faq-ccm-platform')).json()).toEqual(
        disk('page/support-faq/faq-ccm-platform.json'),
      );
      expect((await get('/api/page/support-faq?category_slug=faq-nothing')).status).toBe(404);
      expect((await get('/api/page/support-faq?category_slug=..%2Fcareers')).status).toBe(400);
    });

    it('404 for unknown job, white paper and document ids', async () => {
      for (const p of ['/api/job_detail/no-such-job', '/api/whitepaper/no-such-paper', '/api/download_detail/999']) {
        const res = await get(p);
        expect(res.status, p).toBe(404);
        expect(await res.json(), p).toEqual({ message: 'Not found' });
      }
    });

    it('brochure PDFs are public, typed application/pdf, without the SVG sandbox policy', async () => {
      const res = await fetch(`${service.url}/uploads/brochures/telecom-suite.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-security-policy')).toBeNull();
      expect(await res.text()).toMatch(/^%PDF-1\.4/);
      expect((await fetch(`${service.url}/uploads/brochures/missing.pdf`)).status).toBe(404);
      expect((await fetch(`${service.url}/uploads/blog/cloud-billing.svg`)).headers.get('content-security-policy')).toMatch(
        /default-src 'none'/,
      );
    });
  });

  describe('images', () => {
    it('are served without auth, with type and cache headers', async () => {
      const res = await fetch(`${service.url}/uploads/blog/cloud-billing.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(await res.text()).toMatch(/^<svg /);
      expect((await fetch(`${service.url}/uploads/blog/missing.svg`)).status).toBe(404);
      expect((await fetch(`${service.url}/uploads/blog`)).status).toBe(404);
    });

    it('refuse directory traversal, plain or encoded', async () => {
      const attempts = [
        '/uploads/../server.ts',
        '/uploads/..%2fserver.ts',
        '/uploads/%2e%2e/server.ts',
        '/uploads/%2e%2e%2fserver.ts',
        '/uploads/%2E%2E/%2E%2E/tools/content-service/server.ts',
        '/uploads/blog/..%2f..%2fserver.ts',
        '/uploads/..%5cserver.ts',
        '/uploads/%252e%252e/server.ts',
        '/uploads/../data/page/homepage.json',
        '/uploads/..%2f..%2f..%2fpackage.json',
        '/uploads/icons/%00.svg',
      ];
      for (const p of attempts) {
        const res = await rawGet(service.url, p);
        expect(res.status, p).toBeGreaterThanOrEqual(400);
        expect(res.body, p).not.toMatch(/startContentService|"dependencies"|page_data/);
      }
    });
  });

  it('close() returns even with keep-alive connections open', async () => {
    const s = await startContentService({ port: 0 });
    await fetch(`${s.url}/uploads/icons/bpm.svg`, { keepalive: true });
    await expect(s.close()).resolves.toBeUndefined();
  });
});
