/**
 * A throwaway Prometheus for tests: Debian's binary (`apt-get install prometheus`; .ci/run installs
 * it), its own configuration and storage in a temporary folder, on a free loopback port, scraping
 * the given targets every second; removed by `stop()`. Never the system service the package may
 * have started on :9090.
 * Without the binary a test is skipped with a message, except in CI (CI set), where it fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tools/lib/free-port.ts';

const BINARY = '/usr/bin/prometheus';

/** Whether `what` can run against Prometheus here: false (with a message) only outside CI. */
export function prometheusAvailable(what: string): boolean {
  if (existsSync(BINARY)) return true;
  const missing = `${BINARY} not found (apt-get install prometheus)`;
  if (process.env.CI) throw new Error(`${missing}: ${what} must run in CI`);
  console.warn(`${missing}: ${what} skipped`);
  return false;
}

export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface TestPrometheus {
  url: string;
  /** An instant query (`/api/v1/query`): the vector's samples. */
  query(promql: string): Promise<Sample[]>;
  /** GET of another API path (`/api/v1/rules`, `/api/v1/alerts`…): its `data`. */
  api<T>(pathAndQuery: string): Promise<T>;
  output(): string;
  stop(): Promise<void>;
}

export async function startPrometheus(options: {
  /** Scrape targets of the job (host:port), scraped at `/metrics`. */
  targets: string[];
  job: string;
  /** Rule files to load (absolute paths). */
  ruleFiles?: string[];
}): Promise<TestPrometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'prometheus-test-'));
  const port = await freePort();
  const config = path.join(dir, 'prometheus.yml');
  // JSON is YAML: written without a YAML library. One-second scrapes and rule evaluations keep the test short.
  writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: options.ruleFiles ?? [],
      scrape_configs: [{ job_name: options.job, metrics_path: '/metrics', static_configs: [{ targets: options.targets }] }],
    }),
  );
  const child = spawn(
    BINARY,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const response = await fetch(`${url}${pathAndQuery}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`${pathAndQuery}: ${body.error ?? response.status}`);
    return body.data;
  };
  // Ready (its storage open, the configuration loaded), within a bounded time.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus exited with ${child.exitCode}:\n${output}`);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus not ready after 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    api,
    async query(promql) {
      const data = await api<{ resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] }>(
        `/api/v1/query?query=${encodeURIComponent(promql)}`,
      );
      if (data.resultType !== 'vector') throw new Error(`${promql}: a ${data.resultType}, not a vector`);
      return data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    output: () => output,
    stop,
  };
}
