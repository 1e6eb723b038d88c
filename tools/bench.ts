/**
 * npm run bench: speed of the production build, one representative route per page template.
 *   a. first-load JS (gzip) per template, measured in real Chromium until load + network idle;
 *   a'. the layout shift of a whole visit (load, then scroll to the bottom) at 375, 768 and 1280 px;
 *   b. Lighthouse (mobile, default simulated throttling) scores, CLS and TBT, median of N runs; each run is
 *      paired with one of the same page with its script files blocked, whose TBT is what the page's own
 *      HTML, CSS and images cost on this machine (the floor no script change can go under);
 *   c. LCP of the real page divided by LCP of the same server-rendered HTML with its scripts removed.
 * Writes bench-results/bench.json. Flags: `--only /blog,/contact` (paths or template names),
 * `--skip-lighthouse`, `--lcp-runs N` (median of N loads, default 3), `--lighthouse-runs N` (default 3).
 * Never part of the timed tests: numbers depend on the machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launch, CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts';
import { startContentService } from './content-service/server.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { startFixtureService } from './content-service/fixture.ts';
import { projectRoot, siteDirectory } from './lib/project.ts';
import { ensureBuild } from './lib/build-state.ts';
import { runMain } from './lib/cli.ts';
import { startSnapshotSite } from './lib/snapshot-site.ts';
import { pageTemplates } from './lib/templates.ts';
import { LAYOUT_SHIFT_OBSERVER, scrollToBottom, visitLayoutShift, VISIT_VIEWPORTS } from './lib/visit.ts';

/** Lighthouse's mobile defaults (simulated throttling), applied as real throttling for the LCP comparison. */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, rttMs: 150, throughputKbps: 1.6 * 1024, cpuSlowdown: 4 };

const TARGETS = {
  firstLoadJsKb: 120,
  /** Pages that show a form: its code loads when the visitor reaches for it (issue 19). */
  formPageJsKb: 130,
  /** Largest layout-shift session window over a whole visit (load, then scroll to the bottom). */
  visitCls: 0.02,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  cls: 0.05,
  /** Issue 19: median of the Lighthouse runs. */
  tbtMs: 100,
  lcpRatio: 1.15,
};

interface JsResult {
  files: { url: string; transferBytes: number; gzipBytes: number }[];
  transferKb: number;
  gzipKb: number;
  met: boolean;
}

interface VisitResult {
  /** Whole-visit layout shift per viewport width. */
  cls: Record<string, number>;
  met: boolean;
}

/** A whole visit as a reader makes it (tools/lib/visit.ts): load, hydrate, scroll to the bottom in steps. */
async function wholeVisit(browser: Browser, url: string): Promise<VisitResult> {
  const cls: Record<string, number> = {};
  for (const viewport of VISIT_VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.addInitScript(LAYOUT_SHIFT_OBSERVER);
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      await scrollToBottom(page);
      await page.waitForLoadState('networkidle');
      cls[viewport.width] = Math.round((await visitLayoutShift(page)) * 1000) / 1000;
    } finally {
      await context.close();
    }
  }
  return { cls, met: Object.values(cls).every((value) => value <= TARGETS.visitCls) };
}

interface LcpResult {
  realMs: number;
  strippedMs: number;
  ratio: number;
  met: boolean;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** JS the visitor downloads before interacting: every script response until load + network idle. */
async function firstLoadJs(browser: Browser, url: string, budget: boolean): Promise<JsResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' || /javascript/.test(e.response.mimeType)) scripts.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = await Promise.all(
    [...scripts].map(async ([id, scriptUrl]) => {
      // The budget is gzip: compress the body ourselves, whatever encoding the server negotiated.
      const body = Buffer.from(await (await fetch(scriptUrl)).arrayBuffer());
      return { url: new URL(scriptUrl).pathname, transferBytes: sizes.get(id) ?? 0, gzipBytes: gzipSync(body, { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipKb = kb(files.reduce((s, f) => s + f.gzipBytes, 0));
  return {
    files,
    transferKb: kb(files.reduce((s, f) => s + f.transferBytes, 0)),
    gzipKb,
    met: gzipKb <= (budget ? TARGETS.firstLoadJsKb : TARGETS.formPageJsKb),
  };
}

/** The server-rendered HTML without <script> tags and module preloads; everything else proxied to the site. */
async function startStrippedServer(siteUrl: string) {
  const pages = new Map<string, { status: number; html: string }>();
  const asIs = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const original = asIs.get(req.url?.replace(/^\/__as-200/, '') ?? '');
    if (original && req.url?.startsWith('/__as-200/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(original);
      return;
    }
    const stripped = pages.get(req.url ?? '');
    if (stripped) {
      res.writeHead(stripped.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(stripped.html);
      return;
    }
    const upstream = http.request(
      `${siteUrl}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(siteUrl).host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async add(pathname: string) {
      const response = await fetch(`${siteUrl}${pathname}`);
      const html = (await response.text())
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
        .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
      pages.set(pathname, { status: response.status, html });
    },
    /** The unchanged page answered with status 200 under /__as-200<path>: Lighthouse does not audit 4xx documents. */
    async addAs200(pathname: string) {
      asIs.set(pathname, await (await fetch(`${siteUrl}${pathname}`)).text());
      return `${url}/__as-200${pathname}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** LCP in Chromium with Lighthouse's mobile throttling applied for real (CDP), cache disabled. */
async function measureLcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: MOBILE.width, height: MOBILE.height },
    deviceScaleFactor: MOBILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.rttMs,
    downloadThroughput: (MOBILE.throughputKbps * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await context.close();
  return lcp;
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  /** Lighthouse's measure of this machine's speed: TBT scales with it. */
  benchmarkIndex: number;
  failedAudits: string[];
}

/** Medians of `runs` Lighthouse runs. */
interface LighthouseResult extends LighthouseRun {
  /** TBT of the same page with its script files blocked (median): what scripts cannot take away. */
  tbtNoScriptsMs: number;
  runs: number;
  met: boolean;
}

async function lighthouseOnce(url: string, blockScripts: boolean): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: blockScripts ? ['performance'] : ['performance', 'accessibility', 'best-practices', 'seo'],
      blockedUrlPatterns: blockScripts ? ['*.js'] : [],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError, environment } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
    const failedAudits = Object.values(categories)
      .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
      .filter((a) => a && a.score !== null && a.score < 0.9)
      .map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(numeric('total-blocking-time')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      benchmarkIndex: Math.round(environment.benchmarkIndex),
      failedAudits: [...new Set(failedAudits)],
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse `runs` times, each followed by a run with the page's script files blocked; every figure
 * is the median of its runs. On a shared 2-core machine one run's TBT varies threefold.
 */
async function runLighthouse(url: string, runs: number): Promise<LighthouseResult> {
  const real: LighthouseRun[] = [];
  const bare: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    real.push(await lighthouseOnce(url, false));
    bare.push(await lighthouseOnce(url, true));
  }
  const mid = (pick: (run: LighthouseRun) => number, of = real) => median(of.map(pick));
  const r = {
    performance: mid((x) => x.performance),
    accessibility: mid((x) => x.accessibility),
    bestPractices: mid((x) => x.bestPractices),
    seo: mid((x) => x.seo),
    cls: mid((x) => x.cls),
    tbtMs: mid((x) => x.tbtMs),
    tbtNoScriptsMs: mid((x) => x.tbtMs, bare),
    lcpMs: mid((x) => x.lcpMs),
    benchmarkIndex: mid((x) => x.benchmarkIndex),
    runs,
    failedAudits: [...new Set(real.flatMap((x) => x.failedAudits))],
  };
  const met =
    r.performance >= TARGETS.performance &&
    r.accessibility >= TARGETS.accessibility &&
    r.bestPractices >= TARGETS.bestPractices &&
    r.seo >= TARGETS.seo &&
    r.cls <= TARGETS.cls &&
    r.tbtMs <= TARGETS.tbtMs;
  return { ...r, met };
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      'skip-lighthouse': { type: 'boolean', default: false },
      'lcp-runs': { type: 'string', default: '3' },
      'lighthouse-runs': { type: 'string', default: '3' },
    },
    allowPositionals: false,
  });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const skipLighthouse = values['skip-lighthouse'];
  const lcpRuns = Math.max(1, Number(values['lcp-runs']));
  const lighthouseRuns = Math.max(1, Number(values['lighthouse-runs']));

  // Measures what `npm start` would serve (SITE_DIR's site): a build older than its sources is rebuilt first.
  const siteDir = siteDirectory();
  ensureBuild(projectRoot, siteDir);

  // The main site's reference content service, or another site's stand-in (as npm start starts them).
  const content =
    siteDir === projectRoot
      ? await startContentService({ port: 0 })
      : await startFixtureService({ siteDir, port: 0, user: DEFAULT_CONTENT_USER, password: DEFAULT_CONTENT_PASSWORD });
  // A private copy of the build: e2e runs elsewhere may rebuild build/ while the bench runs.
  const site = await startSnapshotSite({ CONTENT_API_BASE: content.url, EMBEDDED_CONTENT_SERVICE: '0' }, siteDir);
  const stripped = await startStrippedServer(site.url);
  let browser: Browser | undefined;
  try {
    const all = await pageTemplates(site.url, siteDir);
    const chosen = only ? all.filter((t) => only.includes(t.path) || only.includes(t.name)) : all;
    if (chosen.length === 0)
      throw new Error(`--only matched no template; templates: ${all.map((t) => `${t.name} (${t.path})`).join(', ')}`);
    const results: Record<
      string,
      { path: string; firstLoadJs?: JsResult; visit?: VisitResult; lcp?: LcpResult; lighthouse?: LighthouseResult }
    > = {};
    for (const t of chosen) results[t.name] = { path: t.path };

    browser = await launch();
    for (const t of chosen) results[t.name].firstLoadJs = await firstLoadJs(browser, site.url + t.path, t.budget);
    console.log(
      `\nFirst-load JS (gzip -9 of each script body; transfer = bytes on the wire), target ≤ ${TARGETS.firstLoadJsKb} KB on content pages, ≤ ${TARGETS.formPageJsKb} KB on pages with a form\n`,
    );
    console.log(
      table(
        ['template', 'route', 'JS KB gzip', 'transfer KB', 'largest chunk', 'target'],
        chosen.map((t) => {
          const js = results[t.name].firstLoadJs!;
          const top = js.files[0];
          return [t.name, t.path, js.gzipKb, js.transferKb, top ? `${top.url} (${kb(top.gzipBytes)})` : '-', js.met ? 'met' : 'NOT MET'];
        }),
      ),
    );

    for (const t of chosen) results[t.name].visit = await wholeVisit(browser, site.url + t.path);
    const widths = VISIT_VIEWPORTS.map((viewport) => String(viewport.width));
    console.log(
      `\nWhole-visit layout shift (load, then scroll to the bottom as a reader does; largest session window), target ≤ ${TARGETS.visitCls}\n`,
    );
    console.log(
      table(
        ['template', ...widths.map((width) => `CLS at ${width} px`), 'target'],
        chosen.map((t) => {
          const visit = results[t.name].visit!;
          return [t.name, ...widths.map((width) => visit.cls[width]), visit.met ? 'met' : 'NOT MET'];
        }),
      ),
    );

    for (const t of chosen) {
      await stripped.add(t.path);
      const real: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < lcpRuns; i++) {
        real.push(await measureLcp(browser, site.url + t.path));
        bare.push(await measureLcp(browser, stripped.url + t.path));
      }
      const realMs = Math.round(median(real));
      const strippedMs = Math.round(median(bare));
      const ratio = Math.round((realMs / strippedMs) * 100) / 100;
      results[t.name].lcp = { realMs, strippedMs, ratio, met: ratio <= TARGETS.lcpRatio };
    }
    await browser.close();
    browser = undefined;
    console.log(
      `\nLCP ratio: real page / same HTML without scripts (Chromium, mobile throttling ${MOBILE.rttMs} ms RTT, ${MOBILE.throughputKbps / 1024} Mbps, CPU ×${MOBILE.cpuSlowdown}; median of ${lcpRuns}), target ≤ ${TARGETS.lcpRatio}\n`,
    );
    console.log(
      table(
        ['template', 'LCP ms', 'no-JS LCP ms', 'ratio', 'target'],
        chosen.map((t) => {
          const l = results[t.name].lcp!;
          return [t.name, l.realMs, l.strippedMs, l.ratio, l.met ? 'met' : 'NOT MET'];
        }),
      ),
    );

    if (!skipLighthouse) {
      for (const t of chosen) {
        // The 404 template answers 404, which Lighthouse refuses to audit: the same HTML is served with 200.
        const url = t.name === '404' ? await stripped.addAs200(t.path) : site.url + t.path;
        process.stdout.write(`Lighthouse ${url}…\n`);
        results[t.name].lighthouse = await runLighthouse(url, lighthouseRuns);
      }
      console.log(
        `\nLighthouse (mobile, simulated throttling; median of ${lighthouseRuns}; "TBT no JS": the same page with its script files blocked; "speed": Lighthouse's benchmark index of this machine); targets perf ≥ ${TARGETS.performance}, a11y ${TARGETS.accessibility}, best practices ≥ ${TARGETS.bestPractices}, SEO ${TARGETS.seo}, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms\n`,
      );
      console.log(
        table(
          ['template', 'perf', 'a11y', 'best', 'seo', 'CLS', 'TBT ms', 'TBT no JS', 'LCP ms', 'speed', 'targets', 'audits below 0.9'],
          chosen.map((t) => {
            const l = results[t.name].lighthouse!;
            return [
              t.name,
              l.performance,
              l.accessibility,
              l.bestPractices,
              l.seo,
              l.cls,
              l.tbtMs,
              l.tbtNoScriptsMs,
              l.lcpMs,
              l.benchmarkIndex,
              l.met ? 'met' : 'NOT MET',
              l.failedAudits.join(' ') || '-',
            ];
          }),
        ),
      );
    }

    const outDir = path.join(projectRoot, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, 'bench.json');
    // --only updates its templates in an existing result file and keeps the others.
    const previous =
      only && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { templates?: Record<string, unknown> }).templates : undefined;
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          targets: TARGETS,
          throttling: MOBILE,
          lcpRuns,
          lighthouseRuns,
          templates: { ...previous, ...results },
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nWrote ${path.relative(projectRoot, file)}`);
    return 0;
  } finally {
    await browser?.close();
    await stripped.close();
    await site.stop();
    await content.close();
  }
}

runMain(import.meta.url, main);
