import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: {
    // The server build's entry is our Express app, so production runs the same
    // middleware stack (API proxy, headers) that development runs through Vite.
    rollupOptions: isSsrBuild ? { input: './src/server/app.ts' } : undefined,
  },
  server: { fs: { allow: ['.'] } },
}));
