/**
 * The page editor's Publish step (issue 22): what a saved definition changes against the last
 * commit, and that change committed to a branch named after the page, never to the branch that is
 * checked out. The commit is made with git's plumbing (a temporary index, write-tree, commit-tree,
 * update-ref): the working tree, the real index and the current branch stay exactly as they are, so
 * whatever else the author has going on in the checkout is neither committed nor disturbed.
 * Outside a git checkout (or without git) there is nothing to publish: Save is the last step.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Who commits when the checkout has no identity configured (a fresh container, CI). */
const FALLBACK_IDENTITY = { name: 'Page editor', email: 'page-editor@localhost' } as const;

async function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** The checkout's top folder, or undefined outside one (or without git). */
export async function gitRoot(dir: string): Promise<string | undefined> {
  try {
    return (await git(dir, ['rev-parse', '--show-toplevel'])).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The branch a page is published to: page/<file name without .json>. */
export const branchOf = (file: string) => `page/${path.basename(file, '.json')}`;

export interface PendingChange {
  /** The file as git names it (relative to the checkout, forward slashes). */
  path: string;
  /** Unified diff of the file on disk against the branch it would be committed on; empty: nothing to publish. */
  diff: string;
  branch: string;
  /** The branch the commit goes on top of: the page's branch when it exists, else what is checked out. */
  base: string;
}

async function refExists(root: string, ref: string): Promise<boolean> {
  try {
    await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The page's branch if it exists, else HEAD (undefined in a repository without commits). */
async function baseOf(root: string, branch: string): Promise<string | undefined> {
  if (await refExists(root, `refs/heads/${branch}`)) return `refs/heads/${branch}`;
  return (await refExists(root, 'HEAD')) ? 'HEAD' : undefined;
}

/** What publishing `abs` (a file inside the checkout) would commit, or undefined outside a checkout. */
export async function pendingChange(abs: string): Promise<PendingChange | undefined> {
  const root = await gitRoot(path.dirname(abs));
  if (!root) return undefined;
  const gitPath = path.relative(root, abs).split(path.sep).join('/');
  const branch = branchOf(abs);
  const base = await baseOf(root, branch);
  if (!base) throw new Error(`${root} has no commit yet: commit once, then publish`);
  const committed = await git(root, ['ls-tree', '--name-only', base, '--', gitPath]);
  let diff: string;
  if (committed.trim()) {
    // The file on disk against the base's blob (not against the index: staging does not matter).
    const blob = (await git(root, ['rev-parse', `${base}:${gitPath}`])).trim();
    diff = await diffAgainst(root, blob, abs, gitPath);
  } else diff = await diffAgainst(root, undefined, abs, gitPath);
  return { path: gitPath, diff, branch, base: base === 'HEAD' ? await currentName(root) : branch };
}

async function currentName(root: string): Promise<string> {
  try {
    return (await git(root, ['symbolic-ref', '--short', 'HEAD'])).trim();
  } catch {
    return 'HEAD';
  }
}

/** `git diff` of a blob (or nothing) against the file on disk, with the file's own name on both sides. */
async function diffAgainst(root: string, blob: string | undefined, abs: string, gitPath: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'page-editor-diff-'));
  try {
    const before = path.join(dir, 'before');
    await writeFile(before, blob ? await git(root, ['cat-file', 'blob', blob]) : '');
    try {
      await git(root, ['diff', '--no-index', '--no-color', '--', before, abs]);
      return '';
    } catch (error) {
      // --no-index exits with 1 when the files differ: its output is the diff.
      const { code, stdout } = error as { code?: number; stdout?: string };
      if (code !== 1 || stdout === undefined) throw error;
      const lines = stdout.split('\n');
      const hunks = lines.findIndex((line) => line.startsWith('@@'));
      return [`--- ${blob ? `a/${gitPath}` : '/dev/null'}`, `+++ b/${gitPath}`, ...lines.slice(hunks)].join('\n').trimEnd();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface Published {
  branch: string;
  commit: string;
  /** The files the commit changes (only the page's). */
  files: string[];
  /** What to run next, e.g. git push -u origin page/partners-program. */
  push: string;
}

/**
 * Commits the file on disk to the page's branch (created from what is checked out when new).
 * Refused when that branch is the one checked out, and when there is nothing to commit.
 */
export async function publish(abs: string, message: string): Promise<Published> {
  const change = await pendingChange(abs);
  if (!change) throw new Error('not a git checkout: Save is the last step here; commit the file as you usually do');
  const root = (await gitRoot(path.dirname(abs)))!;
  const { branch, path: gitPath } = change;
  if ((await currentName(root)) === branch)
    throw new Error(`${branch} is the branch checked out: the editor commits only to a page branch that is not checked out`);
  if (!change.diff) throw new Error(`${gitPath} has no change to publish on ${branch}`);
  const parent = (await git(root, ['rev-parse', change.base === branch ? `refs/heads/${branch}` : 'HEAD'])).trim();
  const identity = await identityEnv(root);
  const dir = await mkdtemp(path.join(tmpdir(), 'page-editor-index-'));
  try {
    // A temporary index: the parent's tree with this one file replaced.
    const env = { ...identity, GIT_INDEX_FILE: path.join(dir, 'index') };
    await git(root, ['read-tree', parent], env);
    const blob = (await git(root, ['hash-object', '-w', '--', abs])).trim();
    await git(root, ['update-index', '--add', '--cacheinfo', `100644,${blob},${gitPath}`], env);
    const tree = (await git(root, ['write-tree'], env)).trim();
    const commit = (await git(root, ['commit-tree', tree, '-p', parent, '-m', message], env)).trim();
    // Only moves forward from the parent read above (a concurrent change of the branch fails here).
    const exists = change.base === branch;
    await git(root, ['update-ref', '-m', `page editor: ${message}`, `refs/heads/${branch}`, commit, exists ? parent : ''], env);
    const files = (await git(root, ['diff-tree', '--no-commit-id', '--name-only', '-r', commit])).trim().split('\n').filter(Boolean);
    return { branch, commit, files, push: `git push -u origin ${branch}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The checkout's identity, or a stand-in one when none is configured (commit-tree needs one). */
async function identityEnv(root: string): Promise<NodeJS.ProcessEnv> {
  const configured = async (key: string) => {
    try {
      return (await git(root, ['config', key])).trim();
    } catch {
      return '';
    }
  };
  const [name, email] = await Promise.all([configured('user.name'), configured('user.email')]);
  return {
    ...(name ? {} : { GIT_AUTHOR_NAME: FALLBACK_IDENTITY.name, GIT_COMMITTER_NAME: FALLBACK_IDENTITY.name }),
    ...(email ? {} : { GIT_AUTHOR_EMAIL: FALLBACK_IDENTITY.email, GIT_COMMITTER_EMAIL: FALLBACK_IDENTITY.email }),
  };
}
