/**
 * The metrics a visitor can reach, in-process: a production-mode site (createSite through Vite's
 * module graph, as `npm run dev` loads it, so React Router renders the real definitions) against
 * the reference content service, with its metrics listener on. The listener is the only place the
 * metrics are answered, and 400 URLs never asked before add no series to the registry: every
 * label is a route template or a value from a closed list, never a URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../../../tools/content-service/server.ts';
import { projectRoot } from '../../../tools/lib/project.ts';
import type * as ConfigModule from '../config.ts';
import type * as SiteModule from '../site.ts';
import { METRICS } from './metrics.ts';
import { inParallel } from '../../../tests/helpers/in-parallel.ts';

/**
 * Unique URLs of the burst. The figure is 20,000; the labels a URL can reach (route
 * templates, statuses, outcomes) are the same after a few hundred: 400 is every kind of URL below
 * (real pages with a query, unknown /api paths, unknown paths) 40 times or more, and keeps the
 * file's CPU down (2,000 took most of its 29 s of CPU; issue 33).
 */
const BURST = 400;

let vite: ViteDevServer;
let content: RunningContentService;
let site: SiteModule.Site;
let running: SiteModule.RunningSite;
let folder: string;

beforeAll(async () => {
  content = await startContentService({ port: 0 });
  // The site module through Vite, as tools/dev.ts loads it: its `virtual:react-router/server-build`
  // is the real route tree. No file watcher and no HMR: nothing changes during the test.
  vite = await createViteServer({
    root: projectRoot,
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  const { createSite } = (await vite.ssrLoadModule('/src/server/site.ts')) as typeof SiteModule;
  const { readConfig, DEFAULT_CONTENT_USER, DEFAULT_CONTENT_PASSWORD } = (await vite.ssrLoadModule(
    '/src/server/config.ts',
  )) as typeof ConfigModule;
  folder = mkdtempSync(path.join(tmpdir(), 'series-test-'));
  // Production mode: pages and the not-found page are kept, as in a deployed site.
  const config = readConfig(
    {
      CONTENT_API_BASE: content.url,
      CONTENT_API_USER: DEFAULT_CONTENT_USER,
      CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD,
      IMAGE_BASE_URL: `${content.url}/uploads`,
      OUTBOX_DB: path.join(folder, 'outbox.sqlite'),
      CAPTCHA: 'local',
      LOG_LEVEL: 'silent',
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
    },
    { production: true },
  );
  site = createSite({ mode: 'production', config });
  running = await site.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await running?.close();
  await vite?.close();
  await content?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function get(url: string, init?: RequestInit): Promise<{ status: number; body: string }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.text() };
}

/** A histogram's values name their series (`…_bucket`, `…_sum`, `…_count`); prom-client's types leave it out. */
const seriesName = (value: object, metric: string) => (value as { metricName?: string }).metricName ?? metric;

/** Every series of the site's own metrics (METRICS) in the registry, as `name{labels}`. */
async function siteSeries(): Promise<string[]> {
  const metrics = await site.metrics.registry!.getMetricsAsJSON();
  return metrics
    .filter((metric) => Object.hasOwn(METRICS, metric.name))
    .flatMap((metric) =>
      metric.values.map((value) => `${seriesName(value, metric.name)}${JSON.stringify(Object.entries(value.labels).sort())}`),
    );
}

describe('the metrics a visitor can reach', () => {
  it('answers the metrics on the metrics listener only, never on the public port', async () => {
    const metricsUrl = new URL(running.metricsUrl!);
    expect(metricsUrl.port).not.toBe(new URL(running.url).port);
    const scrape = await get(metricsUrl.href);
    expect(scrape.status).toBe(200);
    expect(scrape.body).toContain('# TYPE http_server_request_duration_seconds histogram');

    for (const target of ['/metrics', '/metrics?format=prometheus', '/metrics/', '/api/metrics']) {
      const answer = await get(`${running.url}${target}`);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain('# HELP');
      expect(answer.body, target).not.toContain('http_server_request_duration_seconds');
    }
    // The listener answers nothing else: not the site's pages, not another method.
    expect((await get(new URL('/', metricsUrl).href)).status).toBe(404);
    expect((await get(metricsUrl.href, { method: 'POST' })).status).toBe(404);
  });

  it(`adds no series for ${BURST.toLocaleString('en')} URLs never asked before`, { timeout: 180_000 }, async () => {
    const slug = /href="(\/blog\/[^"/?#]+)"/.exec((await get(`${running.url}/blog`)).body)?.[1];
    expect(slug).toBeDefined();
    const pages = ['/', '/blog', slug!, '/careers', '/contact', '/white-paper-case-studies'];
    // Each kind of URL beforehand (a page twice: its reads a miss, then a hit): the labels the burst
    // can reach exist before it, so a series it adds could only come from a URL.
    for (const page of pages) for (const n of [1, 2]) expect((await get(`${running.url}${page}?warm=${n}`)).status, page).toBe(200);
    expect((await get(`${running.url}/never-a-page`)).status).toBe(404);
    expect((await get(`${running.url}/api/never-an-endpoint`)).status).toBe(404);
    const before = await siteSeries();

    // Unknown paths (the kept not-found page), unknown /api paths (the content proxy's 404) and real
    // routes with a random query string (rendered, not kept): a tenth, each being a render here.
    const urls = Array.from({ length: BURST }, (_, i) => {
      const token = `${i}-${randomUUID().slice(0, 8)}`;
      if (i % 10 === 0) return `${pages[(i / 10) % pages.length]}?utm_${token}=${token}`;
      if (i % 10 <= 2) return `/api/x-${token}/${token}?q=${token}`;
      return `/p-${token}/${token.split('-')[1]}`;
    });
    expect(new Set(urls).size).toBe(BURST);
    const answers = await inParallel(urls, 8, (url) => get(`${running.url}${url}`).then((a) => a.status));
    expect(answers.filter((status) => status !== 200 && status !== 404)).toEqual([]);
    expect(answers.filter((status) => status === 200)).toHaveLength(BURST / 10);

    const after = await siteSeries();
    expect(after.filter((series) => !before.includes(series))).toEqual([]);
    expect(after).toHaveLength(before.length);
    // Counted, under templates: every unknown path as `not-found`.
    const requests = (await site.metrics.registry!.getSingleMetric('http_server_request_duration_seconds')!.get()).values;
    const notFound = requests.find(
      (v) => seriesName(v, '') === 'http_server_request_duration_seconds_count' && v.labels.http_route === 'not-found',
    );
    expect(notFound?.value).toBeGreaterThanOrEqual(BURST * 0.7);
  });
});
