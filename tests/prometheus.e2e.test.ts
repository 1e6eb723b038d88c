/**
 * The site as an operator's Prometheus sees it (issue 30): Debian's Prometheus (its own
 * configuration, storage and port: tests/helpers/prometheus.ts), scraping every second the metrics
 * listeners of two production instances (METRICS_PORT=0: the listener's URL from the launcher's
 * "Metrics on …" line) that share one PostgreSQL lead queue, with the repository's alerting rules
 * (tools/prometheus/alerts.yml) loaded. The content service is the reference one behind a switch
 * this file turns: its reads fail while the switch is on.
 *
 * What the queries must show, as an operator would ask them: requests by route template from both
 * instances; the pages served stale while the content service failed; the one lead delivered, once
 * over both instances, and nothing pending; the series count unchanged by a burst of unique
 * URLs; and visitors' Web Vitals beacons in the histograms by route template. The rules evaluate without error on the real series, and the stale-pages alert is pending.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../src/server/observe/metrics.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from '../tools/lib/postgres-cluster.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { prometheusAvailable, startPrometheus, type Sample, type TestPrometheus } from './helpers/prometheus.ts';
import { concreteUrl, definitionRoutes } from './helpers/routes.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';
import { sampleBodies } from './helpers/submission-samples.ts';
import { inParallel } from './helpers/in-parallel.ts';

/**
 * Unique URLs per instance in the burst (400 over both, after 100 per instance to warm up). The
 * issue asks that 20,000 unique URLs add no series; the labels that could grow are the same after
 * 200 URLs as after 20,000 (route templates, statuses, outcomes, endpoints), and the burst was most
 * of the file's CPU (1,000 per instance: about 30 s on a shared 2-core machine; issue 33 cut it).
 * src/server/observe/series.test.ts sends 400 more to one site in-process and counts its registry.
 */
const BURST = 200;
/** Prometheus' answers are polled up to this long (scrapes and rule evaluations are every second). */
const DEADLINE_MS = 30_000;

/**
 * The content service as the sites see it: the reference service, behind a switch. While
 * `failReads` is on, its reads (GET /api/…) answer 503; everything else (the outbox's deliveries,
 * POST) always reaches the reference service.
 */
async function startSwitch(target: string) {
  const state = { failReads: false };
  const server: Server = createServer((req, res) => {
    if (state.failReads && req.method === 'GET' && req.url?.startsWith('/api/')) {
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"down"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && !['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding'].includes(entry[0]),
        ),
      );
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${req.url}`, { method: req.method, headers, body })
        .then(async (answer) => {
          const content = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/octet-stream' }).end(content);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function get(url: string): Promise<{ status: number; stale: boolean }> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, stale: response.headers.get('x-content-stale') === '1' };
}

/**
 * `count` URLs no one asked for before: unknown paths (the not-found page, 404), unknown /api paths
 * (the content proxy's 404) and real routes with a random query string (rendered, not kept: 200).
 */
function uniqueUrls(count: number, pages: string[]): string[] {
  return Array.from({ length: count }, (_, i) => {
    const token = `${i}-${randomUUID().slice(0, 8)}`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4:
        return `/fuzz-${token}/${randomUUID().slice(0, 6)}`;
      case 5:
        return `/api/fuzz-${token}?q=${token}`;
      default: {
        const page = pages[i % pages.length];
        return `${page}${page.includes('?') ? '&' : '?'}u${token}=${randomUUID().slice(0, 6)}`;
      }
    }
  });
}

/** The series of a scrape (Prometheus' text format) but Node's own process metrics: `name{labels}` each. */
async function seriesOf(metricsUrl: string): Promise<Set<string>> {
  const text = await (await fetch(metricsUrl)).text();
  return new Set(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#') && !/^(nodejs_|process_)/.test(line))
      .map((line) => line.slice(0, line.lastIndexOf(' '))),
  );
}

/** The value of `samples` keyed by `label` (a missing label: ""). */
const byLabel = (samples: Sample[], label: string) => Object.fromEntries(samples.map((s) => [s.metric[label] ?? '', s.value]));

const available = postgresAvailable('the Prometheus scrape test') && prometheusAvailable('the Prometheus scrape test');

describe.skipIf(!available)('Prometheus scraping two instances on one PostgreSQL', () => {
  let reference: RunningContentService;
  let contentSwitch: Awaited<ReturnType<typeof startSwitch>>;
  let cluster: TestPostgres;
  let prometheus: TestPrometheus;
  const sites: ChildSite[] = [];
  /** One concrete URL per route of the definitions, and its route template. */
  let pages: { url: string; route: string }[] = [];

  /** Polls `read` until `accept` holds, for up to DEADLINE_MS; the last value is returned (and asserted by the caller). */
  async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const value = await read();
      if (accept(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Waits for a scrape of every instance that started after now (so a query sees what was sent before). */
  async function nextScrape(): Promise<void> {
    const now = Date.now() / 1000;
    const scraped = await until(
      () => prometheus.query('timestamp(up{job="site"})'),
      (samples) => samples.length === sites.length && samples.every((s) => s.value > now + 0.05),
    );
    expect(scraped.map((s) => s.value > now)).toEqual(sites.map(() => true));
  }

  beforeAll(async () => {
    reference = await startContentService({ port: 0 });
    contentSwitch = await startSwitch(reference.url);
    cluster = await startPostgres();
    const outbox = await cluster.createDatabase();
    sites.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          spawnSite({
            CONTENT_API_BASE: contentSwitch.url,
            IMAGE_BASE_URL: `${reference.url}/uploads`,
            EMBEDDED_CONTENT_SERVICE: '0',
            OUTBOX_URL: outbox,
            METRICS_PORT: '0',
            // Kept content and pages expire after a second and are not served while refreshed in the
            // background (no stale-while-revalidate), so the next view after the content service fails
            // reads it and is served stale: its last good content, X-Content-Stale: 1.
            CONTENT_CACHE_TTL_MS: '1000',
            CONTENT_CACHE_STALE_MS: '0',
          }),
        ),
      )),
    );
    for (const site of sites) expect(site.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    prometheus = await startPrometheus({
      job: 'site',
      targets: sites.map((site) => new URL(site.metricsUrl!).host),
      ruleFiles: [path.join(projectRoot, 'tools/prometheus/alerts.yml')],
    });
    pages = await Promise.all(
      (await definitionRoutes()).map(async ({ route }) => ({ route, url: await concreteUrl(sites[0].url, route) })),
    );
  });

  afterAll(async () => {
    await prometheus?.stop();
    await Promise.all(sites.map((site) => site.stop()));
    await contentSwitch?.close();
    await reference?.close();
    await cluster?.stop();
  });

  it('scrapes both instances, and the public port never shows the metrics', async () => {
    const up = await until(
      () => prometheus.query('up{job="site"}'),
      (samples) => samples.length === 2 && samples.every((s) => s.value === 1),
    );
    expect(up.map((s) => s.value)).toEqual([1, 1]);
    for (const site of sites) {
      const answer = await fetch(`${site.url}/metrics`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('# HELP');
    }
  });

  it('counts requests by route template, from both instances', async () => {
    expect(pages.map((p) => p.route)).toEqual(expect.arrayContaining(['/', '/blog/:slug']));
    for (const site of sites) {
      const answers = await inParallel(pages, 4, (page) => get(`${site.url}${page.url}`));
      expect(answers.map((a, i) => `${pages[i].url} ${a.status}`)).toEqual(pages.map((p) => `${p.url} 200`));
    }
    const routes = pages.map((p) => p.route);
    const byRoute = await until(
      async () =>
        byLabel(await prometheus.query('sum by (http_route) (http_server_request_duration_seconds_count{job="site"})'), 'http_route'),
      (counts) => routes.every((route) => (counts[route] ?? 0) >= 2),
    );
    for (const route of routes) expect(byRoute[route], route).toBeGreaterThanOrEqual(2);
    // The label is the template, never the URL: a blog post is counted under /blog/:slug only.
    const blogPost = pages.find((p) => p.route === '/blog/:slug')!.url;
    expect(byRoute[blogPost]).toBeUndefined();
    const instances = await prometheus.query('count by (instance) (http_server_request_duration_seconds_count{http_route="/"})');
    expect(instances).toHaveLength(2);
  });

  it('counts the pages served stale while the content service fails, and the stale-pages alert is pending', async () => {
    // Pages viewed above are kept for a second; after it, a view reads the content service again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    contentSwitch.state.failReads = true;
    const views = () => Promise.all(sites.flatMap((site) => pages.slice(0, 4).map((page) => get(`${site.url}${page.url}`))));
    // Two rounds with a scrape between: a counter's first sample is not an increase for rate(), so
    // the alert's rate() sees stale pages from the second round on (as it would in production once
    // the first stale page of a process has been counted).
    const first = await views();
    await nextScrape();
    const second = await views();
    contentSwitch.state.failReads = false;
    for (const answers of [first, second]) expect(answers).toEqual(answers.map(() => ({ status: 200, stale: true })));

    const stale = await until(
      async () => byLabel(await prometheus.query('sum by (instance) (pages_stale_served_total{job="site"})'), 'instance'),
      (counts) => Object.keys(counts).length === 2 && Object.values(counts).every((n) => n >= 8),
    );
    expect(Object.values(stale)).toEqual([8, 8]);
    const staleReads = await prometheus.query('sum(content_reads_total{job="site", outcome="stale"})');
    expect(staleReads[0]?.value).toBeGreaterThan(0);

    // The rules of tools/prometheus/alerts.yml evaluate on these series (no rule in error), and the
    // stale-pages alert is pending: it would page after 5 minutes of this.
    const rules = await until(
      async () =>
        (
          await prometheus.api<{ groups: { rules: { name: string; health: string; lastError?: string }[] }[] }>('/api/v1/rules')
        ).groups.flatMap((group) => group.rules),
      (all) => all.length > 0 && all.every((rule) => rule.health === 'ok'),
    );
    expect(rules.map((rule) => `${rule.name}: ${rule.health}${rule.lastError ? ` ${rule.lastError}` : ''}`)).toEqual(
      rules.map((rule) => `${rule.name}: ok`),
    );
    const declared = readFileSync(path.join(projectRoot, 'tools/prometheus/alerts.yml'), 'utf8').match(/^\s+- alert: /gm) ?? [];
    expect(rules).toHaveLength(declared.length);
    const alerts = await until(
      async () => (await prometheus.api<{ alerts: { labels: Record<string, string>; state: string }[] }>('/api/v1/alerts')).alerts,
      (all) => all.some((alert) => alert.labels.alertname === 'PagesServedStale'),
    );
    expect(alerts.find((alert) => alert.labels.alertname === 'PagesServedStale')).toMatchObject({
      labels: { alertname: 'PagesServedStale', job: 'site', severity: 'ticket' },
      state: 'pending',
    });
    // Both instances report the outbox gauges, and both are scraped.
    expect(alerts.map((alert) => alert.labels.alertname)).not.toContain('OutboxUnreadable');
    expect(alerts.map((alert) => alert.labels.alertname)).not.toContain('SiteMetricsDown');
  });

  it('counts the delivered lead once over both instances, and nothing pending in the shared queue', async () => {
    const key = `prometheus-${randomUUID()}`;
    const answer = await fetch(`${sites[0].url}/api/newsletter_post`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(sampleBodies.newsletter()),
    });
    expect(answer.status, await answer.text()).toBe(202);
    const delivered = await until(
      async () => (await prometheus.query('sum(outbox_deliveries_total{job="site", outcome="delivered"})'))[0]?.value,
      (n) => n === 1,
    );
    expect(delivered).toBe(1);
    expect(reference.submissions().filter((s) => s.key === key)).toHaveLength(1);
    // Every instance reports the one queue: aggregated with max(), as the alerting rules do.
    const pending = await until(
      () => prometheus.query('outbox_pending_leads{job="site"}'),
      (samples) => samples.length === 2 && samples.every((s) => s.value === 0),
    );
    expect(pending.map((s) => s.value)).toEqual([0, 0]);
    expect((await prometheus.query('max(outbox_dead_letters{job="site"})'))[0]?.value).toBe(0);
  });

  it(
    `adds no series for ${(2 * BURST).toLocaleString('en')} unique URLs (${BURST.toLocaleString('en')} per instance)`,
    { timeout: 240_000 },
    async () => {
      const urls = pages.map((page) => page.url);
      // What may not grow: every series of the job except Node's own process metrics (nodejs_*,
      // process_*), whose labels come from the runtime (GC kinds, handle types), not from requests,
      // and the rules' ALERTS series (an alert going from pending to firing is not a scrape's series).
      const seriesQuery = 'count by (instance) ({job="site", __name__!~"nodejs_.+|process_.+|ALERTS.*"})';
      const siteSeries = `count({job="site", __name__=~"(${Object.keys(METRICS).join('|')})(_bucket|_sum|_count)?"})`;
      const burst = async (count: number) => {
        const answers = await inParallel(
          sites.flatMap((site) => uniqueUrls(count, urls).map((url) => `${site.url}${url}`)),
          8,
          get,
        );
        expect(answers.filter((a) => a.status >= 500)).toEqual([]);
        return answers;
      };
      // Every kind of URL beforehand, so that the labels the burst can reach already exist (a label
      // seen first in the burst would be a new series without being the URL's): each page twice in a
      // row, so that its content reads have been a hit (the second, within the cache's second) as well
      // as a miss, then unknown paths and /api paths.
      for (const site of sites) {
        for (const page of urls) {
          for (const query of ['warm=1', 'warm=2'])
            expect((await get(`${site.url}${page}${page.includes('?') ? '&' : '?'}${query}`)).status).toBe(200);
        }
      }
      await burst(100);
      await nextScrape();
      const before = byLabel(await prometheus.query(seriesQuery), 'instance');
      const siteBefore = (await prometheus.query(siteSeries))[0].value;
      const allBefore = (await prometheus.query('count({job="site"})'))[0].value;
      const scraped = await Promise.all(sites.map((site) => seriesOf(site.metricsUrl!)));

      const started = Date.now();
      const answers = await burst(BURST);
      const seconds = (Date.now() - started) / 1000;
      expect(answers.filter((a) => a.status === 404).length).toBeGreaterThan(answers.length / 2);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(answers.length / 4);
      await nextScrape();
      const after = byLabel(await prometheus.query(seriesQuery), 'instance');
      const siteAfter = (await prometheus.query(siteSeries))[0].value;
      const allAfter = (await prometheus.query('count({job="site"})'))[0].value;
      console.log(
        `prometheus: ${answers.length} unique URLs (${BURST} per instance) in ${seconds.toFixed(1)} s; series of the site's metrics ${siteBefore} → ${siteAfter}, ` +
          `of the job without nodejs_/process_ ${JSON.stringify(before)} → ${JSON.stringify(after)}, all ${allBefore} → ${allAfter}`,
      );
      // Which series a burst added, if any (named, for the failure message), then the counts Prometheus keeps.
      const added = await Promise.all(
        sites.map(async (site, i) => [...(await seriesOf(site.metricsUrl!))].filter((series) => !scraped[i].has(series))),
      );
      expect(added).toEqual([[], []]);
      expect(after).toEqual(before);
      expect(siteAfter).toBe(siteBefore);
      // The requests were counted (under their templates), not dropped.
      const notFound = await prometheus.query('sum(http_server_request_duration_seconds_count{job="site", http_route="not-found"})');
      expect(notFound[0].value).toBeGreaterThanOrEqual(BURST); // half of the 2 × BURST URLs are unknown paths
    },
  );

  it("adds visitors' Web Vitals beacons to the histograms by route template", async () => {
    // A beacon as a browser sends it (src/engine/chrome/web-vitals-reporter.ts): a path and five
    // numbers. tests/vitals.e2e.test.ts sends real ones from Chromium; here the counts are what matter.
    const post = (site: ChildSite, report: object) =>
      fetch(`${site.url}/__vitals`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(report) });
    const blogPost = pages.find((p) => p.route === '/blog/:slug')!.url;
    for (const site of sites) {
      for (const report of [
        { path: '/', metrics: { LCP: 1800, INP: 120, CLS: 0.02, FCP: 900, TTFB: 200 } },
        { path: blogPost, metrics: { LCP: 3100, INP: 350, CLS: 0.3, FCP: 1500, TTFB: 400 } },
      ])
        expect((await post(site, report)).status).toBe(204);
    }
    const counts = await until(
      async () => byLabel(await prometheus.query('sum by (http_route) (webvitals_lcp_seconds_count{job="site"})'), 'http_route'),
      (found) => found['/'] === 2 && found['/blog/:slug'] === 2,
    );
    expect(counts).toEqual({ '/': 2, '/blog/:slug': 2 });
    const inp = byLabel(await prometheus.query('sum by (http_route) (webvitals_inp_seconds_count{job="site"})'), 'http_route');
    expect(inp).toEqual({ '/': 2, '/blog/:slug': 2 });
    // The quantile the LCP and INP alerts read (there over a rate, here over the counts so far, as
    // a new series has no increase yet) answers per route template, in seconds.
    const p75 = byLabel(
      await prometheus.query('histogram_quantile(0.75, sum by (le, http_route) (webvitals_lcp_seconds_bucket{job="site"}))'),
      'http_route',
    );
    expect(p75['/']).toBeGreaterThan(1);
    expect(p75['/']).toBeLessThanOrEqual(2.5);
    expect(p75['/blog/:slug']).toBeGreaterThan(2.5);
  });
});
