/**
 * npm run outbox: what the form outbox holds — the PostgreSQL one of OUTBOX_URL, shared by every
 * instance, else the SQLite file OUTBOX_DB — pending and dead submissions with key, endpoint, age,
 * attempts and last error, and the counts.
 *   --retry <key>   put one dead submission back to pending (delivered by the running site)
 *   --retry-dead    put every dead submission back to pending
 *   --json          machine-readable output
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openOutbox } from '../src/server/outbox/start.ts';
import { readSubmissionConfig } from '../src/server/submissions/config.ts';

const { values } = parseArgs({
  options: {
    retry: { type: 'string' },
    'retry-dead': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run outbox [-- --json] [-- --retry <idempotency key> | --retry-dead]');
  process.exit(0);
}

const config = readSubmissionConfig();
const file = config.outboxDb;
if (!config.outboxUrl && !existsSync(file)) {
  if (values.json) console.log(JSON.stringify({ file, counts: { pending: 0, delivered: 0, dead: 0 }, pending: [], dead: [] }));
  else console.log(`No outbox at ${file} yet: nothing has been submitted.`);
  process.exit(values.retry ? 1 : 0);
}

function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.round(s / 60)}m`;
  if (s < 172_800) return `${Math.round(s / 3600)}h`;
  return `${Math.round(s / 86_400)}d`;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const outbox = await openOutbox(config);
try {
  const now = Date.now();
  let retried: number | undefined;
  if (values.retry !== undefined) {
    retried = await outbox.retryDead(now, values.retry);
    if (retried === 0) {
      console.error(`No dead submission with key ${values.retry}.`);
      process.exitCode = 1;
    }
  } else if (values['retry-dead']) retried = await outbox.retryDead(now);

  const [pending, dead, counts, oldest] = await Promise.all([outbox.pending(), outbox.dead(), outbox.counts(), outbox.oldestPending()]);
  const oldestPendingAgeMs = oldest === undefined ? 0 : Date.now() - oldest;
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          store: outbox.kind,
          ...(outbox.kind === 'sqlite' ? { file } : { location: outbox.location }),
          counts,
          oldestPendingAgeMs,
          ...(retried === undefined ? {} : { retried }),
          pending,
          dead,
        },
        null,
        2,
      ),
    );
  } else {
    if (retried) console.log(`${retried} dead submission(s) put back to pending; the running site delivers them.\n`);
    console.log(
      `Outbox ${outbox.location}: ${counts.pending} pending, ${counts.delivered} delivered, ${counts.dead} dead` +
        (oldest === undefined ? '' : `; oldest pending ${Math.round(oldestPendingAgeMs / 1000)} s old`),
    );
    const header = ['key', 'endpoint', 'age', 'attempts', 'last error'];
    if (pending.length > 0) {
      console.log('\nPending:');
      console.log(
        table([header, ...pending.map((r) => [r.key, r.endpoint, age(now - r.createdAt), String(r.attempts), r.lastError ?? ''])]),
      );
    }
    if (dead.length > 0) {
      console.log('\nDead (retry with --retry <key> or --retry-dead):');
      console.log(table([header, ...dead.map((r) => [r.key, r.endpoint, age(now - r.createdAt), String(r.attempts), r.lastError ?? ''])]));
    }
  }
} finally {
  await outbox.close();
}
