/**
 * Contrast where axe cannot judge it (issue 20, WCAG 1.4.3 and 1.4.11): text over banner and hero
 * art is measured against the lightest pixel actually painted behind it (the text hidden, the
 * page screenshotted), at phone, tablet and desktop widths; form fields' edges against what is
 * around them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './helpers/browser.ts';

const site = inject('siteUrl');
const b = browserPerFile();

const WIDTHS = [320, 800, 1280] as const;

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);

interface TextBox {
  text: string;
  color: string;
  large: boolean;
  box: { x: number; y: number; width: number; height: number };
}

/** The text elements over art in the page's first section, with their colour and box in the viewport. */
async function textOverArt(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    const region = document.querySelector('.banner__body, .hero-slide__body');
    if (!region) return [];
    return [...region.querySelectorAll<HTMLElement>('h1, h2, p, a')]
      .filter((el) => el.textContent?.trim() && el.getClientRects().length > 0)
      .map((el) => {
        const style = getComputedStyle(el);
        const size = parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return {
          text: el.textContent!.trim().slice(0, 40),
          color: style.color,
          // WCAG "large text": 18 pt, or 14 pt bold.
          large: size >= 24 || (bold && size >= 18.66),
          box: { x: r.left, y: r.top, width: r.width, height: r.height },
        };
      });
  });
}

/** The pixels painted in `box` as it is on screen: r, g, b, a for each, row by row (the browser decodes the screenshot). */
async function paintedPixels(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<number[]> {
  const shot = await page.screenshot({ clip: box });
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return [...context.getImageData(0, 0, image.width, image.height).data];
  }, shot.toString('base64'));
}

/** The lightest pixel painted in `box` once the text there is hidden (links keep their own fill). */
async function lightestBehind(page: Page, box: TextBox['box'], color: string): Promise<number[]> {
  const data = await paintedPixels(page, box);
  const text = rgb(color);
  let best = [0, 0, 0];
  let bestSum = -1;
  for (let i = 0; i < data.length; i += 4) {
    // Anti-aliased remains of the text itself would count as background: skip colours near it.
    if (Math.abs(data[i] - text[0]) + Math.abs(data[i + 1] - text[1]) + Math.abs(data[i + 2] - text[2]) < 24) continue;
    const sum = data[i] * 0.2126 + data[i + 1] * 0.7152 + data[i + 2] * 0.0722;
    if (sum > bestSum) {
      bestSum = sum;
      best = [data[i], data[i + 1], data[i + 2]];
    }
  }
  return best;
}

describe('text over banner and hero art keeps its contrast at every width', () => {
  for (const path of ['/', '/blog', '/careers', '/contact', '/products/ccm-platform']) {
    it(`${path} at ${WIDTHS.join(', ')} px: every text over the art meets 4.5:1 (3:1 when large)`, async () => {
      const { page } = await openPage(b.context);
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${site}${path}`, { waitUntil: 'load' });
        // The art for this width (a <picture> source) painted, whatever was loaded before.
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.banner img, .hero-slide img')].every(
            (img) => img.loading === 'lazy' || img.complete,
          ),
        );
        await page.evaluate(() => window.scrollTo(0, 0));
        const texts = await textOverArt(page);
        expect(texts.length).toBeGreaterThan(0);
        await page.addStyleTag({
          content: '.banner__body *, .hero-slide__body * { color: transparent !important; text-shadow: none !important }',
        });
        for (const text of texts) {
          if (text.box.width < 1 || text.box.height < 1) continue;
          const behind = await lightestBehind(page, text.box, text.color);
          const measured = ratio(luminance(rgb(text.color)), luminance(behind));
          const needed = text.large ? 3 : 4.5;
          if (measured < needed)
            failures.push(`${width} px "${text.text}": ${measured.toFixed(2)}:1 over rgb(${behind.join(', ')}), needs ${needed}:1`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("a field's edge stands out from what is around it", () => {
  it("text fields, selects and text areas (the footer form's too): border at least 3:1 against the field and its surroundings", async () => {
    const { page } = await openPage(b.context);
    const failures: string[] = [];
    for (const path of ['/contact', '/careers', '/white-paper-case-studies']) {
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      const fields = await page.evaluate(() => {
        /** The first opaque background at or above an element. */
        const backgroundOf = (start: Element | null): string => {
          for (let node = start; node; node = node.parentElement) {
            const bg = getComputedStyle(node).backgroundColor;
            if (!/rgba\(.*, 0\)$|transparent/.test(bg)) return bg;
          }
          return 'rgb(255, 255, 255)';
        };
        return [
          ...document.querySelectorAll<HTMLElement>(
            ':is(main, footer) input:not([type=hidden]):not([type=checkbox]):not([type=file]), :is(main, footer) :is(select, textarea)',
          ),
        ]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({
            name: el.getAttribute('name') ?? el.id,
            footer: el.closest('footer') !== null,
            border: getComputedStyle(el).borderTopColor,
            inside: backgroundOf(el),
            around: backgroundOf(el.parentElement),
          }));
      });
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.filter((field) => field.footer).length, 'fields of the footer form').toBeGreaterThan(0);
      for (const field of fields) {
        const edge = luminance(rgb(field.border));
        for (const [where, bg] of [
          ['inside', field.inside],
          ['around', field.around],
        ] as const) {
          const measured = ratio(edge, luminance(rgb(bg)));
          if (measured < 3) failures.push(`${path} ${field.name}: border ${field.border} ${measured.toFixed(2)}:1 ${where} (${bg})`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('an unavailable Submit (aria-disabled: it stays focusable to say what is still needed)', () => {
  // It was faded with opacity .5, its focus ring with it: ring 2.16:1 against the page, label
  // 2.34:1 (issue 35, WCAG 1.4.11 and 1.4.3). It now looks unavailable by its colours, unfaded.
  for (const path of ['/contact', '/careers/:job'] as const) {
    it(`${path}: its focus ring at least 3:1 against the page, its label at least 4.5:1, nothing faded`, async () => {
      const { page } = await openPage(b.context);
      let url = path as string;
      if (path === '/careers/:job') {
        const html = await (await fetch(`${site}/careers`)).text();
        url = /href="(\/careers\/[^"?#]+)"/.exec(html)![1];
      }
      await page.goto(`${site}${url}`, { waitUntil: 'networkidle' });
      const submit = page.getByRole('main').getByRole('button', { name: /^(Submit|Send|Apply)/ });
      expect(await submit.getAttribute('aria-disabled')).toBe('true');
      // Focused by the keyboard, as a visitor reaches it: the field before it, then Tab.
      await submit.evaluate((el) => {
        const fields = [...el.closest('form')!.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea, select')];
        fields.at(-1)!.focus();
      });
      await page.keyboard.press('Tab');
      expect(await submit.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
      const seen = await submit.evaluate((el) => {
        const backgroundOf = (start: Element | null): string => {
          for (let node = start; node; node = node.parentElement) {
            const bg = getComputedStyle(node).backgroundColor;
            if (!/rgba\(.*, 0\)$|transparent/.test(bg)) return bg;
          }
          return 'rgb(255, 255, 255)';
        };
        let faded = '';
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (Number(style.opacity) < 1 || style.filter !== 'none') faded = `${node.tagName.toLowerCase()}.${node.className}`;
        }
        const style = getComputedStyle(el);
        return { ring: style.outlineColor, page: backgroundOf(el.parentElement), fill: backgroundOf(el), label: style.color, faded };
      });
      expect(seen.faded, 'an element faded by opacity or a filter').toBe('');
      expect(ratio(luminance(rgb(seen.ring)), luminance(rgb(seen.page))), `ring ${seen.ring} on ${seen.page}`).toBeGreaterThanOrEqual(3);
      expect(ratio(luminance(rgb(seen.label)), luminance(rgb(seen.fill))), `label ${seen.label} on ${seen.fill}`).toBeGreaterThanOrEqual(
        4.5,
      );
    });
  }
});

/** The colours painted in an element's box (or a part of it), most frequent first, with their share of the pixels. */
async function paintedColours(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const data = await paintedPixels(page, box);
  const counts = new Map<string, number>();
  for (let i = 0; i < data.length; i += 4) {
    const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = data.length / 4;
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => ({ rgb: key.split(',').map(Number), share: count / total }));
}

/** Pixels of a box clearly unlike its most frequent colour (a shape drawn there, or text). */
async function drawnPixels(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  const colours = await paintedColours(page, box);
  const [ground] = colours;
  const pixels = box.width * box.height;
  return colours
    .filter(({ rgb: c }) => Math.abs(c[0] - ground.rgb[0]) + Math.abs(c[1] - ground.rgb[1]) + Math.abs(c[2] - ground.rgb[2]) > 90)
    .reduce((sum, { share }) => sum + Math.round(share * pixels), 0);
}

describe('forced colours (Windows high contrast, issue 35)', () => {
  const forcedPage = async (path: string) => {
    const { page } = await openPage(b.context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
    await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
    return page;
  };

  // Every author colour is replaced: the selected tab, the current category and page looked like the others.
  for (const [path, what, selected, other] of [
    ['/contact', 'the selected office tab', '[role=tab][aria-selected=true]', '[role=tab][aria-selected=false]'],
    ['/partners', 'the selected category tab', '[role=tab][aria-selected=true]', '[role=tab][aria-selected=false]'],
    ['/blog', 'the current category', 'main .tab--active', 'main .tab:not(.tab--active)'],
    ['/blog', 'the current page of the list', '.pagination__page--current', '.pagination__page:not(.pagination__page--current)'],
  ] as const) {
    it(`${path}: ${what} has a fill of its own`, async () => {
      const page = await forcedPage(path);
      const first = page.locator(selected).first();
      await first.scrollIntoViewIfNeeded();
      const [mine] = await paintedColours(page, (await first.boundingBox())!);
      const [theirs] = await paintedColours(page, (await page.locator(other).first().boundingBox())!);
      expect(mine.rgb, `${what}: its fill against another's`).not.toEqual(theirs.rgb);
    });
  }

  // Shapes drawn with gradients or masks (the FAQ's plus, the selects' arrow, the search magnifier) vanished.
  for (const [path, what, selector, part] of [
    ['/faq-ccm-platform', "the question's plus", '.accordion__question button', 'end'],
    ['/careers', "the city select's arrow", '.job-list__filter select', 'end'],
    ['/white-paper-case-studies', 'the search field’s magnifier', '.filterable-grid__search input', 'start'],
  ] as const) {
    it(`${path}: ${what} shows`, async () => {
      const page = await forcedPage(path);
      const element = page.locator(selector).first();
      await element.scrollIntoViewIfNeeded();
      const box = (await element.boundingBox())!;
      // Inside the control's own edge (its border is drawn in every mode).
      const width = 40;
      const clip = { x: part === 'end' ? box.x + box.width - width - 4 : box.x + 4, y: box.y + 4, width, height: box.height - 8 };
      expect(await drawnPixels(page, clip)).toBeGreaterThan(20);
    });
  }

  it("/: the header's logo stands out from what is behind it", async () => {
    const page = await forcedPage('/');
    const colours = await paintedColours(page, (await page.locator('.site-header__logo img').boundingBox())!);
    // The plate and the most frequent colour drawn on it (the wordmark): dark on black before.
    const [ground] = colours;
    const drawn = colours.find(
      ({ rgb: c, share }) =>
        share > 0.03 && Math.abs(c[0] - ground.rgb[0]) + Math.abs(c[1] - ground.rgb[1]) + Math.abs(c[2] - ground.rgb[2]) > 30,
    )!;
    expect(ratio(luminance(ground.rgb), luminance(drawn.rgb)), `${drawn.rgb} on ${ground.rgb}`).toBeGreaterThanOrEqual(3);
  });
});
