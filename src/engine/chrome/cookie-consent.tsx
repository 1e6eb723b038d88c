import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { SmartLink } from '../../blocks/shared.tsx';
import type { ResolvedChrome } from '../page-data.ts';

export type ConsentStatus = 'allow' | 'deny';

/**
 * The document's cookies as this page last read them. Reading `document.cookie` is a synchronous
 * round trip to the browser's cookie store, and useSyncExternalStore reads the notice's snapshot
 * at render and again in the passive effects of hydration (the consistency check): that second
 * read alone took 2–3 ms of hydration's effects on a loaded machine, which a slow phone multiplies
 * by ten (issue 32). One read serves until this page writes the consent cookie, or until the page
 * is shown again after being hidden (the visitor may have answered the notice in another tab:
 * only a visible tab's visitor clicks).
 */
let cookies: string | undefined;
function documentCookies(): string {
  if (typeof document === 'undefined') return '';
  if (cookies === undefined) {
    cookies = document.cookie;
    document.addEventListener('visibilitychange', forgetCookies, { once: true });
  }
  return cookies;
}
function forgetCookies(): void {
  cookies = undefined;
}

export function readConsent(cookieName: string, cookie = documentCookies()): string | undefined {
  const entry = cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`));
  return entry ? decodeURIComponent(entry.slice(cookieName.length + 1)) : undefined;
}

function writeConsent(config: ResolvedChrome['cookieConsent'], status: ConsentStatus) {
  const maxAge = (config.maxAgeDays ?? 365) * 24 * 60 * 60;
  const domain = config.cookieDomain ? `; domain=${config.cookieDomain}` : '';
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${config.cookieName}=${status}; path=/; max-age=${maxAge}; SameSite=Lax${domain}${secure}`;
  cookies = undefined;
}

// document.cookie has no change event: writers here notify the subscribed notices (and the Web
// Vitals reporting, ./web-vitals.ts, which waits for the visitor's choice).
const listeners = new Set<() => void>();
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Bottom-right cookie notice. The server renders it hidden (it cannot know the visitor's choice
 * without varying cached HTML); after hydration the cookie decides. It is fixed-position, so
 * appearing shifts no layout.
 * It never hides what has focus (WCAG 2.4.11): it comes first in the tab order (right after the
 * skip link), Escape closes it from anywhere (status deny, like its close button, SPEC §2), and
 * while it shows it reserves its height at the bottom of the page (scroll padding and room below
 * the footer), so a focused element scrolls clear of it.
 */
export function CookieConsent({ config }: { config: ResolvedChrome['cookieConsent'] }) {
  const visible = useSyncExternalStore(
    subscribeConsent,
    () => readConsent(config.cookieName) === undefined,
    () => false,
  );
  const box = useRef<HTMLElement>(null);
  // Where focus came from when it entered the notice: it goes back there when the notice closes.
  const cameFrom = useRef<HTMLElement | null>(null);

  const choose = (status: ConsentStatus) => {
    const notice = box.current;
    const hadFocus = notice !== null && notice.contains(document.activeElement);
    writeConsent(config, status);
    listeners.forEach((listener) => listener());
    if (hadFocus) {
      const back = cameFrom.current?.isConnected ? cameFrom.current : document.getElementById('main');
      back?.focus({ preventScroll: true });
    }
  };
  const onEscape = useEffectEvent(() => choose('deny'));

  useEffect(() => {
    const notice = box.current;
    if (!visible || !notice) return;
    // The notice's height (its box plus the gap below it) is kept by <html>'s scroll padding and
    // <body>'s padding and white layer (src/styles/chrome.css), set as standard properties: not a
    // custom property on <html> (Chromium restyles the whole document for any change of one on the
    // root element, even a non-inherited one: 6–8 ms on /press and /; a standard property 0.2 ms),
    // nor one registered by @property (the inlined CSS cannot hold it, and the deferred stylesheet
    // holding it restyled every element when it applied).
    const root = document.documentElement.style;
    const body = document.body.style;
    let reserved = '';
    // Measured when the browser has laid the page out anyway (the observer's first call comes
    // after the notice's first layout), never by forcing a layout while the page hydrates.
    // From its laid-out place (offsetTop), not its painted box: it enters sliding up 12 px, and a
    // box measured mid-slide kept the space 12 px short (the footer's end stayed under the notice).
    const reserve = () => {
      const bottomGap = window.innerHeight - (notice.offsetTop + notice.offsetHeight);
      const value = `${Math.ceil(notice.offsetHeight + Math.max(0, bottomGap))}px`;
      if (value === reserved) return;
      reserved = value;
      root.scrollPaddingBottom = value;
      body.paddingBottom = value;
      body.backgroundSize = `100% calc(100% - ${value})`;
    };
    const observer = new ResizeObserver(reserve);
    observer.observe(notice);
    window.addEventListener('resize', reserve);
    // Content above the focused element can grow after focus has moved on (a form hydrating shows
    // the errors of the fields a keyboard visitor passed through): the element then slides under
    // the notice. It is scrolled clear at once, in the same task as the change (a mutation
    // observer's callback runs before anything else can paint or read the page), or on the next
    // frame for a change no mutation makes (an image arriving). Scroll padding keeps it above the notice.
    const keepFocusClear = () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body || notice.contains(focused)) return;
      const box = focused.getBoundingClientRect();
      if (box.bottom > notice.getBoundingClientRect().top && box.top < window.innerHeight) focused.scrollIntoView({ block: 'nearest' });
    };
    const mutations = new MutationObserver(keepFocusClear);
    mutations.observe(document.body, { childList: true, subtree: true, characterData: true });
    const resizes = new ResizeObserver(keepFocusClear);
    resizes.observe(document.body);
    // Focus moving into an embedded frame (an office's map) fires no focus event in this document,
    // only the window's blur; the frame is then the active element, and a browser may leave it
    // where it was, under the notice. Scrolled clear at once, and again after the browser's own
    // scroll (if any) on the next frame.
    const onWindowBlur = () => {
      keepFocusClear();
      requestAnimationFrame(keepFocusClear);
    };
    window.addEventListener('blur', onWindowBlur);
    // Escape closes the notice unless something else (a menu, a dialog) handles it. Heard in the
    // capture phase, so a listener that stops it on its way (React holds back events aimed at a
    // form still hydrating, src/blocks/island.tsx) cannot hide it; judged once it has been handled.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setTimeout(() => {
        if (!event.defaultPrevented) onEscape();
      }, 0);
    };
    window.addEventListener('keydown', onKey, true);
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !notice.contains(from)) cameFrom.current = from;
    };
    notice.addEventListener('focusin', onFocusIn);
    return () => {
      notice.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      mutations.disconnect();
      resizes.disconnect();
      window.removeEventListener('blur', onWindowBlur);
      window.removeEventListener('resize', reserve);
      window.removeEventListener('keydown', onKey, true);
      root.removeProperty('scroll-padding-bottom');
      body.removeProperty('padding-bottom');
      body.removeProperty('background-size');
    };
  }, [visible]);

  // Rendered on the server too, hidden: its classes are then in the page's HTML, so its rules are in
  // the inlined critical CSS, and it shows fixed at the bottom even before the full stylesheet has
  // arrived (it used to sit in the flow above the header until then, and the page jumped).
  return (
    <section
      ref={box}
      className="cookie-consent"
      hidden={!visible}
      role="dialog"
      aria-modal="false"
      aria-label="Cookie consent"
      aria-live="polite"
    >
      <button type="button" className="cookie-consent__close" aria-label="Close cookie notice" onClick={() => choose('deny')}>
        <span aria-hidden="true">×</span>
      </button>
      <p className="cookie-consent__message">
        {config.message}{' '}
        <SmartLink href={config.linkHref} className="cookie-consent__link">
          {config.linkLabel}
        </SmartLink>
      </p>
      <div className="cookie-consent__actions">
        <button type="button" className="button button--secondary" onClick={() => choose('deny')}>
          {config.deny}
        </button>
        <button type="button" className="button button--primary" onClick={() => choose('allow')}>
          {config.allow}
        </button>
      </div>
    </section>
  );
}
