import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security.ts';

/** The Strict-Transport-Security header a request gets, or undefined. */
function hsts(headers: Record<string, string>, options: { trustProxyHeader?: string; tls?: boolean } = {}): string | undefined {
  const sent = new Map<string, string>();
  const req = { headers, socket: { encrypted: options.tls } } as unknown as IncomingMessage;
  const res = { setHeader: (name: string, value: string) => sent.set(name.toLowerCase(), value) } as unknown as ServerResponse;
  securityHeaders({ csp: true, imageOrigin: '', trustProxyHeader: options.trustProxyHeader })(req, res);
  return sent.get('strict-transport-security');
}

describe('HSTS', () => {
  const behindProxy = { trustProxyHeader: 'x-forwarded-for' };

  it('is sent over TLS, and behind a trusted proxy when the client-facing hop was HTTPS, whatever its case or the hops after it', () => {
    expect(hsts({}, { tls: true })).toBe('max-age=31536000; includeSubDomains');
    for (const proto of ['https', 'HTTPS', 'Https', 'https, http', 'https,http', ' HTTPS , http, http'])
      expect(hsts({ 'x-forwarded-proto': proto }, behindProxy), proto).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent when the client-facing hop was plain HTTP, or the header is empty or missing', () => {
    for (const proto of ['http', 'HTTP', 'http, https', ', https', '', 'httpsx'])
      expect(hsts({ 'x-forwarded-proto': proto }, behindProxy), proto).toBeUndefined();
    expect(hsts({}, behindProxy)).toBeUndefined();
  });

  it('believes no X-Forwarded-Proto without a trusted proxy (TRUST_PROXY_HEADER unset)', () => {
    for (const proto of ['https', 'HTTPS', 'https, http']) expect(hsts({ 'x-forwarded-proto': proto }), proto).toBeUndefined();
  });
});
