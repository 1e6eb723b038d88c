/**
 * Publish's last step (./publish.ts): the page's branch pushed to the configured remote
 * (EDITOR_PUSH_REMOTE, `origin` by default) before a deadline (EDITOR_PUSH_TIMEOUT_MS), and the
 * review link of EDITOR_REVIEW_URL. git runs in a process group of its own, without a terminal:
 * at the deadline the whole group is killed (git and the ssh or HTTPS helper it started, which
 * killing git alone would leave hanging), and a remote that asks for a password fails at once
 * (GIT_TERMINAL_PROMPT=0; ssh has no terminal to ask on) instead of waiting for an answer nobody
 * can type. A push that fails loses nothing: the commit stays on the local branch, and the answer
 * says how to push it by hand.
 */
import { spawn } from 'node:child_process';
import { substitute } from '../../engine/placeholders.ts';
import type { PushResult } from '../types.ts';

/** How Publish uses git: the remote, the review link, and how long it waits. */
export interface GitSettings {
  /** The remote's name (EDITOR_PUSH_REMOTE). */
  remote: string;
  /** The review link's template, `{branch}` replaced (EDITOR_REVIEW_URL); unset: no link. */
  reviewUrl?: string;
  /** The push's deadline (EDITOR_PUSH_TIMEOUT_MS). */
  timeoutMs: number;
  /** Each local git call's deadline (EDITOR_GIT_TIMEOUT_MS): reading the page's history, committing it to its branch (./publish.ts). */
  localTimeoutMs: number;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** git with `args` in `cwd`, stopped with every process it started once `timeoutMs` have passed. */
function gitWithDeadline(cwd: string, args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      // A group of its own (and a session without a terminal): killed as one at the deadline.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close': git and whatever kept its output open (a helper) are done.
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** The review link of `branch` from the template (`{branch}`: the branch, each part URL-encoded), or undefined without one. */
export function reviewLink(template: string | undefined, branch: string): string | undefined {
  if (!template) return undefined;
  const encoded = branch.split('/').map(encodeURIComponent).join('/');
  return substitute(template, (name) => (name === 'branch' ? encoded : undefined));
}

/** Whether the checkout at `root` has a remote named `remote` (a local read: never less than 10 s for it). */
export async function hasRemote(root: string, remote: string, timeoutMs: number): Promise<boolean> {
  const run = await gitWithDeadline(root, ['remote'], Math.max(timeoutMs, 10_000));
  return run.code === 0 && run.stdout.split('\n').includes(remote);
}

/** Pushes `branch` of the checkout at `root` to the configured remote (its upstream from then on). */
export async function pushBranch(root: string, branch: string, settings: GitSettings): Promise<PushResult> {
  const { remote, timeoutMs } = settings;
  const command = `git push -u ${remote} ${branch}`;
  if (!(await hasRemote(root, remote, timeoutMs))) return { outcome: 'no-remote', remote, command };
  // refs/heads/ on both sides: never a tag of the same name.
  const run = await gitWithDeadline(root, ['push', '--set-upstream', remote, `refs/heads/${branch}:refs/heads/${branch}`], timeoutMs);
  if (run.timedOut) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return { outcome: 'failed', remote, command, message: `${remote} did not answer within ${seconds} s: the push was stopped.` };
  }
  // git's own words (what was refused and why, its hints), the end of them when they run long.
  const said = run.stderr.trim().slice(-4000);
  if (run.code !== 0) return { outcome: 'failed', remote, command, message: said || `git push ended with code ${run.code}` };
  return { outcome: 'pushed', remote, command, message: said, review: reviewLink(settings.reviewUrl, branch) };
}
