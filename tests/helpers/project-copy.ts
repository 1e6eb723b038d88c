/** A copy of this project to build or run as another site would be (another brand, other definitions). */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../tools/lib/build-state.ts';
import { projectRoot } from '../../tools/lib/project.ts';

/** The project's files as git sees them (tracked, and new ones not ignored), copied; the packages of node_modules linked. */
export async function copyProject(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: projectRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // A tracked file deleted in the working tree is not part of it.
    const bytes = await readFile(path.join(projectRoot, file)).catch(() => undefined);
    if (!bytes) continue;
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
  }
  // node_modules: a folder of the project's packages, each linked, so that the copy's Vite cache
  // (node_modules/.vite) is its own, removed with it, and never rewritten under the project's own
  // development servers (Vite keys it on the project folder).
  const modules = path.join(projectRoot, 'node_modules');
  await mkdir(path.join(dir, 'node_modules'));
  for (const entry of await readdir(modules)) {
    if (entry !== '.vite') await symlink(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

/** `npm run build` in `dir`, unless its build is current. */
export function buildProject(dir: string): void {
  buildIfStale(dir);
}
