/**
 * npm run bench:outbox — form submissions accepted per second by one production instance, with
 * the SQLite outbox (OUTBOX_DB) and with PostgreSQL (OUTBOX_URL, a throwaway cluster on loopback
 * with fsync on, as durable as SQLite's synchronous=FULL). Each POST is a valid newsletter
 * submission with its own Idempotency-Key and captcha token (the local stand-in), so every 202 is a
 * lead committed to the outbox; the worker meanwhile delivers to the reference content service.
 *
 * Flags: --duration <s> (10), --connections <n> (20), --warmup <s> (2), --only sqlite|postgres.
 * Writes bench-results/outbox.json. Never part of the timed tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type RawRequest } from 'autocannon';
import { postgresAvailable, startPostgres, type TestPostgres } from './lib/postgres-cluster.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { startContentService } from './content-service/server.ts';
import { ensureBuild } from './lib/build-state.ts';
import { projectRoot } from './lib/project.ts';
import { startSiteProcess } from './lib/site-process.ts';

// What tools/types/autocannon.d.ts leaves out: requests built one by one.
declare module 'autocannon' {
  interface Options {
    requests?: { method: string; setupRequest: (request: RawRequest) => RawRequest }[];
  }
  interface RawRequest {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    '2xx': number;
  }
}

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
const [duration, connections, warmup] = [flags.duration, flags.connections, flags.warmup].map(Number);
if (![duration, connections, warmup].every((n) => Number.isFinite(n) && n >= 0))
  throw new Error('--duration, --connections and --warmup take numbers');

/** A fresh, valid newsletter submission per request: every 202 is a new lead committed. */
const submission = () => ({
  method: 'POST',
  setupRequest: (request: RawRequest) => ({
    ...request,
    method: 'POST',
    headers: { ...request.headers, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
    body: JSON.stringify({ email: 'bench@example.com', recaptcha: `local-${randomUUID()}` }),
  }),
});

interface Row {
  store: string;
  acceptedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  accepted: number;
  other: number;
  errors: number;
}

async function measure(store: string, env: Record<string, string>, contentUrl: string): Promise<Row> {
  const site = await startSiteProcess({
    cwd: projectRoot,
    mode: 'production',
    env: {
      CONTENT_API_BASE: contentUrl,
      IMAGE_BASE_URL: `${contentUrl}/uploads`,
      EMBEDDED_CONTENT_SERVICE: '0',
      CAPTCHA: 'local', // the reference service on loopback, not a real one
      SUBMIT_RATE_LIMIT: '1000000000',
      ...env,
    },
  });
  try {
    const url = `${site.url}/api/newsletter_post`;
    console.log(`  ${store}: ${url}`);
    if (warmup > 0) await autocannon({ url, connections, duration: warmup, requests: [submission()] });
    const r = await autocannon({ url, connections, duration, requests: [submission()] });
    return {
      store,
      acceptedPerSecond: Math.round(r['2xx'] / r.duration),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      accepted: r['2xx'],
      other: r.non2xx,
      errors: r.errors + r.timeouts,
    };
  } finally {
    await site.end('SIGTERM');
  }
}

ensureBuild(projectRoot);
const content = await startContentService({ port: 0, log: false, user: DEFAULT_CONTENT_USER, password: DEFAULT_CONTENT_PASSWORD });
const work = mkdtempSync(path.join(tmpdir(), 'bench-outbox-'));
let cluster: TestPostgres | undefined;
const rows: Row[] = [];
try {
  console.log(`autocannon: ${connections} connections, ${duration} s per store (after ${warmup} s warm-up), loopback only`);
  if (flags.only !== 'postgres') rows.push(await measure('sqlite', { OUTBOX_DB: path.join(work, 'outbox.sqlite') }, content.url));
  if (flags.only !== 'sqlite' && postgresAvailable('the PostgreSQL half of the bench')) {
    cluster = await startPostgres({ durable: true });
    rows.push(await measure('postgres', { OUTBOX_URL: await cluster.createDatabase('bench') }, content.url));
  }
  console.log('');
  for (const r of rows)
    console.log(
      `${r.store.padEnd(8)}  ${String(r.acceptedPerSecond).padStart(6)} accepted/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ` +
        `(${r.accepted} accepted, ${r.other} other answers, ${r.errors} errors)`,
    );
  const out = path.join(projectRoot, 'bench-results');
  mkdirSync(out, { recursive: true });
  const result = { date: new Date().toISOString(), node: process.version, connections, durationSeconds: duration, rows };
  writeFileSync(path.join(out, 'outbox.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('\nwrote bench-results/outbox.json');
  if (rows.some((r) => r.other > 0 || r.errors > 0)) process.exitCode = 1;
} finally {
  await cluster?.stop();
  await content.close();
  rmSync(work, { recursive: true, force: true });
}
