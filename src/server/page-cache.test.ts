import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, createPageCache, MEMO_MAX_CHARS, MEMO_TARGET_MAX, type PageCache } from './page-cache.ts';

const page = (text: string, status = 200) => ({
  status,
  headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8', ETag: '"e1"', 'Cache-Control': 'public, max-age=0' }),
  body: Buffer.from(text),
});

async function serve(options: { ttlMs?: number; maxEntries?: number; keyOf?: (url: URL) => string | undefined } = {}) {
  const cache = createPageCache({
    ttlMs: options.ttlMs ?? 10_000,
    maxEntries: options.maxEntries ?? 100,
    keyOf: (url) => {
      const key = (options.keyOf ?? ((u: URL) => u.pathname + u.search))(url);
      return key === undefined ? undefined : { key };
    },
  });
  let renders = 0;
  const server: Server = createServer((req, res) => {
    if (cache.serve(req, res)) return;
    renders += 1;
    const text = `<p>render ${renders}</p>`;
    if (!req.url?.startsWith('/stale')) cache.keep(`http://site.local${req.url}`, page(text));
    res.setHeader('Content-Type', 'text/html');
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, renders: () => renders, close: () => new Promise((r) => server.close(r)) };
}

describe('kept rendered pages', () => {
  it('serves the kept bytes with their headers, and gzip or brotli when accepted', async () => {
    const site = await serve();
    expect(await (await fetch(`${site.url}/page`)).text()).toBe('<p>render 1</p>');
    const again = await fetch(`${site.url}/page`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(again.headers.get('etag')).toBe('"e1"');
    expect(await again.text()).toBe('<p>render 1</p>');
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
        void import('node:http').then(({ get }) =>
          get(`${site.url}/page`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          }),
        );
      });
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('<p>render 1</p>');
    const br = await raw('gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('<p>render 1</p>');
    expect(site.renders()).toBe(1);
    await site.close();
  });

  it('answers a fresh conditional GET with 304', async () => {
    const site = await serve();
    await fetch(`${site.url}/page`);
    // Node's http, not fetch: fetch marks requests with conditional headers `Cache-Control: no-cache`.
    const { get } = await import('node:http');
    const conditional = await new Promise<{ status?: number; type?: string }>((resolve) =>
      get(`${site.url}/page`, { headers: { 'If-None-Match': '"e1"' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, type: res.headers['content-type'] });
      }),
    );
    expect(conditional).toEqual({ status: 304, type: undefined });
    await site.close();
  });

  it('renders again after the TTL, and keeps nothing without one', async () => {
    const site = await serve({ ttlMs: 150 });
    await fetch(`${site.url}/page`);
    await fetch(`${site.url}/page`);
    expect(site.renders()).toBe(1);
    await new Promise((r) => setTimeout(r, 250));
    expect(await (await fetch(`${site.url}/page`)).text()).toBe('<p>render 2</p>');
    await site.close();
    const uncached = await serve({ ttlMs: 0 });
    await fetch(`${uncached.url}/page`);
    await fetch(`${uncached.url}/page`);
    expect(uncached.renders()).toBe(2);
    await uncached.close();
  });

  it('keys on what the key function keeps: tracking parameters neither render anew nor evict kept pages', async () => {
    const keyOf = (url: URL) => ([...url.searchParams.keys()].some((k) => k !== 'page') ? undefined : url.pathname + url.search);
    const site = await serve({ keyOf, maxEntries: 2 });
    await fetch(`${site.url}/page?page=2`);
    await fetch(`${site.url}/page?page=2`);
    expect(site.renders()).toBe(1);
    for (let i = 0; i < 5; i++) await fetch(`${site.url}/page?page=2&gclid=${i}`);
    expect(site.renders()).toBe(6); // rendered, not kept
    expect((await fetch(`${site.url}/page?page=2`)).headers.get('x-page-cache')).toBe('hit');
    await site.close();
  });

  it('picks the encoding from Accept-Encoding, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

/** A bare Node request and response, for calling the cache without a server, in the site's order (`only`: one of the two). */
function call(cache: PageCache, target: string, only?: 'serve' | 'serveNotFound') {
  const res = {
    statusCode: 200,
    headers: {} as Record<string, unknown>,
    body: undefined as unknown,
    setHeader(name: string, value: unknown) {
      this.headers[name.toLowerCase()] = value;
    },
    end(body?: unknown) {
      this.body = body;
    },
  };
  const req = { method: 'GET', url: target, headers: {} } as unknown as IncomingMessage;
  const served = (['serve', 'serveNotFound'] as const).some(
    (step) => (!only || only === step) && cache[step](req, res as unknown as ServerResponse),
  );
  return served ? { status: res.statusCode, text: String(res.body) } : undefined;
}

/**
 * A site in miniature: answers from the cache, else "renders" as React Router does — the URL
 * @react-router/express builds (the target appended to the origin) — and offers the page back.
 * Known paths are pages, anything else the not-found page under one key.
 */
function miniSite(cache: PageCache) {
  let renders = 0;
  return {
    renders: () => renders,
    get(target: string) {
      const kept = call(cache, target);
      if (kept) return { ...kept, hit: true };
      renders += 1;
      const rendered = new URL(`http://127.0.0.1:3000${target}`);
      const status = /^\/(|page|hot|u\d+)$/.test(rendered.pathname) ? 200 : 404;
      const text = status === 200 ? `page ${rendered.pathname}${rendered.search}` : 'not found';
      cache.keep(rendered.href, page(text, status));
      return { status, text, hit: false };
    },
  };
}

const siteKeys = (url: URL) =>
  /^\/(|page|hot|u\d+)$/.test(url.pathname) ? { key: url.pathname + url.search } : { key: '404', notFound: true };

describe('keys and admission', () => {
  it('reads a target as React Router does: no spelling keeps a page under another URL, and none throws', () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 100, keyOf: siteKeys });
    const site = miniSite(cache);
    for (const hostile of [
      '//x/',
      '//x/page',
      '/\\x/page',
      '//x.example:80/page',
      '//u@x/page',
      '//127.0.0.1/page',
      '/\\\\x/page',
      '///x/page',
    ]) {
      site.get(hostile);
    }
    for (const plain of ['/', '/page']) expect(site.get(plain), plain).toMatchObject({ status: 200, text: `page ${plain}` });
    for (const unreadable of ['//', '/\\', '///', '*', 'http://x:y/']) expect(() => call(cache, unreadable), unreadable).not.toThrow();
  });

  it('keeps a 404 only under the not-found key and a page never there', () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 100, keyOf: siteKeys });
    cache.keep('http://h/page', page('not found', 404));
    cache.keep('http://h/nothing-here', page('a page', 200));
    expect(call(cache, '/page')).toBeUndefined();
    expect(call(cache, '/other-unknown')).toBeUndefined();
    cache.keep('http://h/nothing-here', page('not found', 404));
    expect(call(cache, '/yet-another-unknown')).toEqual({ status: 404, text: 'not found' });
    // Before the app's own routes only pages are answered: the not-found page comes after them.
    expect(call(cache, '/yet-another-unknown', 'serve')).toBeUndefined();
    expect(call(cache, '/page', 'serveNotFound')).toBeUndefined();
  });

  it('a hot page stays kept through a flood of 20,000 unique URLs, each asked once or twice', () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 50, keyOf: siteKeys });
    const site = miniSite(cache);
    for (let i = 0; i < 3; i++) site.get('/hot');
    for (const times of [1, 2]) {
      for (let i = 0; i < 20_000; i++) for (let t = 0; t < times; t++) site.get(`/page?flood=${times}-${i}`);
      expect(site.get('/hot'), `flood of URLs asked ${times}×`).toMatchObject({ hit: true, text: 'page /hot' });
    }
    // Unknown URLs all share the one not-found page: rendered once, then kept.
    const before = site.renders();
    for (let i = 0; i < 1_000; i++) site.get(`/unknown-${i}`);
    expect(site.renders() - before).toBe(1);
    expect(cache.stats().pages).toBeLessThanOrEqual(50);
  }, 30_000);

  it('remembers the key of a target within a bounded size, and never a long target', () => {
    let reads = 0;
    const cache = createPageCache({
      ttlMs: 10_000,
      maxEntries: 10,
      keyOf: (url) => {
        reads += 1;
        return { key: url.pathname };
      },
    });
    const long = `/0/${'x'.repeat(15_000)}`;
    call(cache, long, 'serve');
    call(cache, long, 'serve');
    expect(reads, 'a 15 KB target is read anew each time, not remembered').toBe(2);
    for (let i = 0; i < 1_000; i++) call(cache, `/${i}/${'x'.repeat(15_000)}`, 'serve');
    expect(cache.stats().memo.chars).toBe(0);
    for (let i = 0; i < 3_000; i++) call(cache, `/${i}/${'y'.repeat(MEMO_TARGET_MAX - 10)}`, 'serve');
    const { entries, chars } = cache.stats().memo;
    expect(chars).toBeLessThanOrEqual(MEMO_MAX_CHARS);
    expect(entries).toBeGreaterThan(0);
    reads = 0;
    call(cache, '/short', 'serve');
    call(cache, '/short', 'serve');
    expect(reads, 'a short target is remembered').toBe(1);
  });
});
