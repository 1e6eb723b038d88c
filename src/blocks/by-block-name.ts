/**
 * A block's files by block name, from an import.meta.glob of the engine's (src/blocks/<name>/…,
 * schemas/blocks/<name>.schema.json) and a site's (@site/…, the same paths in its folder): a site's
 * file wins over the engine's of the same block (for the main site both are the same files).
 */
const NAME = /\/(?:src\/blocks\/([a-z0-9-]+)\/[^/]+|schemas\/blocks\/([a-z0-9-]+)\.schema\.json)$/;
const ENGINE = /^\/(?:src|schemas)\/blocks\//;

export function byBlockName<T>(files: Record<string, T>): Map<string, T> {
  const out = new Map<string, T>();
  const keys = Object.keys(files);
  for (const key of [...keys.filter((key) => ENGINE.test(key)), ...keys.filter((key) => !ENGINE.test(key))]) {
    const match = NAME.exec(key);
    const name = match?.[1] ?? match?.[2];
    if (name) out.set(name, files[key]);
  }
  return out;
}
