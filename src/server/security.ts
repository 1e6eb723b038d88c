/**
 * Security headers. Production pages get a nonce-based Content-Security-Policy: scripts only
 * from this origin or with the request's nonce (React Router's inline scripts carry it), never
 * 'unsafe-inline' scripts or 'unsafe-eval' (form validators are precompiled). reCAPTCHA and the
 * map embeds of the contact page are allowed by origin.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { config } from './config.ts';
import { submissionConfig } from './submissions/config.ts';

const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export function contentSecurityPolicy(nonce: string, mediaOrigin: string): string {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${RECAPTCHA.join(' ')}`,
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

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export function securityHeaders(options: { csp: boolean }): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    // Only when the request is known to be HTTPS: direct TLS, or a trusted proxy (TRUST_PROXY_HEADER
    // set) saying so. An X-Forwarded-Proto from anyone else is not believed.
    const viaTrustedProxy = Boolean(submissionConfig().trustProxyHeader) && req.headers['x-forwarded-proto'] === 'https';
    if (req.secure || viaTrustedProxy) {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (options.csp) {
      const nonce = randomBytes(16).toString('base64');
      res.locals.cspNonce = nonce;
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, originOf(config().imageBaseUrl)));
    }
    next();
  };
}
