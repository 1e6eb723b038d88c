/**
 * Every request, seen once: observeRequests wraps the site's Node handler, gives the request an id
 * (echoed as `X-Request-Id`, sent on with its content reads), and when the response is done
 * writes one log line and records its duration under its route template.
 *
 * The parts of the site annotate the request they serve through its scope (an AsyncLocalStorage
 * store, also reachable from the request object when a callback runs outside it): the route
 * template (the page loader's match, the page cache's key, an Express route's path), the page
 * cache's outcome and the content reads it waited for. The label is never the raw URL: a route
 * template, or a fixed name (`static`, `not-found`, `unreadable`, `other`).
 *
 * With traces on (./tracing.ts) each request is also a server span, current while the request is
 * served (the spans of its page load, content reads and render are its children), ended with its
 * route template and status when the response is done.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.ts';
import type { Context } from '@opentelemetry/api';
import type { PageCacheOutcome, SiteMetrics } from './metrics.ts';
import type { SiteTracing } from './tracing.ts';

export interface RequestScope {
  /** The request id: the trusted proxy's `X-Request-Id`, or a new UUID. */
  readonly id: string;
  /** The route template (or fixed name) the request was served as. */
  route?: string;
  /** For pages: how the page cache answered. */
  cache?: PageCacheOutcome;
  /** Content reads the request waited for, and their total time (ms). */
  reads: number;
  readMs: number;
  /** With traces on: the context of the request's server span (for callbacks that run outside its async context). */
  trace?: Context;
}

const scopes = new AsyncLocalStorage<RequestScope>();
const byRequest = new WeakMap<IncomingMessage, RequestScope>();

/** The scope of the request being served here, if any (content reads, the page loader, the page cache). */
export function currentRequest(): RequestScope | undefined {
  return scopes.getStore();
}

/** The scope of `req` (for callbacks that run outside its async context, e.g. after the body was read). */
export function requestScope(req: IncomingMessage): RequestScope | undefined {
  return byRequest.get(req);
}

/** Names the route template of the request being served (the last one named wins). */
export function nameRoute(route: string): void {
  const scope = scopes.getStore();
  if (scope) scope.route = route;
}

/** An id a trusted proxy may hand on: printable, no spaces, at most 128 characters. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

export interface ObserveOptions {
  log: Logger;
  metrics: SiteMetrics;
  /** Take `X-Request-Id` and the W3C `traceparent` from the request (only behind a trusted proxy: TRUST_PROXY_HEADER). */
  trustRequestId: boolean;
  /** Traces; absent (off), no span is made and nothing else is done. */
  tracing?: SiteTracing;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The route label of a finished request: what a part named, else the Express route that answered, else `other`. */
function routeOf(req: IncomingMessage & { route?: { path?: unknown }; baseUrl?: string }, scope: RequestScope): string {
  if (scope.route) return scope.route;
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}`;
  return 'other';
}

export function observeRequests(handler: Handler, options: ObserveOptions): Handler {
  const { log, metrics, tracing } = options;
  return (req, res) => {
    const started = performance.now();
    const sent = req.socket.bytesWritten;
    const given = options.trustRequestId ? req.headers['x-request-id'] : undefined;
    const scope: RequestScope = { id: typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID(), reads: 0, readMs: 0 };
    byRequest.set(req, scope);
    res.setHeader('X-Request-Id', scope.id);
    const span = tracing?.startRequest(req, scope.id, options.trustRequestId);
    if (span) scope.trace = span.context;
    res.once('close', () => {
      const ms = performance.now() - started;
      const route = routeOf(req, scope);
      const status = res.statusCode;
      span?.end(route, status, scope.cache);
      metrics.request(route, req.method ?? 'GET', status, ms / 1000);
      if (scope.cache) {
        metrics.pageCache(scope.cache);
        if (scope.cache === 'stale') metrics.staleServed(route);
      }
      if (!log.isLevelEnabled('info')) return;
      log.info(
        {
          reqId: scope.id,
          ...(span ? { traceId: span.traceId } : {}),
          method: req.method,
          route,
          status,
          durationMs: Math.round(ms * 10) / 10,
          // What this response put on the connection, headers included.
          bytes: req.socket.bytesWritten - sent,
          ...(scope.cache ? { cache: scope.cache } : {}),
          ...(scope.reads ? { reads: scope.reads, readMs: Math.round(scope.readMs * 10) / 10 } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    if (span) scopes.run(scope, () => tracing!.within(span.context, () => handler(req, res)));
    else scopes.run(scope, () => handler(req, res));
  };
}
