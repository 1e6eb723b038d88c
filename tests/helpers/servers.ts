/** Starts the site as a child process: production as `npm run serve` runs it, or development as `npm run dev`. */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../tools/lib/project.ts';
import { startSiteProcess } from '../../tools/lib/site-process.ts';

export interface ChildSite {
  url: string;
  /** The metrics listener (`…/metrics`), when started with METRICS_PORT (production). */
  metricsUrl?: string;
  output: () => string;
  stop(): Promise<void>;
  /** Ends the process with a signal (default SIGKILL: no clean shutdown) and waits for it. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Form-outbox settings for test sites, each overridable through `env`: an outbox file of its own
 * (removed on stop; none with OUTBOX_URL), fast polling and retries, and no practical rate limit.
 */
function outboxDefaults(): Record<string, string> {
  return {
    OUTBOX_DB: path.join(tmpdir(), `site-outbox-${randomUUID()}.sqlite`),
    OUTBOX_POLL_MS: '100',
    OUTBOX_RETRY_BASE_MS: '100',
    OUTBOX_RETRY_MAX_MS: '1000',
    SUBMIT_RATE_LIMIT: '100000',
    // Test sites talk to the reference service at an explicit CONTENT_API_BASE: keep the stand-in captcha.
    CAPTCHA: 'local',
  };
}

/** `cwd`: the project folder to run (default this one; a copy with another site.config.json, for instance). */
export async function spawnSite(
  env: Record<string, string>,
  mode: 'production' | 'development' = 'production',
  cwd = projectRoot,
): Promise<ChildSite> {
  const defaults = outboxDefaults();
  // With OUTBOX_URL (PostgreSQL, passed through like any setting) the site opens no SQLite file.
  const sqlite = (env.OUTBOX_URL ?? process.env.OUTBOX_URL) === undefined;
  const ownOutbox = sqlite && env.OUTBOX_DB === undefined && process.env.OUTBOX_DB === undefined ? defaults.OUTBOX_DB : undefined;
  // Test sites serve the reference service's images from where it is (a real site sets IMAGE_BASE_URL).
  const images: Record<string, string> =
    env.CONTENT_API_BASE && !env.IMAGE_BASE_URL ? { IMAGE_BASE_URL: `${env.CONTENT_API_BASE}/uploads` } : {};
  const site = await startSiteProcess({ cwd, mode, defaults, env: { ...images, ...env } });
  const end = async (signal: NodeJS.Signals) => {
    await site.end(signal);
    if (ownOutbox) for (const suffix of ['', '-wal', '-shm']) rmSync(`${ownOutbox}${suffix}`, { force: true });
  };
  return {
    url: site.url,
    metricsUrl: site.metricsUrl,
    output: site.output,
    stop: () => end('SIGTERM'),
    kill: (signal = 'SIGKILL') => end(signal),
  };
}
