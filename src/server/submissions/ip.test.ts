import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp, rateLimitKey } from './ip.ts';

const req = (remoteAddress: string | undefined, headers: Record<string, string | string[]> = {}) => ({
  socket: { remoteAddress },
  headers,
});

describe('client ip', () => {
  it('uses the socket address, IPv4-mapped addresses as plain IPv4', () => {
    expect(clientIp(req('203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIp(req('::ffff:127.0.0.1'))).toBe('127.0.0.1');
    expect(clientIp(req('2001:DB8::1'))).toBe('2001:db8::1');
    expect(clientIp(req(undefined))).toBe('unknown');
  });

  it('ignores forwarding headers unless TRUST_PROXY_HEADER names one', () => {
    expect(clientIp(req('10.0.0.2', { 'x-forwarded-for': '198.51.100.1' }))).toBe('10.0.0.2');
  });

  it('takes the right-most X-Forwarded-For entry: the one the trusted proxy appended', () => {
    expect(clientIp(req('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 198.51.100.1' }), 'x-forwarded-for')).toBe('198.51.100.1');
    expect(clientIp(req('10.0.0.2', { 'x-forwarded-for': ['6.6.6.6', '198.51.100.2'] }), 'x-forwarded-for')).toBe('198.51.100.2');
    expect(clientIp(req('10.0.0.2', { 'x-forwarded-for': '198.51.100.3:4711' }), 'x-forwarded-for')).toBe('198.51.100.3');
  });

  it('supports single-value headers and Forwarded', () => {
    expect(clientIp(req('10.0.0.2', { 'x-real-ip': '198.51.100.4' }), 'x-real-ip')).toBe('198.51.100.4');
    expect(clientIp(req('10.0.0.2', { forwarded: 'for=1.2.3.4, for="[2001:db8::5]:80";proto=https' }), 'forwarded')).toBe('2001:db8::5');
  });

  it('falls back to the socket address when the trusted header is missing or not an address', () => {
    expect(clientIp(req('10.0.0.2'), 'x-forwarded-for')).toBe('10.0.0.2');
    expect(clientIp(req('10.0.0.2', { 'x-forwarded-for': '<script>' }), 'x-forwarded-for')).toBe('10.0.0.2');
  });

  it('normalizes only real addresses', () => {
    expect(normalizeIp('[::1]:8080')).toBe('::1');
    expect(normalizeIp('999.1.1.1')).toBeUndefined();
    expect(normalizeIp('')).toBeUndefined();
  });
});

describe('rate-limit keys', () => {
  it('counts IPv4 per address and IPv6 per /64 network', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});
