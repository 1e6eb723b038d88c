/**
 * "Build if missing or older than its sources", shared by npm start and the benchmarks. Loads no
 * React (npm start sets NODE_ENV before React is first imported).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The engine's inputs (project root) and the site's (its folder: the project root for the main site). */
const ENGINE_INPUTS = ['src', 'schemas', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];
const SITE_INPUTS = ['page-definitions', 'schemas', 'public', 'site.config.json', 'src'];

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Whether the build of the site in `siteDir` (its folder's build/) is missing or older than any input. */
export function buildIsStale(projectRoot: string, siteDir = projectRoot): boolean {
  const stamp = path.join(siteDir, 'build/server/index.js');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const inputs = [...ENGINE_INPUTS.map((p) => path.join(projectRoot, p)), ...SITE_INPUTS.map((p) => path.join(siteDir, p))];
  return builtAt === 0 || builtAt < Math.max(...inputs.map(newest));
}

/** The production build of the site in `siteDir` (SITE_DIR; default the main site), as `npm run build` makes it. */
export function buildSite(projectRoot: string, siteDir = projectRoot, stdio: 'inherit' | 'pipe' = 'inherit') {
  return spawnSync('npx', ['react-router', 'build'], {
    cwd: projectRoot,
    stdio,
    encoding: 'utf8',
    env: { ...process.env, SITE_DIR: siteDir, NODE_ENV: 'production' },
  });
}

/** Runs the production build of the site when it is stale (buildIsStale); exits on failure. */
export function ensureBuild(projectRoot: string, siteDir = projectRoot): void {
  if (!buildIsStale(projectRoot, siteDir)) return;
  const stamp = path.join(siteDir, 'build/server/index.js');
  console.log(existsSync(stamp) ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = buildSite(projectRoot, siteDir);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
