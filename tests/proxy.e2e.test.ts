/**
 * The content credential is used only for the content contract: thousands of crafted paths
 * (backslashes, encoded and double-encoded dots and slashes, Unicode dots, overlong values,
 * absolute URLs) through the /api proxy and the page routes never make the site ask its content
 * service for anything but a contract path with that endpoint's own query parameters.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../schemas/content/contract.json' with { type: 'json' };
import type { ContentContract } from '../src/generated/content-contract.ts';
import { ContractPaths } from '../src/engine/contract-paths.ts';
import { siteBrand } from '../tools/content-service/contract.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

const endpoints = (contract as ContentContract).endpoints;
const paths = new ContractPaths(endpoints, siteBrand());

/** An upstream that answers every path (like a CMS with other, private paths) and records each request. */
const upstreamRequests: string[] = [];
const upstream = http.createServer((req, res) => {
  upstreamRequests.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"private":"every CMS user"}');
});

let site: ChildSite;
beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  site = await spawnSite({
    CONTENT_API_BASE: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    EMBEDDED_CONTENT_SERVICE: '0',
  });
});
afterAll(async () => {
  await site?.stop();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** A GET with the path sent byte for byte (fetch would normalize dots and backslashes first). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET', agent: keepAlive }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });

const PAYLOADS = [
  '..',
  '.',
  '..\\page\\homepage',
  '..\\..\\users',
  '..%5Cpage%5Chomepage',
  '..%5cpage%5chomepage',
  '%5C..%5Cusers',
  '..%2Fpage%2Fhomepage',
  '..%2fusers',
  '%2e%2e',
  '%2E%2E%2Fusers',
  '%2e%2e%5cusers',
  '%252e%252e%252fusers',
  '%25%32%65%25%32%65',
  '..%252fusers',
  '%E2%80%A5',
  '%E2%80%A5%2Fusers',
  '%EF%BC%8E%EF%BC%8E%EF%BC%8Fusers',
  '%C0%AE%C0%AE%C0%AF',
  '%c0%2e%c0%2e',
  '.%2e',
  '%2e.',
  'a%2F..%2F..%2Fusers',
  'a%00b',
  '%00',
  'x%20y',
  'x;y=..',
  'x%3F..',
  'x%23..',
  `${'a'.repeat(201)}`,
  `${'%41'.repeat(3000)}`,
  'http:%2F%2Fevil.example%2F',
  'https%3A%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '@evil.example',
  '%40evil.example',
  '~root',
  '%7E',
  'ok-slug',
  'OK_slug-2',
  '123',
];

/** Path variants: every GET contract path with each payload in its parameters or after it. */
function variants(): string[] {
  const out = new Set<string>();
  for (const endpoint of endpoints.filter((e) => (e.method ?? 'GET') === 'GET')) {
    for (const payload of PAYLOADS) {
      if (endpoint.path.includes('{')) out.add(endpoint.path.replace(/\{[^}]+\}/g, payload));
      else out.add(`${endpoint.path}/${payload}`);
      out.add(`${endpoint.path}?${Object.keys(endpoint.query ?? { page: '' })[0] ?? 'page'}=${payload}&utm_source=${payload}&extra=1`);
    }
  }
  for (const payload of PAYLOADS) {
    out.add(`/api/${payload}`);
    out.add(`/api/page/${payload}/../../users`);
    out.add(`/api/blog/${payload}\\..\\..\\users`);
    out.add(`/blog/${payload}`);
    out.add(`/careers/${payload}`);
    out.add(`/white-paper-case-studies/${payload}`);
    out.add(`/pdf-download-form?id=${payload}`);
  }
  for (const absolute of [
    'http://evil.example/api/page/homepage',
    '//evil.example/api/page/homepage',
    '/api//page/homepage',
    '/API/page/homepage',
  ]) {
    out.add(absolute);
  }
  return [...out];
}

describe('the /api proxy and page loader read only contract paths', () => {
  it('sends thousands of crafted paths: every upstream request is a contract path with its declared query only', async () => {
    const all = variants();
    expect(all.length).toBeGreaterThanOrEqual(2000);
    const statuses: number[] = [];
    for (let i = 0; i < all.length; i += 16) {
      const answers = await Promise.all(all.slice(i, i + 16).map((p) => rawGet(site.url, p).catch(() => ({ status: 0, body: '' }))));
      statuses.push(...answers.map((a) => a.status));
    }
    // Every request got an answer, and none was a server error.
    expect(statuses.filter((s) => s === 0 || s >= 500)).toEqual([]);
    expect(upstreamRequests.length).toBeGreaterThan(0);
    const wrong = upstreamRequests.filter((raw) => {
      const [path, query = ''] = raw.split('?');
      const match = paths.match(path);
      if (!match || match.path !== path) return true;
      return [...new URLSearchParams(query).keys()].some((name) => !match.query.includes(name));
    });
    expect(wrong).toEqual([]);
  });

  it('does not split the cache or forward unknown query parameters', async () => {
    upstreamRequests.length = 0;
    await rawGet(site.url, '/api/blog_list?page=2&utm_source=a&gclid=1');
    await rawGet(site.url, '/api/blog_list?page=2&utm_source=b');
    expect(upstreamRequests.filter((r) => r.startsWith('/api/blog_list'))).toEqual(['/api/blog_list?page=2']);
  });

  it('answers 404 for a traversal, without asking the content service', async () => {
    upstreamRequests.length = 0;
    for (const raw of [
      '/api/blog/..\\page\\homepage',
      '/api/blog/..%5Cpage%5Chomepage',
      '/api/blog/%2e%2e%2fusers',
      '/api/page/homepage/..',
    ]) {
      expect((await rawGet(site.url, raw)).status, raw).toBe(404);
    }
    expect(upstreamRequests).toEqual([]);
  });
});
