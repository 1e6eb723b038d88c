/**
 * npm run export: the whole site as static files, for any CDN or object store.
 *
 * Starts the production build against the content service (the reference one, or CONTENT_API_BASE
 * with its credential when set), then fetches every route of page-definitions/ and every slug the
 * content service lists for the parameterised routes, and writes:
 *   export/<path>/index.html   each page as the server renders it (export/index.html for "/")
 *   export/<path>.data         its loader data, so client-side navigation works without the server
 *   export/404.html            the not-found page
 *   export/_redirects          when PUBLIC_API_ORIGIN is set: `/api/*` proxied to that origin
 * plus build/client (assets, public files). Nothing in the HTML is rewritten: images point at
 * IMAGE_BASE_URL, and forms post to same-origin /api/*, which the static host must proxy to the
 * site's server (docs/operations.md).
 *
 * An export is published: production rules apply whatever NODE_ENV says, and no page may point at
 * a loopback address. SITE_ORIGIN (canonical URLs, Open Graph, JSON-LD) must be the public origin
 * the export is served from; against a real content service (CONTENT_API_BASE) its credential and
 * the public IMAGE_BASE_URL are required. With the embedded sample service, the sample images are
 * shipped in the export (export/uploads) and referenced from the site root (/uploads/…). Every
 * missing or wrong setting is listed at once, before anything starts.
 *
 * `npm run export -- --out <dir> --only /,/blog` exports a subset (the 404 page is always written).
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../src/server/config.ts';
import { ConfigError } from '../src/server/environment.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { UPLOADS_DIR } from './content-service/contract.ts';
import { startFixtureService } from './content-service/fixture.ts';
import { startContentService } from './content-service/server.ts';
import { buildSite, ensureBuild } from './lib/build-state.ts';
import { runMain } from './lib/cli.ts';
import { projectRoot, siteDirectory } from './lib/project.ts';
import { startSnapshotSite, type SnapshotSite } from './lib/snapshot-site.ts';

export interface ExportOptions {
  /** Output folder; emptied first. Default: export/ in the project. */
  outDir?: string;
  /** Export only these URL paths (e.g. "/blog/some-slug"); default: every route and listed slug. */
  only?: string[];
  /** Log progress lines. */
  log?: boolean;
  /** The site folder to export (default SITE_DIR's: the main site). */
  siteDir?: string;
  /** Origin of the site's Node server that answers /api/* (reads and form posts). Default: PUBLIC_API_ORIGIN. */
  apiOrigin?: string;
  /**
   * The settings: CONTENT_API_BASE and its credential, IMAGE_BASE_URL, SITE_ORIGIN,
   * RECAPTCHA_SITE_KEY, PUBLIC_API_ORIGIN (docs/configuration.md). Default: process.env.
   */
  env?: NodeJS.ProcessEnv;
}

/** Where the sample images are shipped in an export of the embedded sample service, and referenced from. */
const SAMPLE_IMAGE_BASE = '/uploads';

export interface ExportResult {
  outDir: string;
  /** URL paths written as HTML, in order. */
  pages: string[];
  notFound: string;
}

/**
 * Every URL path to export: the site's own sitemap.xml, which lists every route of the definitions
 * and expands parameterised ones from the content lists their definitions name (one source of truth).
 */
export async function listPaths(siteUrl: string): Promise<string[]> {
  const response = await fetch(`${siteUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`GET /sitemap.xml: ${response.status}`);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1].replace(/&amp;/g, '&'));
    return `${url.pathname}${url.search}`;
  });
  return [...new Set(paths)];
}

/** export/<path>/index.html and export/<path>.data ("/" → index.html and _root.data). */
function filesFor(outDir: string, urlPath: string): { html: string; data: string } {
  const segments = urlPath
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  if (segments.some((s) => s === '..' || s === '.' || s.includes('/') || s.includes('\\'))) throw new Error(`unsafe path ${urlPath}`);
  if (segments.length === 0) return { html: path.join(outDir, 'index.html'), data: path.join(outDir, '_root.data') };
  return { html: path.join(outDir, ...segments, 'index.html'), data: path.join(outDir, ...segments) + '.data' };
}

function write(file: string, body: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Whether `url` names this computer (a page pointing there works nowhere else). */
function isLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  return /^(?:localhost|.+\.localhost|127(?:\.\d+){3}|\[::1\]|\[::\]|0\.0\.0\.0)$/i.test(new URL(url).hostname);
}

/**
 * Every problem of the settings an export needs, at once (a ConfigError), before anything starts:
 * the site's production rules (whatever NODE_ENV says) and the export's own.
 */
function checkExportSettings(env: NodeJS.ProcessEnv): void {
  const external = Boolean(env.CONTENT_API_BASE);
  const problems: string[] = [];
  if (!env.SITE_ORIGIN)
    problems.push('SITE_ORIGIN must be set to the public origin the export is served from (canonical URLs, Open Graph, JSON-LD)');
  else if (isLoopback(env.SITE_ORIGIN)) problems.push(`SITE_ORIGIN must be a public origin, not this computer, got "${env.SITE_ORIGIN}"`);
  if (external && env.IMAGE_BASE_URL && isLoopback(env.IMAGE_BASE_URL))
    problems.push(`IMAGE_BASE_URL must be the public base of the content images, not this computer, got "${env.IMAGE_BASE_URL}"`);
  try {
    // The export's own site never takes a submission: its captcha is irrelevant (CAPTCHA=local).
    readConfig({ ...env, IMAGE_BASE_URL: external ? env.IMAGE_BASE_URL : SAMPLE_IMAGE_BASE, CAPTCHA: 'local' }, { production: true });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length) throw new ConfigError(problems, 'Cannot export');
}

/** Exports the site rendered by the running server at `siteUrl`. */
async function exportFrom(
  siteUrl: string,
  options: ExportOptions & {
    /** The client build the site serves (copied into the export). */
    clientDir: string;
    /** Images to ship in the export under uploads/ (the embedded sample service's). */
    uploadsDir?: string;
  },
): Promise<ExportResult> {
  const outDir = path.resolve(options.outDir ?? path.join(projectRoot, 'export'));
  const { clientDir } = options;
  const pages = options.only ?? (await listPaths(siteUrl));

  // The folder is emptied first: never the project or one of its parents.
  if (!path.relative(outDir, projectRoot).startsWith('..') || outDir === path.parse(outDir).root)
    throw new Error(`refusing to empty ${outDir}: choose a folder of its own`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  cpSync(clientDir, outDir, { recursive: true });
  if (options.uploadsDir) cpSync(options.uploadsDir, path.join(outDir, SAMPLE_IMAGE_BASE), { recursive: true });

  const failures: string[] = [];
  await mapLimit(pages, 4, async (urlPath) => {
    const files = filesFor(outDir, urlPath);
    const page = await fetch(siteUrl + urlPath, { redirect: 'manual' });
    const html = await page.text();
    if (page.status !== 200) {
      failures.push(`${urlPath}: ${page.status}`);
      return;
    }
    write(files.html, html);
    const data = await fetch(`${siteUrl}${urlPath === '/' ? '/_root' : urlPath}.data`);
    if (data.ok) write(files.data, Buffer.from(await data.arrayBuffer()));
    else failures.push(`${urlPath}.data: ${data.status}`);
    if (options.log) console.log(`  ${urlPath}`);
  });

  const notFoundPath = '/__export-not-found__';
  const notFound = await fetch(siteUrl + notFoundPath);
  if (notFound.status !== 404) failures.push(`404 page: answered ${notFound.status}`);
  write(path.join(outDir, '404.html'), await notFound.text());

  // No /__manifest: route discovery is "initial" (react-router.config.ts), each page imports the
  // whole route manifest, a module of build/client/assets.

  // Static hosts that read a _redirects file (Netlify, Cloudflare Pages) proxy /api/* to the site's
  // server with it; elsewhere configure the same rule (docs/operations.md).
  const apiOrigin = (options.apiOrigin ?? (options.env ?? process.env).PUBLIC_API_ORIGIN)?.replace(/\/+$/, '');
  if (apiOrigin) write(path.join(outDir, '_redirects'), `/api/*  ${apiOrigin}/api/:splat  200\n`);
  else if (options.log)
    console.warn('PUBLIC_API_ORIGIN is not set: remember to proxy /api/* of the static host to the site server (forms, API reads).');

  if (failures.length) throw new Error(`export incomplete:\n  ${failures.join('\n  ')}`);
  return { outDir, pages, notFound: path.join(outDir, '404.html') };
}

/**
 * Checks the settings, builds if needed, starts the content service (unless CONTENT_API_BASE is
 * set) and the production site, exports, stops both.
 */
export async function exportSite(options: ExportOptions = {}): Promise<ExportResult> {
  const env = options.env ?? process.env;
  checkExportSettings(env);
  const siteDir = options.siteDir ?? siteDirectory(env);
  const main = siteDir === projectRoot;
  if (!existsSync(path.join(siteDir, 'build/server/index.js'))) {
    if (buildSite(projectRoot, siteDir).status !== 0) throw new Error('build failed');
  }
  let content: { url: string; close(): Promise<void> } | undefined;
  let site: SnapshotSite | undefined;
  try {
    const external = env.CONTENT_API_BASE;
    // The sample content: the reference service for the main site, another site's stand-in for it.
    if (!external)
      content = main
        ? await startContentService({ port: 0 })
        : await startFixtureService({ siteDir, user: DEFAULT_CONTENT_USER, password: DEFAULT_CONTENT_PASSWORD });
    // What the pages show comes from these settings (checked above), never from defaults: the
    // sample service's images are shipped and served from the export itself.
    site = await startSnapshotSite(
      {
        EMBEDDED_CONTENT_SERVICE: '0',
        CONTENT_API_BASE: external ?? content!.url,
        IMAGE_BASE_URL: external ? env.IMAGE_BASE_URL : SAMPLE_IMAGE_BASE,
        SITE_ORIGIN: env.SITE_ORIGIN,
        RECAPTCHA_SITE_KEY: env.RECAPTCHA_SITE_KEY,
        ...(external ? { CONTENT_API_USER: env.CONTENT_API_USER, CONTENT_API_PASSWORD: env.CONTENT_API_PASSWORD } : {}),
      },
      siteDir,
    );
    return await exportFrom(site.url, {
      ...options,
      clientDir: path.join(site.root, 'build/client'),
      uploadsDir: external ? undefined : main ? UPLOADS_DIR : path.join(siteDir, 'sample-content/uploads'),
    });
  } finally {
    await site?.stop();
    await content?.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' }, only: { type: 'string' } }, allowPositionals: false });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Exports what `npm start` would serve: a build older than its sources is rebuilt first.
  ensureBuild(projectRoot, siteDirectory());
  const started = Date.now();
  const result = await exportSite({ outDir: values.out, only, log: true });
  console.log(
    `Exported ${result.pages.length} pages and the 404 page to ${path.relative(process.cwd(), result.outDir) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

runMain(import.meta.url, main);
