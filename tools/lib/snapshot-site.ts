/**
 * Runs the production build from a private copy of the project (build/, src/, tools/ …, with
 * node_modules linked), so a rebuild started meanwhile (tests, `npm start`) cannot swap the
 * fingerprinted assets under a running benchmark or export.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../../src/server/config.ts';
import { projectRoot } from './project.ts';

const COPIED = ['build', 'src', 'tools', 'schemas', 'page-definitions', 'public', 'site.config.json', 'package.json', 'tsconfig.json'];

export interface SnapshotSite {
  url: string;
  /** The copy's root (its build/client holds the assets the site serves). */
  root: string;
  stop(): Promise<void>;
}

function copyProject(): string {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stamp = statSync(path.join(projectRoot, 'build/server/index.js')).mtimeMs;
    const root = mkdtempSync(path.join(tmpdir(), 'site-snapshot-'));
    for (const entry of COPIED) cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
    symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    if (statSync(path.join(projectRoot, 'build/server/index.js')).mtimeMs === stamp) return root;
    rmSync(root, { recursive: true, force: true }); // a build finished while copying: copy again
  }
  throw new Error('the build kept changing while it was being copied');
}

export async function startSnapshotSite(env: Record<string, string>): Promise<SnapshotSite> {
  const root = copyProject();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      OUTBOX_DB: path.join(root, 'outbox.sqlite'),
      SUBMIT_RATE_LIMIT: '100000',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      CONTENT_API_USER: DEFAULT_CONTENT_USER,
      CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const cleanUp = () => rmSync(root, { recursive: true, force: true });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site \(production\) on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`site exited with ${code}:\n${output}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  });
  return {
    url,
    root,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      cleanUp();
    },
  };
}
