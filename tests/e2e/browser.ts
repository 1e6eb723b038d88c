/** Real Chromium (Debian's package) driven by playwright-core; nothing is downloaded. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (containers), no GPU, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

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
 * Registers the usual hooks of a browser test file: one Chromium for the file and a fresh
 * desktop context per test (a test may replace `context`, e.g. with a mobile one).
 */
export function browserPerFile(): { browser: Browser; context: BrowserContext } {
  const state = {} as { browser: Browser; context: BrowserContext };
  beforeAll(async () => {
    state.browser = await launch();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  beforeEach(async () => {
    state.context = await state.browser.newContext(DESKTOP);
  });
  afterEach(async () => {
    await state.context?.close();
  });
  return state;
}
