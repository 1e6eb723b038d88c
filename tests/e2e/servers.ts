/** Starts the site as a child process: production as `npm run serve` runs it, or development as `npm run dev`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../../src/server/config.ts';
import { projectRoot } from '../../tools/lib/project.ts';

export interface ChildSite {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function spawnSite(env: Record<string, string>, mode: 'production' | 'development' = 'production'): Promise<ChildSite> {
  const args = ['--import', 'tsx', 'src/server/main.ts', ...(mode === 'development' ? ['--dev'] : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
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
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
