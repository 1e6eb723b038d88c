/**
 * `virtual:block-chunks`: for each block, the URLs of its chunk and of the chunks that chunk
 * imports, for the server to send as modulepreload links on pages that show the block
 * (src/engine/render-sections.tsx). Read from the client build's Vite manifest while the server
 * is built (React Router builds the client first and removes the manifest at the end); chunks
 * every page loads anyway (the entry's and the routes') are left out. Empty in the browser's
 * build, in development (Vite serves modules one by one) and in tests. A site's own block
 * (<site>/src/blocks/<name>/component.tsx) is found the same way, and wins over the engine's of its name.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:block-chunks';
/** A block's component: the engine's (src/blocks/…), or a site's (<site>/src/blocks/…). */
const BLOCK = /(?:^|\/)src\/blocks\/([a-z0-9-]+)\/component\.tsx$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** Block name → chunk URLs, from a Vite manifest (`base`: the public path, '/'). */
export function blockChunksOf(manifest: Record<string, ManifestChunk>, base: string): Record<string, string[]> {
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const everyPage = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, everyPage);
  const out: Record<string, string[]> = {};
  // The engine's blocks first, then a site's: its block replaces the engine's of the same name.
  const keys = Object.keys(manifest).sort();
  for (const key of [...keys.filter((key) => key.startsWith('src/')), ...keys.filter((key) => !key.startsWith('src/'))]) {
    const name = BLOCK.exec(key)?.[1];
    if (!name) continue;
    out[name] = [...closure(key)].filter((each) => !everyPage.has(each)).map((each) => `${base}${manifest[each].file}`);
  }
  return out;
}

export function blockChunks(): Plugin {
  let manifestFile: string | undefined;
  let base = '/';
  return {
    name: 'block-chunks',
    configResolved(config) {
      base = config.base;
      // The server build's outDir is <build>/server; the client's manifest is in <build>/client.
      if (config.command === 'build' && config.build.ssr)
        manifestFile = path.join(path.dirname(path.resolve(config.root, config.build.outDir)), 'client/.vite/manifest.json');
    },
    // A block's chunk is named after the block (assets/block-carousel-….js), not after its file (component).
    outputOptions(options) {
      if (manifestFile) return null;
      const previous = options.chunkFileNames ?? 'assets/[name]-[hash].js';
      return {
        ...options,
        chunkFileNames: (chunk) => {
          const name = chunk.facadeModuleId ? /\/src\/blocks\/([a-z0-9-]+)\/component\.tsx$/.exec(chunk.facadeModuleId)?.[1] : undefined;
          if (name) return `assets/block-${name}-[hash].js`;
          return typeof previous === 'function' ? previous(chunk) : previous;
        },
      };
    },
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id, options) {
      if (id !== `\0${ID}`) return undefined;
      if (!options?.ssr || !manifestFile) return 'export default {};';
      if (!existsSync(manifestFile)) throw new Error(`${ID}: the client build's manifest is missing (${manifestFile})`);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      return `export default ${JSON.stringify(blockChunksOf(manifest, base))};`;
    },
  };
}
