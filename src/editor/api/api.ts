/**
 * The page editor's JSON API (development server only), a connect-style middleware:
 *   GET  /__editor/api/files    every definition file (EditorListEntry[])
 *   GET  /__editor/api/images   the images the picker offers (ImageChoice[])
 *   POST /__editor/api/draft    DraftRequest → DraftResponse (checks a draft, keeps it for the preview)
 *   POST /__editor/api/save     SaveRequest → SaveResponse (200, 409, 422, 400/403)
 *   POST /__editor/api/create   CreateRequest → CreateResponse (201, 422)
 * It writes files, so it answers only this computer (loopback clients, a loopback Host so a DNS
 * rebinding page cannot reach it), and takes writes only as same-origin JSON: a cross-site page
 * cannot send application/json without a CORS preflight, which is never granted.
 */
import { isEditorPath } from '../../dev-events.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevEditorBackend } from './backend.ts';
import { EditorError } from './files.ts';

const PREFIX = '/__editor/api/';
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const BODY_LIMIT = 1024 * 1024;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type Post = (backend: DevEditorBackend, body: unknown) => Promise<{ status: number; body: unknown }>;

const GETS: Record<string, (backend: DevEditorBackend) => unknown> = {
  files: (backend) => backend.list(),
  images: (backend) => backend.images(),
};

/** The request bodies are checked by the backend (it answers 400 for a malformed one). */
const POSTS: Record<string, Post> = {
  draft: async (backend, body) => ({ status: 200, body: await backend.draft(body as Parameters<DevEditorBackend['draft']>[0]) }),
  save: (backend, body) => backend.save(body as Parameters<DevEditorBackend['save']>[0]),
  create: (backend, body) => backend.create(body as Parameters<DevEditorBackend['create']>[0]),
  changes: async (backend, body) => ({ status: 200, body: await backend.changes(body as Parameters<DevEditorBackend['changes']>[0]) }),
  publish: (backend, body) => backend.publish(body as Parameters<DevEditorBackend['publish']>[0]),
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

function hostName(host: string | undefined): string {
  return (host ?? '').replace(/:\d+$/, '').toLowerCase();
}

/** Who may use the API at all: this computer, by a loopback name. */
function checkClient(req: IncomingMessage): void {
  if (!LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '')) {
    throw new HttpError(403, 'The page editor answers only requests from this computer (loopback)');
  }
  const host = hostName(req.headers.host);
  if (!LOOPBACK_HOSTS.has(host) && !host.endsWith('.localhost')) {
    throw new HttpError(403, `The page editor answers only at localhost or 127.0.0.1, not at "${req.headers.host ?? ''}"`);
  }
}

/** A write must be a same-origin JSON request. */
function checkWrite(req: IncomingMessage): void {
  if (req.method !== 'POST') throw new HttpError(405, 'Use POST', { Allow: 'POST' });
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send the request body as Content-Type: application/json');
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host ?? ''}`) {
    throw new HttpError(403, `Requests from ${origin} may not change definition files`);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) throw new HttpError(413, 'The request body is over 1 MB');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new HttpError(413, 'The request body is over 1 MB');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (error) {
    throw new HttpError(400, `The request body is not JSON: ${(error as Error).message}`);
  }
}

async function handle(backend: DevEditorBackend, req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
  checkClient(req);
  const get = Object.hasOwn(GETS, route) ? GETS[route] : undefined;
  if (get) {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Use GET', { Allow: 'GET, HEAD' });
    return send(res, 200, await get(backend));
  }
  const post = Object.hasOwn(POSTS, route) ? POSTS[route] : undefined;
  if (!post) throw new HttpError(404, `No editor API at ${PREFIX}${route}`);
  checkWrite(req);
  const result = await post(backend, await readJson(req));
  send(res, result.status, result.body);
}

export function editorApi(backend: DevEditorBackend): Middleware {
  return (req, res, next) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (!pathname.startsWith(PREFIX)) {
      // The editor's pages (drafts, file list) are for this computer too, however the URL is spelled.
      if (!isEditorPath(req.url ?? '/')) return next();
      try {
        checkClient(req);
      } catch (error) {
        return send(res, (error as HttpError).status, { error: (error as Error).message });
      }
      return next();
    }
    handle(backend, req, res, pathname.slice(PREFIX.length)).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return send(res, error.status, { error: error.message }, error.headers);
      if (error instanceof EditorError) return send(res, error.status, { error: error.message });
      console.error('[editor] API request failed', pathname, error);
      send(res, 500, { error: `The editor failed: ${(error as Error).message}` });
    });
  };
}
