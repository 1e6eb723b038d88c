/**
 * Lighthouse 12 (mobile, simulated throttling) at a calibrated CPU slowdown, each run of a page
 * paired with a run of its twin: the same URL with its script files blocked, which costs what the
 * page's HTML, CSS and images cost. The pair's difference is our scripts' share; pairing runs next
 * to each other cancels most of a shared machine's swings.
 */
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { median, round } from './report.ts';

export interface LighthouseRun {
  performance: number;
  accessibility?: number;
  bestPractices?: number;
  seo?: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  ttiMs: number;
  /** Lighthouse's measure of this host's speed during the run. */
  benchmarkIndex: number;
  failedAudits: string[];
}

/** Medians over the pairs of one page on one phone (accessibility, best practices, SEO: undefined when only performance was audited). */
export interface PhoneResult extends Omit<LighthouseRun, 'benchmarkIndex'> {
  runs: number;
  cpuSlowdown: number;
  twinTbtMs: number;
  /** Median of (page TBT − twin TBT) over the pairs: what our scripts block. */
  scriptTbtMs: number;
  /** Median of page TTI / twin TTI over the pairs. */
  ttiRatio: number;
  /** Median of page LCP / twin LCP over the pairs. */
  lcpRatio: number;
}

export interface Chrome {
  port: number;
  kill(): void;
}

export async function launchChrome(): Promise<Chrome> {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
}

export async function lighthouseOnce(
  chrome: Chrome,
  url: string,
  options: { blockScripts: boolean; cpuSlowdown: number; allCategories: boolean },
): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: options.allCategories ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance'],
    blockedUrlPatterns: options.blockScripts ? ['*.js'] : [],
    // Deep-merged over the mobile defaults (RTT 150 ms, 1.6 Mbps): only the CPU changes.
    throttling: { cpuSlowdownMultiplier: options.cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => (categories[id] ? Math.round((categories[id].score ?? 0) * 100) : undefined);
  const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
  const failedAudits = Object.values(categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 0.9)
    .map((a) => a.id);
  return {
    performance: score('performance') ?? 0,
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: round(numeric('cumulative-layout-shift'), 3),
    tbtMs: Math.round(numeric('total-blocking-time')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    ttiMs: Math.round(numeric('interactive')),
    benchmarkIndex: Math.round(environment.benchmarkIndex),
    failedAudits: [...new Set(failedAudits)],
  };
}

/** A page and its twin measured in turns: `pairs[i]` = [page run, twin run]. */
export function summarise(pairs: [LighthouseRun, LighthouseRun][], cpuSlowdown: number): PhoneResult {
  const pages = pairs.map(([page]) => page);
  const of = (pick: (run: LighthouseRun) => number | undefined, runs = pages) => {
    const values = runs.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? median(values) : undefined;
  };
  return {
    runs: pairs.length,
    cpuSlowdown,
    performance: of((r) => r.performance)!,
    accessibility: of((r) => r.accessibility),
    bestPractices: of((r) => r.bestPractices),
    seo: of((r) => r.seo),
    cls: of((r) => r.cls)!,
    tbtMs: of((r) => r.tbtMs)!,
    twinTbtMs: of(
      (r) => r.tbtMs,
      pairs.map(([, twin]) => twin),
    )!,
    scriptTbtMs: median(pairs.map(([page, twin]) => page.tbtMs - twin.tbtMs)),
    ttiRatio: round(median(pairs.map(([page, twin]) => page.ttiMs / twin.ttiMs)), 2),
    lcpRatio: round(median(pairs.map(([page, twin]) => page.lcpMs / twin.lcpMs)), 2),
    lcpMs: of((r) => r.lcpMs)!,
    ttiMs: of((r) => r.ttiMs)!,
    failedAudits: [...new Set(pages.flatMap((r) => r.failedAudits))],
  };
}
