import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** The element a hash names, if any (`#articles` → the element with id "articles"). */
function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** Focuses an element that is no control (heading, section, main) without scrolling: the router has scrolled already. */
function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.dataset.routeFocus = 'true';
  element.focus({ preventScroll: true });
}

/**
 * Focus and announcement after client-side navigation (WCAG 2.4.3, 4.1.3). A server-rendered
 * page load is left alone: the browser starts at the top and screen readers read the new
 * document. After a client-side move to another page (another path), focus goes to the target
 * of the URL's hash if there is one, else to the new page's h1, else to main, so the next Tab
 * is the first control after it; a polite live region reads the new title.
 * A move within the same page (same path: pagination, category tabs and filters change only the
 * query, and scroll to their list's "anchor") keeps the visitor where they are: focus stays on
 * the control they used, and only if that control went away (focus fell to the body) does it go
 * to the list's anchor, so the next Tab continues in the list rather than at the page's top.
 */
export function RouteFocus() {
  const location = useLocation();
  const [message, setMessage] = useState('');
  const lastPath = useRef<string | undefined>(undefined);
  const lastKey = useRef<string | undefined>(undefined);

  useEffect(() => {
    // The same location again is no navigation: React's development double run of effects took
    // the first load for a move within the page and focused main (in the editor's preview frame,
    // that pulled the editor's focus into the frame, and its shortcuts went with it).
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const before = lastPath.current;
    lastPath.current = location.pathname;
    if (before === undefined) return;
    const main = document.getElementById('main');
    if (before === location.pathname) {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const target = hashTarget(location.hash) ?? main;
      if (target) focusQuietly(target);
      return;
    }
    const target = hashTarget(location.hash) ?? main?.querySelector<HTMLElement>('h1') ?? main;
    if (target) focusQuietly(target);
    // The same words twice would not be read again: clear first, then name the page.
    setMessage('');
    const frame = requestAnimationFrame(() => setMessage(document.title));
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, location.hash]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </p>
  );
}
