/**
 * Which site the engine builds, serves and checks: a site is a folder (SITE_DIR, relative to the
 * project root or absolute; default the project root, which holds the main site). It holds
 * site.config.json, page-definitions/, schemas/content/ (its content contract and response
 * schemas), schemas/forms/, public/ and src/generated/forms/ (its forms compiled by
 * `npm run compile-forms`), and may bring blocks (schemas/blocks/, src/blocks/) and form widgets
 * (src/forms/widgets.tsx). Everything else (engine blocks and schemas, src/engine, server) is the
 * engine. Imports no project code: vite.config.ts, react-router.config.ts and the tools read it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The site folder: SITE_DIR resolved against the project root, or the project root. */
export function siteDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.SITE_DIR || '.');
}

/**
 * Vite's cache (the pre-bundled dependencies of `npm run dev`): Vite's own folder for the main site,
 * one of its own for another site (`node_modules/.vite/site-<hash of its folder>`). A site resolves
 * other aliases, so with one shared folder each development server found the other's bundles out of
 * date and re-optimised them under it (its pages then reload); two run side by side in the browser
 * tests. A project copy (tests/helpers/project-copy.ts) has a node_modules folder of its own for it.
 */
export function viteCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const site = siteDirectory(env);
  const cache = path.join(projectRoot, 'node_modules', '.vite');
  if (site === projectRoot) return cache;
  return path.join(cache, `site-${createHash('sha256').update(path.relative(projectRoot, site)).digest('hex').slice(0, 12)}`);
}

/** Where the site's production build goes: build/ for the main site, <site>/build/ for another. */
export function buildDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const site = siteDirectory(env);
  return path.join(site, 'build');
}

/**
 * What a site may add to the engine's, at the path the engine has its own: its blocks (the list
 * `npm run generate` writes) and its form widgets. The engine merges the site's over its own
 * (src/blocks/registry.ts, src/forms/site-form.tsx); for the main site they are the same module.
 */
const SITE_ADDITIONS = ['src/blocks/components.generated.ts', 'src/forms/widgets/index.tsx'];

/** The engine's modules as a site's own code imports them (`@engine/blocks/shared.tsx`), wherever its folder is. */
export const ENGINE = path.join(projectRoot, 'src');

/**
 * The module alias every import of a site input goes through (`@site/site.config.json`), and the
 * one a site's code imports the engine by (`@engine/…`: a site folder may live anywhere). A site
 * without blocks or widgets of its own imports the engine's list there (merged over itself: no change).
 */
export function siteAlias(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const site = siteDirectory(env);
  const additions = SITE_ADDITIONS.map((file) => [
    `@site/${file}`,
    existsSync(path.join(site, file)) ? path.join(site, file) : path.join(projectRoot, file),
  ]);
  return { ...Object.fromEntries(additions), '@site': site, '@engine': ENGINE };
}

const SITE_CSS = path.join(projectRoot, 'src/styles/site.css');

/**
 * The site's block styles (src/blocks/<name>/style.css of its folder) at the end of the one
 * stylesheet, src/styles/site.css: critical CSS and the deferred sheet carry them like the
 * engine's (nothing for the main site: its blocks are the engine's, imported in site.css).
 */
export function siteBlockStyles(env: NodeJS.ProcessEnv = process.env): Plugin {
  return {
    name: 'site-block-styles',
    enforce: 'pre',
    transform(code, id) {
      const site = siteDirectory(env);
      // The stylesheet itself (in a build, `?transform-only`), not the module of its `?url` import.
      const [file, query = ''] = id.split('?');
      if (file !== SITE_CSS || /(?:^|&)(?:url|raw)\b/.test(query) || site === projectRoot) return undefined;
      const folder = path.join(site, 'src/blocks');
      const styles = existsSync(folder)
        ? readdirSync(folder, { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => path.join(folder, entry.name, 'style.css'))
            .filter((file) => existsSync(file))
            .sort()
        : [];
      for (const file of styles) this.addWatchFile(file);
      const imports = styles.map((file) => `@import '${path.relative(path.dirname(SITE_CSS), file).split(path.sep).join('/')}';`);
      return imports.length
        ? `${code}\n/* The site's own blocks (${path.relative(projectRoot, site)}) */\n${imports.join('\n')}\n`
        : undefined;
    },
  };
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
