/**
 * The site's parts in spans (./tracing.ts sets traces up): content reads and their upstream
 * requests, the page loader, form posts and the outbox's deliveries. createSite hands each part
 * its tracer only when traces are on.
 */
import type { IncomingMessage } from 'node:http';
import { SpanKind, trace, type Attributes } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';
import { ContentError, type ReadTracer } from '../../engine/content-client.ts';
import type { PageLoader } from '../../engine/page-loader.server.ts';
import { thrownStatus } from '../../engine/page-loader/errors.ts';
import type { DeliveryOutcome, SubmissionOutcome } from './metrics.ts';
import { requestScope } from './requests.ts';
import { ATTR_REQUEST_ID, ATTR_URL_TEMPLATE, failSpan, type SiteTracing } from './tracing.ts';

/** Content reads: a span per read (endpoint template, cache outcome), a CLIENT span per upstream request. */
export function readTracer(tracing: SiteTracing, contentBase: string): ReadTracer {
  const server = serverAttributes(contentBase);
  return {
    read: (endpoint, run) =>
      tracing.span(
        `content.read ${endpoint}`,
        { attributes: { 'content.endpoint': endpoint }, expected: (error) => error instanceof ContentError && error.notFound },
        run,
      ),
    outcome(outcome) {
      const span = tracing.current();
      span?.setAttribute('content.outcome', outcome);
      if (outcome === 'error') failSpan(span, 'content read failed');
    },
    upstream: (endpoint, run) =>
      tracing.span(
        `GET ${endpoint}`,
        { kind: SpanKind.CLIENT, attributes: { [ATTR_HTTP_REQUEST_METHOD]: 'GET', [ATTR_URL_TEMPLATE]: endpoint, ...server } },
        async () => {
          const span = tracing.current();
          try {
            const value = await run();
            span?.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, 200);
            return value;
          } catch (error) {
            if (error instanceof ContentError) {
              if (error.status) span?.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, error.status);
              span?.setAttribute(ATTR_ERROR_TYPE, error.kind);
            }
            throw error;
          }
        },
      ),
  };
}

/** The page loader in a span (`page.load`): a thrown not-found page is an answer, a thrown 5xx a failure. */
export function tracedPageLoader(tracing: SiteTracing, pages: PageLoader): PageLoader {
  const expected = (error: unknown) => (thrownStatus(error) ?? 500) < 500;
  return {
    loadPage: (request) => tracing.span('page.load', { expected }, () => pages.loadPage(request)),
    loadPageResponse: (request, report) => tracing.span('page.load', { expected }, () => pages.loadPageResponse(request, report)),
  };
}

/** The trace of one form post (../submissions/router.ts): its handling runs inside it, its lead keeps its `traceparent`, its outcome ends it. */
export interface PostTrace {
  within<T>(run: () => T): T;
  traceparent(): string | undefined;
  end(form: string, outcome: SubmissionOutcome): void;
}

/** A lead as its delivery's span needs it (../outbox/types.ts DueSubmission). */
export interface TracedLead {
  id: string;
  endpoint: string;
  attempts: number;
  trace?: { requestId?: string; traceparent?: string };
}

/** Runs a delivery attempt in its span; `attempt` gets the headers that carry the span on (../outbox/worker.ts). */
export type DeliveryTracer = (lead: TracedLead, attempt: (headers: Record<string, string>) => Promise<void>) => Promise<void>;

/** A form post: a span (`form.submit <endpoint>`, child of the request's) whose `traceparent` the lead keeps. */
export function postTracer(tracing: SiteTracing): (req: IncomingMessage, endpoint: string) => PostTrace {
  return (req, endpoint) => {
    const context = tracing.start(`form.submit ${endpoint}`, {
      parent: requestScope(req)?.trace,
      attributes: { 'form.endpoint': endpoint },
    });
    const span = trace.getSpan(context)!;
    return {
      within: (run) => tracing.within(context, run),
      traceparent: () => tracing.headers(context).traceparent,
      end(form, outcome) {
        if (form) span.setAttribute('form.name', form);
        span.setAttribute('form.outcome', outcome);
        if (outcome === 'unavailable') failSpan(span, 'unavailable');
        span.end();
      },
    };
  };
}

/**
 * A delivery attempt: a CLIENT span (`outbox.deliver <endpoint>`) in the trace of the post the lead
 * came from — its child, and linked to it (a delivery may come long after, from another instance)
 * — or a new trace for a lead without one. Its `traceparent` goes with the POST.
 */
export function deliveryTracer(tracing: SiteTracing, contentBase: string): DeliveryTracer {
  const server = serverAttributes(contentBase);
  return (row, attempt) => {
    const parent = tracing.fromTraceparent(row.trace?.traceparent);
    const posted = trace.getSpanContext(parent);
    return tracing.span(
      `outbox.deliver ${row.endpoint}`,
      {
        kind: SpanKind.CLIENT,
        parent,
        links: posted ? [{ context: posted }] : [],
        attributes: {
          'outbox.lead.id': row.id,
          'outbox.attempt': row.attempts,
          [ATTR_HTTP_REQUEST_METHOD]: 'POST',
          [ATTR_URL_TEMPLATE]: row.endpoint,
          ...server,
          ...(row.trace?.requestId ? { [ATTR_REQUEST_ID]: row.trace.requestId } : {}),
        },
      },
      () => attempt(tracing.headers()),
    );
  };
}

/** Records a delivery's outcome on its span (the worker's onDelivery runs inside it). */
export function deliveryOutcome(tracing: SiteTracing, outcome: DeliveryOutcome, why: string | undefined): void {
  const span = tracing.current();
  span?.setAttribute('outbox.outcome', outcome);
  if (outcome === 'retry' || outcome === 'dead') failSpan(span, why);
}

function serverAttributes(base: string): Attributes {
  const url = new URL(base);
  return { [ATTR_SERVER_ADDRESS]: url.hostname, [ATTR_SERVER_PORT]: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
}
