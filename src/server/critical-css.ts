/**
 * Critical CSS, inline. The site has one stylesheet (~14 KB gzip) that would block the first
 * paint for a whole round trip on a mobile connection. For each page the server keeps only the
 * rules whose classes all occur in that page's HTML (ids and pseudo-classes aside: a conservative
 * filter, so every element on the page is styled, hover and media queries included), inlines them
 * in <head>, and turns the stylesheet link into a non-blocking one (media="print") that the
 * paint-first starter (./paint-first.ts) switches on after the first paint; it then serves the
 * states only JavaScript adds and later navigations, from the immutable asset cache. Without
 * JavaScript a <noscript> link applies it.
 *
 * Filtering costs a few milliseconds; results are cached by the page's set of classes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import postcss, { type AtRule, type ChildNode, type Root, type Rule } from 'postcss';

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/;
const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;
const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
// Rules inside these are kept or dropped as a whole (fonts, animations, page boxes).
const KEEP_WHOLE = new Set(['font-face', 'keyframes', 'page', 'counter-style', 'layer']);
// Left to the full stylesheet: the HTML checker (vnu) does not know @property inside an inline
// <style>. The site's styles have none (a test): there it doubled the full stylesheet's switch.
const LATER = new Set(['property']);

interface Parsed {
  root: Root;
  /** Class names each selector needs, per rule. */
  needs: Map<Rule, string[][]>;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * Class names a selector needs on the page. Those inside functional pseudo-classes do not count:
 * :not() negates, and :is()/:where()/:has() lists match when any one of them does.
 */
function classesOf(selector: string): string[] {
  let outer = selector;
  // Innermost parentheses first, until none are left (nesting is shallow in practice).
  for (let previous = ''; previous !== outer;) {
    previous = outer;
    outer = outer.replace(/:[\w-]+\([^()]*\)/g, '');
  }
  return [...outer.matchAll(CLASS_IN_SELECTOR)].map((m) => m[1]);
}

export function parseStylesheet(css: string): Parsed {
  const root = postcss.parse(css);
  const needs = new Map<Rule, string[][]>();
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && KEEP_WHOLE.has((rule.parent as AtRule).name)) return;
    needs.set(
      rule,
      rule.selectors.map((selector) => classesOf(selector)),
    );
  });
  return { root, needs };
}

/** The rules of `parsed` that can apply to a page whose elements carry `classes`. */
export function criticalCss(parsed: Parsed, classes: ReadonlySet<string>): string {
  const out = parsed.root.clone({ nodes: [] });
  const copy = (nodes: ChildNode[], into: Root | AtRule) => {
    for (const node of nodes) {
      if (node.type === 'rule') {
        const needs = parsed.needs.get(node);
        if (!needs) {
          into.append(node.clone());
          continue;
        }
        const kept = node.selectors.filter((_, i) => needs[i].every((name) => classes.has(name)));
        if (kept.length > 0) into.append(node.clone({ selectors: kept }));
      } else if (node.type === 'atrule') {
        if (LATER.has(node.name)) continue;
        if (!node.nodes || KEEP_WHOLE.has(node.name)) {
          into.append(node.clone());
          continue;
        }
        const inner = node.clone({ nodes: [] });
        copy(node.nodes, inner);
        if (inner.nodes && inner.nodes.length > 0) into.append(inner);
      }
    }
  };
  copy(parsed.root.nodes, out);
  return out.toString();
}

export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) for (const name of match[1].split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * Returns a transform for finished HTML documents that inlines the critical CSS of the page's
 * stylesheet (read from `clientDirectory`, the built assets) and defers the full stylesheet.
 */
export function inlineCriticalCss(clientDirectory: string): (html: string) => string {
  const sheets = new Map<string, Parsed | null>();
  const cache = new LRUCache<string, string>({ max: 200 });
  const sheet = (href: string): Parsed | null => {
    if (!sheets.has(href)) {
      try {
        // Only built assets: an href is never a path outside the client directory.
        const file = path.join(clientDirectory, path.normalize(href).replace(/^([/\\]|\.\.)+/, ''));
        sheets.set(href, file.startsWith(clientDirectory) ? parseStylesheet(readFileSync(file, 'utf8')) : null);
      } catch {
        sheets.set(href, null);
      }
    }
    return sheets.get(href) ?? null;
  };
  return (html) => {
    const link = STYLESHEET.exec(html);
    const href = link && attribute(link[0], 'href');
    if (!link || !href || !href.startsWith('/') || /\bmedia=/.test(link[0])) return html;
    const parsed = sheet(href);
    if (!parsed) return html;
    const classes = classesIn(html);
    const key = `${href}\n${[...classes].sort().join(' ')}`;
    let css = cache.get(key);
    if (css === undefined) {
      css = criticalCss(parsed, classes);
      cache.set(key, css);
    }
    const style = `<style data-critical-css>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    const deferred = link[0].replace(/\s*\/?>$/, ' media="print" data-deferred-style/>');
    return html.replace(link[0], () => `${style}${deferred}<noscript>${link[0]}</noscript>`);
  };
}
