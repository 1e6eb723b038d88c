/**
 * What the bench measures in a plain Chromium (one page per template, ../lib/templates.ts): the JS a visitor downloads before
 * interacting, and the layout shift of a whole visit.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { LAYOUT_SHIFT_OBSERVER, scrollToBottom, visitLayoutShift, VISIT_VIEWPORTS } from '../lib/visit.ts';
import { kb } from './report.ts';

export const PAGE_TARGETS = {
  firstLoadJsKb: 120,
  /** Pages that show a form: its code loads when the visitor reaches for it (issue 19). */
  formPageJsKb: 130,
  /** Largest layout-shift session window over a whole visit (load, then scroll to the bottom). */
  visitCls: 0.02,
} as const;

export interface JsResult {
  files: { url: string; transferBytes: number; gzipBytes: number }[];
  transferKb: number;
  gzipKb: number;
  met: boolean;
}

export interface VisitResult {
  /** Whole-visit layout shift per viewport width. */
  cls: Record<string, number>;
  met: boolean;
}

/** A whole visit as a reader makes it (tools/lib/visit.ts): load, hydrate, scroll to the bottom in steps. */
export async function wholeVisit(browser: Browser, url: string): Promise<VisitResult> {
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
  return { cls, met: Object.values(cls).every((value) => value <= PAGE_TARGETS.visitCls) };
}

/** JS the visitor downloads before interacting: every script response until load + network idle. */
export async function firstLoadJs(browser: Browser, url: string, budget: boolean): Promise<JsResult> {
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
    met: gzipKb <= (budget ? PAGE_TARGETS.firstLoadJsKb : PAGE_TARGETS.formPageJsKb),
  };
}
