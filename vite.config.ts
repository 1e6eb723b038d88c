import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Definitions are server-only data, so no client module changes when one is edited: tell the
 * browser to reload (the server re-reads them through import.meta.glob on the next request).
 */
function reloadOnDefinitionChange(): Plugin {
  const watched = /(?:^|[\\/])(page-definitions[\\/].+\.json|schemas[\\/].+\.json|site\.config\.json)$/;
  return {
    name: 'reload-on-definition-change',
    apply: 'serve',
    configureServer(server) {
      const reload = (file: string) => {
        if (!watched.test(file)) return;
        console.log(`[dev] ${file.replace(server.config.root + '/', '')} changed: reloading definitions`);
        // The server reads definitions from disk in development and rebuilds its catalog when
        // this number changes (src/renderer/definitions.server.ts).
        const key = '__pageDefinitionsVersion';
        (globalThis as Record<string, unknown>)[key] = Number((globalThis as Record<string, unknown>)[key] ?? 0) + 1;
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.add(['page-definitions', 'schemas', 'site.config.json']);
      server.watcher.on('add', reload);
      server.watcher.on('change', reload);
      server.watcher.on('unlink', reload);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), reloadOnDefinitionChange()],
  // Pre-bundle the browser dependencies up front: otherwise the dev server discovers some (forms,
  // swiper) on first use and reloads the page to re-optimize, mid-visit.
  optimizeDeps: {
    include: [
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
    // The server build's entry is our Express app, so production runs the same middleware
    // stack (API proxy, headers) that development runs through Vite.
    rollupOptions: isSsrBuild ? { input: './src/server/app.ts' } : undefined,
  },
}));
