/**
 * npm start: builds the site if the build is missing or older than its sources, then serves it
 * (with the reference content service unless CONTENT_API_BASE is set) and prints the URL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// React picks its development or production build when first loaded, so nothing here may load
// React before NODE_ENV is set (the npm script sets it; this covers running the file directly).
process.env.NODE_ENV = 'production';
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const INPUTS = ['src', 'page-definitions', 'schemas', 'public', 'site.config.json', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];
const STAMP = path.join(projectRoot, 'build/server/index.js');

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const sourcesAt = Math.max(...INPUTS.map((p) => newest(path.join(projectRoot, p))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startSite } = await import('../src/server/main.ts');
const site = await startSite({ mode: 'production' });
if (site.contentUrl) console.log(`Reference content service (sample content) on ${site.contentUrl}`);
console.log(`Site ready on ${site.url}`);
const stop = () => void site.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
