/** The measure behind the strict-sample crawl, and the strict sample itself. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startContentService } from '../tools/content-service/server.ts';
import { readdirSync } from 'node:fs';
import { DATA_DIR, isPaginated, loadServiceContract } from '../tools/content-service/contract.ts';
import { documentedOnly, loadContentSchemas, responseSchema } from '../tools/content-service/strict.ts';
import type { Located, SchemaStore } from '../src/engine/schema-store.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { allowedMissing, coverage, isAllowedMissing, literalTags, needles, servedValues, squash } from '../tools/lib/spec-coverage.ts';

describe('coverage of served values', () => {
  it('lists every text and number of a response with its field path', () => {
    expect(servedValues('/api/x', { a: { b: 'x', n: 2, empty: ' ', flag: true }, list: [{ c: 'y' }, { c: 'z' }] })).toEqual([
      { read: '/api/x', field: 'a.b', value: 'x' },
      { read: '/api/x', field: 'a.n', value: '2' },
      { read: '/api/x', field: 'list[].c', value: 'y' },
      { read: '/api/x', field: 'list[].c', value: 'z' },
    ]);
  });

  it('looks for HTML by its text, and for a text-less embed by its URL', () => {
    expect(needles('<p>Tower &amp; <b>Telco</b></p>')).toEqual(['tower&telco']);
    expect(needles('<iframe src="https://maps.example/embed?pb=1"></iframe>')).toEqual(['https://maps.example/embed?pb=1']);
    const page = squash('Tower & Telco … <iframe src="https://maps.example/embed?pb=1">');
    expect(coverage(servedValues('/r', { a: '<p>Tower &amp; <b>Telco</b></p>', b: 'Missing' }), page)).toMatchObject({
      served: 2,
      shown: 1,
      missing: [{ field: 'b' }],
    });
  });

  it('finds markup shown as text', () => {
    expect(literalTags('Hello <p>world</p> &lt;b&gt;')).toEqual(['<p>', '</p>', '&lt;', '&gt;']);
    expect(literalTags('5 < 6 and 7 > 3, R&D')).toEqual([]);
  });

  it('reads the documented exceptions of docs/content-api.md, by route and field prefix', () => {
    const allowed = allowedMissing(readFileSync(path.join(projectRoot, 'docs/content-api.md'), 'utf8'));
    const tower = { read: '/api/page/solutions-tower-passive-infrastructure', field: 'page_data.name', value: 'x' };
    expect(isAllowedMissing(allowed, '/solutions/cross-industry-solutions', tower)).toBe(true);
    expect(isAllowedMissing(allowed, '/solutions/tower-management-solutions', tower)).toBe(false);
    expect(allowed.every((a) => ['code', 'other page', 'not shown'].includes(a.kind))).toBe(true);
  });
});

describe('strict sample (CONTENT_SAMPLE=spec)', () => {
  const schemas = loadContentSchemas();
  const read = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, 'tools/content-service/data', file), 'utf8')) as unknown;

  it('keeps documented fields, drops assumed and undeclared ones, keeps values whose nesting is assumed', () => {
    const home = documentedOnly(read('page/homepage.json'), schemas, responseSchema(schemas, 'page-homepage.schema.json')) as {
      page_data: Record<string, unknown>;
      homepage: Record<string, unknown>;
    };
    expect(Object.keys(home.page_data)).toEqual(expect.arrayContaining(['page_title', 'name', 'sub_text2', 'image', 'image_mobile']));
    expect(home.homepage).toHaveProperty('security_section_loop');
    // SPEC names the home_about section but not its fields: the section stays, its fields go.
    expect(home.homepage.home_about).toEqual({});
    const team = documentedOnly(read('page/team.json'), schemas, responseSchema(schemas, 'page-team.schema.json')) as { team?: unknown[] };
    expect(team.team?.length).toBeGreaterThan(0);
  });

  it('answers 404 for assumed endpoints and strips paging fields SPEC does not name', async () => {
    const service = await startContentService({ port: 0, sample: 'spec' });
    try {
      const auth = { authorization: `Basic ${Buffer.from('veltrix-site:local-dev-only').toString('base64')}` };
      expect((await fetch(`${service.url}/api/page/company`, { headers: auth })).status).toBe(404);
      const list = (await (await fetch(`${service.url}/api/blog_list?page=1`, { headers: auth })).json()) as { list: object };
      expect(Object.keys(list.list)).toEqual(['data']);
    } finally {
      await service.close();
    }
  });
});

/** Every string of `value` at a field its schema marks as HTML, with where it is. */
function htmlValues(value: unknown, store: SchemaStore, loc: Located, at: string): { at: string; value: string }[] {
  const s = store.deref(loc);
  if (typeof value === 'string') return s.schema.contentMediaType === 'text/html' ? [{ at, value }] : [];
  if (Array.isArray(value)) {
    const items = store.items(s);
    return items ? value.flatMap((entry, i) => htmlValues(entry, store, items, `${at}[${i}]`)) : [];
  }
  if (value && typeof value === 'object') {
    const fields = store.fields(s);
    return Object.entries(value).flatMap(([key, entry]) => {
      const field = fields.get(key);
      return field ? htmlValues(entry, store, field, `${at}.${key}`) : [];
    });
  }
  return [];
}

describe('the sample feeds HTML into every HTML field', () => {
  it('every field a schema marks as HTML carries markup in the sample, so a page printing it as text shows tags', () => {
    const schemas = loadContentSchemas();
    const files = (dir: string) =>
      readdirSync(path.join(DATA_DIR, dir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${dir}/${f}`);
    const found: { at: string; value: string }[] = [];
    for (const endpoint of loadServiceContract().endpoints) {
      const root = responseSchema(schemas, endpoint.schema);
      const sample = endpoint.sample;
      if (isPaginated(sample)) {
        // A collection file holds the list entries: wrap them as a page of the list.
        const items = JSON.parse(readFileSync(path.join(DATA_DIR, sample.paginate), 'utf8')) as unknown[];
        found.push(...htmlValues({ list: { data: items } }, schemas, root, `${endpoint.path} ${sample.paginate}`));
        continue;
      }
      const templates = [sample.file, ...Object.values(sample.byQuery ?? {})];
      for (const template of templates) {
        const names = template.includes('{') ? files(path.dirname(template)) : [template];
        for (const name of names) {
          const body = JSON.parse(readFileSync(path.join(DATA_DIR, name), 'utf8')) as unknown;
          found.push(...htmlValues(body, schemas, root, `${endpoint.path} ${name}`));
        }
      }
    }
    expect(found.length).toBeGreaterThan(100);
    const plain = found.filter((v) => v.value.trim() !== '' && !/<[a-z][^>]*>/i.test(v.value));
    expect(plain.map((v) => `${v.at}: ${v.value.slice(0, 60)}`)).toEqual([]);
  });
});
