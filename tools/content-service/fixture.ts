/**
 * A stand-in content service for a site other than the main one: it answers the site's own
 * contract (schemas/content/contract.json of its folder) from the files of its sample-content/,
 * as `npm start` runs the reference service (./server.ts) for the main site. Same rules as a real
 * service: every request needs the Basic credential (401 otherwise); a GET endpoint answers its
 * `sample.file` (with `{name}` filled from the checked path), 404 when there is none; images
 * are served from sample-content/uploads/ (the site's default IMAGE_BASE_URL); a POST endpoint
 * checks its body against its requestSchema (422 with the problems) and answers 201, or 200 with
 * the same id for an Idempotency-Key it has seen. What it received is kept for tests.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { ContractPaths } from '../../src/engine/contract-paths.ts';
import { readContract, readSiteFile } from '../../src/engine/site-inputs.server.ts';

export interface FixtureSubmission {
  path: string;
  body: unknown;
  idempotencyKey?: string;
}

export interface FixtureService {
  url: string;
  /** What POST endpoints received and accepted, in order. */
  submissions: FixtureSubmission[];
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** The site folder (its contract, content schemas, site.config.json brand and sample-content/). */
  siteDir: string;
  host?: string;
  /** 0 or none: a free port. */
  port?: number;
  user: string;
  password: string;
}

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp' };
const UPLOAD = /^\/uploads\/([A-Za-z0-9_-]+\.(?:svg|png|jpg|webp))$/;
const BODY_LIMIT = 1_000_000;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) resolve(undefined);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFixtureService(options: FixtureOptions): Promise<FixtureService> {
  const { siteDir } = options;
  const json = (file: string) => JSON.parse(readFileSync(path.join(siteDir, file), 'utf8')) as unknown;
  const contract = readContract(siteDir);
  const brand = String((JSON.parse(readSiteFile(siteDir).text) as { brand?: unknown }).brand ?? '');
  const reads = new ContractPaths(contract.endpoints, brand);
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const file of readdirSync(path.join(siteDir, 'schemas/content')).filter((f) => f.endsWith('.schema.json')))
    ajv.addSchema(json(`schemas/content/${file}`) as object);
  const posts = new Map<string, ValidateFunction | undefined>(
    contract.endpoints
      .filter((e) => e.method === 'POST')
      .map((e) => [e.path, e.requestSchema ? ajv.getSchema(`https://schemas.local/content/${e.requestSchema}`) : undefined]),
  );
  const expected = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const submissions: FixtureSubmission[] = [];
  const seen = new Map<string, string>();
  const samples = path.join(siteDir, 'sample-content');

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    const upload = UPLOAD.exec(url.pathname);
    if (req.method === 'GET' && upload) {
      const file = path.join(samples, 'uploads', upload[1]);
      if (!existsSync(file)) return send(res, 404, { message: 'Not found' });
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
      return;
    }
    if (req.headers.authorization !== expected) return send(res, 401, { message: 'Unauthorized' });
    if (req.method === 'POST') {
      const validate = posts.get(url.pathname);
      if (!posts.has(url.pathname)) return send(res, 404, { message: 'Not found' });
      const text = await readBody(req);
      if (text === undefined) return send(res, 413, { message: 'Too large' });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { message: 'Not JSON' });
      }
      if (validate && !validate(body)) return send(res, 422, { message: 'Invalid', errors: validate.errors });
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const known = key ? seen.get(key) : undefined;
      if (known) return send(res, 200, { received: true, id: known });
      const id = randomUUID();
      if (key) seen.set(key, id);
      submissions.push({ path: url.pathname, body, idempotencyKey: key });
      return send(res, 201, { received: true, id });
    }
    if (req.method !== 'GET') return send(res, 405, { message: 'Method not allowed' });
    const match = reads.match(url.pathname);
    const template = match?.entry.sample && 'file' in match.entry.sample ? match.entry.sample.file : undefined;
    if (!match || !template) return send(res, 404, { message: 'Not found' });
    const file = path.join(
      samples,
      template.replace(/\{(\w+)\}/g, (_, name: string) => match.params[name] ?? ''),
    );
    if (!existsSync(file)) return send(res, 404, { message: 'Not found' });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(await readFile(file));
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => send(res, 500, { message: (error as Error).message }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    submissions,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
