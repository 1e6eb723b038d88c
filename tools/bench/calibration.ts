/**
 * Phones by calibration, as Chrome DevTools calibrates its CPU throttling: Lighthouse's benchmark
 * index of this host divided by the index of the phone class gives the CPU slowdown that makes this
 * host as fast as that phone. A fixed 4× is a different phone on every host.
 */
import type { Browser } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median, round } from './report.ts';

/** Benchmark index of each phone class (Chrome DevTools' CPU calibration). */
export const PHONES = { low: 264, mid: 1000 } as const;
export type Phone = keyof typeof PHONES;
export const PHONE_NAMES = Object.keys(PHONES) as Phone[];

/**
 * Lighthouse's benchmark index of this host (its own page function, run in Chromium), the median
 * of `samples` measurements of about a second each.
 */
export async function measureBenchmarkIndex(browser: Browser, samples = 5): Promise<number> {
  const page = await browser.newPage();
  try {
    const values: number[] = [];
    for (let i = 0; i < samples; i++) values.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    return Math.round(median(values));
  } finally {
    await page.close();
  }
}

/** CPU slowdown that turns this host into the phone (never below 1: a host slower than the phone runs unthrottled). */
export function cpuSlowdown(benchmarkIndex: number, phone: Phone): number {
  return Math.max(1, round(benchmarkIndex / PHONES[phone], 2));
}
