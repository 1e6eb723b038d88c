/**
 * Server-side HTML sanitizing (DOMPurify on one jsdom window). Sanitizing costs ~10 ms per call,
 * so results are cached by input: content responses repeat the same HTML on every request.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { LRUCache } from 'lru-cache';

const cache = new LRUCache<string, string>({ max: 2000 });
let purify: ReturnType<typeof createDOMPurify> | undefined;

function instance() {
  if (!purify) {
    const { window } = new JSDOM('');
    purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('afterSanitizeAttributes', (node) => {
      // Links from content that open a new tab must not hand the page to the target.
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return purify;
}

let iframePurify: ReturnType<typeof createDOMPurify> | undefined;
let iframeSrc: RegExp | undefined;

function iframeInstance() {
  if (!iframePurify) {
    const { window } = new JSDOM('');
    iframePurify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    iframePurify.addHook('uponSanitizeElement', (node, data) => {
      // Embeds survive only from the origin the block schema allows (x-iframe-src).
      if (data.tagName === 'iframe' && !(iframeSrc && iframeSrc.test((node as Element).getAttribute('src') ?? ''))) {
        node.parentNode?.removeChild(node);
      }
    });
    iframePurify.addHook('afterSanitizeAttributes', (node) => {
      // Embeds load only when shown (a map on a tab not chosen yet costs nothing).
      if (node.tagName === 'IFRAME') node.setAttribute('loading', 'lazy');
      // As in sanitizeHtml: a link opening a new tab must not hand the page to the target.
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return iframePurify;
}

/**
 * Like sanitizeHtml, but keeps <iframe> elements whose src matches `allowedSrc` (e.g. map
 * embeds). Attributes are limited to those an embed needs.
 */
export function sanitizeEmbed(html: string, allowedSrc: string): string {
  const key = `${allowedSrc}\u0000${html}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  iframeSrc = new RegExp(allowedSrc);
  const clean = iframeInstance().sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allowfullscreen', 'loading', 'referrerpolicy', 'title', 'width', 'height', 'target'],
    FORBID_ATTR: ['style', 'srcdoc'],
  });
  cache.set(key, clean);
  return clean;
}

export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = instance().sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
  cache.set(html, clean);
  return clean;
}
