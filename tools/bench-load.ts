/**
 * npm run bench:load — load benchmark on loopback (never part of the timed tests).
 *
 * 1. Throughput: starts the reference content service and the production site (a child process),
 *    and a tiny node:http server (another child) serving the site's own /blog HTML as a static
 *    file; drives each with autocannon and prints requests/s, p99 and the ratio page/static for
 *    a server-rendered page, a cached API read and the static file.
 * 2. Observability cost: the same cached page (a page-cache hit) served by a site with request
 *    logs and metrics on (LOG_LEVEL=info, METRICS_PORT set, its log lines read off its stdout)
 *    and by one with both off (LOG_LEVEL=silent, no METRICS_PORT), measured in turns (off, on,
 *    off, on) in the same run; "on" may serve at most 5 % fewer requests per second.
 * 3. Memory: runs the site in this process and reads RSS and heap (after a forced GC) after
 *    10,000 and after 100,000 requests; the later must be within 20% of the earlier.
 *
 * Flags: --duration <s> (10), --connections <n> (50), --warmup <s> (2), --small <n> (10000),
 * --large <n> (100000), --memory-path <path> (/blog), --no-memory, --no-observability. Writes bench-results/load.json.
 * Run as `node --expose-gc --import tsx tools/bench-load.ts` (the npm script does).
 */
import type * as SiteModule from '../src/server/site.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { ensureBuild } from './lib/build-state.ts';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { startContentService } from './content-service/server.ts';
import { projectRoot } from './lib/project.ts';

// React picks its production build when first loaded: set before anything loads it.
process.env.NODE_ENV = 'production';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    small: { type: 'string', default: '10000' },
    large: { type: 'string', default: '100000' },
    'memory-path': { type: 'string', default: '/blog' },
    'no-memory': { type: 'boolean', default: false },
    'no-observability': { type: 'boolean', default: false },
  },
});
const duration = Number(flags.duration);
const connections = Number(flags.connections);
const warmup = Number(flags.warmup);
const small = Number(flags.small);
const large = Number(flags.large);
for (const [name, n] of Object.entries({ duration, connections, warmup, small, large })) {
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
}

const USER = DEFAULT_CONTENT_USER;
const PASSWORD = DEFAULT_CONTENT_PASSWORD;

/**
 * Starts a child and resolves with the first URL matching `ready` in its output. Its output goes
 * to a file (as a container runtime keeps a service's stdout), read here only until it is ready:
 * a log line per request costs the site its writes, not this process (autocannon) its reads.
 */
function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const logFile = path.join(tmpdir(), `bench-load-child-${randomUUID()}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const match = ready.exec(output());
      if (match) {
        clearInterval(poll);
        resolve({ url: match[1], child });
      } else if (Date.now() - started > 60_000) {
        clearInterval(poll);
        child.kill();
        reject(new Error(`child did not start:\n${output()}`));
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`child exited with ${code}:\n${output()}`));
      rmSync(logFile, { force: true });
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// Serves one file for every GET, read from disk per request like a plain static file server.
const STATIC_SERVER = `
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
const file = process.env.STATIC_FILE;
const server = createServer((req, res) => {
  const { size } = statSync(file);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': size });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log('static on http://127.0.0.1:' + server.address().port));
`;

interface Row {
  name: string;
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  averageMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string): Promise<Row> {
  console.log(`  ${name}: ${url}`);
  if (warmup > 0) await autocannon({ url, connections, duration: warmup });
  const r: Result = await autocannon({ url, connections, duration });
  return {
    name,
    url: new URL(url).pathname,
    requestsPerSecond: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    averageMs: Math.round(r.latency.average * 100) / 100,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

function table(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function memoryCheck(contentApiBase: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  Object.assign(process.env, {
    CONTENT_API_BASE: contentApiBase,
    CONTENT_API_USER: USER,
    CONTENT_API_PASSWORD: PASSWORD,
    EMBEDDED_CONTENT_SERVICE: '0',
    OUTBOX_DB: path.join(tmpdir(), `bench-outbox-${randomUUID()}.sqlite`),
    CAPTCHA: 'local', // the reference service on loopback, not a real one
    IMAGE_BASE_URL: `${contentApiBase}/uploads`,
  });
  const built = (await import(pathToFileURL(path.join(projectRoot, 'build/server/index.js')).href)) as typeof SiteModule;
  const site = await built.createSite({ mode: 'production' }).listen({ port: 0, host: '127.0.0.1' });
  const snapshot = async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heapUsed };
  };
  try {
    const url = `${site.url}${flags['memory-path']}`;
    let failed = 0;
    const first = await autocannon({ url, connections, amount: small });
    failed += first.non2xx + first.errors;
    const afterSmall = await snapshot();
    const second = await autocannon({ url, connections, amount: Math.max(0, large - small) });
    failed += second.non2xx + second.errors;
    const afterLarge = await snapshot();
    const growth = (key: 'rss' | 'heapUsed') => (afterLarge[key] - afterSmall[key]) / afterSmall[key];
    return {
      gcForced: Boolean(gc),
      path: flags['memory-path'],
      requests: { small, large },
      failed,
      afterSmall,
      afterLarge,
      rssGrowth: growth('rss'),
      heapGrowth: growth('heapUsed'),
      withinTwentyPercent: growth('rss') <= 0.2 && growth('heapUsed') <= 0.2,
    };
  } finally {
    await site.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${process.env.OUTBOX_DB}${suffix}`, { force: true });
  }
}

/** The production launcher's start line (a JSON log line): its URL. */
const SITE_READY = /Site \(production\) on (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * Requests/s of the cached /blog with logs and metrics off and on, measured in turns so that a
 * drift of the machine's speed falls on both alike.
 */
async function observabilityCost(env: Record<string, string>, turns = 2) {
  const serveWith = async (on: boolean) => {
    const settings: Record<string, string> = on ? { LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_PORT: '0' } : { LOG_LEVEL: 'silent' };
    const site = await startChild(['build/server/main.js'], { ...env, ...settings }, SITE_READY);
    try {
      const row = await measure(`/blog, logs and metrics ${on ? 'on' : 'off'}`, `${site.url}/blog`);
      if (row.errors || row.non2xx)
        throw new Error(`/blog with logs and metrics ${on ? 'on' : 'off'}: ${row.errors} errors, ${row.non2xx} non-2xx`);
      return row.requestsPerSecond;
    } finally {
      await stopChild(site.child);
    }
  };
  const measured: { off: number; on: number }[] = [];
  for (let i = 0; i < turns; i++) measured.push({ off: await serveWith(false), on: await serveWith(true) });
  const mean = (key: 'off' | 'on') => Math.round(measured.reduce((sum, t) => sum + t[key], 0) / measured.length);
  const cost = (mean('off') - mean('on')) / mean('off');
  return { path: '/blog', turns: measured, off: mean('off'), on: mean('on'), cost, withinFivePercent: cost <= 0.05 };
}

ensureBuild(projectRoot);
const content = await startContentService({ port: 0, log: false, user: USER, password: PASSWORD });
const work = path.join(tmpdir(), `bench-load-${randomUUID()}`);
const outbox = path.join(work, 'outbox.sqlite');
mkdirSync(work, { recursive: true });
const children: ChildProcess[] = [];
try {
  const siteEnv: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    CONTENT_API_BASE: content.url,
    CONTENT_API_USER: USER,
    CONTENT_API_PASSWORD: PASSWORD,
    EMBEDDED_CONTENT_SERVICE: '0',
    CAPTCHA: 'local',
    IMAGE_BASE_URL: `${content.url}/uploads`,
    OUTBOX_DB: outbox,
  };
  const site = await startChild(['build/server/main.js'], siteEnv, SITE_READY);
  children.push(site.child);
  const page = await fetch(`${site.url}/blog`);
  if (page.status !== 200) throw new Error(`/blog answered ${page.status}`);
  const file = path.join(work, 'blog.html');
  writeFileSync(file, await page.text());
  const stat = await startChild(
    ['--input-type=module', '-e', STATIC_SERVER],
    { STATIC_FILE: file },
    /static on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  children.push(stat.child);

  console.log(`autocannon: ${connections} connections, ${duration} s per target (after ${warmup} s warm-up), loopback only`);
  const rows = [
    await measure('server-rendered page', `${site.url}/blog`),
    await measure('cached API read', `${site.url}/api/page/blog`),
    await measure('static file (same HTML)', `${stat.url}/blog.html`),
  ];
  const [ssr, api, staticFile] = rows;
  const ratio = Math.round((ssr.requestsPerSecond / staticFile.requestsPerSecond) * 1000) / 1000;
  console.log('');
  table([
    ['target', 'path', 'req/s', 'p99 ms', 'avg ms', 'requests', 'non-2xx', 'errors'],
    ...rows.map((r) => [
      r.name,
      r.url,
      String(r.requestsPerSecond),
      String(r.p99Ms),
      String(r.averageMs),
      String(r.requests),
      String(r.non2xx),
      String(r.errors),
    ]),
  ]);
  console.log(
    `\nratio page/static (req/s): ${ratio}   p99 page/static: ${Math.round((ssr.p99Ms / Math.max(1, staticFile.p99Ms)) * 100) / 100}`,
  );
  console.log(`API read vs static (req/s): ${Math.round((api.requestsPerSecond / staticFile.requestsPerSecond) * 1000) / 1000}`);
  for (const child of children.splice(0)) await stopChild(child);

  let observability: Awaited<ReturnType<typeof observabilityCost>> | undefined;
  if (!flags['no-observability']) {
    console.log('\nobservability: the cached page /blog with request logs and metrics on, then off, in turns…');
    observability = await observabilityCost(siteEnv);
    table([
      ['logs + metrics', ...observability.turns.map((_, i) => `turn ${i + 1}`), 'mean req/s'],
      ['off', ...observability.turns.map((t) => String(t.off)), String(observability.off)],
      ['on', ...observability.turns.map((t) => String(t.on)), String(observability.on)],
    ]);
    console.log(
      `${observability.withinFivePercent ? 'OK' : 'FAIL'}: with logs and metrics on, ${Math.round(observability.cost * 1000) / 10}% fewer requests/s (at most 5%)`,
    );
  }

  let memory: Awaited<ReturnType<typeof memoryCheck>> | undefined;
  if (!flags['no-memory']) {
    console.log(`\nmemory: site in this process, ${small} then ${large} requests to ${flags['memory-path']}…`);
    memory = await memoryCheck(content.url);
    const pct = (x: number) => `${x >= 0 ? '+' : ''}${Math.round(x * 1000) / 10}%`;
    table([
      ['after', 'RSS MB', 'heapUsed MB'],
      [`${small} requests`, String(mb(memory.afterSmall.rss)), String(mb(memory.afterSmall.heapUsed))],
      [`${large} requests`, String(mb(memory.afterLarge.rss)), String(mb(memory.afterLarge.heapUsed))],
      ['growth', pct(memory.rssGrowth), pct(memory.heapGrowth)],
    ]);
    console.log(
      `${memory.withinTwentyPercent ? 'OK' : 'FAIL'}: memory after ${large} requests ${memory.withinTwentyPercent ? 'is' : 'is NOT'} within 20% of after ${small}` +
        `${memory.gcForced ? '' : ' (no --expose-gc: GC not forced, figures are noisy)'}${memory.failed ? `; ${memory.failed} requests failed` : ''}`,
    );
  }

  const out = path.join(projectRoot, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'load.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, connections, durationSeconds: duration, rows, ratioPageToStatic: ratio, observability, memory }, null, 2)}\n`,
  );
  console.log(`\nwrote bench-results/load.json`);
  if ((memory && !memory.withinTwentyPercent) || (observability && !observability.withinFivePercent)) process.exitCode = 1;
} finally {
  for (const child of children) await stopChild(child);
  await content.close();
  rmSync(work, { recursive: true, force: true });
}
