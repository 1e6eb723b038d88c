import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishDocument, scriptHashes, type DocumentSettings, type FinishedPage } from './document.ts';

const HTML =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js"/></head><body><main>Hi</main>' +
  '<script type="application/ld+json">{"@type":"Thing"}</script><script>window.__reactRouterContext = {};</script>' +
  '<script type="module" async="">import "/assets/entry.js";\nwindow.__reactRouterManifest = {};</script></body></html>';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

function settings(kept: FinishedPage[] = []): DocumentSettings {
  return {
    paintFirst: true,
    csp: true,
    imageOrigin: 'https://images.example.com',
    cacheControl: 'public, max-age=0, s-maxage=60',
    keep: (_url, page) => kept.push(page),
  };
}

const finish = (headers: Record<string, string> = {}, status = 200, responseHeaders = new Headers(), kept: FinishedPage[] = []) =>
  finishDocument(new Request('http://site.local/blog', { headers }), status, responseHeaders, HTML, settings(kept));

describe('the finished document', () => {
  it('is the same bytes for every visitor, with a CSP listing the hash of each script it runs', async () => {
    const [a, b] = [finish(), finish()];
    const [textA, textB] = [await a.text(), await b.text()];
    expect(textA).toBe(textB);
    const csp = a.headers.get('content-security-policy')!;
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).not.toMatch(/nonce|unsafe-inline'? [^;]*script/);
    expect(csp).toContain(hash('window.__reactRouterContext = {};'));
    // The bootstrap module runs later, from the paint-first starter: its hash is listed too.
    expect(csp).toContain(hash('import "/assets/entry.js";\nwindow.__reactRouterManifest = {};'));
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

  it('offers whole pages to the page cache, never stale ones or errors', () => {
    const kept: FinishedPage[] = [];
    finish({}, 200, new Headers(), kept);
    finish({}, 404, new Headers(), kept);
    finish({}, 200, new Headers({ 'X-Content-Stale': '1' }), kept);
    finish({}, 502, new Headers(), kept);
    expect(kept.map((p) => p.status)).toEqual([200, 404]);
  });

  it('hashes only scripts a browser runs', () => {
    expect(scriptHashes('<script src="/a.js"></script><script type="application/json">{}</script><script>x()</script>')).toEqual([
      hash('x()'),
    ]);
  });
});
