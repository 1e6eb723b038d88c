/**
 * JSON files people review (page definitions), formatted exactly as `npm run format` leaves them:
 * Prettier with the project's configuration, so a generated file never changes on its first
 * `npm run format` (and `npm run format:check` passes on it).
 */
import path from 'node:path';
import prettier from 'prettier';
import { ENGINE_ROOT as projectRoot } from '../engine/site-inputs.server.ts';

/**
 * `value` as the text of the JSON file `file` (absolute, or relative to the project root). The
 * top-level object has one key per line; nested objects and lists stay on one line while they fit
 * the print width, as in the hand-written definitions. A file outside the project (a temporary
 * definitions folder) gets the project's settings.
 */
export async function formatJsonFile(value: unknown, file: string): Promise<string> {
  return formatJsonText(topLevelExpanded(value), file);
}

/** JSON text as `npm run format` leaves it (Prettier keeps the objects the text expands expanded). */
export async function formatJsonText(text: string, file: string): Promise<string> {
  const filepath = path.resolve(projectRoot, file);
  // The Prettier CLI reads .editorconfig too.
  const config =
    (await prettier.resolveConfig(filepath, { editorconfig: true })) ??
    (await prettier.resolveConfig(path.join(projectRoot, 'package.json'), { editorconfig: true })) ??
    {};
  return prettier.format(text, { ...config, parser: 'json', filepath });
}

/**
 * Prettier keeps an object expanded when its source has a line break after "{", and otherwise
 * puts it on one line if it fits: break the top level only, leave the rest to Prettier.
 */
function topLevelExpanded(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, v]) => `  ${JSON.stringify(key)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
}
