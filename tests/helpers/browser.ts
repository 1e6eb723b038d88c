/** Real Chromium (Debian's headless shell, tools/lib/chromium.ts) driven by playwright-core; nothing is downloaded. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launch as launchChromium, TEST_CHROMIUM } from '../../tools/lib/chromium.ts';

export { CHROMIUM_FLAGS, TEST_CHROMIUM } from '../../tools/lib/chromium.ts';

/** The browser tests' Chromium (`TEST_CHROMIUM`). */
export const launch = () => launchChromium(TEST_CHROMIUM);

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught exceptions and React hydration reports seen so far. */
  problems: string[];
}

/** Opens a page that records every console error and page error (hydration mismatches included). */
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

export const DESKTOP = { viewport: { width: 1366, height: 900 } } as const;

/**
 * The one browser set-up of the browser test files: one Chromium for the file (launched before its
 * tests, closed after them) and a desktop context (1366 × 900, `DESKTOP`).
 *
 * By default each test gets that context with nothing of the test before in it: no page, no cookie,
 * no permission, no route, online. A test may replace `context` (e.g. with a mobile one); that one
 * is closed after it. The desktop context itself is reused from test to test, emptied as above: a
 * new context (its first page, a new renderer process) costs about 1.5 s of CPU on the 2-core
 * runner, a new page in a context about half of that, and the browser tests are CPU-bound. What it
 * keeps is the HTTP cache (the site sends no other storage).
 *
 * `fresh: true` gives each test a new context instead, for files that measure what a first visit
 * downloads. `perFile: true` opens the desktop context once, before the file's tests, and keeps it
 * as it is from test to test, for files that walk one tab from page to page (every route, the
 * catalog) or open contexts of their own (other widths, content set in a blank page).
 */
export function browserPerFile(options: { fresh?: boolean; perFile?: boolean } = {}): { browser: Browser; context: BrowserContext } {
  const state = {} as { browser: Browser; context: BrowserContext };
  let reusable: BrowserContext | undefined;
  beforeAll(async () => {
    state.browser = await launch();
    if (options.perFile) state.context = await state.browser.newContext(DESKTOP);
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  if (options.perFile) return state;
  beforeEach(async () => {
    if (reusable) {
      await Promise.all(reusable.pages().map((page) => page.close()));
      await reusable.clearCookies();
      await reusable.clearPermissions();
      await reusable.unrouteAll();
      await reusable.setOffline(false);
      state.context = reusable;
      return;
    }
    const context = await state.browser.newContext(DESKTOP);
    state.context = context;
    if (options.fresh) return;
    reusable = context;
    // A test that closes it has it made anew for the next test.
    context.once('close', () => {
      if (reusable === context) reusable = undefined;
    });
  });
  afterEach(async () => {
    if (state.context !== reusable) await state.context?.close();
  });
  return state;
}
