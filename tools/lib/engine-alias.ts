/**
 * Lets Node (under tsx) import a site folder's own code wherever the folder lives: the `@engine/…`
 * imports it makes resolve to the engine's src/ (Vite and vitest get the same alias from
 * siteAlias, TypeScript from tsconfig.json's paths; tsx applies those paths only to the files
 * tsconfig.json includes, and a site folder may be outside the project). Registered once, before
 * the first such import; hooks registered later run first, so tsx still compiles what it finds.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ENGINE } from './site-dir.ts';

let registered = false;

export function resolveEngineImports(): void {
  if (registered) return;
  registered = true;
  const engine = pathToFileURL(`${ENGINE}/`).href;
  const hook = `export function resolve(specifier, context, next) {
  return next(specifier.startsWith('@engine/') ? ${JSON.stringify(engine)} + specifier.slice('@engine/'.length) : specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
