/** What the development server (tools/dev.ts), the route config and the browser agree on. */
import { matchRoutes } from 'react-router';

/** Sent to the browser when a definition, schema or site.config.json changed (read in src/root.tsx). */
export const DEFINITIONS_CHANGED = 'site:definitions-changed';

/** The page editor's routes (src/routes.ts mounts them outside production builds): for this computer only. */
export const EDITOR_ROUTES = { editor: '__editor/*', preview: '__preview/:draft/*' } as const;

const editorRoutes = Object.values(EDITOR_ROUTES).map((path) => ({ path: `/${path}` }));

/**
 * Whether React Router renders `url` (a request URL as the server gets it, or a location's
 * pathname) with one of the editor's routes. Read as React Router's server reads it: the URL
 * parsed (dot segments, `%2e`), without a `.data` suffix (single fetch) or a trailing slash, then
 * React Router's own matcher (percent-decoding, case-insensitive). A URL it cannot parse counts
 * as the editor's: whoever is refused gets an answer the site could not have given anyway.
 */
export function isEditorPath(url: string): boolean {
  let pathname: string;
  try {
    // Concatenated like @react-router/express builds the request URL (so "//x" stays a path).
    pathname = new URL(`http://localhost${url.startsWith('/') ? url : `/${url}`}`).pathname;
  } catch {
    return true;
  }
  if (pathname === '/_root.data') return false;
  if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length);
  if (pathname !== '/' && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return matchRoutes(editorRoutes, pathname) !== null;
}
