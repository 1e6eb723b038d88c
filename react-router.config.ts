import type { Config } from '@react-router/dev/config';
import { buildDirectory } from './tools/lib/site-dir.ts';

export default {
  // The app lives in src/ (README's layout: page-definitions/, schemas/, src/, tools/, tests/).
  appDirectory: 'src',
  // build/ for the main site, <site>/build/ for another (SITE_DIR).
  buildDirectory: buildDirectory(),
  ssr: true,
  // The route manifest comes with the page (a 0.4 KB module), not by a /__manifest request after
  // hydration: that answer patched the routes and re-rendered the route tree, which made every
  // section still waiting for its code (src/engine/section-code.ts) render at once, fetching its code.
  routeDiscovery: { mode: 'initial' },
  // v8 behaviours stay off until we move to React Router 8 (which needs Node 22); naming them
  // here records the decision and keeps build logs readable.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
