/**
 * Server configuration: the environment (declared in schemas/environment.schema.json, read by
 * ./environment.ts) turned into the settings the site's parts take, with the rules that span
 * several variables. createSite (./site.ts) reads it once and hands each part what it needs.
 * The defaults run the whole site on one machine against the reference content service.
 */
import { ConfigError, defaultOf, inspectEnvironment, type ResolvedEnvironment } from './environment.ts';
import type { LogLevel } from './observe/logger.ts';
import { resourceAttributes, type SamplerName, type TracingSettings } from './observe/tracing.ts';
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
  /** Traces (./observe/tracing.ts): where and how spans are sent; undefined: off, no tracer at all. */
  tracing?: TracingSettings;
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

/**
 * `key=value` pairs separated by commas, values URL-encoded (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_RESOURCE_ATTRIBUTES); undefined when a pair cannot be read.
 */
export function keyValuePairs(text: string | undefined): Record<string, string> | undefined {
  const pairs: Record<string, string> = {};
  for (const part of (text ?? '').split(',')) {
    if (!part.trim()) continue;
    const at = part.indexOf('=');
    if (at <= 0) return undefined;
    try {
      pairs[decodeURIComponent(part.slice(0, at).trim())] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return pairs;
}

/** The traces URL: the signal's own endpoint as it is, else the base endpoint plus `v1/traces` (the OTLP/HTTP rule). */
function tracesUrl(e: ResolvedEnvironment): string | undefined {
  if (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT) return `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/*$/, '')}/v1/traces`;
  return undefined;
}

const isHttp = (url: string) => URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);

/** The trace settings, or undefined when traces are off (no endpoint, OTEL_SDK_DISABLED=true, OTEL_TRACES_EXPORTER=none). */
function tracingFrom(e: ResolvedEnvironment): TracingSettings | undefined {
  const url = tracesUrl(e);
  if (!url || e.OTEL_SDK_DISABLED === 'true' || e.OTEL_TRACES_EXPORTER === 'none') return undefined;
  return {
    url,
    // Checked by tracingProblems: a pair that cannot be read stops the start.
    headers: { ...keyValuePairs(e.OTEL_EXPORTER_OTLP_HEADERS), ...keyValuePairs(e.OTEL_EXPORTER_OTLP_TRACES_HEADERS) },
    exportTimeoutMs: e.OTEL_EXPORTER_OTLP_TIMEOUT,
    resource: resourceAttributes(e.OTEL_SERVICE_NAME, keyValuePairs(e.OTEL_RESOURCE_ATTRIBUTES) ?? {}),
    sampler: e.OTEL_TRACES_SAMPLER as SamplerName,
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG ?? 1,
    batch: {
      maxQueueSize: e.OTEL_BSP_MAX_QUEUE_SIZE,
      maxExportBatchSize: e.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
      scheduledDelayMs: e.OTEL_BSP_SCHEDULE_DELAY,
      exportTimeoutMs: e.OTEL_BSP_EXPORT_TIMEOUT,
    },
  };
}

/** The OTEL_* rules the schema cannot say. Header values are secrets: never quoted. */
function tracingProblems(e: ResolvedEnvironment): string[] {
  const problems: string[] = [];
  for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] as const) {
    const value = e[name];
    if (value !== undefined && !isHttp(value)) problems.push(`${name} must be an http(s) URL (OTLP/HTTP), got "${value}"`);
  }
  for (const name of ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'] as const)
    if (keyValuePairs(e[name]) === undefined) problems.push(`${name} must be key=value pairs separated by commas (values URL-encoded)`);
  if (keyValuePairs(e.OTEL_RESOURCE_ATTRIBUTES) === undefined)
    problems.push(
      `OTEL_RESOURCE_ATTRIBUTES must be key=value pairs separated by commas (values URL-encoded), got "${e.OTEL_RESOURCE_ATTRIBUTES}"`,
    );
  if (e.OTEL_BSP_MAX_EXPORT_BATCH_SIZE > e.OTEL_BSP_MAX_QUEUE_SIZE)
    problems.push(
      `OTEL_BSP_MAX_EXPORT_BATCH_SIZE (${e.OTEL_BSP_MAX_EXPORT_BATCH_SIZE}) must not exceed OTEL_BSP_MAX_QUEUE_SIZE (${e.OTEL_BSP_MAX_QUEUE_SIZE})`,
    );
  return problems;
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
    tracing: tracingFrom(e),
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
  problems.push(
    ...configProblems(env, environment, production),
    ...tracingProblems(environment),
    ...submissionProblems(environment, production),
  );
  if (problems.length) throw new ConfigError(problems);
  return configFrom(environment, production);
}
