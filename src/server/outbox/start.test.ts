import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSubmissionConfig } from '../submissions/config.ts';
import { openSqliteOutbox, type SqliteOutbox } from './sqlite.ts';
import { OutboxUnavailable, startOutbox } from './start.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'outbox-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cfg = readSubmissionConfig({ OUTBOX_DB: path.join(dir, 'outbox.sqlite'), OUTBOX_POLL_MS: '50' });
const content = { baseUrl: 'http://127.0.0.1:9', credential: 'user:secret' };

describe('startOutbox', () => {
  it('goes on when the database cannot be opened, says so once per reason, and opens it as soon as it can', async () => {
    const logs: string[] = [];
    let attempts = 0;
    const failures = ['connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED 127.0.0.1:5432', 'the database system is starting up'];
    const outbox = startOutbox(cfg, content, {
      retry: { baseMs: 10, maxMs: 20 },
      log: (line) => logs.push(line),
      open: async (c) => {
        const failure = failures[attempts++];
        if (failure) throw new Error(failure);
        return openSqliteOutbox(c.outboxDb);
      },
    });
    // The site listens after the first attempt, although it failed.
    await outbox.firstAttempt;
    expect(() => outbox.store()).toThrow(OutboxUnavailable);
    await outbox.ready;
    expect(attempts).toBe(4);
    expect(outbox.store().kind).toBe('sqlite');
    await expect(outbox.store().counts()).resolves.toEqual({ pending: 0, delivered: 0, dead: 0 });
    expect(logs).toEqual([
      expect.stringMatching(
        /^\[outbox\] cannot open the outbox: connect ECONNREFUSED 127\.0\.0\.1:5432\. Pages are served; submissions are answered 503/,
      ),
      expect.stringMatching(/^\[outbox\] still cannot open the outbox: the database system is starting up\./),
      `[outbox] opened ${cfg.outboxDb}: submissions are accepted again`,
    ]);
    await outbox.stop();
  });

  it('is open before the site listens when the database is there', async () => {
    const outbox = startOutbox(cfg, content, { log: () => undefined });
    await outbox.firstAttempt;
    expect(outbox.store().kind).toBe('sqlite');
    await outbox.stop();
  });

  it('stops trying when the site stops, and closes a store that opens after that', async () => {
    let attempts = 0;
    const waiting = startOutbox(cfg, content, {
      retry: { baseMs: 60_000, maxMs: 60_000 },
      log: () => undefined,
      open: async () => {
        attempts++;
        throw new Error('down');
      },
    });
    await waiting.firstAttempt;
    // The next attempt, a minute away, does not hold the stop.
    await waiting.stop();
    expect(attempts).toBe(1);

    let release: () => void = () => undefined;
    let opened: SqliteOutbox | undefined;
    const opening = startOutbox(cfg, content, {
      log: () => undefined,
      open: async (c) => {
        await new Promise<void>((resolve) => (release = resolve));
        return (opened = openSqliteOutbox(c.outboxDb));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = opening.stop();
    release();
    await stopped;
    expect(opened?.outbox.db.open).toBe(false);
    expect(() => opening.store()).toThrow(OutboxUnavailable);
  });
});
