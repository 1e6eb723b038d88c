/** Debian's Chromium driven by playwright-core (nothing is downloaded): for the bench and the browser tests. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The bench's browser: the full Chromium, as a visitor runs it (its figures compare build with build). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' browser: Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * build Playwright itself uses for headless runs): the same Blink, V8 and network stack without the
 * desktop browser's layers. The e2e project took 1,193 s of CPU with it against 1,653 s with the full
 * Chromium (same machine, same build, docs/testing.md); the browser tests are CPU-bound.
 */
export const TEST_CHROMIUM = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

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

export async function launch(executablePath = CHROMIUM): Promise<Browser> {
  if (!existsSync(executablePath)) {
    const [pkg, setting] =
      executablePath === TEST_CHROMIUM ? ['chromium-headless-shell', 'TEST_CHROMIUM_PATH'] : ['chromium', 'CHROMIUM_PATH'];
    throw new Error(`No browser at ${executablePath}: install Debian's ${pkg} (.ci/run does) or set ${setting} to a Chromium of your own.`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}
