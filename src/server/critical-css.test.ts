import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, inlineCriticalCss, parseStylesheet } from './critical-css.ts';

const CSS =
  ':root{--ink:#111}body{margin:0}.card{padding:1rem}.card:hover .card__title{color:red}.flip-card{transform:none}' +
  '.a,.b{color:blue}.form:not(.form--sent){opacity:1}.block>:is(.card,.x-grid){margin:0}.list:has(>.gone){gap:0}@media (min-width:768px){.card{padding:2rem}.flip-card{width:50%}}' +
  '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}' +
  "@property --h{syntax:'<length>';inherits:false;initial-value:0px}";

describe('critical CSS', () => {
  it('keeps the rules whose classes all occur on the page, inside media queries too', () => {
    const css = criticalCss(parseStylesheet(CSS), new Set(['card', 'card__title', 'b', 'form', 'block', 'list']));
    expect(css).toContain(':root{--ink:#111}');
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.card:hover .card__title{color:red}');
    expect(css).toContain('.b{color:blue}');
    expect(css).not.toContain('.a,');
    expect(css).toContain('.form:not(.form--sent)');
    // Lists inside :is()/:has() match when any entry does: such rules stay.
    expect(css).toContain('.block>:is(.card,.x-grid){margin:0}');
    expect(css).toContain('.list:has(>.gone){gap:0}');
    expect(css).toContain('@media (min-width:768px){.card{padding:2rem}}');
    expect(css).not.toContain('flip-card');
    expect(css).toContain('@keyframes spin');
    expect(css).toContain('@font-face');
    // Registered properties wait for the full stylesheet (the HTML checker rejects them inline).
    expect(css).not.toContain('@property');
  });

  it("the site's styles register no custom property: the deferred stylesheet holding one made its switch restyle twice as long (issue 32)", () => {
    // Inline, the HTML checker rejects @property; in the full stylesheet, switched on after the first
    // paint, it doubled that whole-document restyle (/contact: 4.7–5.3 ms against 9.3–10.5 here).
    const css = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
    expect(css.length).toBeGreaterThan(10);
    const sheets = css.filter((file) => readFileSync(path.join('src', file), 'utf8').includes('@property'));
    expect(sheets).toEqual([]);
  });

  it('reads class names from the HTML', () => {
    expect([...classesIn('<div class="a  b"><p class="c">x</p></div>')].sort()).toEqual(['a', 'b', 'c']);
  });

  it('inlines them and defers the stylesheet, with a noscript fallback; pages without the stylesheet stay as they are', () => {
    const client = mkdtempSync(path.join(tmpdir(), 'critical-'));
    mkdirSync(path.join(client, 'assets'));
    writeFileSync(path.join(client, 'assets/site.css'), CSS);
    const transform = inlineCriticalCss(client);
    const html =
      '<html><head><link nonce="n" rel="stylesheet" href="/assets/site.css"/></head><body><div class="card">x</div></body></html>';
    const out = transform(html);
    expect(out).toContain('<style data-critical-css>');
    expect(out).toContain('.card{padding:1rem}');
    expect(out).not.toContain('.flip-card');
    expect(out).toContain('<link nonce="n" rel="stylesheet" href="/assets/site.css" media="print" data-deferred-style/>');
    expect(out).toContain('<noscript><link nonce="n" rel="stylesheet" href="/assets/site.css"/></noscript>');
    expect(transform('<html><head></head><body></body></html>')).toBe('<html><head></head><body></body></html>');
    const missing = '<html><head><link rel="stylesheet" href="/assets/gone.css"/></head></html>';
    expect(transform(missing)).toBe(missing);
  });
});
