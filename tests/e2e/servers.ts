/** Starts the site as a child process: production as `npm run serve` runs it, or development as `npm run dev`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../../src/server/config.ts';
import { projectRoot } from '../../tools/lib/project.ts';

export interface ChildSite {
  url: string;
  output: () => string;
  stop(): Promise<void>;
  /** Ends the process with a signal (default SIGKILL: no clean shutdown) and waits for it. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Form-outbox settings for test sites, each overridable through `env`: an outbox file of its own
 * (removed on stop), fast polling and retries, and no practical rate limit.
 */
function outboxDefaults(): Record<string, string> {
  return {
    OUTBOX_DB: path.join(tmpdir(), `site-outbox-${randomUUID()}.sqlite`),
    OUTBOX_POLL_MS: '100',
    OUTBOX_RETRY_BASE_MS: '100',
    OUTBOX_RETRY_MAX_MS: '1000',
    SUBMIT_RATE_LIMIT: '100000',
  };
}

export async function spawnSite(env: Record<string, string>, mode: 'production' | 'development' = 'production'): Promise<ChildSite> {
  const args = ['--import', 'tsx', 'src/server/main.ts', ...(mode === 'development' ? ['--dev'] : [])];
  const defaults = outboxDefaults();
  const ownOutbox = env.OUTBOX_DB === undefined && process.env.OUTBOX_DB === undefined ? defaults.OUTBOX_DB : undefined;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...defaults,
      ...process.env,
      NODE_ENV: mode,
      PORT: '0',
      HOST: '127.0.0.1',
      // The reference service's credential, given explicitly as production requires.
      CONTENT_API_USER: DEFAULT_CONTENT_USER,
      CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site \((?:production|development)\) on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`site exited with ${code}:\n${output}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    }
    if (ownOutbox) for (const suffix of ['', '-wal', '-shm']) rmSync(`${ownOutbox}${suffix}`, { force: true });
  };
  return {
    url,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: (signal = 'SIGKILL') => end(signal),
  };
}
