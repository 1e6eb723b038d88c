/**
 * The fixed 'Download Brochures' tab (site.config.json brochureButton) never covers content
 * (issue 19): scrolled through each template at 320 to 1280 px, its box meets no text and no
 * control but itself.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './helpers/browser.ts';
import { VISIT_TEMPLATES } from '../tools/lib/visit.ts';

const site = inject('siteUrl');
const b = browserPerFile();

const WIDTHS = [320, 375, 768, 1280];

// One tab per width, going from template to template as a visitor's would (a new tab costs about a
// second of CPU on a 2-core runner).
const tabs = new Map<number, Promise<Page>>();
function tabAt(width: number): Promise<Page> {
  let tab = tabs.get(width);
  if (!tab) {
    tab = b.browser.newContext({ viewport: { width, height: width < 768 ? 740 : 800 } }).then((context) => context.newPage());
    tabs.set(width, tab);
  }
  return tab;
}

describe('the brochure tab covers nothing', () => {
  for (const width of WIDTHS) {
    it.each(VISIT_TEMPLATES)(`%s at ${width} px`, async (path) => {
      const page = await tabAt(width);
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      // Pages without a tab have nothing to check (site.config.json places it on some pages).
      if (!(await page.locator('.brochure-button').isVisible())) return;
      const covered = new Set<string>();
      for (let step = 0; step < 200; step += 1) {
        const { overlaps, atBottom } = await page.evaluate(() => {
          const tab = document.querySelector<HTMLElement>('.brochure-button')!;
          const box = tab.getBoundingClientRect();
          type Box = { left: number; top: number; right: number; bottom: number };
          // What of `rect` is not clipped away by a scrolling or clipping ancestor.
          const visiblePart = (rect: Box, node: Node): Box | null => {
            // (A DOMRect's sides are getters: spreading it copies nothing.)
            let clip = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
            for (let element = node.parentElement; element; element = element.parentElement) {
              const style = getComputedStyle(element);
              if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.clipPath === 'none') continue;
              const outer = element.getBoundingClientRect();
              clip = {
                left: Math.max(clip.left, outer.left),
                top: Math.max(clip.top, outer.top),
                right: Math.min(clip.right, outer.right),
                bottom: Math.min(clip.bottom, outer.bottom),
              };
            }
            return clip.right - clip.left > 0.5 && clip.bottom - clip.top > 0.5 ? clip : null;
          };
          const meets = (rect: Box) =>
            Math.min(rect.right, box.right) - Math.max(rect.left, box.left) > 0.5 &&
            Math.min(rect.bottom, box.bottom) - Math.max(rect.top, box.top) > 0.5;
          const found: string[] = [];
          const describe = (element: Element | null) =>
            element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?';
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim() || tab.contains(node)) continue;
            const parent = node.parentElement;
            if (!parent || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) {
              const part = visiblePart(rect, node);
              if (part && meets(part)) {
                found.push(`text "${node.textContent.trim().slice(0, 40)}" in ${describe(parent)}`);
                break;
              }
            }
          }
          const controls =
            'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
          for (const control of document.querySelectorAll(controls)) {
            if (control === tab || tab.contains(control) || control.contains(tab)) continue;
            if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
            const part = visiblePart(control.getBoundingClientRect(), control);
            if (part && meets(part)) found.push(`control ${describe(control)} "${control.textContent?.trim().slice(0, 30)}"`);
          }
          // One tab height at a time (less a pixel): every part of the page passes under the tab once.
          window.scrollBy({ top: Math.max(1, Math.floor(box.height) - 1), behavior: 'instant' });
          return { overlaps: found, atBottom: window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1 };
        });
        for (const overlap of overlaps) covered.add(overlap);
        if (atBottom) break;
      }
      expect([...covered]).toEqual([]);
    });
  }
});
