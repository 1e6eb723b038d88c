import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Outbox } from './store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(...parts: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
  dirs.push(dir);
  return path.join(dir, ...parts);
}

const lead = (key: string, fingerprint = `fp-${key}`) => ({
  id: `id-${key}`,
  key,
  endpoint: '/api/newsletter_post',
  body: '{}',
  fingerprint,
});

describe('SQLite outbox', () => {
  it('creates WAL-mode tables and keeps idempotency keys unique: replay or conflict', () => {
    const outbox = new Outbox(tempFile('outbox.sqlite'));
    expect(outbox.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(outbox.enqueue(lead('key-0001'), 0)).toEqual({ status: 'created', id: 'id-key-0001' });
    expect(outbox.enqueue({ ...lead('key-0001'), id: 'other' }, 0)).toEqual({ status: 'replayed', id: 'id-key-0001' });
    expect(outbox.enqueue({ ...lead('key-0001', 'different'), id: 'other' }, 0)).toEqual({ status: 'conflict', id: 'id-key-0001' });
    expect(outbox.counts()).toEqual({ pending: 1, delivered: 0, dead: 0 });
    outbox.close();
  });

  it('keeps the outbox private (a folder it creates 0700, the database 0600)', () => {
    const file = tempFile('data', 'outbox.sqlite');
    const outbox = new Outbox(file);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    outbox.close();
  });

  it("writes a lead's body once: a claim and an outcome rewrite only the small row (SQLite rewrites whole rows)", () => {
    const file = tempFile('outbox.sqlite');
    const outbox = new Outbox(file);
    const body = JSON.stringify({ resume_base64: 'A'.repeat(4_000_000) });
    outbox.enqueue({ ...lead('key-0001'), body }, 0);
    const walAfter = (step: () => void) => {
      outbox.db.pragma('wal_checkpoint(TRUNCATE)');
      step();
      return statSync(`${file}-wal`).size;
    };
    const [claim] = outbox.claimDue(0, 1, 1000);
    expect(claim.body).toBe(body);
    const claimed = walAfter(() => outbox.claimDue(2000, 1, 1000));
    const retried = walAfter(() => outbox.markRetry(outbox.claimDue(5000, 1, 1000)[0], 6000, 'HTTP 503'));
    console.log(`WAL written by a claim: ${claimed} bytes, by a claim and a retry: ${retried} bytes (body ${body.length})`);
    expect(claimed).toBeLessThan(64 * 1024);
    expect(retried).toBeLessThan(64 * 1024);
    expect(outbox.claimDue(6000, 1, 1000)[0].body).toBe(body);
    outbox.close();
  });

  it('moves the bodies of a file from before outbox_body at open, and delivers them', () => {
    const file = tempFile('outbox.sqlite');
    new Outbox(file).close();
    const old = new Database(file);
    old
      .prepare(
        `INSERT INTO outbox (id, idempotency_key, endpoint, body, fingerprint, status, created_at, age_from, next_attempt_at)
         VALUES ('id-old', 'key-old-0001', '/api/newsletter_post', '{"email":"a@example.com"}', 'fp', 'pending', 0, 0, 0)`,
      )
      .run();
    old.close();
    const outbox = new Outbox(file);
    const [claim] = outbox.claimDue(0, 1, 1000);
    expect(claim).toMatchObject({ key: 'key-old-0001', body: '{"email":"a@example.com"}' });
    outbox.markDelivered(claim.id, 1);
    expect(outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    expect(outbox.db.prepare('SELECT COUNT(*) AS n FROM outbox_body').get()).toEqual({ n: 0 });
    outbox.close();
  });

  it('adds trace_context to a file from before it: its leads, pending and dead, deliver without a trace; new ones keep theirs', () => {
    const file = tempFile('outbox.sqlite');
    new Outbox(file).close();
    const old = new Database(file);
    old.exec(`ALTER TABLE outbox DROP COLUMN trace_context; ALTER TABLE dead_letter DROP COLUMN trace_context;
      INSERT INTO outbox (id, idempotency_key, endpoint, fingerprint, status, created_at, age_from, next_attempt_at)
        VALUES ('id-old', 'key-old-0001', '/api/newsletter_post', 'fp', 'pending', 0, 0, 0);
      INSERT INTO outbox_body (id, body) VALUES ('id-old', '{}');
      INSERT INTO dead_letter (id, idempotency_key, endpoint, body, fingerprint, created_at, attempts, died_at)
        VALUES ('id-dead', 'key-dead-0001', '/api/newsletter_post', '{}', 'fp', 0, 3, 0);`);
    old.close();
    const outbox = new Outbox(file);
    outbox.enqueue({ ...lead('key-new-0001'), trace: { requestId: 'req-1' } }, 0);
    expect(outbox.retryDead(0)).toBe(1);
    const claims = outbox.claimDue(0, 10, 1000).sort((a, b) => a.key.localeCompare(b.key));
    expect(claims.map((claim) => [claim.key, claim.trace])).toEqual([
      ['key-dead-0001', undefined],
      ['key-new-0001', { requestId: 'req-1' }],
      ['key-old-0001', undefined],
    ]);
    outbox.close();
  });
});
