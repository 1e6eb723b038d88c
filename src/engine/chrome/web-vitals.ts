/**
 * What the first load carries of the Web Vitals reporting (docs/operations.md, "Web Vitals"): the
 * paths the visitor is shown, and the decision when to load the reporter (./web-vitals-reporter.ts,
 * with Google's web-vitals library) — after the page's load event and an idle moment, so it never
 * competes with the page, and only when a report may be sent: the visitor accepted the cookie notice
 * ('Ok'), or the site's `vitals.requireConsent` is false. Until the visitor chooses, it waits for the
 * choice; a refusal (or the notice closed) loads nothing. The library reads the browser's buffered
 * performance entries, so loading late misses nothing of the page's load.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { browserConfig } from '../site-browser.ts';
import { readConsent, subscribeConsent } from './cookie-consent.tsx';
import type { Reporter } from './web-vitals-reporter.ts';

/** The document's reporting, shared by every page shell it renders (one per document). */
const state: { landing?: string; path?: string; reporter?: Reporter } = {};

/** After the load event and the first idle moment (a timeout where the browser has no requestIdleCallback). */
function whenIdle(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

function start(cookieName: string): void {
  const requireConsent = browserConfig.vitals?.requireConsent ?? true;
  const allowed = () => !requireConsent || readConsent(cookieName) === 'allow';
  const load = () =>
    whenIdle(() => {
      void import('./web-vitals-reporter.ts').then(({ startReporter }) => {
        state.reporter = startReporter({ landing: state.landing!, path: state.path!, allowed });
      });
    });
  if (allowed()) return load();
  if (readConsent(cookieName) !== undefined) return;
  const stop = subscribeConsent(() => {
    if (readConsent(cookieName) === undefined) return;
    stop();
    if (allowed()) load();
  });
}

/** Reports this document's Web Vitals, per page view, when consent allows (`cookieName`: the notice's cookie). */
export function useWebVitals(cookieName: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    state.path = pathname;
    if (state.landing === undefined) {
      state.landing = pathname;
      start(cookieName);
    }
    state.reporter?.show(pathname);
  }, [pathname, cookieName]);
}
