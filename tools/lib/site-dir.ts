/**
 * Which site the engine builds, serves and checks: a site is a folder (SITE_DIR, relative to the
 * project root or absolute; default the project root, which holds the main site). It holds
 * site.config.json, page-definitions/, schemas/content/ (its content contract and response
 * schemas), schemas/forms/, public/ and src/generated/forms/ (its forms compiled by
 * `npm run compile-forms`). Everything else (blocks, engine schemas, src/engine, server) is the
 * engine. Imports no project code: vite.config.ts, react-router.config.ts and the tools read it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The site folder: SITE_DIR resolved against the project root, or the project root. */
export function siteDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.SITE_DIR || '.');
}

/** Where the site's production build goes: build/ for the main site, <site>/build/ for another. */
export function buildDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const site = siteDirectory(env);
  return path.join(site, 'build');
}

/** The module alias every import of a site input goes through (`@site/site.config.json`). */
export function siteAlias(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { '@site': siteDirectory(env) };
}

/** The site config's fields the browser needs (src/engine/site-browser.ts): no other part is bundled for it. */
export const BROWSER_FIELDS = ['language', 'themeColor', 'urlFlags', 'vitals'] as const;
const BROWSER_CONFIG = 'virtual:site/browser-config';

/**
 * `virtual:site/browser-config`: those fields of the site's site.config.json (each may be absent,
 * which a named JSON import cannot express), re-read when the file changes in development.
 */
export function siteBrowserConfig(env: NodeJS.ProcessEnv = process.env): Plugin {
  return {
    name: 'site-browser-config',
    resolveId: (id) => (id === BROWSER_CONFIG ? `\0${BROWSER_CONFIG}` : undefined),
    load(id) {
      if (id !== `\0${BROWSER_CONFIG}`) return undefined;
      const file = path.join(siteDirectory(env), 'site.config.json');
      this.addWatchFile(file);
      const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(Object.fromEntries(BROWSER_FIELDS.map((field) => [field, config[field]])))};`;
    },
  };
}
