/**
 * The page editor's Publish step (issues 22 and 34): what a saved definition changes, committed to
 * a branch named after the page (page/<name>), never to the branch checked out; then the working
 * copy put back as it was before the page was created or edited, and the branch pushed (./push.ts).
 *
 * The commit is made with git's plumbing (a temporary index holding the parent's tree with this one
 * file replaced, write-tree, commit-tree, update-ref), not by checking the page's branch out nor in
 * a temporary worktree: those would move or copy the author's other work, the plumbing touches
 * neither the working tree, the real index nor the current branch, so whatever else the author has
 * going on in the checkout is neither committed nor disturbed.
 *
 * Once committed, the page's file goes back to what the branch checked out has: a new page's file
 * is removed (no untracked copy is left: the page lives on its branch, under review), a changed page
 * gets its committed content back. Only a file still exactly as it was committed is touched (one
 * saved again meanwhile is kept), and the real index only where it staged exactly that content.
 *
 * So the working copy starts from the checked-out version again: when the page's branch exists and
 * differs from it (published before, under review), the edit made here (checked-out version → file
 * on disk) is applied on top of the branch with a three-way merge (git merge-file), never the file
 * as it is, which would undo the branch's own changes. Overlapping changes are refused.
 * Outside a git checkout (or without git) there is nothing to publish: Save is the last step.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ChangesResponse, PublishResponse } from '../types.ts';
import { hasRemote, pushBranch, type GitSettings } from './push.ts';

export type { GitSettings };

const run = promisify(execFile);

/** Who commits when the checkout has no identity configured (a fresh container, CI). */
const FALLBACK_IDENTITY = { name: 'Page editor', email: 'page-editor@localhost' } as const;

/** git in `cwd` (args, extra environment), stopped at the deadline of ./push.ts's `GitSettings.localTimeoutMs`. */
type Git = (cwd: string, args: string[], env?: NodeJS.ProcessEnv) => Promise<string>;

/** A local git call that overran its deadline: the checkout is stuck, which no caller may take for an answer. */
class GitStuck extends Error {}
const unlessStuck = (error: unknown) => {
  if (error instanceof GitStuck) throw error;
};

/**
 * Local git calls, each stopped once `timeoutMs` have passed: a read or a write of the checkout
 * that takes longer is stuck (a lock held on a network file system, a hung disk), and the editor
 * says so instead of waiting for ever. (The push has a deadline of its own, ./push.ts.)
 */
function localGit(timeoutMs: number): Git {
  return async (cwd, args, env = {}) => {
    try {
      // Pathspecs taken literally: a file's name is never a pattern.
      const { stdout } = await run('git', args, {
        cwd,
        env: { ...process.env, GIT_LITERAL_PATHSPECS: '1', ...env },
        maxBuffer: 16 * 1024 * 1024,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      });
      return stdout;
    } catch (error) {
      if ((error as { killed?: boolean }).killed)
        throw new GitStuck(
          `git ${args[0]} did not finish within ${timeoutMs} ms in ${cwd} (EDITOR_GIT_TIMEOUT_MS) and was stopped: is the checkout on a locked or slow file system?`,
        );
      throw error;
    }
  };
}

/** The checkout's top folder, or undefined outside one (or without git). */
async function gitRoot(git: Git, dir: string): Promise<string | undefined> {
  try {
    return (await git(dir, ['rev-parse', '--show-toplevel'])).trim() || undefined;
  } catch (error) {
    unlessStuck(error);
    return undefined;
  }
}

/** The branch a page is published to: page/<file name without .json>. */
export const branchOf = (file: string) => `page/${path.basename(file, '.json')}`;

/** What publishing would commit and where (the file as git names it: relative to the checkout, forward slashes). */
export type PendingChange = Omit<Extract<ChangesResponse, { git: true }>, 'git'>;

/** A Publish, done: the commit, the working copy put back, the push. */
export type Published = Required<Omit<PublishResponse, 'error' | 'preview'>>;

/** The commit `ref` names, or undefined (no such branch, or no commit yet). */
async function commitOf(git: Git, root: string, ref: string): Promise<string | undefined> {
  try {
    return (await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  } catch (error) {
    unlessStuck(error);
    return undefined;
  }
}

/** The blob of `gitPath` in `commit`, or undefined when it has no such file. */
async function blobOf(git: Git, root: string, commit: string, gitPath: string): Promise<string | undefined> {
  // "<mode> blob <id>\t<path>"
  const line = (await git(root, ['ls-tree', commit, '--', gitPath])).trim();
  return line ? line.split(/\s+/)[2] : undefined;
}

/** The blob id of the file on disk now (not written to the repository). */
const blobOnDisk = async (git: Git, root: string, abs: string) => (await git(root, ['hash-object', '--', abs])).trim();

async function currentName(git: Git, root: string): Promise<string> {
  try {
    return (await git(root, ['symbolic-ref', '--short', 'HEAD'])).trim();
  } catch (error) {
    unlessStuck(error);
    return 'HEAD';
  }
}

interface Plan extends Omit<PendingChange, 'after'> {
  root: string;
  /** The commit the new one goes on top of, and whether it is the page's branch (else HEAD). */
  parent: string;
  onBranch: boolean;
  /** The blob of the file on disk when read: the working copy is put back only while it still is this. */
  onDisk: string;
  /** What is committed: the file on disk, or the edit made here applied on top of the page's branch. */
  text: string;
}

async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What publishing `abs` (a file inside the checkout) would commit and where, or undefined outside a checkout. */
async function plan(git: Git, abs: string): Promise<Plan | undefined> {
  const root = await gitRoot(git, path.dirname(abs));
  if (!root) return undefined;
  const gitPath = path.relative(root, abs).split(path.sep).join('/');
  const branch = branchOf(abs);
  const [onBranchCommit, head] = await Promise.all([commitOf(git, root, `refs/heads/${branch}`), commitOf(git, root, 'HEAD')]);
  const parent = onBranchCommit ?? head;
  if (!parent || !head) throw new Error(`${root} has no commit yet: commit once, then publish`);
  const [atParent, atHead, onDisk, saved] = await Promise.all([
    blobOf(git, root, parent, gitPath),
    blobOf(git, root, head, gitPath),
    blobOnDisk(git, root, abs),
    readFile(abs, 'utf8'),
  ]);
  return withTempDir('page-editor-publish-', async (dir) => {
    let text = saved;
    // The page's branch has changes of its own (under review): this edit goes on top of them.
    if (atParent !== atHead && onDisk !== atParent) {
      if (!atHead)
        throw new Error(
          `${branch} already has ${gitPath} (published before, under review): check out ${branch} to change that page, or give this one another file name`,
        );
      text = await applyOnBranch(git, root, dir, { ours: atParent, base: atHead, theirs: abs, branch, gitPath });
    }
    const [diff, before] = await Promise.all([
      diffAgainst(git, root, dir, atParent, text, gitPath),
      atParent ? git(root, ['cat-file', 'blob', atParent]) : undefined,
    ]);
    const base = onBranchCommit ? branch : await currentName(git, root);
    return { root, path: gitPath, diff, branch, base, parent, onBranch: Boolean(onBranchCommit), onDisk, text, before };
  });
}

/** The change from `base` to `theirs` (a file) applied on `ours`, or an Error when they change the same lines. */
async function applyOnBranch(
  git: Git,
  root: string,
  dir: string,
  { ours, base, theirs, branch, gitPath }: { ours?: string; base: string; theirs: string; branch: string; gitPath: string },
): Promise<string> {
  const [oursFile, baseFile] = [path.join(dir, 'ours'), path.join(dir, 'base')];
  await writeFile(oursFile, ours ? await git(root, ['cat-file', 'blob', ours]) : '');
  await writeFile(baseFile, await git(root, ['cat-file', 'blob', base]));
  try {
    return await git(root, ['merge-file', '-p', '--quiet', oursFile, baseFile, theirs]);
  } catch (error) {
    // merge-file exits with the number of conflicts.
    const { code } = error as { code?: number };
    if (error instanceof GitStuck || typeof code !== 'number' || code < 1 || code > 127) throw error;
    throw new Error(
      `${branch} (published before, under review) changed the same lines of ${gitPath} as this edit: check out ${branch} and edit the page there`,
    );
  }
}

/** What publishing `abs` would commit, or undefined outside a checkout; with `push`, the remote when the checkout has it. */
export async function pendingChange(abs: string, settings: GitSettings): Promise<PendingChange | undefined> {
  const found = await plan(localGit(settings.localTimeoutMs), abs);
  if (!found) return undefined;
  const { root, path: gitPath, diff, branch, base, before, text } = found;
  const remote = (await hasRemote(root, settings.remote, settings.timeoutMs)) ? settings.remote : undefined;
  return { path: gitPath, diff, branch, base, ...(remote ? { remote } : {}), ...(before === undefined ? {} : { before }), after: text };
}

/** `git diff` of a blob (or nothing) against `text`, with the file's own name on both sides. */
async function diffAgainst(git: Git, root: string, dir: string, blob: string | undefined, text: string, gitPath: string): Promise<string> {
  const [before, after] = [path.join(dir, 'before'), path.join(dir, 'after')];
  await writeFile(before, blob ? await git(root, ['cat-file', 'blob', blob]) : '');
  await writeFile(after, text);
  try {
    await git(root, ['diff', '--no-index', '--no-color', '--', before, after]);
    return '';
  } catch (error) {
    // --no-index exits with 1 when the files differ: its output is the diff.
    const { code, stdout } = error as { code?: number; stdout?: string };
    if (error instanceof GitStuck || code !== 1 || stdout === undefined) throw error;
    const lines = stdout.split('\n');
    const hunks = lines.findIndex((line) => line.startsWith('@@'));
    return [`--- ${blob ? `a/${gitPath}` : '/dev/null'}`, `+++ b/${gitPath}`, ...lines.slice(hunks)].join('\n').trimEnd();
  }
}

/**
 * Commits the page (created from what is checked out when its branch is new), puts the working
 * copy back, then pushes the branch (`push`). Refused when that branch is the one checked out, and
 * when there is nothing to commit; a push that fails is reported in the result, the commit kept.
 */
export async function publish(abs: string, message: string, settings: GitSettings): Promise<Published> {
  const git = localGit(settings.localTimeoutMs);
  const change = await plan(git, abs);
  if (!change) throw new Error('not a git checkout: Save is the last step here; commit the file as you usually do');
  const { root, branch, path: gitPath, parent } = change;
  const checkedOut = await currentName(git, root);
  if (checkedOut === branch)
    throw new Error(`${branch} is the branch checked out: the editor commits only to a page branch that is not checked out`);
  if (!change.diff) throw new Error(`${gitPath} has no change to publish on ${branch}`);
  const identity = await identityEnv(git, root);
  const commit = await withTempDir('page-editor-index-', async (dir) => {
    // A temporary index: the parent's tree with this one file replaced.
    const env = { ...identity, GIT_INDEX_FILE: path.join(dir, 'index') };
    const file = path.join(dir, 'page');
    await writeFile(file, change.text);
    await git(root, ['read-tree', parent], env);
    const blob = (await git(root, ['hash-object', '-w', `--path=${gitPath}`, '--', file])).trim();
    await git(root, ['update-index', '--add', '--cacheinfo', `100644,${blob},${gitPath}`], env);
    const tree = (await git(root, ['write-tree'], env)).trim();
    const made = (await git(root, ['commit-tree', tree, '-p', parent, '-m', message], env)).trim();
    // Only moves forward from the parent read above (a concurrent change of the branch fails here).
    await git(root, ['update-ref', '-m', `page editor: ${message}`, `refs/heads/${branch}`, made, change.onBranch ? parent : ''], env);
    return made;
  });
  const files = (await git(root, ['diff-tree', '--no-commit-id', '--name-only', '-r', commit])).trim().split('\n').filter(Boolean);
  const workingCopy = await putBack(git, root, abs, gitPath, change.onDisk);
  return { branch, commit, files, workingCopy, checkedOut, push: await pushBranch(root, branch, settings) };
}

/**
 * The page's file as the branch checked out has it, now that what it held is committed: removed
 * when that branch has no such file (a new page), else its committed content again; its entry in
 * the real index too when it staged exactly what was committed (any other staged work stays).
 * A file that changed since it was read for the commit is left as it is (`kept`).
 */
async function putBack(git: Git, root: string, abs: string, gitPath: string, published: string): Promise<Published['workingCopy']> {
  const now = await blobOnDisk(git, root, abs).catch((error: unknown) => unlessStuck(error));
  if (now !== published) return 'kept';
  const atHead = await blobOf(git, root, 'HEAD', gitPath);
  // "<mode> <blob> <stage>\t<path>"
  const staged = (await git(root, ['ls-files', '--stage', '--', gitPath])).trim().split(/\s+/)[1];
  if (staged === published && staged !== atHead) await git(root, ['reset', '--quiet', 'HEAD', '--', gitPath]);
  if (!atHead) {
    await unlink(abs);
    return 'removed';
  }
  await git(root, ['restore', '--source=HEAD', '--worktree', '--', gitPath]);
  return 'restored';
}

/** The checkout's identity, or a stand-in one when none is configured (commit-tree needs one). */
async function identityEnv(git: Git, root: string): Promise<NodeJS.ProcessEnv> {
  const configured = async (key: string) => {
    try {
      return (await git(root, ['config', key])).trim();
    } catch (error) {
      unlessStuck(error);
      return '';
    }
  };
  const [name, email] = await Promise.all([configured('user.name'), configured('user.email')]);
  return {
    ...(name ? {} : { GIT_AUTHOR_NAME: FALLBACK_IDENTITY.name, GIT_COMMITTER_NAME: FALLBACK_IDENTITY.name }),
    ...(email ? {} : { GIT_AUTHOR_EMAIL: FALLBACK_IDENTITY.email, GIT_COMMITTER_EMAIL: FALLBACK_IDENTITY.email }),
  };
}
