/**
 * Server-side HTML sanitizing (DOMPurify on one jsdom window). Sanitizing costs ~10 ms per call,
 * so results are cached by input: content responses repeat the same HTML on every request.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const MAX_ENTRIES = 2000;
const cache = new Map<string, string>();
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

export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) {
    // Re-insert to keep the map in least-recently-used order.
    cache.delete(html);
    cache.set(html, hit);
    return hit;
  }
  const clean = instance().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
  cache.set(html, clean);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return clean;
}
