// Reference content service: plays the external content API (SPEC §7) for
// local development and tests. Routes come only from schemas/content/contract.json;
// answers come from the sample files in ./data; images from ./uploads; POST
// submissions are checked and stored by ./submissions.ts.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readEnvironment } from '../../src/server/environment.ts';
import { runMain } from '../lib/cli.ts';
import {
  DATA_DIR,
  UPLOADS_DIR,
  applyFilters,
  chooseSampleFile,
  compileRoutes,
  isPaginated,
  loadServiceContract,
  matchRoute,
  paginate,
  parsePage,
  parsePerPage,
  siteBrand,
  type Endpoint,
} from './contract.ts';
import { FailureSwitch, failureBodyErrors, type FailureMode } from './failure.ts';
import { HttpError, parseJsonObject, readBody, sendJson } from './http.ts';
import { MailFolder, type DocumentInfo, type SentMail } from './mail.ts';
import { SubmissionStore, createSubmissionHandler, type Submission } from './submissions.ts';
import { documentedOnly, loadContentSchemas, responseSchema, sampleMode, type SampleMode } from './strict.ts';

export interface ContentServiceOptions {
  port?: number;
  host?: string;
  user?: string;
  password?: string;
  log?: boolean;
  /** Where submissions are appended as JSON lines, one file per endpoint. Default: SUBMISSIONS_DIR, else a new temp dir. */
  submissionsDir?: string;
  /** Where the download form's e-mails are written as .eml files. Default: MAIL_DIR, else a new temp dir. */
  mailDir?: string;
  /**
   * "spec": answer only what SPEC documents (assumed endpoints 404, assumed and undeclared fields
   * removed). Default: CONTENT_SAMPLE, else "full".
   */
  sample?: SampleMode;
  /** The brand `{brand}` of the contract's paths stands for (/api/page/why-{brand}). Default: the brand of site.config.json. */
  brand?: string;
}

export interface RunningContentService {
  url: string;
  /** Which sample it answers with ("spec": only what SPEC documents). */
  sample: SampleMode;
  close(): Promise<void>;
  /** POST submissions stored by this instance, oldest first. */
  submissions(): Submission[];
  /** E-mails written by this instance, oldest first. */
  mails(): SentMail[];
  /** Makes the next `times` POST submissions (all of them when omitted) fail; "none" resets. GETs are unaffected. */
  setFailure(mode: FailureMode, times?: number): void;
  submissionsDir: string;
  mailDir: string;
}

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  // Brochures linked from /api/page/download (download_loop[].pdf_link).
  '.pdf': 'application/pdf',
};

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export async function startContentService(opts: ContentServiceOptions = {}): Promise<RunningContentService> {
  const host = opts.host ?? '127.0.0.1';
  // The same credential the site uses by default (schemas/environment.schema.json).
  const environment = readEnvironment();
  const user = opts.user ?? environment.CONTENT_API_USER;
  const password = opts.password ?? environment.CONTENT_API_PASSWORD;
  // Hashing both sides gives equal-length buffers, so timingSafeEqual leaks neither content nor length.
  const expectedCredential = sha256(`${user}:${password}`);
  const contract = loadServiceContract();
  const mode = opts.sample ?? sampleMode(environment.CONTENT_SAMPLE);
  const schemas = mode === 'spec' ? loadContentSchemas() : undefined;
  const routes = compileRoutes(contract, opts.brand ?? siteBrand());
  const submissionRoutes = new Map(contract.submissions.map((e) => [e.path, e]));
  const jsonCache = new Map<string, unknown>();
  // One folder per instance (created on first write), so services started side by side in tests never share state.
  const tempDir = (kind: string) => path.join(os.tmpdir(), `content-service-${kind}-${randomUUID()}`);
  const store = new SubmissionStore(opts.submissionsDir ?? environment.SUBMISSIONS_DIR ?? tempDir('submissions'));
  const mails = new MailFolder(opts.mailDir ?? environment.MAIL_DIR ?? tempDir('mail'));
  const failures = new FailureSwitch();
  const hung = new Set<http.ServerResponse>();
  let baseUrl = '';

  function isAuthorized(header: string | undefined): boolean {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    const given = m ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    return timingSafeEqual(sha256(given), expectedCredential) && m !== null;
  }

  /** Parsed once, then served from memory; a missing file is `undefined` (and not cached). */
  async function readData(relative: string): Promise<unknown> {
    const file = path.resolve(DATA_DIR, relative);
    if (!file.startsWith(DATA_DIR + path.sep)) throw new HttpError(404, 'Not found');
    if (jsonCache.has(file)) return jsonCache.get(file);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    const value: unknown = JSON.parse(text);
    jsonCache.set(file, value);
    return value;
  }

  async function answer(endpoint: Endpoint, params: Record<string, string>, query: URLSearchParams): Promise<unknown> {
    const { sample } = endpoint;
    if (!isPaginated(sample)) {
      const choice = chooseSampleFile(sample, params, query);
      if ('invalidQuery' in choice) throw new HttpError(400, `Invalid value for query parameter "${choice.invalidQuery}"`);
      return readData(choice.file);
    }
    const items = await readData(sample.paginate);
    if (!Array.isArray(items)) throw new Error(`${sample.paginate} must hold a JSON array`);
    const filtered = applyFilters(items, sample.filter, query);
    const perPage = sample.perPageParam ? parsePerPage(query.get(sample.perPageParam), sample.perPage) : sample.perPage;
    return { list: paginate(filtered, parsePage(query.get('page')), perPage) };
  }

  /** The download form's e-mail names the document and links its PDF (download_loop in the download page sample). */
  async function findDocument(id: string): Promise<DocumentInfo | undefined> {
    const page = (await readData('page/download.json')) as {
      download?: { download_loop?: { id: unknown; name: string; pdf_link: string }[] };
    };
    const doc = page?.download?.download_loop?.find((d) => String(d.id) === id);
    return doc && { name: doc.name, link: doc.pdf_link ? `${baseUrl}/uploads/${doc.pdf_link}` : undefined };
  }

  const handleSubmission = createSubmissionHandler(contract.submissions, {
    store,
    mails,
    failures,
    findDocument,
    hang: (res) => {
      hung.add(res);
      res.on('close', () => hung.delete(res));
    },
  });

  const requireAuth = (req: http.IncomingMessage) => {
    if (!isAuthorized(req.headers.authorization)) throw new HttpError(401, 'Unauthorized', { 'WWW-Authenticate': 'Basic realm="content"' });
  };

  async function serveApi(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, query: URLSearchParams) {
    // Auth before routing, so unauthenticated callers learn nothing about which paths exist.
    requireAuth(req);
    const submission = submissionRoutes.get(rawPath);
    if (submission) {
      if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed', { Allow: 'POST' });
      return handleSubmission(req, res, submission);
    }
    const match = matchRoute(routes, rawPath);
    if (!match || (schemas && match.route.endpoint['x-assumed'])) throw new HttpError(404, 'Not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const body = await answer(match.route.endpoint, match.params, query);
    if (body === undefined) throw new HttpError(404, 'Not found');
    sendJson(res, 200, schemas ? documentedOnly(body, schemas, responseSchema(schemas, match.route.endpoint.schema)) : body);
  }

  /** `POST /__admin/failure` `{ mode: "none" | "error" | "hang", times? }`: the failure switch, for tests. */
  async function serveAdmin(req: http.IncomingMessage, res: http.ServerResponse) {
    requireAuth(req);
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed', { Allow: 'POST' });
    const raw = await readBody(req, 1024);
    if (!raw) throw new HttpError(413, 'Body too large');
    const body = parseJsonObject(raw);
    const errors = failureBodyErrors(body);
    if (errors.length > 0) return sendJson(res, 422, { message: 'Invalid failure setting', errors });
    failures.set(body.mode as FailureMode, body.times as number | undefined);
    sendJson(res, 200, failures.state());
  }

  /** Public, like the CDN in production; only known image (and PDF) types, only below uploads/. */
  async function serveUpload(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    let parts: string[];
    try {
      parts = rawPath
        .slice('/uploads/'.length)
        .split('/')
        .map((p) => decodeURIComponent(p));
    } catch {
      throw new HttpError(400, 'Bad request');
    }
    // Checked after decoding so %2e%2e, %2f and %5c cannot smuggle a traversal in.
    if (parts.some((p) => p === '' || p === '.' || p === '..' || /[/\\\0]/.test(p))) throw new HttpError(404, 'Not found');
    const file = path.resolve(UPLOADS_DIR, ...parts);
    const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(UPLOADS_DIR + path.sep)) throw new HttpError(404, 'Not found');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new HttpError(404, 'Not found');
    const content = await readFile(file);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': content.length,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      // SVGs opened directly must not run scripts. Not on PDFs: object-src 'none' would stop browsers' built-in viewers.
      ...(type === 'application/pdf' ? {} : { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }),
    });
    res.end(content);
  }

  const server = http.createServer((req, res) => {
    const started = Date.now();
    if (opts.log) res.on('finish', () => console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    const rawUrl = req.url ?? '/';
    const rawPath = rawUrl.split('?')[0];
    const query = new URL(rawUrl, 'http://content.local').searchParams;
    const handled = rawPath.startsWith('/api/')
      ? serveApi(req, res, rawPath, query)
      : rawPath.startsWith('/uploads/')
        ? serveUpload(req, res, rawPath)
        : rawPath === '/__admin/failure'
          ? serveAdmin(req, res)
          : Promise.reject(new HttpError(404, 'Not found'));
    handled.catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof HttpError) return sendJson(res, err.status, { message: err.message }, err.headers);
      console.error('content-service:', err);
      sendJson(res, 500, { message: 'Internal server error' });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  baseUrl = `http://${hostForUrl}:${port}`;

  return {
    url: baseUrl,
    sample: mode,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        for (const res of hung) res.destroy(); // requests left hanging by the failure switch
        server.closeAllConnections(); // keep-alive sockets would otherwise hold close() open
      }),
    submissions: () => store.list(),
    mails: () => mails.list(),
    setFailure: (mode, times) => failures.set(mode, times),
    submissionsDir: store.dir,
    mailDir: mails.dir,
  };
}

/** `npm run content-service`: the service alone, on CONTENT_SERVICE_PORT. */
async function main(): Promise<number> {
  const service = await startContentService({ port: readEnvironment().CONTENT_SERVICE_PORT, log: true });
  console.log(
    `Reference content service on ${service.url}${service.sample === 'spec' ? ' (strict sample: only what SPEC documents)' : ''}`,
  );
  console.log(`Submissions in ${service.submissionsDir}, e-mails in ${service.mailDir}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await service.close();
  return 0;
}

runMain(import.meta.url, main);
