/** What the development server (tools/dev.ts) and the browser agree on. */

/** Sent to the browser when a definition, schema or site.config.json changed (read in src/root.tsx). */
export const DEFINITIONS_CHANGED = 'site:definitions-changed';

/** The page editor's URLs (/__editor, its API, /__preview): development only, for this computer only. */
export const EDITOR_PATHS = /^\/__(?:editor|preview)(?:\/|$)/;
