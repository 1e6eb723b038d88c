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

/** Each block's chunk URLs for modulepreload links (tools/lib/block-chunks.ts); empty outside the server's production build. */
declare module 'virtual:block-chunks' {
  const chunks: Readonly<Partial<Record<string, readonly string[]>>>;
  export default chunks;
}
