/**
 * Traces end to end, as an operator sees them in a collector: a production site (child process)
 * with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver of this file (collecting the
 * JSON bodies POSTed to /v1/traces), in front of a reference content service behind a recording
 * proxy (the headers each read and delivery carried). One page load and one form post: the page's
 * span tree, one trace from the post to the lead's delivery, and the traceparent the content
 * service received. And a site whose collector is unreachable still serves its pages.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBodies } from './helpers/submission-samples.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';

/** A span as the receiver got it (OTLP/JSON), attributes flattened. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  status: { code?: number };
  service: unknown;
}

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

type OtlpValue = Record<string, unknown>;
type OtlpAttribute = { key: string; value: OtlpValue };
const flat = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** An OTLP/HTTP receiver: every span POSTed to /v1/traces. */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return res.writeHead(404).end();
      contentTypes.add(String(req.headers['content-type']));
      const body = JSON.parse(text) as {
        resourceSpans: {
          resource: { attributes: OtlpAttribute[] };
          scopeSpans: {
            spans: (Omit<ReceivedSpan, 'attributes' | 'links' | 'service'> & {
              attributes?: OtlpAttribute[];
              links?: { traceId: string; spanId: string }[];
            })[];
          }[];
        }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              attributes: flat(span.attributes),
              links: span.links ?? [],
              service: flat(resource.resource.attributes)['service.name'],
            });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  const url = await listen(server);
  return { url, spans, contentTypes, close: () => close(server) };
}

/** A proxy in front of the content service that records what each request carried. */
async function startRecordingProxy(target: string) {
  const seen: { method: string; path: string; traceparent?: string; requestId?: string }[] = [];
  const server = http.createServer((req, res) => {
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    seen.push({ method: req.method!, path: req.url!.split('?')[0], traceparent: header('traceparent'), requestId: header('x-request-id') });
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const url = await listen(server);
  return { url, seen, close: () => close(server) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  const url = await listen(server);
  await close(server);
  return Number(new URL(url).port);
}

let content: RunningContentService;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let site: ChildSite;
let unreachable: ChildSite;

beforeAll(async () => {
  content = await startContentService({ port: 0 });
  [proxy, receiver] = await Promise.all([startRecordingProxy(content.url), startReceiver()]);
  const common = { CONTENT_API_BASE: proxy.url, IMAGE_BASE_URL: `${content.url}/uploads`, EMBEDDED_CONTENT_SERVICE: '0' };
  [site, unreachable] = await Promise.all([
    spawnSite({ ...common, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'site-e2e' }),
    spawnSite({ ...common, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`, OTEL_BSP_SCHEDULE_DELAY: '100' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([site?.stop(), unreachable?.stop()]);
  await Promise.all([proxy?.close(), receiver?.close(), content?.close()]);
});

const traceOf = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
const children = (spans: ReceivedSpan[], parent: ReceivedSpan) => spans.filter((span) => span.parentSpanId === parent.spanId);
const traceIdOf = (traceparent: string | undefined) => traceparent?.split('-')[1];

describe('traces sent to an OTLP/HTTP collector', () => {
  it("a page: the server span (route template, status) with the page load, its content reads and the render under it; the content service gets each read's traceparent", async () => {
    const response = await fetch(`${site.url}/blog`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    await expect.poll(() => receiver.spans.find((span) => span.attributes['request.id'] === requestId), { timeout: 20_000 }).toBeDefined();
    const server = receiver.spans.find((span) => span.attributes['request.id'] === requestId)!;
    expect(server).toMatchObject({
      name: 'GET /blog',
      kind: SERVER,
      service: 'site-e2e',
      attributes: { 'http.request.method': 'GET', 'http.route': '/blog', 'http.response.status_code': 200, 'page_cache.outcome': 'miss' },
    });
    expect(server.parentSpanId ?? '').toBe('');
    expect(receiver.contentTypes).toEqual(new Set(['application/json']));

    // Every span of the request arrives in the same trace (batches may come apart: wait for the render).
    await expect.poll(() => traceOf(server.traceId).map((span) => span.name), { timeout: 20_000 }).toContain('render');
    const spans = traceOf(server.traceId);
    const direct = children(spans, server).map((span) => span.name);
    expect(direct).toEqual(expect.arrayContaining(['page.load', 'render']));
    const load = spans.find((span) => span.name === 'page.load')!;
    const reads = children(spans, load);
    expect(reads.map((span) => span.name)).toEqual(
      expect.arrayContaining(['content.read /api/header_footer_common', 'content.read /api/page/blog', 'content.read /api/blog_list']),
    );
    const pageRead = reads.find((span) => span.name === 'content.read /api/page/blog')!;
    expect(pageRead.attributes['content.outcome']).toBe('miss');
    const [upstream] = children(spans, pageRead);
    expect(upstream).toMatchObject({
      name: 'GET /api/page/blog',
      kind: CLIENT,
      attributes: { 'url.template': '/api/page/blog', 'http.response.status_code': 200 },
    });

    // The content service got the upstream span's traceparent, and the request id.
    const read = proxy.seen.find((request) => request.path === '/api/page/blog' && traceIdOf(request.traceparent) === server.traceId);
    expect(read).toMatchObject({ method: 'GET', traceparent: `00-${server.traceId}-${upstream.spanId}-01`, requestId });

    // Served again from the page cache: a span of its own request, marked a hit.
    const again = await fetch(`${site.url}/blog`);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    const hitId = again.headers.get('x-request-id');
    await expect
      .poll(() => receiver.spans.find((span) => span.attributes['request.id'] === hitId), { timeout: 20_000 })
      .toMatchObject({
        name: 'GET /blog',
        attributes: { 'page_cache.outcome': 'hit' },
      });

    // A URL with a query (rendered, not kept): never the URL or its query in any span of its trace.
    const tagged = await fetch(`${site.url}/blog?utm_source=mailing&email=ada%40example.com`);
    const taggedId = tagged.headers.get('x-request-id');
    await expect
      .poll(() => receiver.spans.find((span) => span.attributes['request.id'] === taggedId), { timeout: 20_000 })
      .toMatchObject({
        name: 'GET /blog',
        attributes: { 'page_cache.outcome': 'bypass' },
      });
    const taggedTrace = traceOf(receiver.spans.find((span) => span.attributes['request.id'] === taggedId)!.traceId);
    // (Not a bare "ada": ids are hexadecimal.)
    expect(JSON.stringify(taggedTrace)).not.toMatch(/utm_source|mailing|example\.com|%40/);
  });

  it('a form post and its delivery: one trace, the delivery span a child of the post span and linked to it; the delivery carries its traceparent and the X-Request-Id of the post', async () => {
    const key = `traces-${randomUUID()}`;
    const posted = await fetch(`${site.url}/api/newsletter_post`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(sampleBodies.newsletter()),
    });
    expect(posted.status).toBe(202);
    const requestId = posted.headers.get('x-request-id')!;
    await expect.poll(() => content.submissions().filter((s) => s.key === key).length, { timeout: 20_000 }).toBe(1);

    await expect
      .poll(
        () =>
          receiver.spans.find((span) => span.name === 'outbox.deliver /api/newsletter_post' && span.attributes['request.id'] === requestId),
        {
          timeout: 20_000,
        },
      )
      .toBeDefined();
    const server = receiver.spans.find((span) => span.attributes['request.id'] === requestId && span.kind === SERVER)!;
    expect(server).toMatchObject({ name: 'POST /api/newsletter_post', attributes: { 'http.response.status_code': 202 } });
    const trace = traceOf(server.traceId);
    const [submit] = children(trace, server);
    expect(submit).toMatchObject({
      name: 'form.submit /api/newsletter_post',
      attributes: { 'form.endpoint': '/api/newsletter_post', 'form.name': 'newsletter', 'form.outcome': 'accepted' },
    });
    const delivery = trace.find((span) => span.name === 'outbox.deliver /api/newsletter_post')!;
    expect(delivery).toMatchObject({
      kind: CLIENT,
      parentSpanId: submit.spanId,
      links: [expect.objectContaining({ traceId: server.traceId, spanId: submit.spanId })],
      attributes: { 'outbox.outcome': 'delivered', 'outbox.attempt': 1, 'request.id': requestId },
    });
    expect(delivery.status.code).not.toBe(ERROR);
    // No form value in any span of the trace.
    expect(JSON.stringify(trace)).not.toMatch(/@example\.com|Lovelace|Ada/);

    const sent = proxy.seen.filter((request) => request.method === 'POST' && request.path === '/api/newsletter_post');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/newsletter_post', traceparent: `00-${server.traceId}-${delivery.spanId}-01`, requestId },
    ]);
  });
});

describe('tracing on with no collector reachable', () => {
  it('still serves pages, from the renderer and from the page cache', async () => {
    // Rendered, then answered from the page cache (X-Page-Cache: hit).
    for (const cache of [null, 'hit', 'hit']) {
      const response = await fetch(`${unreachable.url}/blog`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-page-cache')).toBe(cache);
      expect(await response.text()).toContain('</html>');
    }
    // The one warning line an operator sees (the spans wait in the bounded queue, then are dropped).
    await expect.poll(() => unreachable.output(), { timeout: 20_000 }).toMatch(/cannot send spans to http:\/\/127\.0\.0\.1:\d+/);
  });
});
