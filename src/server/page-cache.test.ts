import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, createPageCache } from './page-cache.ts';

const page = (text: string, status = 200) => ({
  status,
  headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8', ETag: '"e1"', 'Cache-Control': 'public, max-age=0' }),
  body: Buffer.from(text),
});

async function serve(options: { ttlMs?: number; maxEntries?: number; keyOf?: (url: URL) => string | undefined } = {}) {
  const cache = createPageCache({
    ttlMs: options.ttlMs ?? 10_000,
    maxEntries: options.maxEntries ?? 100,
    keyOf: options.keyOf ?? ((url) => url.pathname + url.search),
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
