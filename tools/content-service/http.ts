// Small HTTP helpers shared by the page reads (server.ts) and the submissions (submissions.ts).
import type http from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/**
 * Reads the whole request body; `undefined` when it exceeds `limit` bytes. An over-long body is still
 * read to the end (and dropped), so the client gets to read our answer instead of a reset connection.
 */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON object body; anything else (bad UTF-8, bad JSON, array, null, scalar) is a 400. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(raw));
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'Body must be a JSON object');
  return value as Record<string, unknown>;
}

/** One contract violation in a 422 answer: a JSON Pointer into the body and what is wrong there. */
export interface FieldError {
  path: string;
  message: string;
}

/** JSON Pointer of a top-level key (RFC 6901 escaping, since unknown keys may hold "/" or "~"). */
export const pointer = (key: string): string => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
