/**
 * The site: createSite(options) builds the one Express app that serves everything — security
 * headers, kept pages, compression, static files (production), health and SEO endpoints, form
 * submissions, visitors' Web Vitals (./vitals.ts), the /api content proxy and React Router — and owns the content client, the page
 * cache and the outbox. It is the server build's entry (vite.config.ts), so production runs it
 * from build/server/index.js through the short launcher ./main.ts, and development loads the same
 * module through Vite (tools/dev.ts). The configuration is read once, from `options.config` or
 * else from process.env (./config.ts), and handed to each part; no part reads process.env itself.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { loadDefinitions, type Definitions } from '../engine/definitions.server.ts';
import { createPageLoader } from '../engine/page-loader.server.ts';
import type { EditorBackend } from '../editor/types.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { createContentClient, type ContentClient } from '../engine/content-client.ts';
import { contentProxy } from './content-proxy.ts';
import { inlineCriticalCss } from './critical-css.ts';
import type { DocumentSettings } from './document.ts';
import { healthRouter, readinessPath } from './health.ts';
import { startOutbox } from './outbox/start.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { pageKeys } from './page-keys.ts';
import { answerUnreadable } from './request-url.ts';
import { originOf, securityHeaders } from './security.ts';
import { seoRouter } from './seo.ts';
import { themeCss } from '../engine/theme.ts';
import { submissionDeps, submissionRouter } from './submissions/router.ts';
import { vitalsRouter } from './vitals.ts';
import { createLogger, lineLogger, type Logger } from './observe/logger.ts';
import { createMetrics, noMetrics, type SiteMetrics } from './observe/metrics.ts';
import { listenMetrics } from './observe/metrics-server.ts';
import { currentRequest, nameRoute, observeRequests } from './observe/requests.ts';
import { startTracing, type SiteTracing } from './observe/tracing.ts';
import { deliveryOutcome, deliveryTracer, postTracer, readTracer, tracedPageLoader } from './observe/tracers.ts';

export interface SiteOptions {
  mode: 'development' | 'production';
  /** Default: read from process.env (with production rules in production mode, whatever NODE_ENV says). */
  config?: ServerConfig;
  /** Development: Vite's middlewares (assets, HMR), mounted before the site's own routes. */
  viteMiddlewares?: RequestHandler;
  /**
   * Development: the page editor's backend (src/editor/api/backend.ts), built from the site's own
   * definitions and content reads and handed to the /__editor and /__preview routes.
   */
  editor?: (parts: EditorParts) => EditorBackend;
  /** Default: a logger from the configuration (LOG_LEVEL, LOG_FORMAT) writing to stdout. */
  log?: Logger;
  /** Default: traces as the configuration says (OTEL_*; ./observe/tracing.ts), none when it names no endpoint. */
  tracing?: SiteTracing;
}

/** What the page editor shares with the site: the same definitions, content reads and page settings. */
export interface EditorParts {
  definitions: Definitions;
  read: ContentClient['fetch'];
  page: { origin: string; imageBaseUrl: string; captchaSiteKey?: string };
}

export interface RunningSite {
  url: string;
  /** The metrics listener's URL (`…/metrics`), when METRICS_PORT is set. */
  metricsUrl?: string;
  /**
   * Stops taking connections, lets requests in flight finish (their outbox commits included),
   * then closes whatever is left after SHUTDOWN_TIMEOUT_MS (slow or idle clients cannot hold the
   * process), and stops the outbox worker (it gives its deliveries in flight back, due at once).
   */
  close(): Promise<void>;
}

export interface Site {
  /** Every request: security headers, then a kept page if there is one, else the app. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  app: Express;
  config: ServerConfig;
  definitions: Definitions;
  content: ContentClient;
  pageCache: PageCache;
  log: Logger;
  metrics: SiteMetrics;
  /** Traces, when on (OTEL_EXPORTER_OTLP_ENDPOINT…); undefined when off. */
  tracing?: SiteTracing;
  /** Serves the site on `server` (default: a new one; development passes the one Vite's HMR shares). */
  listen(options?: { port?: number; host?: string; server?: Server }): Promise<RunningSite>;
}

/** build/client, found from this module's place inside build/server/ (its chunk depth may vary). */
function clientBuildDirectory(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4 && !existsSync(path.join(directory, 'client', 'assets')); i++) directory = path.dirname(directory);
  return path.join(directory, 'client');
}

/** The theme CSS of a site config, made once per config (a development reload gives a new one). */
const themes = new WeakMap<object, string>();
function themeOf(site: Record<string, unknown>): string {
  let css = themes.get(site);
  if (css === undefined) themes.set(site, (css = themeCss(site.theme as Record<string, string> | undefined)));
  return css;
}

export function createSite(options: SiteOptions): Site {
  const production = options.mode === 'production';
  // A production site applies production rules whatever NODE_ENV says (the launcher decides).
  const config = options.config ?? readConfig(process.env, { production });
  if (production && !config.production) throw new Error('a production site needs its configuration read with production rules');
  const log = options.log ?? createLogger(config.log);
  const metrics = config.metrics ? createMetrics() : noMetrics;
  const traceLog = log.child({ component: 'traces' });
  // Off (no endpoint), there is no tracing at all: every hook below is left out, not a no-op.
  const tracing = options.tracing ?? startTracing(config.tracing, { log: (line, level) => traceLog[level](line) });
  const definitions = loadDefinitions({
    log: lineLogger(log.child({ component: 'definitions' }), 'error'),
    fromDisk: !production,
    siteDir: config.siteDir,
    definitionsDir: config.definitionsDir,
    production: config.production,
    allowInvalid: config.allowInvalidDefinitions,
  });
  const content = createContentClient({
    baseUrl: config.contentApiBase,
    credential: config.contentApiCredential,
    timeoutMs: config.contentTimeoutMs,
    cacheTtlMs: config.contentCacheTtlMs,
    cacheStaleMs: config.contentCacheStaleMs,
    cacheMaxEntries: config.contentCacheMaxEntries,
    brand: () => String(definitions.current().site.brand),
    log: lineLogger(log.child({ component: 'content' }), 'warn'),
    // The read goes on the request's account (its log line) and is sent with its id, and with
    // traces on the W3C traceparent of its upstream span.
    headers: tracing
      ? (): Record<string, string> => {
          const request = currentRequest();
          return request ? { 'X-Request-Id': request.id, ...tracing.headers() } : tracing.headers();
        }
      : (): Record<string, string> => {
          const request = currentRequest();
          return request ? { 'X-Request-Id': request.id } : {};
        },
    onRead(endpoint, outcome, ms) {
      metrics.contentRead(endpoint, outcome, ms / 1000);
      const request = currentRequest();
      if (request) {
        request.reads += 1;
        request.readMs += ms;
      }
    },
    trace: tracing && readTracer(tracing, config.contentApiBase),
  });
  const pageLog = log.child({ component: 'page' });
  const renderLog = log.child({ component: 'render' });
  const pages = createPageLoader({
    definitions: definitions.current,
    read: content.read,
    origin: config.siteOrigin,
    imageBaseUrl: config.imageBaseUrl,
    captchaSiteKey: config.recaptchaSiteKey,
    log: {
      warn: (line) => pageLog.warn(line),
      error: (line, ...details) => pageLog.error({ err: details.at(-1), details: details.slice(0, -1) }, String(line)),
    },
    onRoute: nameRoute,
  });
  // With traces on, the page load and the render are spans of their own (children of the request's).
  const tracedPages = tracing && tracedPageLoader(tracing, pages);
  const traceStep = tracing && (<T>(name: string, run: () => Promise<T>) => tracing.span(name, {}, run));
  const editor = options.editor?.({
    definitions,
    read: content.fetch,
    page: { origin: config.siteOrigin, imageBaseUrl: config.imageBaseUrl, captchaSiteKey: config.recaptchaSiteKey },
  });
  // Definitions only change between deployments in production; in development every request renders.
  const pageCache = createPageCache({
    ttlMs: production ? config.contentCacheTtlMs : 0,
    maxEntries: config.pageCacheMaxEntries,
    keyOf: pageKeys(definitions),
    onHit(key) {
      const request = currentRequest();
      if (!request) return;
      request.route = key.route;
      request.cache = 'hit';
      // An event on the request's span, not a span of its own: a hit is one lookup, and the cheapest path of all.
      tracing?.current()?.addEvent('page_cache.hit');
    },
  });
  const clientDirectory = production ? clientBuildDirectory() : undefined;
  const imageOrigin = originOf(config.imageBaseUrl);
  // Accepted form submissions are delivered to the content service from the outbox, in the background.
  const outboxLog = log.child({ component: 'outbox' });
  const outbox = startOutbox(
    config.submissions,
    { baseUrl: config.contentApiBase, credential: config.contentApiCredential },
    {
      log: lineLogger(outboxLog, 'warn'),
      workerLog: lineLogger(outboxLog, 'info'),
      onDelivery(outcome, ms, why) {
        metrics.delivery(outcome, ms / 1000);
        if (tracing) deliveryOutcome(tracing, outcome, why);
      },
      trace: tracing && deliveryTracer(tracing, config.contentApiBase),
    },
  );
  metrics.outbox(async () => {
    let store;
    try {
      store = outbox.store();
    } catch {
      return undefined;
    }
    const [counts, oldest] = await Promise.all([store.counts(), store.oldestPending()]);
    return {
      pending: counts.pending,
      dead: counts.dead,
      oldestPendingAgeSeconds: oldest === undefined ? 0 : (Date.now() - oldest) / 1000,
    };
  });

  const document: DocumentSettings = {
    criticalCss: clientDirectory ? inlineCriticalCss(clientDirectory) : undefined,
    paintFirst: production,
    csp: production,
    imageOrigin,
    themeCss: () => themeOf(definitions.current().site),
    cacheControl: config.pageCacheControl,
    keep: pageCache.keep,
    onFinished(outcome) {
      const request = currentRequest();
      if (request) request.cache = outcome;
    },
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  if (options.viteMiddlewares) app.use(options.viteMiddlewares);
  if (clientDirectory) {
    app.use((_req, _res, next) => (nameRoute('static'), next()));
    // Fingerprinted assets never change under the same name: cache them for a year.
    app.use('/assets', express.static(path.join(clientDirectory, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(clientDirectory, { maxAge: '1h', index: false }));
    // Not a file: the routes below name the request (or it stays `other`).
    app.use((_req, _res, next) => {
      const request = currentRequest();
      if (request) request.route = undefined;
      next();
    });
  }
  app.use(
    healthRouter({
      content,
      readinessPath: () => readinessPath(definitions.current().site),
      outbox: outbox.store,
      pendingAlertMs: config.submissions.outboxPendingAlertMs,
      log: lineLogger(log.child({ component: 'readyz' }), 'warn'),
      outboxTimeoutMs: config.submissions.outboxDbTimeoutMs,
    }),
  );
  app.use(
    seoRouter({
      origin: config.siteOrigin,
      definitions: () => definitions.current().definitions,
      read: content.fetch,
      log: lineLogger(log.child({ component: 'sitemap' }), 'error'),
    }),
  );
  app.use(
    submissionRouter({
      ...submissionDeps(config.submissions, config.siteOrigin, outbox.store),
      log: lineLogger(log.child({ component: 'submissions' }), 'info'),
      errorLog: log.child({ component: 'submissions' }),
      onOutcome: metrics.submission,
      trace: tracing && postTracer(tracing),
    }),
  );
  app.use(vitalsRouter({ definitions: definitions.current, metrics, trustProxyHeader: config.submissions.trustProxyHeader }));
  app.get('/api/*path', contentProxy(content));
  app.use((_req, res, next) => {
    // Documents send their own policy (src/server/document.ts); React Router appends headers.
    res.removeHeader('Content-Security-Policy');
    next();
  });
  // Every unknown URL gets the one kept not-found page instead of a render.
  app.use((req, res, next) => {
    if (!pageCache.serveNotFound(req, res)) next();
  });
  app.use(
    createRequestHandler({
      build: () => import('virtual:react-router/server-build'),
      // A page report of its own per request: whether its content was stale travels as data, from
      // the page loader to the finished response (src/entry.server.tsx), not through headers.
      getLoadContext: tracing
        ? () => ({
            site: { pages: tracedPages!, definitions: definitions.current, document, editor, log: renderLog, trace: traceStep },
            page: { stale: false },
          })
        : () => ({ site: { pages, definitions: definitions.current, document, editor, log: renderLog }, page: { stale: false } }),
    }),
  );
  // React Router builds its request URL from the Host header: one no URL can hold (`a b`, `[::1`,
  // a port out of range) is the client's mistake, answered 400 instead of a 500.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { code?: unknown } | null)?.code !== 'ERR_INVALID_URL' || res.headersSent) return next(error);
    res.status(400).set('Cache-Control', 'no-store').type('text/plain').send('Bad Request');
  });

  const secure = securityHeaders({ csp: production, imageOrigin, trustProxyHeader: config.submissions.trustProxyHeader });
  const handler = observeRequests(
    (req: IncomingMessage, res: ServerResponse) => {
      secure(req, res);
      if (answerUnreadable(req, res)) return;
      // HTTP/1.0 may leave Host out; React Router needs one to build its request URL (the site's
      // own URLs come from SITE_ORIGIN, never from Host).
      req.headers.host ??= 'localhost';
      if (!pageCache.serve(req, res)) app(req, res);
    },
    { log: log.child({ component: 'http' }), metrics, trustRequestId: config.submissions.trustProxyHeader !== undefined, tracing },
  );

  return {
    handler,
    app,
    config,
    definitions,
    content,
    pageCache,
    log,
    metrics,
    tracing,
    async listen({ port = config.port, host = config.host, server } = {}) {
      // Every wait on a client has an end: a request not sent whole within REQUEST_TIMEOUT_MS (its
      // headers within HEADERS_TIMEOUT_MS) is answered 408 and its connection closed by Node, whose
      // own limit of 300 s let slow posts hold sockets for five minutes. Node checks the limits at
      // an interval fixed when the server is made (30 s by default, later than a 20 s limit): a
      // tenth of the shorter one keeps every end within 10 % of its limit. A server handed in
      // (development: Vite's) gets the same limits, checked at its own interval.
      const limits = {
        requestTimeout: config.requestTimeoutMs,
        headersTimeout: config.headersTimeoutMs,
        keepAliveTimeout: config.keepAliveTimeoutMs,
      };
      server ??= createServer({ ...limits, connectionsCheckingInterval: Math.ceil(limits.headersTimeout / 10) });
      Object.assign(server, limits);
      // A reachable outbox is open (PostgreSQL's schema migrated) before the first request; one that
      // is not keeps being tried while the pages are served and submissions answer 503.
      await outbox.firstAttempt;
      server.on('request', handler);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      // Metrics on a listener of their own, never on the public port.
      const scrape =
        config.metrics && metrics.registry
          ? await listenMetrics(metrics.registry, config.metrics.port, config.metrics.host, log)
          : undefined;
      return {
        url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
        metricsUrl: scrape?.url,
        async close() {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), config.shutdownTimeoutMs)));
          if ((await Promise.race([closed, late])) === 'late') {
            log.warn(`[server] connections still open after ${config.shutdownTimeoutMs} ms: closed`);
            server.closeAllConnections();
            await closed;
          }
          clearTimeout(timer);
          await scrape?.close();
          await outbox.stop();
          // Last: the spans of the requests and deliveries just ended are sent (bounded by the export timeout).
          await tracing?.shutdown();
          log.flush();
        },
      };
    },
  };
}
