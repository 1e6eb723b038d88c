/**
 * Setting traces up: the settings read from OTEL_*, and what happens with tracing off or with no
 * collector to send to. The spans of the site's parts: ./tracers.test.ts.
 */
import { trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { ConfigError } from '../environment.ts';
import { silentLogger } from './logger.ts';
import { noMetrics } from './metrics.ts';
import { currentRequest, observeRequests } from './requests.ts';
import { batchProcessor, startTracing } from './tracing.ts';
import { cleanup, inMemory, listen, runCleanup, SETTINGS } from '../../../tests/helpers/tracing.ts';

afterEach(runCleanup);

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
