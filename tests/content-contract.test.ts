/** The content contract (schemas/content/contract.json and its schemas): its own rules, and the paths the site's definitions bind. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR, chooseSampleFile, loadServiceContract } from '../tools/content-service/contract.ts';
import {
  SCHEMA_BASE,
  contract,
  expectValid,
  readJson,
  schemaAt,
  schemaFiles,
  schemas,
  type Json,
  type JsonObject,
} from './helpers/content-samples.ts';

const readPostSchema = (file: string) => JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as object;

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

describe('contract: POST entries', () => {
  const entry = (fields: object) => ({ endpoints: [{ path: '/api/x_form', schema: 'r.schema.json', ...fields }] });
  const post = { method: 'POST', requestSchema: 'q.schema.json' };

  it('loadServiceContract splits reads from submissions and checks POST entries', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'contract-post-'));
    const load = (fields: object, p = '/api/x_form') => {
      const file = path.join(tmp, 'contract.json');
      writeFileSync(file, JSON.stringify({ endpoints: [{ ...entry(fields).endpoints[0], path: p }] }));
      return () => loadServiceContract(file);
    };
    try {
      expect(load(post)()).toEqual({ endpoints: [], submissions: [{ path: '/api/x_form', schema: 'r.schema.json', ...post }] });
      expect(load({ ...post, mail: 'document' })().submissions[0].mail).toBe('document');
      expect(load({ method: 'POST' })).toThrow(/requestSchema/);
      expect(load({ ...post, sample: { file: 'x.json' } })).toThrow(/sample/);
      expect(load({ ...post, mail: 'sms' })).toThrow(/mail/);
      expect(load(post, '/api/x/{id}')).toThrow(/\{name\}/);
      expect(load({ method: 'PUT', sample: { file: 'x.json' } })).toThrow(/method/);
      expect(load({ method: 'GET', requestSchema: 'q.schema.json', sample: { file: 'x.json' } })).toThrow(/POST entries/);
      expect(load({ method: 'GET', sample: { file: 'x.json' } })().endpoints).toHaveLength(1);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('contract.schema.json: method defaults to GET (sample required), POST needs requestSchema and no sample', () => {
    const validate = new Ajv({ strict: false }).compile(readPostSchema('contract.schema.json'));
    expect(validate(entry({ sample: { file: 'x.json' } }))).toBe(true);
    expect(validate(entry(post))).toBe(true);
    expect(validate(entry({ ...post, mail: 'document' }))).toBe(true);
    expect(validate(entry({}))).toBe(false);
    expect(validate(entry({ method: 'POST' }))).toBe(false);
    expect(validate(entry({ ...post, sample: { file: 'x.json' } }))).toBe(false);
    expect(validate(entry({ sample: { file: 'x.json' }, requestSchema: 'q.schema.json' }))).toBe(false);
    expect(validate(entry({ sample: { file: 'x.json' }, mail: 'document' }))).toBe(false);
    expect(validate({ endpoints: [{ path: '/api/x/{id}', schema: 'r.schema.json', ...post }] })).toBe(false);
  });
});
