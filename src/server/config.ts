/**
 * Server configuration: the environment (declared in schemas/environment.schema.json, read by
 * ./environment.ts) turned into the settings the site's parts take, with the rules that span
 * several variables. createSite (./site.ts) reads it once and hands each part what it needs.
 * The defaults run the whole site on one machine against the reference content service.
 */
import { ConfigError, defaultOf, inspectEnvironment, type ResolvedEnvironment } from './environment.ts';
import type { LogLevel } from './observe/logger.ts';
import { submissionProblems, submissionSettings, type SubmissionConfig } from './submissions/config.ts';

export interface ServerConfig {
  /** Production rules: no default credential, image base or stand-in captcha against a real content service. */
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
  /** How long a client may take to send a whole request, and its headers (never longer than the whole); idle kept-alive connections. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Public origin for canonical URLs, Open Graph, JSON-LD and sitemap.xml (no trailing slash). */
  siteOrigin: string;
  /** reCAPTCHA site key (public by design; the secret stays in `submissions`). */
  recaptchaSiteKey?: string;
  /** Serve what is valid when definitions fail validation in production (else refuse to start). */
  allowInvalidDefinitions: boolean;
  /** The site folder (SITE_DIR, relative to the project root): development reads its inputs from disk. */
  siteDir: string;
  /** Development: the definitions folder read from disk (relative to the site folder). */
  definitionsDir: string;
  submissions: SubmissionConfig;
  /** Log lines (./observe/logger.ts): the least severe level written, JSON or readable lines. */
  log: { level: LogLevel; format: 'json' | 'pretty' };
  /** The Prometheus listener (./observe/metrics-server.ts); undefined: off, nothing recorded. */
  metrics?: { port: number; host: string };
}

export const DEFAULT_CONTENT_USER = defaultOf('CONTENT_API_USER');
export const DEFAULT_CONTENT_PASSWORD = defaultOf('CONTENT_API_PASSWORD');

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function siteOriginOf(value: string): string {
  return new URL(trimSlash(value)).origin;
}

/** IMAGE_BASE_URL: an absolute http(s) URL, or a path from the site root (images served with the pages). */
function imageBaseProblem(value: string): string | undefined {
  if (/^\/(?![/\\])/.test(value)) return undefined;
  if (URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)) return undefined;
  return `IMAGE_BASE_URL must be an absolute http(s) URL or a path from the site root (such as /uploads), got "${value}"`;
}

/** The rules that span several variables, production's among them: one problem per setting. */
function configProblems(env: NodeJS.ProcessEnv, e: ResolvedEnvironment, production: boolean): string[] {
  const problems: string[] = [];
  const external = e.CONTENT_API_BASE !== undefined;
  if (e.SITE_ORIGIN !== undefined) {
    const url = URL.canParse(trimSlash(e.SITE_ORIGIN)) ? new URL(trimSlash(e.SITE_ORIGIN)) : undefined;
    if (!url || url.origin === 'null' || url.pathname !== '/' || url.search || url.hash)
      problems.push(`SITE_ORIGIN must be an origin only (scheme, host, port), got "${e.SITE_ORIGIN}"`);
  }
  if (e.IMAGE_BASE_URL !== undefined) {
    const problem = imageBaseProblem(e.IMAGE_BASE_URL);
    if (problem) problems.push(problem);
  }
  if (production && external) {
    // Explicitly set: the schema's defaults are the reference service's credential.
    if (!env.CONTENT_API_USER || !env.CONTENT_API_PASSWORD)
      problems.push('CONTENT_API_USER and CONTENT_API_PASSWORD must be set when CONTENT_API_BASE points at a real content service');
    // Browsers load images from IMAGE_BASE_URL and the CSP names its origin: it must be the public one,
    // never the content service's internal address by default.
    if (!e.IMAGE_BASE_URL)
      problems.push(
        'IMAGE_BASE_URL must be set (the public base of the content images) when CONTENT_API_BASE points at a real content service',
      );
  }
  return problems;
}

function configFrom(e: ResolvedEnvironment, production: boolean): ServerConfig {
  const external = e.CONTENT_API_BASE !== undefined;
  const contentApiBase = trimSlash(e.CONTENT_API_BASE ?? `http://127.0.0.1:${e.CONTENT_SERVICE_PORT}`);
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
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    // Node refuses a headers timeout longer than the request timeout: a shorter REQUEST_TIMEOUT_MS bounds both.
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    siteOrigin: siteOriginOf(e.SITE_ORIGIN),
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    allowInvalidDefinitions: e.ALLOW_INVALID_DEFINITIONS === '1',
    siteDir: e.SITE_DIR,
    definitionsDir: e.PAGE_DEFINITIONS_DIR,
    submissions: submissionSettings(e),
    log: { level: e.LOG_LEVEL as LogLevel, format: (e.LOG_FORMAT as 'json' | 'pretty' | undefined) ?? (production ? 'json' : 'pretty') },
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

export interface ConfigOptions {
  /**
   * Apply production rules. The production launchers (build/server/main.js, npm start, npm run
   * export) say so whatever NODE_ENV says; default: NODE_ENV is "production".
   */
  production?: boolean;
}

/**
 * The configuration of `env`. Throws a ConfigError listing every wrong value and every broken
 * rule (of the environment schema, of this file and of the submission settings) at once.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, options: ConfigOptions = {}): ServerConfig {
  const production = options.production ?? env.NODE_ENV === 'production';
  const { environment, problems } = inspectEnvironment(env);
  problems.push(...configProblems(env, environment, production), ...submissionProblems(environment, production));
  if (problems.length) throw new ConfigError(problems);
  return configFrom(environment, production);
}
