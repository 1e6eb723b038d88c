/**
 * The visitor's address for a submission's `ip`: the socket's peer, or — only when
 * TRUST_PROXY_HEADER names a header our own proxy sets — that header. For X-Forwarded-For (and
 * Forwarded) the right-most entry is used: it is the one the trusted proxy appended; entries to its
 * left came from the client and can be forged. Never taken from the body.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

export interface IpSource {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

/** A bare IP address from "1.2.3.4", "1.2.3.4:567", "[::1]:80", "::ffff:1.2.3.4" or a quoted form; else undefined. */
export function normalizeIp(value: string | undefined): string | undefined {
  let v = value?.trim().replace(/^"(.*)"$/, '$1');
  if (!v) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed) v = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(v);
  if (mapped) v = mapped[1];
  return isIP(v) ? v.toLowerCase() : undefined;
}

/** The right-most entry of a list header (several header lines count as one list). */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
}

/**
 * The key a rate limit counts under: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one subscriber usually holds a whole /64, so per-address limits would be trivial to dodge).
 */
export function rateLimitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

export function clientIp(req: IpSource, trustHeader?: string): string {
  if (trustHeader) {
    let entry = lastEntry(req.headers[trustHeader]);
    if (entry && trustHeader === 'forwarded') entry = /(?:^|;)\s*for=("[^"]*"|[^;]*)/i.exec(entry)?.[1];
    const ip = normalizeIp(entry);
    if (ip) return ip;
  }
  return normalizeIp(req.socket.remoteAddress) ?? 'unknown';
}
