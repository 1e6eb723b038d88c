/**
 * "Build if the build is not of the current sources", shared by npm start, the benchmarks and the
 * tests. Every production build writes a stamp, build/inputs.sha256: the hash of its inputs (the
 * engine's and the site's files) as they were when it was made (`buildStamp()`, a Vite plugin of
 * vite.config.ts, so `npm run build` writes it too). The build is current while the inputs hash the
 * same: a fresh clone, a checkout or a touched file with the same content does not rebuild; any
 * changed byte does. Loads no React (npm start sets NODE_ENV before React is first imported).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { buildDirectory, projectRoot as mainRoot, siteDirectory } from './site-dir.ts';

/** The engine's inputs (project root; tools/lib holds the build's Vite plugins) and the site's (its folder: the project root for the main site). */
const ENGINE_INPUTS = ['src', 'schemas', 'tools/lib', 'vite.config.ts', 'react-router.config.ts', 'package.json', 'package-lock.json'];
const SITE_INPUTS = ['page-definitions', 'schemas', 'public', 'site.config.json', 'src'];
const STAMP = 'inputs.sha256';

function files(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The hash of the build's inputs: every file's path (relative to the project root) and bytes. */
export function inputsHash(projectRoot: string, siteDir = projectRoot): string {
  const inputs = [...ENGINE_INPUTS.map((p) => path.join(projectRoot, p)), ...SITE_INPUTS.map((p) => path.join(siteDir, p))];
  // A site folder inside the project (tests/sites/…) is not the engine's input, nor is any build/.
  const own = path.join(siteDir, 'build') + path.sep;
  const all = [...new Set(inputs.flatMap(files))].filter((file) => !file.startsWith(own)).sort();
  const hash = createHash('sha256');
  for (const file of all)
    hash
      .update(`${path.relative(projectRoot, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

/** Whether the build of the site in `siteDir` (its folder's build/) is missing or not of the current inputs. */
export function buildIsStale(projectRoot: string, siteDir = projectRoot): boolean {
  const stamp = path.join(siteDir, 'build', STAMP);
  if (!existsSync(stamp) || !existsSync(path.join(siteDir, 'build/server/index.js'))) return true;
  return readFileSync(stamp, 'utf8').trim() !== inputsHash(projectRoot, siteDir);
}

/**
 * The production build of the site in `siteDir` (SITE_DIR; default the main site) of the project
 * in `projectRoot`, as `npm run build` makes it: the one place a build is started from code.
 * (NODE_ENV=production: vitest sets NODE_ENV=test, which would make Vite build a development bundle.)
 */
export function buildSite(projectRoot: string, siteDir = projectRoot, stdio: 'inherit' | 'pipe' = 'inherit') {
  return spawnSync('npx', ['react-router', 'build'], {
    cwd: projectRoot,
    stdio,
    encoding: 'utf8',
    env: { ...process.env, SITE_DIR: siteDir, NODE_ENV: 'production' },
  });
}

/** Builds unless the build is current (buildIsStale); throws with the build's output when it fails. Whether it built. */
export function buildIfStale(projectRoot: string, siteDir = projectRoot): boolean {
  if (!buildIsStale(projectRoot, siteDir)) return false;
  const build = buildSite(projectRoot, siteDir, 'pipe');
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  return true;
}

/** Runs the production build of the site when it is stale (buildIsStale); exits on failure. */
export function ensureBuild(projectRoot: string, siteDir = projectRoot): void {
  if (!buildIsStale(projectRoot, siteDir)) return;
  const stamp = path.join(siteDir, 'build/server/index.js');
  console.log(existsSync(stamp) ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = buildSite(projectRoot, siteDir);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Vite plugin: the build's stamp (see above). The client build (the first of the two) removes the
 * last one; the server build, the last, writes the hash of the inputs it started from, once it is
 * written whole. A failed or interrupted build leaves no stamp, so the next check builds again.
 */
export function buildStamp(env: NodeJS.ProcessEnv = process.env): Plugin {
  let ssr = false;
  let hash = '';
  const stamp = () => path.join(buildDirectory(env), STAMP);
  return {
    name: 'build-stamp',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!ssr) rmSync(stamp(), { force: true });
      else hash = inputsHash(mainRoot, siteDirectory(env));
    },
    closeBundle() {
      if (!ssr || !hash) return;
      mkdirSync(path.dirname(stamp()), { recursive: true });
      writeFileSync(stamp(), `${hash}\n`);
    },
  };
}
