/**
 * Traces (OpenTelemetry), the one place they are set up. On when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, read by ../config.ts with
 * the other OTEL_* settings); off, createSite gets no SiteTracing at all: no provider, no span, no
 * hook installed anywhere, so a request costs what it cost before tracing existed.
 *
 * On, spans go through a BatchSpanProcessor to an OTLP/HTTP exporter (JSON). Ending a span only
 * appends it to a queue of at most `maxQueueSize` spans (past it, new spans are dropped); exports
 * run in the background, one batch at a time, each bounded by a timeout. So a collector that is
 * down or slow never holds a request, and costs at most that queue in memory.
 *
 * Nothing is registered globally (no global tracer provider, context manager or propagator): the
 * site's context lives in an AsyncLocalStorage of its own, parents are passed explicitly and the
 * W3C `traceparent` is written and read here. Two sites in one process (tests) never share spans,
 * and a stopped site leaves nothing behind.
 *
 * What a span never carries: personal data. No URL with its query, no form value, no IP address,
 * no header but the ids below; a lead is named by its id, a request by its request id.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
} from '@opentelemetry/semantic-conventions';

export { SpanKind };

export type SamplerName =
  'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';

/** The OTEL_* settings (../config.ts reads them; docs/configuration.md lists them). */
export interface TracingSettings {
  /** Where spans are POSTed: the collector's OTLP/HTTP traces URL (…/v1/traces). */
  url: string;
  /** Sent with every export (a collector's credential): never logged. */
  headers: Record<string, string>;
  /** Longest wait for one export request (ms). */
  exportTimeoutMs: number;
  /** Resource attributes, `service.name` among them. */
  resource: Record<string, string>;
  sampler: SamplerName;
  /** For the ratio samplers: the share of traces kept (0–1). */
  samplerRatio: number;
  batch: {
    /** Most finished spans waiting to be sent; past it, new spans are dropped. */
    maxQueueSize: number;
    maxExportBatchSize: number;
    scheduledDelayMs: number;
    /** Longest wait for one batch before the next one starts (ms). */
    exportTimeoutMs: number;
  };
}

/** The name traces carry when neither OTEL_SERVICE_NAME nor OTEL_RESOURCE_ATTRIBUTES names the service. */
export const DEFAULT_SERVICE_NAME = 'config-page-renderer';

/** Semantic conventions' `url.template` (still incubating, so not in the stable export). */
export const ATTR_URL_TEMPLATE = 'url.template';

/** The attribute naming a request (the id echoed as X-Request-Id and written in its log line). */
export const ATTR_REQUEST_ID = 'request.id';

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  links?: Link[];
  /** Default: the current span (or none). */
  parent?: Context;
  /**
   * A rejection that is an answer, not a failure (a content 404, a loader's thrown not-found
   * page): the span does not get the error status for it.
   */
  expected?: (error: unknown) => boolean;
}

/** The server span of one request (observeRequests): its context, and its end once the response is done. */
export interface RequestSpan {
  readonly context: Context;
  readonly traceId: string;
  /** Names the span `GET /blog/:slug`, records the status (error for 5xx) and ends it. */
  end(route: string, status: number, cache: string | undefined): void;
}

export interface SiteTracing {
  /** Starts the server span of a request; `trustParent`: continue the incoming `traceparent` (behind a trusted proxy only). */
  startRequest(req: IncomingMessage, requestId: string, trustParent: boolean): RequestSpan;
  /** Starts a span (child of `options.parent`, else of the current span); returns the context holding it. */
  start(name: string, options?: SpanOptions): Context;
  /** Runs `run` with `context` current: spans started inside are its children. */
  within<T>(context: Context, run: () => T): T;
  /** Runs `run` in a new span, ended when its promise settles (error status when it rejects, unless expected). */
  span<T>(name: string, options: SpanOptions, run: () => Promise<T>): Promise<T>;
  /** The current span, if any (to annotate it). */
  current(): Span | undefined;
  /** The W3C `traceparent` (and `tracestate`) of `context` (default: the current one), to send with an outgoing request. */
  headers(context?: Context): Record<string, string>;
  /** The context a `traceparent` names (a remote parent), or the root when it names none. */
  fromTraceparent(traceparent: string | undefined): Context;
  /** Sends what is queued (bounded by the export timeout) and stops. */
  shutdown(): Promise<void>;
}

/** Marks `span` failed; `message` must carry no personal data. */
export function failSpan(span: Span | undefined, message?: string): void {
  span?.setStatus({ code: SpanStatusCode.ERROR, message });
}

function samplerOf(settings: Pick<TracingSettings, 'sampler' | 'samplerRatio'>): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(settings.samplerRatio);
  switch (settings.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** The processor spans go through: batches, a bounded queue, and an export timeout (settings, not the SDK's own reading of the environment). */
export function batchProcessor(exporter: SpanExporter, batch: TracingSettings['batch']): BatchSpanProcessor {
  return new BatchSpanProcessor(exporter, {
    maxQueueSize: batch.maxQueueSize,
    maxExportBatchSize: Math.min(batch.maxExportBatchSize, batch.maxQueueSize),
    scheduledDelayMillis: batch.scheduledDelayMs,
    exportTimeoutMillis: batch.exportTimeoutMs,
  });
}

/** Headers are read from a Node request as they are (lower-case names; a repeated header's first value). */
const requestHeaders: TextMapGetter<IncomingMessage['headers']> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

export interface StartOptions {
  /** Tests: where spans go instead of the OTLP exporter's batches (e.g. a SimpleSpanProcessor over an InMemorySpanExporter). */
  processor?: SpanProcessor;
  /** Where a failing export is reported: one line when exports start failing, one when they work again. */
  log?: (line: string, level: 'warn' | 'info') => void;
}

/**
 * The exporter, reporting its failures (the SDK only tells its diagnostic logger, off by default):
 * one line when exports start failing (the collector is down, refuses the credential…), one when
 * they work again, never one per batch. The error's text is the exporter's (status, network error),
 * no span content.
 */
export function reportingExporter(exporter: SpanExporter, where: string, log: NonNullable<StartOptions['log']>): SpanExporter {
  let failing = false;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        const ok = result.code === ExportResultCode.SUCCESS;
        if (!ok && !failing)
          log(
            `[traces] cannot send spans to ${where}: ${result.error?.message ?? 'export failed'}; spans wait in a bounded queue, the newest dropped when it is full`,
            'warn',
          );
        if (ok && failing) log(`[traces] sending spans to ${where} again`, 'info');
        failing = !ok;
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** The site's tracing for `settings`: a provider with its exporter, or, without settings, none at all. */
export function startTracing(settings: TracingSettings | undefined, options: StartOptions = {}): SiteTracing | undefined {
  if (!settings) return undefined;
  const processor =
    options.processor ??
    batchProcessor(
      reportingExporter(
        new OTLPTraceExporter({
          url: settings.url,
          headers: settings.headers,
          timeoutMillis: settings.exportTimeoutMs,
          // A handful of exports in flight at most: with a slow collector the batches that cannot
          // be sent are dropped, not piled up in memory.
          concurrencyLimit: 4,
        }),
        // The collector's address without any credential a URL could hold.
        new URL(settings.url).origin,
        options.log ?? ((line) => console.warn(line)),
      ),
      settings.batch,
    );
  const provider = new BasicTracerProvider({
    // The SDK's own attributes (telemetry.sdk.*), under the configured ones.
    resource: defaultResource().merge(resourceFromAttributes(settings.resource)),
    sampler: samplerOf(settings),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer('site');
  const propagator = new W3CTraceContextPropagator();
  const active = new AsyncLocalStorage<Context>();
  const now = () => active.getStore() ?? ROOT_CONTEXT;

  const start = (name: string, options: SpanOptions = {}): Context => {
    const parent = options.parent ?? now();
    const span = tracer.startSpan(name, { kind: options.kind, attributes: options.attributes, links: options.links }, parent);
    return trace.setSpan(parent, span);
  };

  const tracing: SiteTracing = {
    startRequest(req, requestId, trustParent) {
      const parent = trustParent ? propagator.extract(ROOT_CONTEXT, req.headers, requestHeaders) : ROOT_CONTEXT;
      const method = req.method ?? 'GET';
      const context = start(method, {
        kind: SpanKind.SERVER,
        parent,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_REQUEST_ID]: requestId },
      });
      const span = trace.getSpan(context)!;
      return {
        context,
        traceId: span.spanContext().traceId,
        end(route, status, cache) {
          // The route template (or a fixed name: static, not-found, other), never the URL.
          span.updateName(`${method} ${route}`);
          if (route.startsWith('/')) span.setAttribute(ATTR_HTTP_ROUTE, route);
          span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
          if (cache) span.setAttribute('page_cache.outcome', cache);
          if (status >= 500) failSpan(span, `HTTP ${status}`);
          span.end();
        },
      };
    },
    start,
    within: (context, run) => active.run(context, run),
    async span(name, options, run) {
      const context = start(name, options);
      const span = trace.getSpan(context)!;
      try {
        return await active.run(context, run);
      } catch (error) {
        if (!options.expected?.(error)) failSpan(span, (error as Error | undefined)?.name);
        throw error;
      } finally {
        span.end();
      }
    },
    current: () => trace.getSpan(now()),
    headers(context = now()) {
      const carrier: Record<string, string> = {};
      propagator.inject(context, carrier, { set: (c, key, value) => (c[key] = value) });
      return carrier;
    },
    fromTraceparent(traceparent) {
      if (!traceparent) return ROOT_CONTEXT;
      return propagator.extract(ROOT_CONTEXT, { traceparent }, { keys: (c) => Object.keys(c), get: (c, key) => c[key as 'traceparent'] });
    },
    async shutdown() {
      // Bounded: a collector that is down cannot hold the shutdown longer than one export.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, settings.exportTimeoutMs + 1000)));
      await Promise.race([provider.shutdown().catch(() => undefined), late]);
      clearTimeout(timer);
    },
  };
  return tracing;
}

/** The service name of the resource: OTEL_SERVICE_NAME, else OTEL_RESOURCE_ATTRIBUTES' service.name, else ours. */
export function resourceAttributes(serviceName: string | undefined, attributes: Record<string, string>): Record<string, string> {
  return { ...attributes, [ATTR_SERVICE_NAME]: serviceName ?? attributes[ATTR_SERVICE_NAME] ?? DEFAULT_SERVICE_NAME };
}

// The site's spans, built on SiteTracing for the parts that take hooks (./../site.ts wires them).
