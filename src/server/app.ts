/**
 * The Express app: same-origin content reads under /api/* (proxied to the content service with
 * the server-held credential) and the React Router request handler for every page. It is the
 * server build's entry, so development (through Vite) and production run the same stack.
 */
import { createRequestHandler } from '@react-router/express';
import express, { type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalog } from '../renderer/definitions.server.ts';
import type { PageDefinition } from '../renderer/validate-definitions.ts';
import { config } from './config.ts';
import { ContentError, readContent, statusOf } from './content-client.ts';
import { pageCaching } from './page-cache.ts';
import { inlineCriticalCss } from './critical-css.ts';
import { paintFirst } from './paint-first.ts';
import { healthRouter } from './health.ts';
import { seoRouter } from './seo.ts';
import { submissionRouter } from './submissions/router.ts';

// Validate definitions at start-up: problems are logged now, not on a visitor's first request.
getCatalog();

/** build/client, found from this module's place inside build/server/ (its chunk depth may vary). */
function clientBuildDirectory(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4 && !existsSync(path.join(directory, 'client', 'assets')); i++) directory = path.dirname(directory);
  return path.join(directory, 'client');
}

export const app = express();
app.disable('x-powered-by');
app.use(healthRouter()); // GET /healthz, /readyz (src/server/health.ts)
app.use(seoRouter()); // GET /robots.txt, /sitemap.xml (src/server/seo.ts)

// Form submissions (POST), checked and committed to the outbox; the GET reads below stay as they are.
app.use(submissionRouter());

// Same-origin content reads: only paths of the content contract (checked in readContent, which
// answers 404 for anything else without asking the content service).
app.get('/api/*path', async (req: Request, res: Response) => {
  const raw = req.originalUrl;
  const at = raw.indexOf('?');
  const path = at < 0 ? raw : raw.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : raw.slice(at + 1));
  try {
    const { data: body, stale } = await readContent(path, query);
    if (stale) res.set('X-Content-Stale', '1');
    res.set('Cache-Control', 'public, max-age=60').json(body);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const status = statusOf(error);
    res.status(status).json({ message: status === 404 ? 'Not found' : 'Content service unavailable' });
  }
});

// Cache-Control and ETag for server-rendered pages (HTML only; everything else streams); in
// production the page's critical CSS is inlined (./critical-css.ts) and the scripts start after
// the first paint (./paint-first.ts).
const criticalCss = process.env.NODE_ENV === 'production' ? inlineCriticalCss(clientBuildDirectory()) : undefined;
/**
 * A page is kept under its path plus the query parameters its definition reads (bound `search.*`
 * values and the parameters of its list controls), in a fixed order. A request carrying any other
 * parameter (utm_*, gclid…) is rendered but not kept: list links keep such parameters, so its HTML
 * differs, and keeping it would only evict the pages everyone asks for.
 */
const readParams = new WeakMap<object, Set<string>>();
function paramsRead(definition: PageDefinition): Set<string> {
  let names = readParams.get(definition);
  if (!names) {
    const text = JSON.stringify([definition.sources, definition.sections, definition.meta, definition.structuredData]);
    names = new Set([...text.matchAll(/\bsearch\.([A-Za-z0-9_]+)/g)].map((m) => m[1]));
    for (const section of definition.sections) {
      if (typeof section.param === 'string') names.add(section.param);
      else if (section.block === 'pagination') names.add('page');
    }
    readParams.set(definition, names);
  }
  return names;
}

function pageKey(url: URL): string | undefined {
  const catalog = getCatalog();
  const definition = catalog.match(url.pathname)?.definition ?? catalog.notFound;
  const read = definition ? paramsRead(definition) : new Set<string>();
  if ([...url.searchParams.keys()].some((name) => !read.has(name))) return undefined;
  const kept = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
  return `${url.pathname}?${new URLSearchParams(kept).toString()}`;
}

app.use(
  pageCaching({
    cacheControl: config().pageCacheControl,
    keyOf: pageKey,
    transform: criticalCss ? (html) => paintFirst(criticalCss(html)) : undefined,
    // Definitions only change between deployments in production; in development every request renders.
    renderTtlMs: process.env.NODE_ENV === 'production' ? config().contentCacheTtlMs : 0,
  }),
);

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    // The CSP nonce of this response (src/server/security.ts) reaches entry.server.tsx here.
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string | undefined }),
  }),
);
