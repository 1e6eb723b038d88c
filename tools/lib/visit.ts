/**
 * A whole visit as a reader makes it (issue 19): scroll to the bottom in steps, and the layout
 * shift of the visit as Chrome's field data counts it (layout-shift entries without recent input,
 * largest session window: a new window after a 1 s gap or 5 s from its start). Used by the
 * browser tests and by `npm run bench`.
 */
import type { Page } from 'playwright-core';

/** The page templates a visit covers, and the widths it is made at. */
export const VISIT_TEMPLATES = ['/', '/blog', '/contact', '/careers', '/products/ccm-platform', '/press'];
export const VISIT_VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

declare global {
  interface Window {
    __layoutShifts?: { time: number; value: number; moved: string[] }[];
  }
}

/** For `page.addInitScript`: records every layout shift from the start of the page. */
export function LAYOUT_SHIFT_OBSERVER() {
  window.__layoutShifts = [];
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      // What moved, for a failure message: element, class and its top before → after.
      const moved = entry.sources.map(
        (s) =>
          `${s.node?.nodeName ?? '?'}.${(s.node as Element | null)?.className ?? ''} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} x ${Math.round(s.previousRect.x)}→${Math.round(s.currentRect.x)}`,
      );
      window.__layoutShifts!.push({ time: entry.startTime, value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Every shift recorded so far, with what moved (for failure messages). */
export function layoutShifts(page: Page) {
  return page.evaluate(() => window.__layoutShifts ?? []);
}

/** Largest session window of the shifts recorded so far (1 s gap, 5 s cap). */
export async function visitLayoutShift(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  let largest = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { time, value } of shifts) {
    if (time - last > 1000 || time - start > 5000) {
      current = 0;
      start = time;
    }
    current += value;
    last = time;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** Scrolls to the bottom as a reader does: 70% of a screen at a time, a moment on each. */
export async function scrollToBottom(page: Page, pauseMs = 150): Promise<void> {
  for (let step = 0; step < 200; step += 1) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.7));
      return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(pauseMs);
    if (atBottom) return;
  }
}
