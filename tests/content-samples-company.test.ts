/** The company, resources and forms samples of the reference content service: amounts, order and coherence, and docs/content-api.md's table of endpoints. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, SCHEMA_DIR, UPLOADS_DIR, loadServiceContract, parsePerPage } from '../tools/content-service/contract.ts';
import { listFiles } from '../tools/content-service/generate-sample.ts';
import { SCHEMA_BASE, ajv, contract, readJson, schemaAt } from './helpers/content-samples.ts';

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
