/**
 * Real visitors' Web Vitals, end to end: the production build in Chromium with the real web-vitals
 * library reports a page view once the visitor accepted the cookie notice, and the site's /metrics
 * (a site of this file's own, with METRICS_PORT) counts it under the page's route template; a
 * visitor who has not accepted, or refused, sends nothing and does not even load the reporter.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const SLUG = 'cloud-native-billing-for-tower-companies';
const VITALS = ['webvitals_lcp_seconds', 'webvitals_inp_seconds', 'webvitals_fcp_seconds', 'webvitals_ttfb_seconds', 'webvitals_cls'];

let site: ChildSite;
let metricsUrl: string;
beforeAll(async () => {
  site = await spawnSite({ CONTENT_API_BASE: inject('contentUrl'), METRICS_PORT: '0' });
  // The launcher logs the metrics listener's address right after the site's.
  await vi.waitFor(() => {
    metricsUrl = /Metrics on (http:\/\/[^\s"]+)/.exec(site.output())![1];
  });
});
afterAll(async () => {
  await site?.stop();
});

const browser = browserPerFile();
/**
 * How long a report may take from the page being left to the scrape: the beacon is sent as the page
 * hides and the site records it when it arrives. vi.waitFor's default second was too short on a
 * machine running other builds (the view's LCP arrived later: npm test failed by chance).
 */
const BEACON_WAIT = { timeout: 10_000, interval: 100 };

/** The count of a histogram for a route label, as an operator's scrape reads it (0 when the series is absent). */
async function count(metric: string, route: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}_count{`) && line.includes(`http_route="${route}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/**
 * Reports the site answered so far (its own request metric: the beacons Chromium sends while a page
 * unloads are not seen by the test's browser client). Only the first test compares it: a later test
 * starts by closing the pages of the one before, and a page left after 'Ok' may report then, while
 * the later test runs (seen with two browser files at once). Later tests count by route instead.
 */
const reports = () => count('http_server_request_duration_seconds', '/__vitals');

/** Every Web Vital the site counted for a route (0 when nothing of it was reported). */
async function vitalsOf(route: string): Promise<number> {
  let sum = 0;
  for (const metric of VITALS) sum += await count(metric, route);
  return sum;
}

/** Opens `path`, hydrated, recording which requests the page makes for the reporter and its reports. */
async function open(path: string): Promise<{ page: Page; requests: string[] }> {
  const { page } = await openPage(browser.context);
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/__vitals' || url.pathname.includes('web-vitals')) requests.push(url.pathname);
  });
  await page.goto(`${site.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return { page, requests };
}

/** A click on the page's heading (an interaction: INP), once the browser has timed it. */
async function interact(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
}

/**
 * Past the load event and an idle moment, as the reporting waits for them (src/engine/chrome/web-vitals.ts,
 * with the same timeout: a page that is never idle, with an animation, runs it then): where the
 * reporter would have been asked for.
 */
async function idle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
}

describe('Web Vitals of real visitors', () => {
  it("after 'Ok', a page view's LCP, CLS, INP, FCP and TTFB reach /metrics under its route template when the page is hidden", async () => {
    const before = await reports();
    const { page } = await open(`/blog/${SLUG}`);
    const reporter = page.waitForResponse((response) => response.url().includes('web-vitals'));
    await page.getByRole('button', { name: 'Ok', exact: true }).click();
    await reporter;
    await interact(page);
    // Leaving the page hides it: the view's one report goes as a beacon.
    await page.goto(`${site.url}/company`);
    await vi.waitFor(async () => {
      for (const metric of VITALS) expect(await count(metric, '/blog/:slug'), metric).toBeGreaterThanOrEqual(1);
    }, BEACON_WAIT);
    // One report for the page view, with every metric in it.
    expect(await reports()).toBe(before + 1);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).not.toContain(SLUG);
  });

  it('a page view before the visitor answers the notice is not reported; the next, after Ok, is', async () => {
    const { page, requests } = await open('/partners');
    await idle(page);
    await interact(page);
    // Left without an answer: the reporter was never loaded, so nothing can be sent.
    expect(requests).toEqual([]);
    await page.goto(`${site.url}/privacy-policy`);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const reporter = page.waitForResponse((response) => response.url().includes('web-vitals'));
    await page.getByRole('button', { name: 'Ok', exact: true }).click();
    await reporter;
    await interact(page);
    await page.goto(`${site.url}/company`);
    await vi.waitFor(async () => expect(await count('webvitals_lcp_seconds', '/privacy-policy')).toBe(1), BEACON_WAIT);
    expect(await vitalsOf('/partners')).toBe(0);
  });

  it('a visitor who refuses cookies sends nothing and loads no reporter', async () => {
    const { page, requests } = await open('/careers');
    await page.getByRole('button', { name: 'Refuse cookies' }).click();
    await idle(page);
    await interact(page);
    // A page no other test visits, left hidden too: its view would report now if it could.
    await page.goto(`${site.url}/press`);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await idle(page);
    await page.goto(`${site.url}/company`);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await idle(page);
    expect(requests).toEqual([]);
    expect(await vitalsOf('/careers')).toBe(0);
    expect(await vitalsOf('/press')).toBe(0);
  });
});
