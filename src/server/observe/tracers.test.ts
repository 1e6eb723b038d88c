/**
 * Traces of the site's parts as an operator sees them in a collector: the spans a request makes and
 * how they nest, what they carry (and never carry), and the trace a lead's delivery continues.
 * Setting traces up: ./tracing.test.ts.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { createContentClient } from '../../engine/content-client.ts';
import type { PageLoader } from '../../engine/page-loader.server.ts';
import { OutboxWorker } from '../outbox/worker.ts';
import { openSqliteOutbox } from '../outbox/sqlite.ts';
import { silentLogger } from './logger.ts';
import { noMetrics } from './metrics.ts';
import { currentRequest, nameRoute, observeRequests } from './requests.ts';
import { deliveryOutcome, deliveryTracer, postTracer, readTracer, tracedPageLoader } from './tracers.ts';
import { cleanup, inMemory, listen, runCleanup } from '../../../tests/helpers/tracing.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

afterEach(runCleanup);

const byName = (spans: ReadableSpan[], name: string) => {
  const found = spans.filter((span) => span.name === name);
  expect(found, `spans named ${name} among ${spans.map((s) => s.name).join(', ')}`).toHaveLength(1);
  return found[0];
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/** A page served the way the site serves one: the server span, a page load reading content (one read cached), a render. */
async function servePage({ tracing, reset }: ReturnType<typeof inMemory>, options: { status?: number; trustParent?: boolean } = {}) {
  const upstream: { url: string; headers: Headers }[] = [];
  const content = createContentClient({
    baseUrl: 'http://content.test',
    credential: 'user:secret',
    timeoutMs: 1000,
    cacheTtlMs: 60_000,
    cacheStaleMs: 0,
    cacheMaxEntries: 10,
    brand: () => 'veltrix',
    fetch: (async (url: string, init: RequestInit) => {
      upstream.push({ url, headers: new Headers(init.headers) });
      return new Response(url.includes('missing') ? '{}' : '{"page_data":{}}', { status: url.includes('missing') ? 404 : 200 });
    }) as typeof fetch,
    // As the site sends them (site.ts): the request's id and the current span's traceparent.
    headers: () => {
      const request = currentRequest();
      return { ...(request ? { 'X-Request-Id': request.id } : {}), ...tracing.headers() };
    },
    trace: readTracer(tracing, 'http://content.test'),
  });
  // Read once before the request: the page's second read of it is a cache hit.
  await content.fetch('/api/header_footer_common');
  upstream.length = 0;
  reset();
  const loader: PageLoader = {
    async loadPage() {
      nameRoute('/blog/:slug');
      await Promise.all([content.fetch('/api/page/blog'), content.fetch('/api/header_footer_common')]);
      await content.fetch('/api/blog/missing').catch(() => undefined);
      return {} as Awaited<ReturnType<PageLoader['loadPage']>>;
    },
    loadPageResponse: () => Promise.reject(new Error('not used')),
  };
  const pages = tracedPageLoader(tracing, loader);
  const url = await listen(
    observeRequests(
      (req, res) => {
        void pages.loadPage(new Request('http://site.test/blog/a-post')).then(async () => {
          await tracing.span('render', {}, async () => undefined);
          res.statusCode = options.status ?? 200;
          res.end('page');
        });
      },
      { log: silentLogger, metrics: noMetrics, trustRequestId: options.trustParent ?? false, tracing },
    ),
  );
  return { url, upstream };
}

describe('traces of a page', () => {
  it('are one trace: the server span, and under it the page load (content reads, upstream requests) and the render', async () => {
    const traced = inMemory();
    const { spans } = traced;
    const { url, upstream } = await servePage(traced);
    const response = await fetch(`${url}/blog/a-post?utm_source=mail&email=ada%40example.com`);
    expect(response.status).toBe(200);
    const all = spans();
    const server = byName(all, 'GET /blog/:slug');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(parentOf(server)).toBeUndefined();
    expect(server.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/blog/:slug',
      'http.response.status_code': 200,
      'request.id': response.headers.get('x-request-id'),
    });
    expect(server.status.code).not.toBe(SpanStatusCode.ERROR);
    // Never the URL: no path, no query (the query held an e-mail address; not a bare "ada": ids are hexadecimal).
    expect(JSON.stringify(all.map((span) => [span.name, span.attributes, span.events]))).not.toMatch(/a-post|utm_source|example\.com|%40/);

    const load = byName(all, 'page.load');
    const render = byName(all, 'render');
    expect([parentOf(load), parentOf(render)]).toEqual([idOf(server), idOf(server)]);
    const read = byName(all, 'content.read /api/page/blog');
    const cached = byName(all, 'content.read /api/header_footer_common');
    const missing = byName(all, 'content.read /api/blog/{slug}');
    for (const span of [read, cached, missing]) expect(parentOf(span)).toBe(idOf(load));
    expect([read.attributes['content.outcome'], cached.attributes['content.outcome'], missing.attributes['content.outcome']]).toEqual([
      'miss',
      'hit',
      'not_found',
    ]);
    // A not-found read is an answer, not a failure of the read.
    expect(missing.status.code).not.toBe(SpanStatusCode.ERROR);

    // Upstream requests: a CLIENT span under the read that went upstream, none for the cache hit.
    const client = byName(all, 'GET /api/page/blog');
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(client)).toBe(idOf(read));
    expect(client.attributes).toMatchObject({
      'url.template': '/api/page/blog',
      'server.address': 'content.test',
      'http.response.status_code': 200,
    });
    expect(all.filter((span) => span.name === 'GET /api/header_footer_common')).toEqual([]);
    expect(byName(all, 'GET /api/blog/{slug}').attributes['http.response.status_code']).toBe(404);
    expect(new Set(all.map((span) => span.spanContext().traceId)).size).toBe(1);

    // The content service gets the request id and the traceparent of the upstream span it answers.
    const sent = upstream.find((request) => request.url.endsWith('/api/page/blog'))!;
    expect(sent.headers.get('x-request-id')).toBe(response.headers.get('x-request-id'));
    expect(sent.headers.get('traceparent')).toBe(`00-${client.spanContext().traceId}-${idOf(client)}-01`);
  });

  it('marks a 5xx answer an error on the server span', async () => {
    const traced = inMemory();
    const { url } = await servePage(traced, { status: 503 });
    const { spans } = traced;
    expect((await fetch(`${url}/blog/a-post`)).status).toBe(503);
    const server = byName(spans(), 'GET /blog/:slug');
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
    expect(server.attributes['http.response.status_code']).toBe(503);
  });

  it("continues an incoming traceparent only behind a trusted proxy; otherwise the request's trace is a new one", async () => {
    const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    for (const trusted of [true, false]) {
      const traced = inMemory();
      const { spans } = traced;
      const { url } = await servePage(traced, { trustParent: trusted });
      await fetch(`${url}/blog/a-post`, { headers: { traceparent: incoming } });
      const server = byName(spans(), 'GET /blog/:slug');
      if (trusted) {
        expect(server.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
        expect(parentOf(server)).toBe('b7ad6b7169203331');
      } else {
        expect(server.spanContext().traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
        expect(parentOf(server)).toBeUndefined();
      }
    }
  });
});

describe('traces of a lead', () => {
  it("continue from the form post to each delivery: the delivery span is the post span's child, linked to it, and its traceparent is sent", async () => {
    const { tracing, spans } = inMemory();
    const dir = mkdtempSync(path.join(tmpdir(), 'tracing-test-'));
    const store = openSqliteOutbox(path.join(dir, 'outbox.sqlite'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanup.push(() => store.close());
    const post = postTracer(tracing);
    let requestId = '';
    const url = await listen(
      observeRequests(
        (req, res) => {
          const trace = post(req, '/api/contact');
          requestId = currentRequest()!.id;
          void trace
            .within(() =>
              store.enqueue(
                {
                  id: 'lead-1',
                  key: 'key-0001',
                  endpoint: '/api/contact',
                  body: '{}',
                  fingerprint: 'fp',
                  trace: { requestId, traceparent: trace.traceparent() },
                },
                Date.now(),
              ),
            )
            .then(() => {
              nameRoute('/api/contact');
              res.statusCode = 202;
              res.end();
              trace.end('contact', 'accepted');
            });
        },
        { log: silentLogger, metrics: noMetrics, trustRequestId: false, tracing },
      ),
    );
    expect((await fetch(`${url}/api/contact`, { method: 'POST' })).status).toBe(202);

    const sent: Headers[] = [];
    const replies = [new Response('', { status: 503 }), new Response('{}', { status: 201 })];
    let now = Date.now();
    const worker = new OutboxWorker(store, {
      baseUrl: 'http://content.test',
      credential: 'user:secret',
      pollMs: 1000,
      retryBaseMs: 1000,
      retryMaxMs: 1000,
      maxAgeMs: 3_600_000,
      timeoutMs: 1000,
      now: () => now,
      fetch: (async (_url: string, init: RequestInit) => (sent.push(new Headers(init.headers)), replies.shift()!)) as typeof fetch,
      log: () => undefined,
      trace: deliveryTracer(tracing, 'http://content.test'),
      onDelivery: (outcome, _ms, why) => deliveryOutcome(tracing, outcome, why),
    });
    await worker.runOnce();
    now += 2000;
    await worker.runOnce();

    const all = spans();
    const server = byName(all, 'POST /api/contact');
    const submit = byName(all, 'form.submit /api/contact');
    expect(parentOf(submit)).toBe(idOf(server));
    expect(submit.attributes).toMatchObject({ 'form.endpoint': '/api/contact', 'form.name': 'contact', 'form.outcome': 'accepted' });
    const deliveries = all.filter((span) => span.name === 'outbox.deliver /api/contact');
    expect(deliveries).toHaveLength(2);
    deliveries.forEach((delivery, i) => {
      expect(delivery.kind).toBe(SpanKind.CLIENT);
      expect(delivery.spanContext().traceId).toBe(submit.spanContext().traceId);
      expect(parentOf(delivery)).toBe(idOf(submit));
      expect(delivery.links.map((link) => link.context.spanId)).toEqual([idOf(submit)]);
      expect(delivery.attributes).toMatchObject({ 'outbox.lead.id': 'lead-1', 'outbox.attempt': i + 1, 'request.id': requestId });
      expect(sent[i].get('traceparent')).toBe(`00-${delivery.spanContext().traceId}-${idOf(delivery)}-01`);
      expect(sent[i].get('x-request-id')).toBe(requestId);
    });
    expect(deliveries.map((delivery) => [delivery.attributes['outbox.outcome'], delivery.status])).toEqual([
      ['retry', { code: SpanStatusCode.ERROR, message: 'HTTP 503' }],
      ['delivered', { code: SpanStatusCode.UNSET }],
    ]);
  });
});
