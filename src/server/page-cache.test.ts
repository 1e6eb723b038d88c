import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, pageETag } from './page-cache.ts';

describe('page ETag', () => {
  it('is the same for bodies that differ only in the CSP nonce, different otherwise', () => {
    const a = pageETag(Buffer.from('<script nonce="abc+/=">x</script>abc+/='), 'abc+/=');
    const b = pageETag(Buffer.from('<script nonce="xyz">x</script>xyz'), 'xyz');
    expect(a).toBe(b);
    expect(a).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(pageETag(Buffer.from('<script nonce="xyz">y</script>xyz'), 'xyz')).not.toBe(a);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"c"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});

describe('kept rendered pages', () => {
  async function serve(ttl: number, keyOf?: (url: URL) => string | undefined, renderMaxEntries?: number) {
    const express = (await import('express')).default;
    const { pageCaching } = await import('./page-cache.ts');
    let renders = 0;
    let counter = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${++counter}`;
      next();
    });
    app.use(pageCaching({ cacheControl: 'public, max-age=0', renderTtlMs: ttl, keyOf, renderMaxEntries }));
    app.get('/page', (_req, res) => {
      renders += 1;
      res.type('html').send(`<script nonce="${res.locals.cspNonce}">x</script><p>render ${renders}</p>`);
    });
    app.get('/stale', (_req, res) => {
      renders += 1;
      res.set('X-Content-Stale', '1').type('html').send('<p>stale</p>');
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, renders: () => renders, close: () => new Promise((r) => server.close(r)) };
  }

  it('serves a kept page with the new request nonce, the same ETag, and renders again after the TTL', async () => {
    const site = await serve(200);
    const first = await fetch(`${site.url}/page`);
    const firstText = await first.text();
    const second = await fetch(`${site.url}/page`);
    const secondText = await second.text();
    expect(site.renders()).toBe(1);
    expect(firstText).toContain('nonce="nonce1"');
    expect(secondText).toContain('nonce="nonce2"');
    expect(secondText).toContain('render 1');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    await new Promise((r) => setTimeout(r, 250));
    expect(await (await fetch(`${site.url}/page`)).text()).toContain('render 2');
    await site.close();
  });

  it('never keeps stale pages, and keeps nothing without a TTL', async () => {
    const site = await serve(10_000);
    await fetch(`${site.url}/stale`);
    await fetch(`${site.url}/stale`);
    expect(site.renders()).toBe(2);
    await site.close();
    const uncached = await serve(0);
    await fetch(`${uncached.url}/page`);
    await fetch(`${uncached.url}/page`);
    expect(uncached.renders()).toBe(2);
    await uncached.close();
  });

  it('keys on what the key function keeps: tracking parameters neither render anew nor evict kept pages', async () => {
    const keyOf = (url: URL) => (url.searchParams.has('utm_source') ? undefined : `${url.pathname}?${url.searchParams.get('page') ?? ''}`);
    const site = await serve(10_000, keyOf);
    await fetch(`${site.url}/page?page=2`);
    await fetch(`${site.url}/page?page=2`);
    expect(site.renders()).toBe(1);
    await fetch(`${site.url}/page?page=2&utm_source=mail`);
    await fetch(`${site.url}/page?page=2&utm_source=ad`);
    expect(site.renders()).toBe(3); // rendered, not kept
    const again = await fetch(`${site.url}/page?page=2`);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    await site.close();
  });

  it('a flood of tracking-parameter URLs does not evict the pages everyone asks for', async () => {
    const keyOf = (url: URL) => ([...url.searchParams.keys()].some((k) => k !== 'page') ? undefined : url.pathname + url.search);
    const site = await serve(10_000, keyOf, 2);
    await fetch(`${site.url}/page`);
    for (let i = 0; i < 5; i++) await fetch(`${site.url}/page?gclid=${i}`);
    expect((await fetch(`${site.url}/page`)).headers.get('x-page-cache')).toBe('hit');
    await site.close();
  });
});
