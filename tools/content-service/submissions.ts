// POST submissions (SPEC §7): each body is checked against its contract request schema,
// de-duplicated by Idempotency-Key, stored (memory + one JSON-lines file per endpoint),
// and the download form's e-mail is written. The site's own server checks the detailed
// form rules (SPEC §5); this service only holds callers to the contract.
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { SCHEMA_DIR, type SubmissionEndpoint } from './contract.ts';
import type { FailureSwitch } from './failure.ts';
import { HttpError, parseJsonObject, pointer, readBody, sendJson, type FieldError } from './http.ts';
import { composeDocumentMail, type DocumentInfo, type MailFolder } from './mail.ts';

/** Comfortably above the largest legal career post (4,813,740 base64 characters of CV plus the other fields). */
export const BODY_LIMIT = 5 * 1024 * 1024;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;
/** A body with thousands of unknown keys should not get a thousand-line answer. */
const MAX_ERRORS = 50;

export interface Submission {
  id: string;
  endpoint: string;
  key: string;
  body: Record<string, unknown>;
  /** ISO 8601 time. */
  receivedAt: string;
}

/** Same body = same JSON value, whatever the key order or spacing. */
function fingerprint(body: Record<string, unknown>): string {
  const sorted = Object.fromEntries(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** Submissions in memory, each also appended to `<dir>/<endpoint name>.jsonl` (dir created on first use). */
export class SubmissionStore {
  private readonly all: Submission[] = [];
  private readonly byKey = new Map<string, { submission: Submission; fingerprint: string }>();

  constructor(readonly dir: string) {}

  /** The earlier submission with this key at this endpoint, if any. */
  find(endpoint: string, key: string) {
    return this.byKey.get(`${endpoint} ${key}`);
  }

  /** Written to disk before memory, so a failed write leaves no half-stored submission behind. */
  add(endpoint: string, key: string, body: Record<string, unknown>): Submission {
    const submission: Submission = { id: randomUUID(), endpoint, key, body, receivedAt: new Date().toISOString() };
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    appendFileSync(
      path.join(this.dir, `${endpoint.replace(/^\/api\//, '').replaceAll('/', '_')}.jsonl`),
      `${JSON.stringify(submission)}\n`,
    );
    this.all.push(submission);
    this.byKey.set(`${endpoint} ${key}`, { submission, fingerprint: fingerprint(body) });
    return submission;
  }

  list(): Submission[] {
    return [...this.all];
  }
}

function toFieldErrors(errors: ErrorObject[]): FieldError[] {
  return (
    errors
      // "must match then schema" only repeats the required-field errors it comes with.
      .filter((e) => e.keyword !== 'if')
      .slice(0, MAX_ERRORS)
      .map((e) => {
        const params = e.params as Record<string, unknown>;
        if (e.keyword === 'required') return { path: pointer(String(params.missingProperty)), message: 'is required' };
        if (e.keyword === 'additionalProperties') return { path: pointer(String(params.additionalProperty)), message: 'is not allowed' };
        if (e.keyword === 'enum')
          return { path: e.instancePath, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
        return { path: e.instancePath, message: e.message ?? 'is invalid' };
      })
  );
}

export interface SubmissionContext {
  store: SubmissionStore;
  mails: MailFolder;
  failures: FailureSwitch;
  /** Leaves the request unanswered (failure mode "hang"); the service closes it on close(). */
  hang(res: http.ServerResponse): void;
  /** The document a download form's id names (for its e-mail). */
  findDocument(id: string): Promise<DocumentInfo | undefined>;
}

/** Compiles every request schema now, so a broken schema fails at start-up; returns the request handler. */
export function createSubmissionHandler(endpoints: SubmissionEndpoint[], ctx: SubmissionContext) {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
  const validators = new Map<string, ValidateFunction>(
    endpoints.map((e) => [e.path, ajv.compile(JSON.parse(readFileSync(path.join(SCHEMA_DIR, e.requestSchema), 'utf8')) as object)]),
  );

  return async function handleSubmission(req: http.IncomingMessage, res: http.ServerResponse, endpoint: SubmissionEndpoint) {
    // A simulated outage hits every submission, valid or not. The body is read first so the
    // request is complete: a hanging one then stays open until the client gives up.
    const failure = ctx.failures.take();
    if (failure !== 'none') {
      await readBody(req, 0);
      if (failure === 'hang') return ctx.hang(res);
      throw new HttpError(503, 'Service unavailable', { 'Retry-After': '1' });
    }

    const raw = await readBody(req, BODY_LIMIT);
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
      throw new HttpError(415, 'Content-Type must be application/json');
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
      throw new HttpError(400, 'Idempotency-Key header must be 8 to 200 characters of A-Z, a-z, 0-9, _ and -');
    if (!raw) throw new HttpError(413, `Body larger than ${BODY_LIMIT} bytes`);
    const body = parseJsonObject(raw);
    const validate = validators.get(endpoint.path);
    if (!validate) throw new Error(`no validator for ${endpoint.path}`);
    if (!validate(body))
      return sendJson(res, 422, { message: 'Body does not match the contract', errors: toFieldErrors(validate.errors ?? []) });

    // Looked up first: nothing may await between the duplicate check below and add().
    const document = endpoint.mail === 'document' ? await ctx.findDocument(String(body.id)) : undefined;
    const earlier = ctx.store.find(endpoint.path, key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint(body)) throw new HttpError(409, 'Idempotency-Key already used with a different body');
      return sendJson(res, 200, { status: 'ok', id: earlier.submission.id }, { 'Idempotent-Replayed': 'true' });
    }
    const submission = ctx.store.add(endpoint.path, key, body);
    if (endpoint.mail === 'document') {
      const to = String(body.email);
      const { subject, text } = composeDocumentMail({
        to,
        name: String(body.name),
        id: String(body.id),
        document,
        date: new Date(submission.receivedAt),
        messageId: submission.id,
      });
      ctx.mails.write(to, subject, text, `${submission.receivedAt.replace(/[:.]/g, '-')}-${submission.id}`);
    }
    sendJson(res, 201, { status: 'ok', id: submission.id });
  };
}
