/** The page editor's JSON API (src/editor/api/api.ts): its routes over HTTP, and the guards that keep other sites and hosts out. */
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../engine/definitions.server.ts';
import { ContentError } from '../../engine/content-client.ts';
import { editorApi } from './api.ts';
import { createEditorBackend } from './backend.ts';
import { projectRoot } from '../../../tools/lib/project.ts';
import { EDITOR_SPELLINGS, PREVIEW_SPELLINGS } from '../../../tests/helpers/editor-urls.ts';

let dir: string;
let server: Server;
let port: number;
let middleware: ReturnType<typeof editorApi>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'editor-api-'));
  await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
  const definitions = loadDefinitions({ fromDisk: true, definitionsDir: dir, production: false, allowInvalid: true, log: () => undefined });
  const backend = createEditorBackend({
    siteDir: projectRoot,
    definitionsDir: dir,
    definitions: definitions.current,
    reload: definitions.reload,
    read: (readPath) => Promise.reject(new ContentError('status', readPath, 404)),
    page: { origin: 'https://www.example.com', imageBaseUrl: 'https://images.example.com/' },
    // Publish is tested in publish.test.ts (with a remote of its own).
    git: { remote: 'origin', timeoutMs: 5_000, localTimeoutMs: 10_000 },
    log: { warn: () => undefined, error: () => undefined },
  });
  middleware = editorApi(backend);
  server = createServer((req, res) => middleware(req, res, () => res.writeHead(418).end('next')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** An HTTP request with exactly these headers (fetch would add or refuse some). */
function call(method: string, urlPath: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: urlPath, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = (res.headers['content-type'] ?? '').startsWith('application/json');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: json ? (JSON.parse(text) as unknown) : text });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}`, ...headers },
  body: JSON.stringify(body),
});

/** The middleware called directly, as from a client at `remoteAddress`. */
async function direct(
  remoteAddress: string,
  headers: Record<string, string> = {},
  url = '/__editor/api/files',
): Promise<{ status: number; body: unknown }> {
  const req = Object.assign(Readable.from([]), {
    url,
    method: 'GET',
    headers: { host: 'localhost:5173', ...headers },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;
  return new Promise((resolve) => {
    let status = 0;
    const res = {
      headersSent: false,
      writeHead(code: number) {
        status = code;
        return res;
      },
      end(text: string) {
        resolve({ status, body: JSON.parse(text) as unknown });
      },
    } as unknown as ServerResponse;
    middleware(req, res, () => resolve({ status: -1, body: undefined }));
  });
}

describe('editor API', { timeout: 60_000 }, () => {
  it('lists the definition files as JSON, never cached', async () => {
    const answer = await call('GET', '/__editor/api/files');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((answer.body as { name: string }[]).some((entry) => entry.name === 'about.json')).toBe(true);
  });

  it('leaves other paths to the next handler, and answers unknown API paths with a JSON 404', async () => {
    expect((await call('GET', '/about')).status).toBe(418);
    const unknown = await call('GET', '/__editor/api/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: expect.stringMatching(/No editor API/) as unknown });
  });

  it('checks a draft', async () => {
    const definition = JSON.parse(await readFile(path.join(dir, 'about.json'), 'utf8')) as Record<string, unknown>;
    const answer = await call('POST', '/__editor/api/draft', json({ file: 'about.json', definition }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ issues: [], draftId: expect.any(String) as unknown });
  });

  it('answers a save with the backend’s status: 409 for a stale file, 403 outside the folder', async () => {
    const file = path.join(dir, 'contact.json');
    const text = await readFile(file, 'utf8');
    const definition = JSON.parse(text) as Record<string, unknown>;
    const stale = await call('POST', '/__editor/api/save', json({ file: 'contact.json', definition, mtimeMs: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ saved: false, error: expect.stringMatching(/changed on disk/) as unknown });
    const outside = await call('POST', '/__editor/api/save', json({ file: '../contact.json', definition, mtimeMs: 1 }));
    expect(outside.status).toBe(403);
    const { mtimeMs } = await stat(file);
    const saved = await call('POST', '/__editor/api/save', json({ file: 'contact.json', definition, mtimeMs }));
    expect(saved.status).toBe(200);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('creates a page: 201, then 422 for the same name', async () => {
    const first = await call('POST', '/__editor/api/create', json({ route: '/zz-api-page', blocks: [] }));
    expect(first).toMatchObject({ status: 201, body: { name: 'zz-api-page.json' } });
    const again = await call('POST', '/__editor/api/create', json({ route: '/zz-api-other', name: 'zz-api-page', blocks: [] }));
    expect(again.status).toBe(422);
  });

  it('refuses clients other than this computer', async () => {
    const remote = await direct('192.168.1.20');
    expect(remote.status).toBe(403);
    expect(remote.body).toMatchObject({ error: expect.stringMatching(/this computer/) as unknown });
    expect((await direct('::ffff:127.0.0.1')).status).toBe(200);
    // A page whose name was rebound to 127.0.0.1 still names its own host.
    expect((await direct('127.0.0.1', { host: 'attacker.example:5173' })).status).toBe(403);
    // The editor's pages too (drafts, the file list); -1: passed on to the site.
    for (const page of ['/__editor', '/__editor/about.json', '/__preview/some-draft/about-veltrix']) {
      expect((await direct('192.168.1.20', {}, page)).status, page).toBe(403);
      expect((await direct('127.0.0.1', {}, page)).status, page).toBe(-1);
    }
    expect((await direct('192.168.1.20', {}, '/blog')).status).toBe(-1);
  });

  it('refuses another computer every spelling React Router renders as the editor or a preview', async () => {
    const spellings = [...EDITOR_SPELLINGS, ...PREVIEW_SPELLINGS.map((url) => url.replace('<draft>', 'some-draft'))];
    const passed: string[] = [];
    for (const url of spellings) {
      if ((await direct('192.168.1.20', {}, url)).status !== 403) passed.push(url);
      // This computer still gets them (passed on to the site).
      expect((await direct('127.0.0.1', {}, url)).status, url).toBe(-1);
    }
    console.log(`[editor-api] ${spellings.length} spellings of the editor's pages from 192.168.1.20: ${passed.length} passed the guard`);
    expect(passed).toEqual([]);
    // Pages of the site stay open to everyone, whatever they look like.
    for (const url of ['/blog', '/__editorial', '/editor', '/blog/__editor', '/__catalog', '/%5F_editorial.data']) {
      expect((await direct('192.168.1.20', {}, url)).status, url).toBe(-1);
    }
  });

  it('refuses writes from other origins, other content types and bodies that are not JSON', async () => {
    const body = { file: 'about.json', definition: {} };
    const foreign = await call('POST', '/__editor/api/draft', json(body, { Origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: expect.stringMatching(/evil\.example/) as unknown });
    const form = await call('POST', '/__editor/api/save', { headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) });
    expect(form.status).toBe(415);
    const broken = await call('POST', '/__editor/api/draft', { headers: { 'Content-Type': 'application/json' }, body: '{"file":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: expect.stringMatching(/not JSON/) as unknown });
    const malformed = await call('POST', '/__editor/api/draft', json({ file: 'about.json', definition: 'x' }));
    expect(malformed.status).toBe(400);
    expect((await call('GET', '/__editor/api/save')).status).toBe(405);
    const huge = await call('POST', '/__editor/api/draft', json({ file: 'about.json', definition: { pad: 'x'.repeat(1_100_000) } }));
    expect(huge.status).toBe(413);
  });
});
