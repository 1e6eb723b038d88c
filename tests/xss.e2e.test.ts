/**
 * Content HTML is sanitized on the server (DOMPurify) before React inserts it with
 * dangerouslySetInnerHTML. This inserts every vector of a public XSS list the same way into
 * real Chromium, pokes every element (click, hover, focus, drag) and checks nothing ran.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeEmbed, sanitizeHtml } from '../src/engine/sanitize.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { browserPerFile } from './helpers/browser.ts';

const { vectors } = JSON.parse(readFileSync(path.join(projectRoot, 'tests/fixtures/xss-vectors.json'), 'utf8')) as { vectors: string[] };
const MAPS = '^https://www\\.google\\.com/maps/embed\\?';

const b = browserPerFile({ perFile: true });

/** Inserts each HTML string as innerHTML (as React does), interacts with everything, returns the ids that ran. */
async function executed(htmls: string[]): Promise<number[]> {
  const page = await b.browser.newPage();
  await page.setContent('<!doctype html><html><body><main id="root"></main></body></html>');
  await page.evaluate(() => {
    const hits: number[] = [];
    const w = window as unknown as Record<string, unknown>;
    w.__hits = hits;
    w.xss = (id: number) => hits.push(id);
    w.alert = w.confirm = w.prompt = () => hits.push(-999);
  });
  await page.evaluate((list) => {
    const root = document.getElementById('root')!;
    for (const html of list) {
      const div = document.createElement('div');
      div.innerHTML = html;
      root.appendChild(div);
    }
  }, htmls);
  // Poke everything a visitor could: click (without navigating away), hover, focus, drag, copy.
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('#root *'))) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'dragstart', 'copy', 'toggle', 'load', 'error']) {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      }
      if (element instanceof HTMLElement) {
        element.addEventListener('click', (event) => {
          const href = (element as HTMLAnchorElement).href ?? '';
          // Let javascript: URLs run (that is the attack), stop real navigations.
          if (!href.startsWith('javascript:')) event.preventDefault();
        });
        element.click();
        element.focus();
      }
    }
  });
  await page.waitForTimeout(1500);
  const hits = await page.evaluate(() => (window as unknown as { __hits: number[] }).__hits.slice());
  await page.close();
  return hits;
}

describe('sanitized content HTML executes nothing', () => {
  it('uses a list of at least 100 vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(100);
  });

  it('the harness detects execution (control: unsanitized vectors do run)', async () => {
    const hits = await executed(vectors.slice(0, 20));
    expect(hits.length).toBeGreaterThan(3);
  });

  it('after sanitizeHtml, no vector runs', async () => {
    expect(await executed(vectors.map((v) => sanitizeHtml(v)))).toEqual([]);
  });

  it('after sanitizeEmbed (map embeds allowed), no vector runs', async () => {
    expect(await executed(vectors.map((v) => sanitizeEmbed(v, MAPS)))).toEqual([]);
  });

  it('leaves no script element, event handler attribute or script URL behind', () => {
    const { document } = new JSDOM('').window;
    for (const vector of vectors) {
      for (const clean of [sanitizeHtml(vector), sanitizeEmbed(vector, MAPS)]) {
        const holder = document.createElement('div');
        holder.innerHTML = clean;
        expect(holder.querySelector('script, object, embed, base, meta, link, style'), vector).toBeNull();
        for (const element of Array.from(holder.querySelectorAll('*'))) {
          for (const attribute of Array.from(element.attributes)) {
            expect(attribute.name, vector).not.toMatch(/^on/i);
            if (/^(href|src|xlink:href|action|formaction|data|srcdoc|background|poster)$/i.test(attribute.name)) {
              // Browsers ignore whitespace and control characters inside a URL scheme.
              const compact = [...attribute.value].filter((c) => c.charCodeAt(0) > 0x20).join('');
              expect(compact, vector).not.toMatch(/^(javascript|vbscript|data:text\/html)/i);
            }
          }
        }
      }
    }
  });
});
