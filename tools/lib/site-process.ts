/**
 * Runs the site as a child process — production: the built launcher (build/server/main.js, as
 * `npm run serve`); development: tools/dev.ts (as `npm run dev`) — and waits for its
 * "Site (…) on <url>" line: the one way tests (tests/helpers/servers.ts) and tools (snapshot-site.ts)
 * start a site. In production with METRICS_PORT set it also waits for the launcher's
 * "Metrics on <url>" line (with METRICS_PORT=0 the port is only known from it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../../src/server/config.ts';

export interface SiteProcess {
  child: ChildProcess;
  url: string;
  /** The metrics listener (`…/metrics`): production with METRICS_PORT set only. */
  metricsUrl?: string;
  output: () => string;
  /** Ends the process with `signal` (if still running) and waits for it to exit. */
  end(signal: NodeJS.Signals): Promise<void>;
}

export async function startSiteProcess(options: {
  cwd: string;
  mode: 'production' | 'development';
  /** Defaults under the fixed settings (e.g. outbox settings a caller may override through the environment). */
  defaults?: Record<string, string>;
  /** Settings over everything else; `undefined` leaves a variable unset (e.g. NODE_ENV). */
  env: Record<string, string | undefined>;
}): Promise<SiteProcess> {
  const args = options.mode === 'development' ? ['--import', 'tsx', 'tools/dev.ts'] : ['build/server/main.js'];
  const env: NodeJS.ProcessEnv = {
    ...options.defaults,
    ...process.env,
    NODE_ENV: options.mode,
    PORT: '0',
    HOST: '127.0.0.1',
    // The reference service's credential, given explicitly as production requires.
    CONTENT_API_USER: DEFAULT_CONTENT_USER,
    CONTENT_API_PASSWORD: DEFAULT_CONTENT_PASSWORD,
    ...options.env,
  };
  // The production launcher names its metrics listener right after the site (src/server/main.ts).
  const withMetrics = options.mode === 'production' && Boolean(env.METRICS_PORT);
  const child = spawn(process.execPath, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    }
  };
  const { url, metricsUrl } = await new Promise<{ url: string; metricsUrl?: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // A JSON log line (production) or a readable one (development): the URL ends at a space or quote.
      const match = /Site \((?:production|development)\) on (http:\/\/[^\s"]+)/.exec(output);
      const metrics = /Metrics on (http:\/\/[^\s"]+)/.exec(output);
      if (match && (metrics || !withMetrics)) {
        clearTimeout(timer);
        resolve({ url: match[1], metricsUrl: metrics?.[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`site exited with ${code}:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await end('SIGKILL');
    throw error;
  });
  return { child, url, metricsUrl, output: () => output, end };
}
