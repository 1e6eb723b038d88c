/** What the tests of traces share (src/server/observe/tracing.test.ts, tracers.test.ts): settings, an in-memory exporter, a listening server, each undone after its test. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { readConfig } from '../../src/server/config.ts';
import { startTracing, type SiteTracing, type TracingSettings } from '../../src/server/observe/tracing.ts';

export const SETTINGS: TracingSettings = readConfig(
  { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.test:4318' },
  { production: false },
).tracing!;

/** Steps undoing what a test started, run last first by runCleanup (each file's afterEach). */
export const cleanup: (() => unknown)[] = [];
export async function runCleanup(): Promise<void> {
  for (const step of cleanup.splice(0).reverse()) await step();
}

export function inMemory(): { tracing: SiteTracing; spans: () => ReadableSpan[]; reset: () => void } {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing(SETTINGS, { processor: new SimpleSpanProcessor(exporter) })!;
  cleanup.push(() => tracing.shutdown());
  return { tracing, spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
