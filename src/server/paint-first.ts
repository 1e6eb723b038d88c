/**
 * Paint first, hydrate second. The server-rendered page is complete without JavaScript, so the
 * ~120 KB of React and route code has no business competing with the first paint and the hero
 * image for a slow mobile connection. This rewrites React Router's bootstrap in the finished
 * HTML: its module preloads leave <head>, and its inline module script is started from a tiny
 * inline script once the browser has painted (next frame, then a task), re-adding the preloads
 * at that moment so the modules still download in parallel. The full stylesheet, deferred by
 * ./critical-css.ts, is switched on at the same moment.
 *
 * Nothing else changes: the hydration data scripts run as before, and forms typed into before
 * hydration keep their values (src/forms/replay.ts). The bench (npm run bench) measures the gain:
 * LCP against the same HTML without scripts.
 */

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
// React Router's bootstrap: an inline module script (no src) that sets the route manifest.
const BOOTSTRAP = /<script\b([^>]*)>((?:(?!<\/script>)[\s\S])*?window\.__reactRouterManifest[\s\S]*?)<\/script>/;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/** JSON that is safe inside an inline <script> (no "</script>", no "<!--"). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function paintFirst(html: string): string {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap || /\bsrc=/.test(bootstrap[1]) || !/\btype="module"/.test(bootstrap[1])) return html;
  const nonce = attribute(bootstrap[1], 'nonce');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => attribute(m[0], 'href')).filter((href): href is string => Boolean(href));
  const start =
    `(function(){var code=${scriptSafeJson(bootstrap[2])},preloads=${scriptSafeJson(preloads)},nonce=document.currentScript&&document.currentScript.nonce;` +
    `function start(){preloads.forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';l.href=href;if(nonce)l.nonce=nonce;document.head.appendChild(l)});` +
    // The full stylesheet repeats the inlined rules: once it applies, the inline copy goes.
    `document.querySelectorAll('link[data-deferred-style]').forEach(function(l){l.media='all';` +
    `function drop(){document.querySelectorAll('style[data-critical-css]').forEach(function(s){s.remove()})}` +
    `if(l.sheet)drop();else l.addEventListener('load',drop)});` +
    `var s=document.createElement('script');s.type='module';if(nonce)s.nonce=nonce;s.textContent=code;document.body.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(start,0)})})();`;
  const replacement = `<script${nonce ? ` nonce="${nonce}"` : ''}>${start}</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(bootstrap[0], () => replacement);
}
