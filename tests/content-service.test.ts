// Tests for the reference content service (tools/content-service): it honours the contract (auth,
// routing, byQuery samples, pagination, public images). The contract and the samples have files of
// their own (./content-contract.test.ts, ./content-samples*.test.ts).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIR, isPaginated } from '../tools/content-service/contract.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import {
  AUTH,
  PASSWORD,
  USER,
  contract,
  expectValid,
  rawGet,
  readJson,
  sampleFilesOf,
  urlFor,
  type Json,
  type JsonObject,
} from './helpers/content-samples.ts';

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
