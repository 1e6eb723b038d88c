declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';
  const build: ServerBuild;
  export = build;
}

/** The site config's fields the browser needs (tools/lib/site-dir.ts; typed in src/engine/site-browser.ts). */
declare module 'virtual:site/browser-config' {
  const config: Record<string, unknown>;
  export default config;
}
