import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { blockChunks } from './tools/lib/block-chunks.ts';
import { buildStamp } from './tools/lib/build-state.ts';
import { siteAlias, siteBlockStyles, siteBrowserConfig, siteDirectory, viteCacheDirectory } from './tools/lib/site-dir.ts';

/**
 * React Router names every server entry after its server build file (index.js, then index2.js…):
 * the launcher keeps its own name, build/server/main.js, so `npm run serve` can find it.
 */
function launcherEntry(): Plugin {
  return {
    name: 'launcher-entry',
    outputOptions(options) {
      const serverFile = options.entryFileNames;
      if (typeof serverFile !== 'string' || !serverFile.endsWith('index.js')) return null;
      return { ...options, entryFileNames: (chunk) => (chunk.name === 'main' ? 'main.js' : serverFile) };
    },
  };
}

/** The browser's chunks compiled eagerly (see `postBanner` below): the first load's and the blocks'. */
function eager(chunk: { name: string; facadeModuleId: string | null }): boolean {
  if (/^(framework|app|entry\.client|root|page-route)$/.test(chunk.name)) return true;
  return /[\\/]blocks[\\/][a-z0-9-]+[\\/]component\.tsx$/.test(chunk.facadeModuleId ?? '');
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), launcherEntry(), siteBrowserConfig(), siteBlockStyles(), blockChunks(), buildStamp()],
  // The site being built (SITE_DIR, default the main site at the project root): its inputs are
  // imported as @site/… and its public/ is served and copied as is (tools/lib/site-dir.ts).
  resolve: { alias: siteAlias() },
  publicDir: `${siteDirectory()}/public`,
  cacheDir: viteCacheDirectory(),
  // Pre-bundle the browser dependencies up front: otherwise the dev server discovers some (forms,
  // swiper, the editor's jsonc-parser) on first use and reloads the page to re-optimize, mid-visit.
  optimizeDeps: {
    include: [
      'jsonc-parser',
      'react',
      'react-dom',
      'react-dom/client',
      'react-router',
      'swiper',
      'swiper/modules',
      '@rjsf/core',
      '@rjsf/utils',
      '@rjsf/validator-ajv8',
      'react-google-recaptcha',
    ],
  },
  build: {
    // The server build is the site (createSite, build/server/index.js) and its launcher
    // (build/server/main.js, `npm run serve`): production runs plain Node, the same module graph.
    rolldownOptions: isSsrBuild
      ? { input: { index: './src/server/site.ts', main: './src/server/main.ts' } }
      : {
          // The first load in two files besides the entry: the framework (React, React Router) and
          // our code every page runs (the root and page routes, the chrome, the blocks' helpers and
          // registry). Left to itself Rolldown cut our part into six small chunks, each compressed
          // alone: 2.6 KB gzip more on every page. The route files and the entry become facades
          // over the app chunk; the entry keeps its own body (it hydrates, so it must run last, when
          // React Router's bootstrap imports it, after the route modules are set). Blocks, forms and swiper keep chunks of their own.
          output: {
            // V8's explicit compile hint (Chrome 136+; other browsers read a comment): the code every
            // page runs at load, and a block's when its section hydrates, is compiled whole on a
            // background thread while it downloads, not function by function on the main thread as
            // hydration first calls it (issue 32: about a third less main-thread script time on a
            // low-tier phone). Not the forms' chunks: most of their code never runs on a visit.
            postBanner: (chunk) => (eager(chunk) ? '//# allFunctionsCalledOnLoad' : ''),
            codeSplitting: {
              groups: [
                { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
                {
                  name: 'app',
                  test: (id) => /[\\/]src[\\/]/.test(id) && !/[\\/]entry\.client\./.test(id),
                  tags: ['$initial'],
                  priority: 1,
                },
              ],
            },
          },
        },
    // No preload helper in the first load (1.2 KB gzip): a block's chunk imports only chunks every
    // page has loaded already, the server sends modulepreload links for the opening screen's blocks
    // (tools/lib/block-chunks.ts), and the form code's own chunks are separate dynamic imports.
    modulePreload: false,
  },
}));
