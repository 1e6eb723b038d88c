/**
 * Traces as an operator sees them in a collector: the spans a request makes and how they nest,
 * what they carry (and never carry), the trace a lead's delivery continues, the settings read from
 * OTEL_*, and what happens with tracing off or with no collector to send to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { createContentClient } from '../../engine/content-client.ts';
import type { PageLoader } from '../../engine/page-loader.server.ts';
import { readConfig } from '../config.ts';
import { ConfigError } from '../environment.ts';
import { OutboxWorker } from '../outbox/worker.ts';
import { openSqliteOutbox } from '../outbox/sqlite.ts';
import { silentLogger } from './logger.ts';
import { noMetrics } from './metrics.ts';
import { currentRequest, nameRoute, observeRequests } from './requests.ts';
import {
  batchProcessor,
  deliveryOutcome,
  deliveryTracer,
  postTracer,
  readTracer,
  startTracing,
  tracedPageLoader,
  type SiteTracing,
  type TracingSettings,
} from './tracing.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SETTINGS: TracingSettings = readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.test:4318' }, { production: false }).tracing!;

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function inMemory(): { tracing: SiteTracing; spans: () => ReadableSpan[]; reset: () => void } {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing(SETTINGS, { processor: new SimpleSpanProcessor(exporter) })!;
  cleanup.push(() => tracing.shutdown());
  return { tracing, spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

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

describe('tracing settings (OTEL_*)', () => {
  const read = (env: Record<string, string>) => readConfig(env, { production: false }).tracing;

  it('are off without an endpoint, with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none: no tracing at all', () => {
    expect(read({})).toBeUndefined();
    expect(read({ OTEL_SERVICE_NAME: 'site', OTEL_BSP_SCHEDULE_DELAY: '100' })).toBeUndefined();
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(startTracing(undefined)).toBeUndefined();
  });

  it('follow the OTLP/HTTP rules: <endpoint>/v1/traces, or the traces endpoint as it is; the standard defaults', () => {
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      url: 'http://collector:4318/v1/traces',
      headers: {},
      exportTimeoutMs: 10_000,
      resource: { 'service.name': 'config-page-renderer' },
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
      batch: { maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMs: 5000, exportTimeoutMs: 30_000 },
    });
    expect(
      read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/in' })
        ?.url,
    ).toBe('https://traces.example.com/in');
    const custom = read({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-tenant=a',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=b',
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attributes,deployment.environment.name=production',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_BSP_MAX_QUEUE_SIZE: '100',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '10',
    })!;
    expect(custom.headers).toEqual({ authorization: 'Bearer abc', 'x-tenant': 'b' });
    expect(custom.resource).toEqual({ 'service.name': 'from-attributes', 'deployment.environment.name': 'production' });
    expect([custom.sampler, custom.samplerRatio, custom.batch.maxQueueSize, custom.batch.maxExportBatchSize]).toEqual([
      'parentbased_traceidratio',
      0.25,
      100,
      10,
    ]);
    expect(
      read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SERVICE_NAME: 'www', OTEL_RESOURCE_ATTRIBUTES: 'service.name=x' })
        ?.resource,
    ).toEqual({ 'service.name': 'www' });
  });

  it('refuse to start on values they cannot use, naming each, never quoting a header (it may hold a credential)', () => {
    let error: unknown;
    try {
      readConfig(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317',
          OTEL_EXPORTER_OTLP_HEADERS: 'authorization: Bearer s3cret',
          OTEL_TRACES_SAMPLER: 'sometimes',
          OTEL_TRACES_SAMPLER_ARG: '2',
          OTEL_BSP_MAX_QUEUE_SIZE: '10',
          OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '20',
        },
        { production: false },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_TRACES_SAMPLER ',
      'OTEL_TRACES_SAMPLER_ARG',
      'OTEL_BSP_MAX_EXPORT_BATCH_SIZE',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('s3cret');
  });
});

describe('tracing off, or with no collector to send to', () => {
  it('off: requests make no span, and no tracer provider is registered', async () => {
    let scoped: ReturnType<typeof currentRequest>;
    const url = await listen(
      observeRequests(
        (_req, res) => {
          scoped = currentRequest();
          res.end('ok');
        },
        {
          log: silentLogger,
          metrics: noMetrics,
          trustRequestId: false,
          tracing: startTracing(readConfig({}, { production: false }).tracing),
        },
      ),
    );
    await fetch(url);
    expect(scoped!.trace).toBeUndefined();
    // The API's no-op tracer: nothing registered makes spans (nor does a site with traces on: it registers nothing).
    inMemory();
    expect(trace.getTracer('any').startSpan('any').isRecording()).toBe(false);
  });

  it('never holds a request nor grows past its queue while the collector does not answer: the newest spans are dropped', async () => {
    let stuck: ((result: { code: ExportResultCode }) => void) | undefined;
    const exported: number[] = [];
    const exporter: SpanExporter = {
      export(spans, done) {
        exported.push(spans.length);
        // The first export never gets an answer until released; later ones are answered at once.
        if (exported.length === 1) stuck = done;
        else done({ code: ExportResultCode.SUCCESS });
      },
      shutdown: async () => undefined,
    };
    const batch = readConfig(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_BSP_MAX_QUEUE_SIZE: '10',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '5',
        OTEL_BSP_SCHEDULE_DELAY: '60000',
      },
      { production: false },
    ).tracing!.batch;
    const processor = batchProcessor(exporter, batch);
    const tracing = startTracing(SETTINGS, { processor })!;
    cleanup.push(() => tracing.shutdown());
    // 1,000 spans ended while the first batch of 5 hangs: each end returns at once.
    for (let i = 0; i < 1000; i++) await tracing.span(`step ${i}`, {}, async () => undefined);
    expect(exported).toEqual([5]);
    stuck!({ code: ExportResultCode.SUCCESS });
    await processor.forceFlush();
    // Only the queue (10) was kept meanwhile: 985 spans were dropped, not held in memory.
    expect(exported.reduce((a, b) => a + b, 0)).toBe(15);
  });

  it('with the collector unreachable: one warning line says so, and the shutdown is bounded', async () => {
    const closed = await listen(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const port = new URL(closed).port;
    await cleanup.pop()!(); // the port is closed again
    const lines: string[] = [];
    const tracing = startTracing(
      { ...SETTINGS, url: `http://127.0.0.1:${port}/v1/traces`, exportTimeoutMs: 500, batch: { ...SETTINGS.batch, scheduledDelayMs: 10 } },
      { log: (line) => lines.push(line) },
    )!;
    // Three batches, each failing (the exports run in the background, 10 ms after a span ends).
    for (let round = 0; round < 3; round++) {
      await tracing.span('step', {}, async () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const started = performance.now();
    await tracing.shutdown();
    // Bounded by the export timeout (500 ms) plus a second, whatever the exporter does.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`cannot send spans to http://127\\.0\\.0\\.1:${port}`));
  });
});
