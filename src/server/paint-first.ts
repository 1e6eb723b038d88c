/**
 * Paint first, hydrate second. The server-rendered page is complete without JavaScript, so the
 * ~120 KB of React and route code has no business competing with the first paint and the hero
 * image for a slow mobile connection. This rewrites React Router's bootstrap in the finished
 * HTML: its module preloads leave <head>, and its inline module script is started by
 * `startAfterPaint` (below, inlined as its own source) once the browser has painted (next frame,
 * then a task), re-adding the preloads at that moment so the modules still download in parallel.
 * The full stylesheet, deferred by ./critical-css.ts, is switched on at the same moment (the inlined
 * critical CSS stays: it precedes the full stylesheet, so the cascade is the full stylesheet's).
 *
 * Nothing else changes: the hydration data scripts run as before, and forms typed into before
 * hydration keep their values (src/forms/replay.ts); the starter also runs that file's
 * recordVisits at once, so a field left before the form's code ran counts as touched. The bench
 * (npm run bench) measures the gain: LCP against the same HTML without scripts. The scripts it
 * creates are allowed by the page's hash-based CSP (./document.ts): 'strict-dynamic' trusts what
 * a trusted script adds, and the bootstrap's own hash is listed too.
 */
import { recordVisits } from '../forms/replay.ts';

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
// React Router's bootstrap: an inline module script (no src) that imports the route modules and
// sets them (with route discovery "initial", it imports the route manifest instead of setting it).
const BOOTSTRAP = /<script\b([^>]*)>((?:(?!<\/script>)[\s\S])*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/;

/**
 * Runs in the browser, as the source text of this function (inlined, below): it must not use
 * anything from this module's scope (no imports, no helpers).
 */
export function startAfterPaint(code: string, preloads: string[]): void {
  // Each step in a task of its own (issue 32): appending one preload link or the module script
  // costs 0.3–16 ms on a loaded machine (a request set up, the CSP checked, the module compiled),
  // and one task for all of them was 5–25 ms, a long task once a slow phone multiplies it by ten.
  // Tasks queued together run in order, with nothing else of the page's between them but input.
  function later(step: () => void) {
    setTimeout(step, 0);
  }
  function start() {
    preloads.forEach(function (href) {
      later(function () {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.appendChild(link);
      });
    });
    // The full stylesheet repeats the inlined rules, which come first and so change nothing once it
    // applies: the inline copy stays. Removing it made the browser restyle the whole document again
    // (7–20 ms measured here, ×8 on a low-tier phone) for no visible change.
    later(function () {
      document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]').forEach(function (link) {
        link.media = 'all';
      });
    });
    later(function () {
      const script = document.createElement('script');
      script.type = 'module';
      script.textContent = code;
      document.body.appendChild(script);
    });
  }
  requestAnimationFrame(function () {
    later(start);
  });
}

/**
 * A function's source as every page carries it: without the build's indentation and annotations
 * (none of the inlined functions has a string over several lines).
 */
function inlined(run: (...args: never[]) => void): string {
  return run
    .toString()
    .replace(/\/\* @__PURE__ \*\/ /g, '')
    .replace(/\n\s+/g, '\n');
}

/** JSON that is safe inside an inline <script> (no "</script>", no "<!--"). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PaintFirst {
  html: string;
  /** Inline code the page starts by script (the bootstrap): the CSP lists its hash too. */
  started: string[];
}

export function paintFirst(html: string): PaintFirst {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap || /\bsrc=/.test(bootstrap[1]) || !/\btype="module"/.test(bootstrap[1])) return { html, started: [] };
  const preloads = [...html.matchAll(MODULE_PRELOAD)]
    .map((m) => /\bhref="([^"]*)"/.exec(m[0])?.[1])
    .filter((href): href is string => Boolean(href));
  const starter = `(${inlined(recordVisits)})();(${inlined(startAfterPaint)})(${scriptSafeJson(bootstrap[2])},${scriptSafeJson(preloads)});`;
  return {
    html: html.replace(MODULE_PRELOAD, '').replace(bootstrap[0], () => `<script>${starter}</script>`),
    started: [bootstrap[2]],
  };
}
