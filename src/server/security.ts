/**
 * Security headers. Production documents get a hash-based strict Content-Security-Policy
 * (./document.ts lists the SHA-256 of each inline script of the page): 'strict-dynamic' lets
 * those scripts load the site's modules and reCAPTCHA, nothing else runs, never 'unsafe-inline'
 * scripts or 'unsafe-eval' (form validators are precompiled). No nonce: the HTML of a page is the
 * same bytes for every visitor, so it can be kept and served from caches. Every other response
 * gets the same policy with no script allowed. The map embeds of the contact page are allowed by
 * origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

// For browsers without 'strict-dynamic' (CSP 2), which ignore it and use the origins instead.
const FALLBACK_ORIGINS = ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export function contentSecurityPolicy(scriptHashes: string[], mediaOrigin: string): string {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  const scripts = scriptHashes.length ? `'strict-dynamic' ${scriptHashes.join(' ')} ${FALLBACK_ORIGINS.join(' ')}` : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Inline style attributes come from React and swiper; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${media}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src https://www.google.com/maps/embed https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/${media}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * The scheme the client used, from X-Forwarded-Proto: a comma list when proxies are chained (a CDN
 * then a load balancer send `https, http`), whose left-most entry is the client-facing hop. Schemes
 * are case-insensitive (RFC 3986), so `HTTPS` is HTTPS. A proxy that appends to a client's own
 * header instead of setting it leaves the client's value left-most: at worst HSTS on an answer over
 * plain HTTP, which browsers ignore (RFC 6797 §8.1).
 */
function clientScheme(forwardedProto: string | string[] | undefined): string | undefined {
  const list = Array.isArray(forwardedProto) ? forwardedProto.join(',') : (forwardedProto ?? '');
  return list.split(',')[0].trim().toLowerCase() || undefined;
}

/** Sets the headers on every response; the site calls it first, before kept pages and the app. */
export function securityHeaders(options: {
  csp: boolean;
  imageOrigin: string;
  trustProxyHeader?: string;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const policy = contentSecurityPolicy([], options.imageOrigin);
  return (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    // Only when the request is known to be HTTPS: direct TLS, or a trusted proxy (TRUST_PROXY_HEADER
    // set) saying so. An X-Forwarded-Proto from anyone else is not believed.
    const viaTrustedProxy = Boolean(options.trustProxyHeader) && clientScheme(req.headers['x-forwarded-proto']) === 'https';
    if ((req.socket as TLSSocket).encrypted || viaTrustedProxy) {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    // Documents replace it with their own (their scripts' hashes).
    if (options.csp) res.setHeader('Content-Security-Policy', policy);
  };
}
