/**
 * The first paint is the final layout (issue 32): on one page of every template (and of every
 * block and layout the templates leave out), at 375, 768 and 1280 px, nothing moves after the
 * browser first paints, whatever arrives later and in whatever shape:
 *
 * 1. the document arrives in parts, the browser free to paint each (as when its parser yields, more
 *    often on a loaded machine): cut inside the header's menu, inside the first block and inside
 *    the footer (src/root.tsx holds the first frame until the page is read: no frame shows a part);
 * 2. then every image, each answered with a shape its markup does not declare (300×900 or
 *    1600×200), lazy ones included;
 * 3. then the fonts;
 * 4. then the full stylesheet, at least 2 s after it was asked for (until then only the critical
 *    CSS inlined in the page applies);
 * the scripts never arrive (what code changes is tests/visit.e2e.test.ts's part).
 *
 * Each stage waits for the one before (no race decides what the browser sees: a cut waits until the
 * browser has read its part, then gives it two frames or 250 ms when it holds its frames), and the
 * test fails on any layout-shift entry (with what moved, from where to where) and on any block,
 * image or piece of chrome whose box changed between the first frame of the whole page and the end.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './helpers/browser.ts';
import { projectRoot } from '../tools/lib/project.ts';
import { pageTemplates, type Template } from '../tools/lib/templates.ts';
import { layoutShifts, LAYOUT_SHIFT_OBSERVER } from '../tools/lib/visit.ts';

const site = inject('siteUrl');

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];
/** The full stylesheet arrives this long after it was asked for, at the earliest. */
const STYLESHEET_DELAY_MS = 2000;
/** How long a cut waits for the browser to paint what it has (it never paints while render-blocked). */
const FRAME_WAIT_MS = 250;
/** Pages loaded at the same time per width. */
const LANES = 2;

/** Images of shapes no markup declares: a tall and a wide one. */
const IMAGES = [
  { width: 300, height: 900, fill: '#9ab' },
  { width: 1600, height: 200, fill: '#b9a' },
].map(
  ({ width, height, fill }) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${fill}"/><path d="M0 0L${width} ${height}M${width} 0L0 ${height}" stroke="#234" stroke-width="8"/></svg>`,
);

/** Which of the two shapes an image gets: the same one for its path every time. */
function shapeOf(url: string): string {
  const { pathname } = new URL(url);
  let hash = 0;
  for (const char of pathname) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return IMAGES[Math.abs(hash) % 2];
}

/**
 * Elements the parser makes of `html` (a prefix of a document cut outside any tag): start tags,
 * those inside comments and raw-text elements aside. The DOM has at least that many once the
 * parser has read it all (it may add implied ones).
 */
function elementCount(html: string): number {
  const bare = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<(script|style|noscript|template|textarea|title)\b[^>]*>)[\s\S]*?(<\/\2>|$)/gi, '$1');
  return bare.match(/<[a-zA-Z]/g)?.length ?? 0;
}

/** Cut after every element of the body instead (a parser yielding anywhere; slow: minutes). */
const EVERY_CUT = process.env.FIRST_PAINT_EVERY_CUT === '1';

/**
 * Where the document is cut: inside the header's menu (after its first item), inside the first
 * block (after its first heading) and inside the footer (after its first column): a frame painted
 * at any of them moved something on today's pages before the fix (see docs/testing.md).
 */
function cuts(html: string): number[] {
  const after = (from: number, end: RegExp): number[] => {
    if (from < 0) return [];
    end.lastIndex = from;
    const found = end.exec(html);
    return found ? [found.index + found[0].length] : [];
  };
  if (EVERY_CUT) {
    const body = html.indexOf('<body');
    const last = html.indexOf('id="page-end"');
    return [...html.matchAll(/<\/(li|p|div|h[1-6]|a|button|span|section|ul|nav)>/g)]
      .map((match) => match.index + match[0].length)
      .filter((at) => at > body && (last < 0 || at < last));
  }
  const at = [
    ...after(html.indexOf('class="site-nav__list"'), /<\/li>/g),
    ...after(html.search(/<div\b[^>]*\bdata-block="/), /<\/h[1-6]>/g),
    ...after(html.search(/<footer\b/), /<\/nav>/g),
  ];
  return [...new Set(at)].sort((a, b) => a - b);
}

type Gate = (elements: number) => Promise<void>;

/**
 * A proxy in front of the site that sends each document in parts: after each part it waits for
 * `gate` (set per page load), with the number of elements the browser has once it parsed the part.
 */
async function startPartsProxy(): Promise<{ url: string; gate: { current?: Gate }; close(): Promise<void> }> {
  const gate: { current?: Gate } = {};
  const server = http.createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${site}${req.url}`, {
        headers: { accept: req.headers.accept ?? '*/*', 'accept-encoding': 'identity' },
        redirect: 'manual',
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const type = upstream.headers.get('content-type') ?? '';
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-store' };
      const csp = upstream.headers.get('content-security-policy');
      if (csp) headers['content-security-policy'] = csp;
      const location = upstream.headers.get('location');
      if (location) headers.location = location;
      res.writeHead(upstream.status, headers);
      const wait = gate.current;
      if (!type.startsWith('text/html') || !wait) return void res.end(body);
      const html = body.toString('utf8');
      let from = 0;
      for (const cut of cuts(html)) {
        await new Promise<void>((resolve) => res.write(html.slice(from, cut), () => resolve()));
        from = cut;
        await wait(elementCount(html.slice(0, cut)));
      }
      res.end(html.slice(from));
    })().catch((error: unknown) => {
      console.error(error);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    gate,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes (page coordinates) of the chrome, every block and every image. */
function boxes(page: Page): Promise<Record<string, Box>> {
  return page.evaluate(() => {
    const out: Record<string, Box> = {};
    const add = (key: string, element: Element) => {
      const r = element.getBoundingClientRect();
      out[key] = { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    };
    for (const selector of ['header', '.site-nav', '.site-header__toggle', 'main', 'footer']) {
      const element = document.querySelector(selector);
      if (element) add(selector, element);
    }
    document
      .querySelectorAll('[data-block]')
      .forEach((element, index) => add(`block ${index} ${element.getAttribute('data-block')}`, element));
    document.querySelectorAll('img').forEach((element, index) => {
      const block = element.closest('[data-block]')?.getAttribute('data-block') ?? element.closest('header, footer')?.localName ?? 'page';
      add(`img ${index} (${block}: ${element.getAttribute('src')?.split('/').pop()})`, element);
    });
    return out;
  });
}

function moved(before: Record<string, Box>, after: Record<string, Box>): string[] {
  const show = (b?: Box) => (b ? `${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}×${b.height.toFixed(0)}` : 'none');
  return Object.keys({ ...before, ...after })
    .filter((key) => {
      const [a, b] = [before[key], after[key]];
      return !a || !b || (['x', 'y', 'width', 'height'] as const).some((side) => Math.abs(a[side] - b[side]) > 0.5);
    })
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

/** Resolves when every image element has its picture (or failed) and the fonts are in. */
async function imagesAndFonts(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** One page load in stages (see the top of the file); returns what moved, empty when nothing did. */
async function stagedLoad(page: Page, proxy: Awaited<ReturnType<typeof startPartsProxy>>, path: string): Promise<string[]> {
  let releaseImages!: () => void;
  const images = new Promise<void>((resolve) => (releaseImages = resolve));
  let releaseFonts!: () => void;
  const fonts = new Promise<void>((resolve) => (releaseFonts = resolve));
  let releaseStylesheet!: () => void;
  const stylesheet = new Promise<void>((resolve) => (releaseStylesheet = resolve));
  let painted = 0;

  await page.route('**/*', async (route: Route) => {
    const request = route.request();
    const type = request.resourceType();
    if (type === 'script' || /\.m?js(\?|$)/.test(request.url())) return; // never answered
    if (type === 'image') {
      await images;
      return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: shapeOf(request.url()) });
    }
    if (type === 'font') {
      await fonts;
      return route.continue();
    }
    if (type === 'stylesheet') {
      await Promise.all([stylesheet, new Promise((resolve) => setTimeout(resolve, STYLESHEET_DELAY_MS))]);
      return route.continue();
    }
    return route.continue();
  });

  const url = `${proxy.url}${path}`;
  proxy.gate.current = async (elements) => {
    // The part is read when the new document has the elements it makes (evaluations may land in
    // the page before it while the navigation commits, or lose their context to it).
    for (let tries = 0; ; tries++) {
      const read = await page
        .evaluate(([href, count]) => location.href === href && document.getElementsByTagName('*').length >= count, [url, elements] as const)
        .catch(() => false);
      if (read) break;
      if (tries > 1000) throw new Error(`${path}: the browser did not read the document's part (${elements} elements)`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Then the browser may paint it (two frames), unless rendering is blocked.
    const frame = await page.evaluate(
      (wait) =>
        new Promise<boolean>((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
          setTimeout(() => resolve(false), wait);
        }),
      FRAME_WAIT_MS,
    );
    if (frame) painted += 1;
  };
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: EVERY_CUT ? 600_000 : 30_000 });
  } finally {
    proxy.gate.current = undefined;
  }
  // The whole document, painted: from here nothing may move.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const first = await boxes(page);
  // Lazy images too: every image is asked for now, and each gets a shape its markup does not declare.
  await page.evaluate(() =>
    document.querySelectorAll('img[loading="lazy"]').forEach((image) => ((image as HTMLImageElement).loading = 'eager')),
  );
  releaseImages();
  releaseFonts();
  await imagesAndFonts(page);
  releaseStylesheet();
  // The paint-first starter switched the stylesheet on after the first paint: wait until it applies.
  await page.waitForFunction(
    () => {
      const link = document.querySelector<HTMLLinkElement>('link[data-deferred-style]');
      return link?.media === 'all' && link.sheet !== null;
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const last = await boxes(page);
  const shifts = await layoutShifts(page);
  const problems = [
    ...shifts.map((shift) => `layout shift ${shift.value.toFixed(4)} at ${shift.time.toFixed(0)} ms: ${shift.moved.join('; ')}`),
    ...moved(first, last),
  ];
  console.log(
    `${path}: ${painted} frame(s) painted before the document was whole, ${problems.length ? problems.length + ' moved' : 'nothing moved'}`,
  );
  return problems;
}

const b = browserPerFile({ perFile: true });
let templates: Template[];
beforeAll(async () => {
  templates = await pageTemplates(site, projectRoot, { everyBlock: true });
});

describe.concurrent('the first paint is the final layout', () => {
  for (const viewport of WIDTHS) {
    it(
      `every template at ${viewport.width} px: late parts of the page, images of other shapes, late fonts and stylesheet, no script`,
      async () => {
        const context = await b.browser.newContext({ viewport });
        const problems: string[][] = [];
        let next = 0;
        // Two pages at a time (most of a load is waiting), each lane with its own proxy.
        const lane = async () => {
          const proxy = await startPartsProxy();
          try {
            for (let index = next++; index < templates.length; index = next++) {
              const page = await context.newPage();
              await page.addInitScript(LAYOUT_SHIFT_OBSERVER);
              problems[index] = await stagedLoad(page, proxy, templates[index].path);
              await page.close();
            }
          } finally {
            await proxy.close();
          }
        };
        try {
          await Promise.all(Array.from({ length: EVERY_CUT ? 1 : LANES }, lane));
        } finally {
          await context.close();
        }
        const failures = templates.flatMap(({ path }, index) =>
          problems[index]?.length ? [`${path} at ${viewport.width} px:\n  ${problems[index].join('\n  ')}`] : [],
        );
        expect(failures.join('\n')).toBe('');
      },
      EVERY_CUT ? 1_500_000 : 120_000,
    );
  }
});
