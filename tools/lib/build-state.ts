/**
 * "Build if missing or older than its sources", shared by npm start and the benchmarks. Loads no
 * React (npm start sets NODE_ENV before React is first imported).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'src',
  'page-definitions',
  'schemas',
  'public',
  'site.config.json',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
];

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Runs the production build when build/ is missing or older than any input; exits on failure. */
export function ensureBuild(projectRoot: string): void {
  const stamp = path.join(projectRoot, 'build/server/index.js');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (builtAt >= Math.max(...INPUTS.map((p) => newest(path.join(projectRoot, p))))) return;
  console.log(builtAt ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
