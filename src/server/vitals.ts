/**
 * POST /__vitals: real visitors' Web Vitals, one report per page view (src/engine/chrome/web-vitals-reporter.ts),
 * counted in the webvitals_* histograms under the route template of the page's path. A request goes:
 * rate limit per address (429, a limiter of its own: a visitor's reports never use up their form
 * submissions) → JSON only (415) → at most 2 KB (413) and JSON (400) → schemas/vitals.schema.json
 * (422: a value that is not a finite number within its bounds refuses the whole report) → 204.
 * Nothing about the visitor is kept: no identifier, no cookie (the request log line, as for any
 * request, has no address and names the route `/__vitals`, not the reported path); the path is
 * mapped to its definition's route template (or `not-found`), never used as a label itself.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import express, { type NextFunction, type Request, type Response } from 'express';
import schema from '../../schemas/vitals.schema.json' with { type: 'json' };
import type { DefinitionIndex } from '../engine/definitions.server.ts';
import { VITALS_ENDPOINT } from '../engine/vitals.ts';
import type { VitalsReport } from '../generated/vitals.ts';
import type { SiteMetrics, VitalName } from './observe/metrics.ts';
import { RateLimiter, type Limiter } from './outbox/rate-limit.ts';
import { clientIp, rateLimitKey } from './submissions/ip.ts';
import { BODY_PARSER_ERRORS } from './submissions/router.ts';

/** Reports per address and minute: a visitor sends one per page view, so this is a brisk reader's 30 pages a minute. */
export const VITALS_RATE_LIMIT = 30;
const VITALS_RATE_WINDOW_MS = 60_000;
/** A report is a path (≤ 1,024 characters) and five numbers: far below this. */
export const VITALS_BODY_LIMIT_BYTES = 2048;

export interface VitalsDeps {
  /** The current definitions: their routes name the page a path belongs to. */
  definitions: () => Pick<DefinitionIndex, 'match'>;
  metrics: Pick<SiteMetrics, 'vital'>;
  /** TRUST_PROXY_HEADER: whose address the limit counts (./submissions/ip.ts). */
  trustProxyHeader?: string;
  /** Default: VITALS_RATE_LIMIT per minute per address, in this instance's memory. */
  limiter?: Limiter;
}

let check: ValidateFunction<VitalsReport> | undefined;
/** Compiled at the first report, not at start (the server compiles no schema it may never use). */
function validator() {
  return (check ??= new Ajv({ strict: true }).compile<VitalsReport>(schema));
}

function answer(res: Response, status: number, message?: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ 'Cache-Control': 'no-store', ...headers });
  if (message === undefined) res.end();
  else res.json({ message });
}

export function vitalsRouter(deps: VitalsDeps): express.Router {
  const limiter = deps.limiter ?? new RateLimiter(VITALS_RATE_LIMIT, VITALS_RATE_WINDOW_MS);
  const router = express.Router();
  router.post(
    VITALS_ENDPOINT,
    async (req: Request, res: Response, next: NextFunction) => {
      const rate = await limiter.take(rateLimitKey(clientIp(req, deps.trustProxyHeader)));
      if (!rate.ok) return answer(res, 429, 'Too many reports from your address.', { 'Retry-After': String(rate.retryAfterSeconds) });
      if (!req.is('application/json')) return answer(res, 415, 'Send the report as application/json.');
      next();
    },
    express.json({ limit: VITALS_BODY_LIMIT_BYTES, strict: true, type: 'application/json' }),
    (req: Request, res: Response) => {
      const report: unknown = req.body;
      const validate = validator();
      if (!validate(report)) return answer(res, 422, 'The report is not valid.');
      const match = deps.definitions().match(report.path);
      const route = match ? match.route : 'not-found';
      for (const [name, value] of Object.entries(report.metrics) as [VitalName, number][]) deps.metrics.vital(name, route, value);
      answer(res, 204);
    },
  );
  router.use(VITALS_ENDPOINT, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: string } | null)?.type;
    const known = type ? BODY_PARSER_ERRORS[type] : undefined;
    if (known) return answer(res, known[0], known[1]);
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) return answer(res, status, 'The request could not be read.');
    next(error);
  });
  return router;
}
