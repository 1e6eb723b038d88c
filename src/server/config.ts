/**
 * Server configuration, read once from the environment. Every variable is documented in README.md.
 * The defaults run the whole site on one machine against the reference content service.
 */
export interface ServerConfig {
  host: string;
  port: number;
  contentApiBase: string;
  /** "user:password" for the content service's Basic auth. Server-only: never sent to a browser. */
  contentApiCredential: string;
  imageBaseUrl: string;
  contentTimeoutMs: number;
  /** Content cache (./content-cache.ts): fresh time, stale-while-revalidate window, size bound. */
  contentCacheTtlMs: number;
  contentCacheStaleMs: number;
  contentCacheMaxEntries: number;
  /** Cache-Control of server-rendered 200 pages (./page-cache.ts). */
  pageCacheControl: string;
  /** Start the reference content service in-process (npm start) when no external one is configured. */
  embeddedContentService: boolean;
  /** How long a shutdown waits for requests in flight before closing their connections (at most 10 s). */
  shutdownTimeoutMs: number;
}

export const DEFAULT_CONTENT_PORT = 3001;
export const DEFAULT_CONTENT_USER = 'veltrix-site';
export const DEFAULT_CONTENT_PASSWORD = 'local-dev-only';

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const external = Boolean(env.CONTENT_API_BASE);
  const contentApiBase = trimSlash(
    env.CONTENT_API_BASE || `http://127.0.0.1:${int(env.CONTENT_SERVICE_PORT, DEFAULT_CONTENT_PORT, 'CONTENT_SERVICE_PORT')}`,
  );
  try {
    new URL(contentApiBase);
  } catch {
    throw new Error(`CONTENT_API_BASE must be an absolute URL, got "${contentApiBase}"`);
  }
  const user = env.CONTENT_API_USER ?? DEFAULT_CONTENT_USER;
  const password = env.CONTENT_API_PASSWORD ?? DEFAULT_CONTENT_PASSWORD;
  if (env.NODE_ENV === 'production' && external && (!env.CONTENT_API_USER || !env.CONTENT_API_PASSWORD)) {
    throw new Error('CONTENT_API_USER and CONTENT_API_PASSWORD must be set when CONTENT_API_BASE points at a real content service');
  }
  // Browsers load images from IMAGE_BASE_URL and the CSP names its origin: it must be the public one,
  // never the content service's internal address by default.
  if (env.NODE_ENV === 'production' && external && !env.IMAGE_BASE_URL) {
    throw new Error(
      'IMAGE_BASE_URL must be set (the public base of the content images) when CONTENT_API_BASE points at a real content service',
    );
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 3000, 'PORT'),
    contentApiBase,
    contentApiCredential: `${user}:${password}`,
    imageBaseUrl: `${trimSlash(env.IMAGE_BASE_URL || `${contentApiBase}/uploads`)}/`,
    contentTimeoutMs: int(env.CONTENT_TIMEOUT_MS, 8000, 'CONTENT_TIMEOUT_MS'),
    contentCacheTtlMs: int(env.CONTENT_CACHE_TTL_MS, 30_000, 'CONTENT_CACHE_TTL_MS'),
    contentCacheStaleMs: int(env.CONTENT_CACHE_STALE_MS, 86_400_000, 'CONTENT_CACHE_STALE_MS'),
    contentCacheMaxEntries: int(env.CONTENT_CACHE_MAX_ENTRIES, 1000, 'CONTENT_CACHE_MAX_ENTRIES'),
    pageCacheControl: env.PAGE_CACHE_CONTROL || 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    embeddedContentService: !external && env.EMBEDDED_CONTENT_SERVICE !== '0',
    shutdownTimeoutMs: Math.min(int(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'), 10_000),
  };
}

let current: ServerConfig | undefined;
export function config(): ServerConfig {
  current ??= readConfig();
  return current;
}

export const DEFAULT_SITE_ORIGIN = 'http://127.0.0.1:3000';

/** SITE_ORIGIN: the public origin for canonical URLs, Open Graph, JSON-LD and sitemap.xml (no trailing slash). */
export function readSiteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const value = trimSlash(env.SITE_ORIGIN || DEFAULT_SITE_ORIGIN);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_ORIGIN must be an absolute URL, got "${value}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`SITE_ORIGIN must be an origin only (scheme, host, port), got "${value}"`);
  return url.origin;
}

let origin: string | undefined;
export function siteOrigin(): string {
  origin ??= readSiteOrigin();
  return origin;
}
