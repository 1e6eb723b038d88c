/**
 * Server configuration: the environment (declared in schemas/environment.schema.json, read by
 * ./environment.ts) turned into the settings the site's parts take, with the rules that span
 * several variables. createSite (./site.ts) reads it once and hands each part what it needs.
 * The defaults run the whole site on one machine against the reference content service.
 */
import { defaultOf, readEnvironment, type ResolvedEnvironment } from './environment.ts';
import { submissionSettings, type SubmissionConfig } from './submissions/config.ts';

export interface ServerConfig {
  production: boolean;
  host: string;
  port: number;
  contentApiBase: string;
  /** "user:password" for the content service's Basic auth. Server-only: never sent to a browser. */
  contentApiCredential: string;
  /** Public prefix of content images, ending in "/". */
  imageBaseUrl: string;
  contentTimeoutMs: number;
  /** Content cache (./content-cache.ts): fresh time, stale-while-revalidate window, size bound. */
  contentCacheTtlMs: number;
  contentCacheStaleMs: number;
  contentCacheMaxEntries: number;
  /** Cache-Control of server-rendered 200 pages, and how many rendered pages are kept (./page-cache.ts). */
  pageCacheControl: string;
  pageCacheMaxEntries: number;
  /** Whether CONTENT_API_BASE names an external service (else the embedded reference service's address). */
  externalContent: boolean;
  /** How long a shutdown waits for requests in flight before closing their connections (at most 10 s). */
  shutdownTimeoutMs: number;
  /** Public origin for canonical URLs, Open Graph, JSON-LD and sitemap.xml (no trailing slash). */
  siteOrigin: string;
  /** reCAPTCHA site key (public by design; the secret stays in `submissions`). */
  recaptchaSiteKey?: string;
  /** Serve what is valid when definitions fail validation in production (else refuse to start). */
  allowInvalidDefinitions: boolean;
  /** Development: the definitions folder read from disk. */
  definitionsDir: string;
  submissions: SubmissionConfig;
}

export const DEFAULT_CONTENT_USER = defaultOf('CONTENT_API_USER');
export const DEFAULT_CONTENT_PASSWORD = defaultOf('CONTENT_API_PASSWORD');

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function siteOriginOf(value: string): string {
  const url = new URL(trimSlash(value));
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`SITE_ORIGIN must be an origin only (scheme, host, port), got "${value}"`);
  return url.origin;
}

export function configFrom(e: ResolvedEnvironment): ServerConfig {
  const production = e.NODE_ENV === 'production';
  const external = e.CONTENT_API_BASE !== undefined;
  const contentApiBase = trimSlash(e.CONTENT_API_BASE ?? `http://127.0.0.1:${e.CONTENT_SERVICE_PORT}`);
  // Browsers load images from IMAGE_BASE_URL and the CSP names its origin: it must be the public one,
  // never the content service's internal address by default.
  if (production && external && !e.IMAGE_BASE_URL) {
    throw new Error(
      'IMAGE_BASE_URL must be set (the public base of the content images) when CONTENT_API_BASE points at a real content service',
    );
  }
  return {
    production,
    host: e.HOST,
    port: e.PORT,
    contentApiBase,
    contentApiCredential: `${e.CONTENT_API_USER}:${e.CONTENT_API_PASSWORD}`,
    imageBaseUrl: `${trimSlash(e.IMAGE_BASE_URL ?? `${contentApiBase}/uploads`)}/`,
    contentTimeoutMs: e.CONTENT_TIMEOUT_MS,
    contentCacheTtlMs: e.CONTENT_CACHE_TTL_MS,
    contentCacheStaleMs: e.CONTENT_CACHE_STALE_MS,
    contentCacheMaxEntries: e.CONTENT_CACHE_MAX_ENTRIES,
    pageCacheControl: e.PAGE_CACHE_CONTROL,
    pageCacheMaxEntries: e.PAGE_CACHE_MAX_ENTRIES,
    externalContent: external,
    shutdownTimeoutMs: Math.min(e.SHUTDOWN_TIMEOUT_MS, 10_000),
    siteOrigin: siteOriginOf(e.SITE_ORIGIN),
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    allowInvalidDefinitions: e.ALLOW_INVALID_DEFINITIONS === '1',
    definitionsDir: e.PAGE_DEFINITIONS_DIR,
    submissions: submissionSettings(e),
  };
}

/** The configuration of `env`; throws naming the variable when a value or a combination is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  if (env.NODE_ENV === 'production' && env.CONTENT_API_BASE && (!env.CONTENT_API_USER || !env.CONTENT_API_PASSWORD)) {
    throw new Error('CONTENT_API_USER and CONTENT_API_PASSWORD must be set when CONTENT_API_BASE points at a real content service');
  }
  return configFrom(readEnvironment(env));
}
