/**
 * `npm test`, what CI runs: every check of the project, in two lanes at once.
 *
 * The browser lane builds the site, then runs the e2e files that drive Chromium one after another
 * against one server set: the longest lane. The checks lane runs the static checks, the unit
 * project on one worker, then the e2e files that drive no browser (HTTP, processes, PostgreSQL:
 * they import no tests/e2e/browser.ts) against a server set of their own on the same build. On a
 * 2-core machine the browser files keep both cores about three quarters busy; the rest fills the
 * gap. Each step of the checks lane prints its output when it ends; the browser lane prints as it
 * goes. The exit code is 1 when any step failed, and a table of the steps ends the run.
 *
 *   npm test                      everything
 *   npm test -- tests/foo         vitest filters, given to both projects, e2e in one lane (the static checks still run)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/project.ts';

interface Step {
  /** The npm script (package.json holds the command; nothing is written twice). */
  script: string;
  args?: string[];
  env?: Record<string, string>;
  /** Shown in the table instead of the script and its arguments. */
  name?: string;
}

const filters = process.argv.slice(2);
const vitestArgs = filters.length > 0 ? ['--passWithNoTests', ...filters] : [];

/**
 * The e2e files that drive no browser. faults.e2e stays in the browser lane: it measures how the
 * server answers a slow content service, and two loaded lanes beside it make that a race.
 */
const STAY_IN_BROWSER_LANE = new Set(['tests/faults.e2e.test.ts']);
const withoutBrowser = readdirSync(path.join(projectRoot, 'tests'))
  .filter((name) => name.endsWith('.e2e.test.ts'))
  .map((name) => `tests/${name}`)
  .filter(
    (file) => !STAY_IN_BROWSER_LANE.has(file) && !/from '\.\/e2e\/browser\.ts'/.test(readFileSync(path.join(projectRoot, file), 'utf8')),
  )
  .sort();
// With filters, the e2e files run in one lane, built by their own set-up.
const split = filters.length === 0;
const prebuilt = { E2E_SKIP_BUILD: '1' };

/** In order; the first failure does not stop the others (CI reports every problem at once). */
const checks: Step[] = [
  { script: 'generate:check' },
  { script: 'validate' },
  { script: 'docs', args: ['--check'] },
  { script: 'lint' },
  { script: 'format:check' },
  { script: 'typecheck' },
  // One worker: the other core is the browser lane's.
  { script: 'test:unit', args: ['--maxWorkers=1', ...vitestArgs] },
];
const build: Step = { script: 'build' };
const browser: Step = split
  ? { script: 'test:e2e', args: withoutBrowser.flatMap((file) => ['--exclude', file]), env: prebuilt, name: 'test:e2e (browser files)' }
  : { script: 'test:e2e', args: vitestArgs };
const noBrowser: Step = {
  script: 'test:e2e',
  args: withoutBrowser,
  env: prebuilt,
  name: `test:e2e (${withoutBrowser.length} files without a browser)`,
};

interface Result {
  name: string;
  code: number;
  seconds: number;
}

const children = new Set<ChildProcess>();
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

function label(step: Step): string {
  if (step.name) return step.name;
  return [step.script, ...(step.args ?? []).filter((arg) => !filters.includes(arg))].join(' ');
}

/** Runs one npm script; `live` forwards its output as it comes, otherwise it is printed whole at the end. */
function run(step: Step, live: boolean): Promise<Result> {
  const started = performance.now();
  const args = ['run', '-s', step.script, ...(step.args?.length ? ['--', ...step.args] : [])];
  // Its own process group, so an interrupt ends everything it started (servers, browsers).
  const child = spawn('npm', args, { cwd: projectRoot, env: { ...process.env, ...color, ...step.env }, detached: true });
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

/** The site, built once for both lanes' e2e files (the browser lane's first step). */
let built: Promise<Result> | undefined;

async function checksLane(): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of checks) results.push(await run(step, false));
  if (split) {
    const site = await built!;
    results.push(site.code === 0 ? await run(noBrowser, false) : { name: label(noBrowser), code: 1, seconds: 0 });
  }
  return results;
}

async function browserLane(): Promise<Result[]> {
  if (!split) return [await run(browser, true)];
  built = run(build, true);
  const site = await built;
  return site.code === 0 ? [site, await run(browser, true)] : [site];
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
const browserResults = browserLane();
const [checkResults, laneResults] = await Promise.all([checksLane(), browserResults]);
const results = [...checkResults, ...laneResults];
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
