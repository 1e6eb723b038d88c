/** The development server's message to the browser when a definition, schema or site.config.json changed (tools/dev.ts → src/root.tsx). */
export const DEFINITIONS_CHANGED = 'site:definitions-changed';
