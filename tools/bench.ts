/**
 * npm run bench: speed of the production build, one representative route per page template.
 *   a. first-load JS (gzip) per template, measured in real Chromium until load + network idle;
 *   b. the layout shift of a whole visit (load, then scroll to the bottom) at every visit width;
 *   c. Lighthouse (mobile, simulated throttling) on phones by calibration (tools/bench/calibration.ts):
 *      the CPU slowdown that makes this host a low-tier and a mid-tier phone, each page run paired
 *      with a run of its twin (its script files blocked); reported per template: performance, TBT,
 *      page − twin TBT (our scripts' share), TTI and LCP of the page divided by the twin's.
 * `--compare <revision>[,<revision>…]` measures those commits' builds in the same run, in turns with this one;
 * `--compare-on /contact,…` limits that to some templates (the others: this build only).
 * Writes bench-results/bench.json. Flags: `--only /blog,/contact` (paths or template names),
 * `--skip-lighthouse`, `--lighthouse-runs N` (median of N pairs, default 5), `--phones low,mid`.
 * Never part of the timed tests: numbers depend on the machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { cpuSlowdown, measureBenchmarkIndex, PHONE_NAMES, PHONES, type Phone } from './bench/calibration.ts';
import { launchChrome, lighthouseOnce, summarise, type LighthouseRun, type PhoneResult } from './bench/lighthouse.ts';
import { firstLoadJs, PAGE_TARGETS, wholeVisit, type JsResult, type VisitResult } from './bench/pages.ts';
import { kb, table } from './bench/report.ts';
import { startAs200Server, startRevision } from './bench/sites.ts';
import { startContentService } from './content-service/server.ts';
import { startFixtureService } from './content-service/fixture.ts';
import { ensureBuild } from './lib/build-state.ts';
import { launch } from './lib/chromium.ts';
import { runMain } from './lib/cli.ts';
import { projectRoot, siteDirectory } from './lib/project.ts';
import { startSnapshotSite } from './lib/snapshot-site.ts';
import { pageTemplates } from './lib/templates.ts';
import { VISIT_VIEWPORTS } from './lib/visit.ts';

/** Per phone, on the median of the pairs (issue 32). Categories other than performance: on the mid-tier runs. */
const PHONE_TARGETS = {
  performance: 95,
  /** Page TBT − twin TBT: what our scripts block. */
  scriptTbtMs: 100,
  ttiRatio: 1.3,
  lcpRatio: 1.15,
  cls: 0.05,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
} as const;

function phoneMet(r: PhoneResult): boolean {
  const t = PHONE_TARGETS;
  return (
    r.performance >= t.performance &&
    r.scriptTbtMs <= t.scriptTbtMs &&
    r.ttiRatio <= t.ttiRatio &&
    r.lcpRatio <= t.lcpRatio &&
    r.cls <= t.cls &&
    (r.accessibility ?? t.accessibility) >= t.accessibility &&
    (r.bestPractices ?? t.bestPractices) >= t.bestPractices &&
    (r.seo ?? t.seo) >= t.seo
  );
}

interface SiteUnderTest {
  /** `this` or the compared commit. */
  label: string;
  url: string;
  as200: Awaited<ReturnType<typeof startAs200Server>>;
}

type TemplateResult = {
  path: string;
  firstLoadJs?: JsResult;
  visit?: VisitResult;
  /** Per site label, per phone. */
  lighthouse?: Record<string, Partial<Record<Phone, PhoneResult & { met: boolean }>>>;
};

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      'skip-lighthouse': { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string', default: '5' },
      phones: { type: 'string', default: PHONE_NAMES.join(',') },
      compare: { type: 'string' },
      'compare-on': { type: 'string' },
    },
    allowPositionals: false,
  });
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const only = list(values.only);
  const compareOn = list(values['compare-on']);
  const phones = list(values.phones) as Phone[];
  const unknown = phones.filter((phone) => !(phone in PHONES));
  if (unknown.length) throw new Error(`--phones: ${unknown.join(', ')} unknown; phones: ${PHONE_NAMES.join(', ')}`);
  const runs = Math.max(1, Number(values['lighthouse-runs']));

  // Measures what `npm start` would serve (SITE_DIR's site): a build older than its sources is rebuilt first.
  const siteDir = siteDirectory();
  ensureBuild(projectRoot, siteDir);
  if (values.compare && siteDir !== projectRoot) throw new Error('--compare measures the main site only');

  // The main site's reference content service, or another site's stand-in (as npm start starts them).
  const content =
    siteDir === projectRoot
      ? await startContentService({ port: 0 })
      : await startFixtureService({ siteDir, port: 0, user: DEFAULT_CONTENT_USER, password: DEFAULT_CONTENT_PASSWORD });
  const env = { CONTENT_API_BASE: content.url, IMAGE_BASE_URL: `${content.url}/uploads`, EMBEDDED_CONTENT_SERVICE: '0' };
  // A private copy of the build: e2e runs elsewhere may rebuild build/ while the bench runs.
  const site = await startSnapshotSite(env, siteDir);
  const compared: Awaited<ReturnType<typeof startRevision>>[] = [];
  const sites: SiteUnderTest[] = [{ label: 'this', url: site.url, as200: await startAs200Server(site.url) }];
  let browser: Browser | undefined;
  try {
    for (const revision of list(values.compare) ?? []) {
      const other = await startRevision(revision, env);
      compared.push(other);
      sites.push({ label: other.commit, url: other.url, as200: await startAs200Server(other.url) });
    }
    const all = await pageTemplates(site.url, siteDir);
    const chosen = only ? all.filter((t) => only.includes(t.path) || only.includes(t.name)) : all;
    if (chosen.length === 0)
      throw new Error(`--only matched no template; templates: ${all.map((t) => `${t.name} (${t.path})`).join(', ')}`);
    const results: Record<string, TemplateResult> = {};
    for (const t of chosen) results[t.name] = { path: t.path };

    browser = await launch();
    const benchmarkIndex = await measureBenchmarkIndex(browser);
    for (const t of chosen) results[t.name].firstLoadJs = await firstLoadJs(browser, site.url + t.path, t.budget);
    console.log(
      `\nFirst-load JS (gzip -9 of each script body; transfer = bytes on the wire), target ≤ ${PAGE_TARGETS.firstLoadJsKb} KB on content pages, ≤ ${PAGE_TARGETS.formPageJsKb} KB on pages with a form\n`,
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
      `\nWhole-visit layout shift (load, then scroll to the bottom as a reader does; largest session window), target ≤ ${PAGE_TARGETS.visitCls}\n`,
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
    await browser.close();
    browser = undefined;

    const slowdown = Object.fromEntries(phones.map((phone) => [phone, cpuSlowdown(benchmarkIndex, phone)])) as Record<Phone, number>;
    if (!values['skip-lighthouse']) {
      console.log(
        `\nThis host's benchmark index: ${benchmarkIndex}; CPU slowdown ${phones.map((phone) => `${phone}-tier phone (index ${PHONES[phone]}) ×${slowdown[phone]}`).join(', ')}`,
      );
      for (const t of chosen) {
        process.stdout.write(`Lighthouse ${t.path} (${t.name})…\n`);
        // The 404 template answers 404, which Lighthouse refuses to audit: the same HTML is served with 200.
        const measured = compareOn && !compareOn.some((each) => each === t.path || each === t.name) ? sites.slice(0, 1) : sites;
        const urls = await Promise.all(measured.map((s) => (t.name === '404' ? s.as200.add(t.path) : s.url + t.path)));
        const chrome = await launchChrome();
        try {
          const lighthouse: NonNullable<TemplateResult['lighthouse']> = {};
          for (const phone of phones) {
            const pairs = measured.map(() => [] as [LighthouseRun, LighthouseRun][]);
            // In turns (page, twin, the compared commit's page, its twin): every pair sees the same machine.
            for (let i = 0; i < runs; i++) {
              for (const [s, url] of urls.entries()) {
                const once = (blockScripts: boolean) =>
                  lighthouseOnce(chrome, url, {
                    blockScripts,
                    cpuSlowdown: slowdown[phone],
                    allCategories: !blockScripts && phone === 'mid',
                  });
                pairs[s].push([await once(false), await once(true)]);
              }
            }
            for (const [s, { label }] of measured.entries()) {
              const summary = summarise(pairs[s], slowdown[phone]);
              (lighthouse[label] ??= {})[phone] = { ...summary, met: phoneMet(summary) };
            }
          }
          results[t.name].lighthouse = lighthouse;
        } finally {
          chrome.kill();
        }
      }
      for (const phone of phones) {
        const t = PHONE_TARGETS;
        console.log(
          `\nLighthouse, ${phone}-tier phone (mobile, simulated throttling, CPU ×${slowdown[phone]}; median of ${runs} pairs of the page and its twin with scripts blocked); targets perf ≥ ${t.performance}, page − twin TBT ≤ ${t.scriptTbtMs} ms, TTI ratio ≤ ${t.ttiRatio}, LCP ratio ≤ ${t.lcpRatio}, CLS ≤ ${t.cls}${phone === 'mid' ? `, a11y ${t.accessibility}, best practices ≥ ${t.bestPractices}, SEO ${t.seo}` : ''}\n`,
        );
        const rows = chosen.flatMap((template) =>
          sites.flatMap(({ label }) => {
            const r = results[template.name].lighthouse![label]?.[phone];
            if (!r) return [];
            return [
              [
                template.name,
                label,
                r.performance,
                r.tbtMs,
                r.twinTbtMs,
                r.scriptTbtMs,
                r.ttiRatio,
                r.lcpRatio,
                r.lcpMs,
                r.cls,
                phone === 'mid' ? `${r.accessibility}/${r.bestPractices}/${r.seo}` : '-',
                r.met ? 'met' : 'NOT MET',
                r.failedAudits.join(' ') || '-',
              ],
            ];
          }),
        );
        console.log(
          table(
            [
              'template',
              'build',
              'perf',
              'TBT ms',
              'twin TBT',
              'page−twin',
              'TTI ratio',
              'LCP ratio',
              'LCP ms',
              'CLS',
              'a11y/best/seo',
              'targets',
              'audits below 0.9',
            ],
            rows,
          ),
        );
      }
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
          benchmarkIndex,
          phones: Object.fromEntries(phones.map((phone) => [phone, { benchmarkIndex: PHONES[phone], cpuSlowdown: slowdown[phone] }])),
          targets: { ...PAGE_TARGETS, ...PHONE_TARGETS },
          lighthouseRuns: runs,
          compared: compared.map((other) => other.commit),
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
    for (const s of sites) await s.as200.close();
    for (const other of compared) await other.stop();
    await site.stop();
    await content.close();
  }
}

runMain(import.meta.url, main);
