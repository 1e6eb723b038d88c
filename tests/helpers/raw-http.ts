/**
 * An HTTP/1.1 request with the target sent byte for byte (fetch and node:http normalize or refuse
 * spaces, backslashes, dot segments, control characters and Unicode first), one connection each.
 */
import net from 'node:net';

export interface RawAnswer {
  /** The status, or 0 when the connection closed without one (Node's HTTP parser resets some). */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Set when the connection could not be made at all (the server is gone). */
  refused?: boolean;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function rawRequest(
  base: string,
  target: string,
  /** `headers`: a header given as undefined is left out (`Host: undefined`: none), one given as '' is sent empty. */
  options: { method?: string; headers?: Record<string, string | undefined>; version?: '1.0' | '1.1' } = {},
): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(base);
  const headers = { Host: host, ...options.headers, Connection: 'close' };
  const head =
    `${options.method ?? 'GET'} ${target} HTTP/${options.version ?? '1.1'}\r\n` +
    Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on('connect', () => {
      connected = true;
      // Not end(): Node's server drops a request whose client half-closes before the answer.
      socket.write(Buffer.from(head, 'utf8'));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const lines = raw
        .subarray(0, split < 0 ? raw.length : split)
        .toString('latin1')
        .split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const answerHeaders: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rawBody = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
      const body = (answerHeaders['transfer-encoding'] === 'chunked' ? dechunk(rawBody) : rawBody).toString('utf8');
      resolve({ status, headers: answerHeaders, body, ...(connected ? {} : { refused: true }) });
    });
  });
}

/** The page's <title>, or '' (none). */
export function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}
