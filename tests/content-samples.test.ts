/** The reference service's sample content (tools/content-service/data): valid against its schemas, up to date, coherent, with SPEC's amounts; company, resources and forms: ./content-samples-company.test.ts. */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, IMAGE_PATH_PATTERN, SCHEMA_DIR, UPLOADS_DIR, isPaginated } from '../tools/content-service/contract.ts';
import { buildSample, listFiles } from '../tools/content-service/generate-sample.ts';
import { contract, expectValid, imagePathsIn, readJson, sampleFilesOf } from './helpers/content-samples.ts';

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

  it('pictures shown as decoration (alt="": cards, members, services) carry no words: a card\'s title says it in text (issue 35, WCAG 1.4.5)', () => {
    const pictures = [...buildSample().keys()].filter((file) => /^uploads\/(blog|products|services)\//.test(file) && file.endsWith('.svg'));
    expect(pictures.length).toBeGreaterThan(0);
    for (const file of pictures) expect(buildSample().get(file), file).not.toMatch(/<text\b/);
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
