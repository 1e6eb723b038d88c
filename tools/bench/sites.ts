/**
 * The sites a bench run measures: a proxy that answers a 404 page with 200 (Lighthouse audits no 4xx
 * document), and the production build of an earlier commit, measured in the same run as a baseline.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../lib/project.ts';
import { startSiteProcess } from '../lib/site-process.ts';

/** Serves `/__as-200<path>` as the site's page at <path> with status 200; everything else proxied to the site. */
export async function startAs200Server(siteUrl: string) {
  const pages = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const page = req.url?.startsWith('/__as-200/') ? pages.get(req.url.slice('/__as-200'.length)) : undefined;
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
      return;
    }
    const upstream = http.request(
      `${siteUrl}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(siteUrl).host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The URL under which the page at `pathname` answers 200. */
    async add(pathname: string) {
      pages.set(pathname, await (await fetch(`${siteUrl}${pathname}`)).text());
      return `${url}/__as-200${pathname}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim();
}

/**
 * The main site as commit `revision` built it: checked out in a temporary worktree (this
 * project's node_modules linked, so the commit must not need packages this one lacks), built, and
 * started on `env` like the measured build. Removed again by `stop`.
 */
export async function startRevision(revision: string, env: Record<string, string>) {
  const commit = run('git', ['rev-parse', '--short', `${revision}^{commit}`], projectRoot);
  const dir = mkdtempSync(path.join(tmpdir(), `bench-${commit}-`));
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: projectRoot });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('git', ['worktree', 'add', '--detach', dir, commit], projectRoot);
    symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    process.stdout.write(`Building ${commit} for comparison…\n`);
    run('npx', ['react-router', 'build'], dir, { ...process.env, NODE_ENV: 'production', SITE_DIR: dir });
    const site = await startSiteProcess({
      cwd: dir,
      mode: 'production',
      env: { OUTBOX_DB: path.join(dir, 'outbox.sqlite'), SUBMIT_RATE_LIMIT: '100000', CAPTCHA: 'local', ...env },
    });
    return {
      commit,
      url: site.url,
      async stop() {
        await site.end('SIGTERM');
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
