/**
 * What the server (src/server/site.ts) hands every request through React Router's load context:
 * the page loader and the document settings, and the request's own page report (what the page
 * loader learned about its content, read when the response is finished). Route loaders and
 * entry.server.tsx read them here, so they use the site's one configuration instead of globals.
 */
import type { PageLoader, PageReport } from './engine/page-loader.server.ts';
import type { DefinitionIndex } from './engine/definitions.server.ts';
import type { DocumentSettings } from './server/document.ts';
import type { EditorBackend } from './editor/types.ts';
import type { Logger } from './server/observe/logger.ts';

export interface SiteLoadContext {
  pages: PageLoader;
  definitions: () => DefinitionIndex;
  document: DocumentSettings;
  /** Development only (npm run dev): the page editor's backend. */
  editor?: EditorBackend;
  /** Where a failed render is logged (default: console.error). */
  log?: Pick<Logger, 'error'>;
  /** With traces on (src/server/observe/tracing.ts): runs a step of the request (the render) in a span of its own. */
  trace?: <T>(name: string, run: () => Promise<T>) => Promise<T>;
}

declare module 'react-router' {
  interface AppLoadContext {
    site: SiteLoadContext;
    /** This request's alone: made with `stale: false`, set by the page route's loader. */
    page: PageReport;
  }
}
