/**
 * What the reflow and text-size checks share (focus-obscured.e2e, text-size.e2e): the templates of
 * the keyboard walk, WCAG's text spacing, and how far a page scrolls sideways and why.
 */
import type { Page } from 'playwright-core';

/** The nine templates of issue 20's keyboard walk; `job` stands for the first job page listed on /careers. */
export const TEMPLATES = [
  '/',
  '/blog',
  '/contact',
  '/careers',
  'job',
  '/products/ccm-platform',
  '/partners',
  '/faq-orchestration-platform',
  '/white-paper-case-studies',
] as const;

let jobPath: string | undefined;
export async function pathOf(site: string, template: (typeof TEMPLATES)[number]): Promise<string> {
  if (template !== 'job') return template;
  if (!jobPath) {
    const html = await (await fetch(`${site}/careers`)).text();
    jobPath = /href="(\/careers\/[^"?#]+)"/.exec(html)?.[1];
    if (!jobPath) throw new Error('no job page linked from /careers');
  }
  return jobPath;
}

/** WCAG 1.4.12's text spacing, as a visitor's style sheet would set it. */
export const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important } p { margin-bottom: 2em !important }';

/** How far the page scrolls sideways, and (to say why) the outermost elements sticking out on the right, scrollers' content included. */
export const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && el.parentElement!.getBoundingClientRect().right <= width + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    }
    // Words wider than their own box (a long word in a narrow column, a card too narrow for its
    // title): cut or spilling over what is next to it. Visually hidden text (clipped to 1 px) aside.
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, p, li, dt, dd, label, button, a, legend, th, td')) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.clip !== 'auto' || style.clipPath !== 'none' || !el.checkVisibility()) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        cut.push(
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}" ${el.scrollWidth} > ${el.clientWidth} px`,
        );
    }
    return { by: document.documentElement.scrollWidth - width, sticking: out.slice(0, 5), cut };
  });
