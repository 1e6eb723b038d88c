/**
 * Checks of HTML content (props the block schema marks "contentMediaType": "text/html"), parsed
 * with jsdom: images without alt text and links without text (errors), headings that skip a level
 * and the same link text for different targets (warnings); its site links go to checkLink.
 */
import { JSDOM } from 'jsdom';
import { checkLink } from './links.ts';
import type { At, Finding, HtmlLink, PageContext } from './types.ts';

/** What a screen reader announces for a link: its text, aria-label, images' alt or title. */
function linkText(a: Element): string {
  const imageAlts = [...a.querySelectorAll('img[alt]')]
    .map((i) => i.getAttribute('alt')?.trim())
    .join(' ')
    .trim();
  const text = a.textContent?.trim() || a.getAttribute('aria-label')?.trim() || imageAlts || a.getAttribute('title')?.trim() || '';
  return text.replace(/\s+/g, ' ');
}

export function auditHtml(page: PageContext, html: string, at: At): void {
  const fragment = JSDOM.fragment(html);
  for (const img of fragment.querySelectorAll('img')) {
    if (!img.hasAttribute('alt')) {
      page.findings.push({
        severity: 'error',
        ...at,
        message: `<img src="${img.getAttribute('src') ?? ''}"> has no alt text (use alt="" only for decoration)`,
      });
    }
  }
  for (const a of fragment.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    const text = linkText(a);
    if (!text) page.findings.push({ severity: 'error', ...at, message: `the link to ${href} has no text` });
    else page.htmlLinks.push({ text, href, pointer: at.pointer, path: at.path });
    checkLink(page, href, at);
  }
  let previous: number | undefined;
  for (const heading of fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Number(heading.tagName[1]);
    if (previous !== undefined && level > previous + 1) {
      const text = heading.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) ?? '';
      page.findings.push({
        severity: 'warning',
        ...at,
        message: `heading <h${level}> "${text}" follows an <h${previous}>: it skips a level`,
      });
    }
    previous = level;
  }
}

/** The same link text for different targets (in a page's HTML) confuses screen-reader users. */
export function sameTextLinks(links: HtmlLink[]): Finding[] {
  const byText = new Map<string, HtmlLink[]>();
  for (const link of links) byText.set(link.text.toLowerCase(), [...(byText.get(link.text.toLowerCase()) ?? []), link]);
  return [...byText.values()].flatMap((group) => {
    const targets = [...new Set(group.map((l) => l.href))];
    if (targets.length < 2) return [];
    const [first] = group;
    return [
      {
        severity: 'warning' as const,
        pointer: first.pointer,
        path: first.path,
        message: `link text "${first.text}" is used for ${targets.length} different targets (${targets.slice(0, 4).join(', ')}): say where each link goes`,
      },
    ];
  });
}
