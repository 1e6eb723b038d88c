import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { blockChunks } from './tools/lib/block-chunks.ts';
import { buildStamp } from './tools/lib/build-state.ts';
import { siteAlias, siteBlockStyles, siteBrowserConfig, siteDirectory } from './tools/lib/site-dir.ts';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), launcherEntry(), siteBrowserConfig(), siteBlockStyles(), blockChunks(), buildStamp()],
  // The site being built (SITE_DIR, default the main site at the project root): its inputs are
  // imported as @site/… and its public/ is served and copied as is (tools/lib/site-dir.ts).
  resolve: { alias: siteAlias() },
  publicDir: `${siteDirectory()}/public`,
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
    rollupOptions: isSsrBuild ? { input: { index: './src/server/site.ts', main: './src/server/main.ts' } } : undefined,
    // No preload helper in the first load (1.2 KB gzip): a block's chunk imports only chunks every
    // page has loaded already, the server sends modulepreload links for the opening screen's blocks
    // (tools/lib/block-chunks.ts), and the form code's own chunks are separate dynamic imports.
    modulePreload: false,
  },
}));
