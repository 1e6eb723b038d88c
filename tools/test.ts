/**
 * `npm test`, what CI runs: every check of the project, in two lanes at once.
 *
 * The browser tests (vitest's e2e project) are one long lane: they build the site, then run their
 * files two at a time against one server set (vitest.config.ts). Everything else (the static checks,
 * then the unit project on one worker) runs at the same time instead of before them: the browser
 * files wait on their servers and browsers often enough to leave room for it on a 2-core machine.
 * Each step of the checks lane prints its output when it ends; the browser lane prints as it goes.
 * The exit code is 1 when any step failed, and a table of the steps ends the run.
 *
 *   npm test                      everything
 *   npm test -- tests/foo         vitest filters, given to both projects (the static checks still run)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from './lib/project.ts';

interface Step {
  /** The npm script (package.json holds the command; nothing is written twice). */
  script: string;
  args?: string[];
}

const filters = process.argv.slice(2);
const vitestArgs = filters.length > 0 ? ['--passWithNoTests', ...filters] : [];

/** In order; the first failure does not stop the others (CI reports every problem at once). */
const checks: Step[] = [
  { script: 'generate:check' },
  { script: 'validate' },
  { script: 'docs', args: ['--check'] },
  // The Prometheus alerting rules: syntax (promtool check) and behaviour (promtool test, each alert
  // fired and kept silent on series of its own: tools/prometheus/alerts.test.yml).
  { script: 'rules:check' },
  { script: 'lint' },
  { script: 'format:check' },
  { script: 'typecheck' },
  // One worker: the other core is the browser lane's.
  { script: 'test:unit', args: ['--maxWorkers=1', ...vitestArgs] },
];
const browser: Step = { script: 'test:e2e', args: vitestArgs };

interface Result {
  name: string;
  code: number;
  seconds: number;
}

const children = new Set<ChildProcess>();
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

function label(step: Step): string {
  return [step.script, ...(step.args ?? []).filter((arg) => !filters.includes(arg))].join(' ');
}

/** Runs one npm script; `live` forwards its output as it comes, otherwise it is printed whole at the end. */
function run(step: Step, live: boolean): Promise<Result> {
  const started = performance.now();
  const args = ['run', '-s', step.script, ...(step.args?.length ? ['--', ...step.args] : [])];
  // Its own process group, so an interrupt ends everything it started (servers, browsers).
  const child = spawn('npm', args, { cwd: projectRoot, env: { ...process.env, ...color }, detached: true });
  children.add(child);
  const output: Buffer[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => (live ? process.stdout.write(chunk) : output.push(chunk)));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      const result = { name: label(step), code: code ?? (signal ? 128 : 1), seconds: (performance.now() - started) / 1000 };
      if (!live) {
        const text = Buffer.concat(output).toString('utf8').trimEnd();
        const mark = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
        process.stdout.write(`\n── ${result.name}: ${mark} in ${result.seconds.toFixed(0)} s\n${text ? `${text}\n` : ''}`);
      }
      resolve(result);
    });
  });
}

async function checksLane(): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of checks) results.push(await run(step, false));
  return results;
}

function stopAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });
}

const started = performance.now();
const [checkResults, browserResult] = await Promise.all([checksLane(), run(browser, true)]);
const results = [...checkResults, browserResult];
const width = Math.max(...results.map((r) => r.name.length));
const failed = results.filter((r) => r.code !== 0);
process.stdout.write('\nnpm test\n');
for (const r of results) {
  process.stdout.write(`  ${r.code === 0 ? 'ok    ' : 'FAILED'}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s\n`);
}
const total = ((performance.now() - started) / 1000).toFixed(0);
process.stdout.write(
  failed.length === 0
    ? `all ${results.length} steps passed in ${total} s\n`
    : `${failed.length} of ${results.length} steps failed (${failed.map((r) => r.name).join(', ')}) in ${total} s\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
