/**
 * Same-origin `POST` routes of the form endpoints (one per distinct `x-form.endpoint`). A request
 * goes: rate limit (429) → JSON only (415) → Idempotency-Key (400) → body within the endpoint's
 * limit (413) and a JSON object (400) → honeypot (202, nothing stored) → the form's precompiled
 * validator (422) → x-lowercase fields lower-cased → CV bytes (422) → repeated key (202 same id, or 409) → captcha (422) → committed
 * to the outbox → 202 { status: "accepted", id }. Every error answer is JSON { message, errors? }; a
 * database failure is 503 with Retry-After, saying "nothing was kept" only when the commit was not tried.
 */
import { createHash, randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { fieldErrors, type FieldErrors } from '../../forms/errors.ts';
import { CaptchaVerifier } from '../captcha.ts';
import { OutboxTimeout, within } from '../outbox/deadline.ts';
import { OutboxUnavailable } from '../outbox/start.ts';
import type { EnqueueResult, OutboxStore } from '../outbox/types.ts';
import type { SubmissionConfig } from './config.ts';
import { HONEYPOT_FIELD } from '@site/src/generated/forms/index.ts';
import { fileError } from './uploads.ts';
import { checkForms, loadEndpoints, type SubmissionEndpoint } from './forms.ts';
import { clientIp, rateLimitKey } from './ip.ts';
import { RateLimiter, type Limiter } from '../outbox/rate-limit.ts';
import type { SubmissionOutcome } from '../observe/metrics.ts';
import { requestScope } from '../observe/requests.ts';
import type { PostTrace } from '../observe/tracers.ts';

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;
export const CAPTCHA_MESSAGE = 'The form must be filled out';

/** The 503 answers of a database failure: what is known about the lead, and no more. */
export const STORE_FAILED = {
  /** Nothing was written: the failure came before the commit was tried. */
  notKept: 'Your submission could not be stored just now. Nothing was kept; please try again.',
  /** The commit was tried and its outcome is unknown (the database's answer was lost, and it cannot be asked). */
  unknown: 'Your submission could not be confirmed as stored. Please send it again with the same Idempotency-Key: it is never kept twice.',
} as const;
/** Seconds a client waits before sending again after a 503. */
export const RETRY_AFTER_SECONDS = '5';
const RETRY = { 'Retry-After': RETRY_AFTER_SECONDS };

export interface SubmissionDeps {
  outbox: () => OutboxStore;
  captcha: CaptchaVerifier;
  limiter: Limiter;
  /** OUTBOX_DB_TIMEOUT_MS: how long a retry waits for a request in progress with its Idempotency-Key. */
  storeTimeoutMs: number;
  trustProxyHeader?: string;
  endpoints: SubmissionEndpoint[];
  log: (line: string) => void;
  /** Failures behind a 503 (default: console.error). */
  errorLog?: { error(fields: { err: unknown }, line: string): void };
  /** Told every post's outcome, with its endpoint and form (empty before the form is known): the server's metrics. */
  onOutcome?: (endpoint: string, form: string, outcome: SubmissionOutcome) => void;
  /** Traces each post (the server's span of it, whose context the lead keeps for its deliveries); absent: none. */
  trace?: (req: Request, endpoint: string) => PostTrace;
  now: () => number;
}

/** The outcome a status tells (a 202 says which kind of acceptance in res.locals.outcome). */
function outcomeOf(status: number, accepted: SubmissionOutcome | undefined): SubmissionOutcome {
  if (status === 202) return accepted ?? 'accepted';
  if (status === 429) return 'rate_limited';
  if (status === 422) return 'invalid';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

/**
 * The rate limit: shared by every instance through the outbox's database when it offers one
 * (PostgreSQL), else this instance's own. Chosen at the first submission, once the outbox is open.
 */
function siteLimiter(cfg: SubmissionConfig, outbox: () => OutboxStore): Limiter {
  let chosen: Limiter | undefined;
  return {
    take: (key) =>
      (chosen ??= outbox().sharedLimiter?.(cfg.rateLimit, cfg.rateWindowMs) ?? new RateLimiter(cfg.rateLimit, cfg.rateWindowMs)).take(key),
  };
}

/** The router's dependencies from the site's settings and its outbox (open once the site listens). */
export function submissionDeps(cfg: SubmissionConfig, siteOrigin: string, outbox: () => OutboxStore): SubmissionDeps {
  return {
    outbox,
    captcha: new CaptchaVerifier({
      mode: cfg.captchaMode,
      secret: cfg.recaptchaSecret,
      hostnames: cfg.recaptchaHostnames.length ? cfg.recaptchaHostnames : [new URL(siteOrigin).hostname.toLowerCase()],
    }),
    limiter: siteLimiter(cfg, outbox),
    storeTimeoutMs: cfg.outboxDbTimeoutMs,
    trustProxyHeader: cfg.trustProxyHeader,
    endpoints: loadEndpoints(),
    log: (line) => console.log(line),
    now: Date.now,
  };
}

class Answer extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
    /** The failure behind a 5xx, for the log. */
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

function send(res: Response, status: number, body: object, headers: Record<string, string> = {}): void {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', ...headers })
    .json(body);
}

/** Identifies the visitor's data at an endpoint: the captcha token (its field `captcha`) and the address are not part of it. */
export function fingerprint(endpoint: string, data: Record<string, unknown>, captcha: string): string {
  const canonical = Object.keys(data)
    .filter((k) => k !== captcha)
    .sort()
    .map((k) => [k, data[k]]);
  return createHash('sha256')
    .update(JSON.stringify([endpoint, canonical]))
    .digest('hex');
}

/** Body-parser failures as answers (status, message): the client's mistakes, never a 5xx (also the Web Vitals endpoint's, ../vitals.ts). */
export const BODY_PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'The submission is too large.'],
  'entity.parse.failed': [400, 'The body is not valid JSON.'],
  'entity.verify.failed': [400, 'The body is not valid JSON.'],
  'encoding.unsupported': [415, 'Unsupported Content-Encoding.'],
  'charset.unsupported': [415, 'Unsupported charset: send UTF-8 JSON.'],
  'request.aborted': [400, 'The request was aborted.'],
  'request.size.invalid': [400, 'The body does not match its Content-Length.'],
};

export function submissionRouter(deps: SubmissionDeps): express.Router {
  const router = express.Router();
  /** Requests in progress per idempotency key: a retry racing its original waits for it. */
  const inProgress = new Map<string, Promise<unknown>>();

  const failed = (line: string, error: unknown) => (deps.errorLog ? deps.errorLog.error({ err: error }, line) : console.error(line, error));

  const guard = async (req: Request, res: Response, next: NextFunction) => {
    const endpointPath = req.path;
    res.once('finish', () =>
      deps.onOutcome?.(endpointPath, (res.locals.form as string | undefined) ?? '', outcomeOf(res.statusCode, res.locals.outcome)),
    );
    const post = deps.trace?.(req, endpointPath);
    if (post) {
      res.locals.post = post;
      // 'close' comes whether the answer was sent or the client went away: the span always ends.
      res.once('close', () => post.end((res.locals.form as string | undefined) ?? '', outcomeOf(res.statusCode, res.locals.outcome)));
    }
    const ip = clientIp(req, deps.trustProxyHeader);
    res.locals.submitterIp = ip;
    const rate = await deps.limiter.take(rateLimitKey(ip));
    if (!rate.ok)
      throw new Answer(429, 'Too many submissions from your address. Please try again later.', undefined, {
        'Retry-After': String(rate.retryAfterSeconds),
      });
    if (!req.is('application/json')) throw new Answer(415, 'Send the form as application/json.');
    const key = req.get('idempotency-key');
    if (!key || !IDEMPOTENCY_KEY.test(key))
      throw new Answer(400, 'An Idempotency-Key header of 8 to 200 characters A-Z, a-z, 0-9, _ or - is required.');
    next();
  };

  async function accept(endpoint: SubmissionEndpoint, req: Request, res: Response, post: PostTrace | undefined): Promise<void> {
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Answer(400, 'The body must be a JSON object.');
    const key = req.get('idempotency-key')!;
    const ip = res.locals.submitterIp as string;
    // The address is the server's to fill in, never the visitor's.
    const { [HONEYPOT_FIELD]: honeypot, ip: _sent, ...data } = body as Record<string, unknown>;
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      deps.log(`[submissions] honeypot filled on ${endpoint.path}: answered as accepted, not stored`);
      res.locals.outcome = 'spam';
      return send(res, 202, { status: 'accepted', id: randomUUID() });
    }

    const check = checkForms(endpoint, data, req.get('form-name') ?? undefined);
    res.locals.form = check.form.name;
    if (check.errors) throw new Answer(422, 'Some fields are not valid.', fieldErrors(check.errors));
    // The e-mail is checked in any case and sent on in lower case (docs/forms.md).
    for (const field of check.form.lowercase) if (typeof data[field] === 'string') data[field] = data[field].toLowerCase();
    // Uploaded files are read by their bytes (the schema checked their name and size as text).
    for (const { field, nameField, rules } of check.form.files) {
      const content = data[field];
      const name = data[nameField];
      const problem = typeof content === 'string' && typeof name === 'string' ? fileError(rules, name, content) : undefined;
      if (problem) throw new Answer(422, 'The file is not accepted.', { [field]: [problem] });
    }

    const print = fingerprint(endpoint.path, data, check.form.captcha);
    const outbox = deps.outbox();
    const earlier = await outbox.findKey(key);
    if (earlier) return replay(res, earlier.id, earlier.fingerprint === print);

    const captcha = await deps.captcha.verify(data[check.form.captcha], { remoteIp: ip, host: req.hostname });
    if (!captcha.ok) {
      deps.log(`[submissions] captcha refused on ${endpoint.path}: ${captcha.reason}`);
      if (captcha.unavailable)
        throw new Answer(503, 'The captcha could not be checked just now. Please try again.', undefined, { 'Retry-After': '5' });
      throw new Answer(422, 'Please confirm you are not a robot.', { [check.form.captcha]: [CAPTCHA_MESSAGE] });
    }

    const stored: Record<string, unknown> = Object.fromEntries(Object.entries(data).filter(([k]) => !endpoint.strip.includes(k)));
    if (endpoint.addIp) stored.ip = ip;
    let result: EnqueueResult;
    try {
      result = await outbox.enqueue(
        {
          id: randomUUID(),
          key,
          endpoint: endpoint.path,
          body: JSON.stringify(stored),
          fingerprint: print,
          // Its deliveries carry on the post's trace and request id (ids only).
          trace: { requestId: requestScope(req)?.id, traceparent: post?.traceparent() },
        },
        deps.now(),
      );
    } catch (error) {
      result = await afterFailedCommit(outbox, key, print, error);
    }
    if (result.status !== 'created') return replay(res, result.id, result.status === 'replayed');
    deps.log(`[submissions] accepted lead ${result.id} for ${endpoint.path}`);
    send(res, 202, { status: 'accepted', id: result.id });
  }

  /**
   * A commit that reported an error may still have happened (PostgreSQL's answer lost with its
   * connection): the key says whether the lead is there. Stored, it is accepted like any other;
   * otherwise, or when the database cannot be asked, the 503 says the outcome is not known.
   */
  async function afterFailedCommit(outbox: OutboxStore, key: string, print: string, error: unknown): Promise<EnqueueResult> {
    // A database that did not answer the commit in time would keep the lookup waiting as long again.
    if (error instanceof OutboxTimeout) throw new Answer(503, STORE_FAILED.unknown, undefined, RETRY, error);
    const found = await outbox.findKey(key).catch(() => undefined);
    if (!found) throw new Answer(503, STORE_FAILED.unknown, undefined, RETRY, error);
    deps.log(`[submissions] lead ${found.id}: the commit reported "${(error as Error).message}", but the lead is stored`);
    return { status: found.fingerprint === print ? 'created' : 'conflict', id: found.id };
  }

  function replay(res: Response, id: string, same: boolean): void {
    if (!same) throw new Answer(409, 'This Idempotency-Key was already used for a different submission.');
    res.locals.outcome = 'replayed';
    send(res, 202, { status: 'accepted', id }, { 'Idempotent-Replayed': 'true' });
  }

  for (const endpoint of deps.endpoints) {
    router.post(
      endpoint.path,
      guard,
      express.json({ limit: endpoint.bodyLimit, strict: true, type: 'application/json' }),
      async (req, res) => {
        const key = req.get('idempotency-key')!;
        const earlier = inProgress.get(key);
        // A retry racing its original waits for it, but no longer than the database may take: an
        // original that hangs on a database that stopped answering must not take its retries along.
        // Its outcome is then unknown, and sending again with the key stays safe.
        if (earlier) {
          const ended = await within(
            earlier.then(
              () => true,
              () => true,
            ),
            deps.storeTimeoutMs,
            'the request in progress with this Idempotency-Key',
          ).catch(() => false);
          if (!ended) throw new Answer(503, STORE_FAILED.unknown, undefined, RETRY);
        }
        // The post's span is current while it is handled, whatever async context the body parser's callback left.
        const post = res.locals.post as PostTrace | undefined;
        const running = post ? post.within(() => accept(endpoint, req, res, post)) : accept(endpoint, req, res, undefined);
        inProgress.set(key, running);
        try {
          await running;
        } finally {
          if (inProgress.get(key) === running) inProgress.delete(key);
        }
      },
    );
  }

  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof Answer) {
      if (error.cause !== undefined) failed(`[submissions] ${req.method} ${req.path} failed (${error.status})`, error.cause);
      return send(
        res,
        error.status,
        error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
        error.headers,
      );
    }
    // The outbox is not open (the database was down at start): its opener logs that, not every request.
    if (error instanceof OutboxUnavailable) return send(res, 503, { message: STORE_FAILED.notKept }, RETRY);
    const type = (error as { type?: string }).type;
    const known = type ? BODY_PARSER_ERRORS[type] : undefined;
    if (known) return send(res, known[0], { message: known[1] });
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return send(res, status, { message: 'The request could not be read.' });
    // Everything that can fail after the commit was tried is answered above: nothing was kept.
    failed(`[submissions] ${req.method} ${req.path} failed`, error);
    send(res, 503, { message: STORE_FAILED.notKept }, RETRY);
  });
  return router;
}
