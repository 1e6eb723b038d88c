import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
});
