import { defineConfig } from 'vitest/config';
import { blockChunks } from './tools/lib/block-chunks.ts';
import { siteAlias, siteBrowserConfig } from './tools/lib/site-dir.ts';

// Two projects: fast unit/component tests, and end-to-end tests that build the site, start the
// reference content service and the production server, and drive real Chromium.
export default defineConfig({
  // Tests run against the main site (its inputs are imported as @site/…, as in vite.config.ts).
  resolve: { alias: siteAlias({}) },
  plugins: [siteBrowserConfig({}), blockChunks()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          exclude: ['**/*.e2e.test.{ts,tsx}', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/unit-setup.ts'],
          // Files share one worker's loaded node_modules and jsdom document instead of importing
          // React, jsdom and the rest again for each; tests/unit-setup.ts loads the project's own
          // modules afresh per file and empties the document after each (docs/testing.md, issue 33).
          isolate: false,
          // Component and store tests take 0.3–3 s alone; on a 2-core runner under load the 5 s
          // default fails them for time, not behaviour (nothing here asserts speed: see npm run bench).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.test.ts', 'src/**/*.e2e.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time, sharing the global set-up's server set: a browser file alone kept
          // 1.2 of the 2 cores busy (it waits on its servers and its browser), so two keep both
          // (npm test on a clean clone 1,171 → 805–811 s; docs/testing.md). Each file still opens its own browser.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
