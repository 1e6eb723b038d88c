// Tests for the reference content service (tools/content-service) and the content
// contract (schemas/content): samples match their schemas, the server honours the
// contract (auth, routing, pagination, public images) and the samples stay coherent.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_DIR,
  IMAGE_PATH_PATTERN,
  SCHEMA_DIR,
  UPLOADS_DIR,
  isPaginated,
  loadContract,
  type Endpoint,
} from '../tools/content-service/contract.ts';
import { buildSample, listFiles } from '../tools/content-service/generate-sample.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';

const USER = 'test-user';
const PASSWORD = 'test-password';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const SCHEMA_BASE = 'https://schemas.local/content/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;
const contract = loadContract();
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

/** Data files an endpoint's `sample.file` template can answer, with the path parameters that select them. */
function sampleFilesOf(endpoint: Endpoint): { file: string; params: Record<string, string> }[] {
  const { sample } = endpoint;
  if (isPaginated(sample)) return [];
  const names: string[] = [];
  const pattern = sample.file
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

const urlFor = (endpoint: Endpoint, params: Record<string, string>) =>
  endpoint.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n]));

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

  it('names existing schemas, and every response schema is used', () => {
    const used = new Set(contract.endpoints.map((e) => e.schema));
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
      ['page-homepage.schema.json', 'homepage.banner_slides[].image_mobile', { format: 'image-path' }],
      ['page-homepage.schema.json', 'homepage.home_about.description', { contentMediaType: 'text/html' }],
      ['page-homepage.schema.json', 'homepage.metrics_loop[].value'],
      ['page-homepage.schema.json', 'homepage.resources_section_loop[].slug'],
      ['page-homepage.schema.json', 'homepage.home_price_product_enterprise.description', { contentMediaType: 'text/html' }],
      ['page-homepage.schema.json', 'homepage.experience.label'],
      ['page-testimonials.schema.json', 'security_section_loop[].content_image', { format: 'image-path' }],
      ['page-blog.schema.json', 'filter_category[].slug'],
      ['blog-list.schema.json', 'list.data[].slug'],
      ['blog-list.schema.json', 'list.last_page', { type: 'integer' }],
      ['blog-post.schema.json', 'post_data.content', { contentMediaType: 'text/html' }],
      ['page-legal.schema.json', 'page_data.content', { contentMediaType: 'text/html' }],
      ['page-legal.schema.json', 'page_data.image_mobile', { format: 'image-path' }],
      ['page-team.schema.json', 'team[].linkedin'],
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

  it('homepage carries the headline claims and links to real posts', () => {
    const { homepage } = readJson(path.join(DATA_DIR, 'page/homepage.json')) as {
      homepage: {
        banner_slides: { title: string; sub_text: string }[];
        strengths_loop: unknown[];
        metrics_heading: { name: string };
        metrics_loop: { value: string; title: string }[];
        products_heading: { name: string };
        resources_section_loop: { type: string; slug: string }[];
        experience: { value: string; label: string };
      };
    };
    expect(homepage.banner_slides).toHaveLength(3);
    expect(`${homepage.banner_slides[0].title} ${homepage.banner_slides[0].sub_text}`).toMatch(/Barcelona.*Booth \w+/s);
    expect(homepage.strengths_loop).toHaveLength(7);
    expect(homepage.metrics_heading.name).toBe('Metrics That Matter');
    expect(homepage.products_heading.name).toBe('Our Products');
    expect(homepage.metrics_loop.map((m) => `${m.value} ${m.title}`)).toEqual([
      '75% Operational process efficiency',
      '80% Financial process efficiency',
      '100% Asset visibility',
      '100% Billing accuracy',
    ]);
    expect(homepage.experience).toEqual({ value: '30', label: 'Years of domain expertise' });
    expect(homepage.resources_section_loop).toHaveLength(6);
    for (const r of homepage.resources_section_loop.filter((x) => x.type === 'blog'))
      expect(statSync(path.join(DATA_DIR, `blog/${r.slug}.json`)).isFile(), r.slug).toBe(true);
  });

  it('blog collection and post files agree, newest first, across the four categories', () => {
    type Item = { cat_name: string; cat_slug: string; posted_date: string; name: string; slug: string; image_thumbnail: string };
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
    const postFiles = listFiles(path.join(DATA_DIR, 'blog'));
    expect(postFiles.sort()).toEqual(items.map((i) => `${i.slug}.json`).sort());
    for (const item of items) {
      const { post_data } = readJson(path.join(DATA_DIR, `blog/${item.slug}.json`)) as {
        post_data: { name: string; cat_name: string; cat_slug: string; posted_date: string; image: string; content: string };
      };
      const where = `blog/${item.slug}.json`;
      expect(
        { name: post_data.name, cat_name: post_data.cat_name, cat_slug: post_data.cat_slug, posted_date: post_data.posted_date },
        where,
      ).toEqual({
        name: item.name,
        cat_name: item.cat_name,
        cat_slug: item.cat_slug,
        posted_date: item.posted_date,
      });
      expect(post_data.content, where).toMatch(/<h2>/);
      expect(post_data.content, where).toMatch(/<ul>.*<li>/s);
      expect(post_data.content.match(/<p>/g)?.length ?? 0, where).toBeGreaterThanOrEqual(3);
    }
  });

  it('other pages have the expected shape and amount of content', () => {
    const team = (readJson(path.join(DATA_DIR, 'page/team.json')) as { team: { type: string; linkedin: string; twitter: string }[] }).team;
    expect(team.filter((m) => m.type === 'Leadership Team')).toHaveLength(7);
    expect(team.filter((m) => m.type === 'Advisory Board')).toHaveLength(4);
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
      for (const { file, params } of sampleFilesOf(endpoint)) {
        const res = await get(urlFor(endpoint, params));
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
