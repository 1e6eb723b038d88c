/**
 * A PostgreSQL outage does not take the pages down: a production site whose OUTBOX_URL names a
 * database that is down starts anyway, serves its pages, answers submissions 503 with Retry-After
 * and /readyz 503 in general words (the error only in its log); once the database is up it opens
 * the outbox by itself, accepts the lead and delivers it. The same when the database goes away
 * after start, and comes back, without a restart. And when it stops answering without closing
 * anything (a network black hole): every post and /readyz still answer, within the deadline.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBodies } from './helpers/submission-samples.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from '../tools/lib/postgres-cluster.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';
import { CHECK_REUSE_MS } from '../src/server/health.ts';

const ENDPOINT = '/api/contact_form';
/** The site's OUTBOX_DB_TIMEOUT_MS in the black-hole test, and the margin an answer gets beyond it. */
const DB_TIMEOUT_MS = 2_000;
const MARGIN_MS = 3_000;

describe.skipIf(!postgresAvailable('the outbox outage test'))('a PostgreSQL outage', () => {
  let cluster: TestPostgres;
  let content: RunningContentService;
  let site: ChildSite;

  beforeAll(async () => {
    cluster = await startPostgres();
    content = await startContentService({ port: 0 });
  });
  afterAll(async () => {
    await site?.stop();
    await content?.close();
    await cluster?.stop();
  });

  const post = async (key: string, signal?: AbortSignal) => {
    const response = await fetch(`${site.url}${ENDPOINT}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ ...sampleBodies.contact(), email: `${key}@example.com` }),
      signal,
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      json: (await response.json()) as Record<string, string>,
    };
  };
  const page = async () => (await fetch(`${site.url}/privacy-policy`)).status;
  const ready = async (signal?: AbortSignal) => {
    const response = await fetch(`${site.url}/readyz`, { signal });
    return { status: response.status, text: await response.text() };
  };
  const delivered = (key: string) => content.submissions().filter((s) => s.key === key).length;

  /** While the database is down: pages 200, submissions 503 with Retry-After, /readyz 503 without internals. */
  async function expectDown() {
    expect(await page()).toBe(200);
    const answer = await post(`outage-${randomUUID()}`);
    expect(answer.status).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.json.message).toMatch(/could not be stored just now/);
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(503);
    const readiness = await ready();
    expect(JSON.parse(readiness.text)).toMatchObject({ status: 'not ready', outbox: { ok: false, writable: false } });
    for (const internal of ['ECONNREFUSED', '127.0.0.1', String(cluster.port)]) expect(readiness.text).not.toContain(internal);
    expect(await page()).toBe(200);
  }

  /** Once the database is back: the same lead accepted (the client sends it again) and delivered, /readyz 200. */
  async function expectRecovered() {
    const key = `recovered-${randomUUID()}`;
    const started = Date.now();
    await expect.poll(async () => (await post(key)).status, { timeout: 30_000, interval: 250 }).toBe(202);
    const acceptedAfterMs = Date.now() - started;
    await expect.poll(() => delivered(key), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    return acceptedAfterMs;
  }

  it('starts and serves pages while the database is down, and takes leads once it is up, without a restart', async () => {
    const url = await cluster.createDatabase();
    await cluster.pause();
    site = await spawnSite({
      CONTENT_API_BASE: content.url,
      EMBEDDED_CONTENT_SERVICE: '0',
      OUTBOX_URL: url,
      OUTBOX_POLL_MS: '100',
    });
    await expectDown();
    // The reason is in the log, once, not once per request or attempt.
    expect(site.output().match(/cannot open the outbox: .*ECONNREFUSED/g)).toHaveLength(1);
    expect(site.output()).toMatch(/\[readyz\] not ready: .*outbox/);

    await cluster.resume();
    const afterStart = await expectRecovered();
    expect(site.output()).toMatch(/\[outbox\] opened postgres:\/\/.*: submissions are accepted again/);

    // Gone after start: the same again, and back without a restart.
    await cluster.pause();
    await expectDown();
    await cluster.resume();
    const afterRestart = await expectRecovered();
    console.log(
      `outbox outage: a lead accepted ${afterStart} ms after the database came up (down at start), ${afterRestart} ms after it came back`,
    );
  }, 180_000);

  it('answers every post 503 and /readyz 503 within the deadline while PostgreSQL answers nothing, and loses or doubles no lead', async () => {
    await site?.stop();
    const url = await cluster.createDatabase();
    site = await spawnSite({
      CONTENT_API_BASE: content.url,
      EMBEDDED_CONTENT_SERVICE: '0',
      OUTBOX_URL: url,
      OUTBOX_POLL_MS: '100',
      OUTBOX_DB_TIMEOUT_MS: String(DB_TIMEOUT_MS),
      // Every post comes from one address: the posts below are not what is tested by the limit.
      SUBMIT_RATE_LIMIT: '1000',
    });
    // A lead accepted and delivered: both pools (the rate limit's and the outbox's) hold open
    // connections, on which statements are sent and never answered once the server is frozen.
    await expectRecovered();

    // Ten leads; five of them sent twice at once, as a browser's retry with the same key.
    const keys = Array.from({ length: 10 }, (_, i) => `blackhole-${i}-${randomUUID()}`);
    const posts = [...keys, ...keys.slice(0, 5)];
    /** An answer and how long it took; none after the deadline and the margin, to fail rather than hang. */
    const timed = async <T>(ask: (signal: AbortSignal) => Promise<T>) => {
      const started = Date.now();
      const answer = await ask(AbortSignal.timeout(DB_TIMEOUT_MS + MARGIN_MS + 1_000)).catch(() => 'no answer' as const);
      return { answer, ms: Date.now() - started };
    };
    await cluster.freeze();
    let answers, readiness, pageStatus;
    try {
      [answers, readiness, pageStatus] = await Promise.all([
        Promise.all(posts.map((key) => timed((signal) => post(key, signal)))),
        // Asked once the check made before the freeze (it serves a second) is no longer current.
        delay(CHECK_REUSE_MS + 100).then(() => Promise.all(Array.from({ length: 3 }, () => timed(ready)))),
        page(),
      ]);
    } finally {
      await cluster.thaw();
    }
    for (const { answer, ms } of answers) {
      expect(answer).toMatchObject({ status: 503, json: { message: expect.stringMatching(/could not be (stored just now|confirmed)/) } });
      expect(Number((answer as { retryAfter: string }).retryAfter)).toBeGreaterThan(0);
      expect(ms).toBeLessThan(DB_TIMEOUT_MS + MARGIN_MS);
    }
    for (const { answer, ms } of readiness) {
      expect(answer).toMatchObject({ status: 503 });
      const { text } = answer as { text: string };
      expect(JSON.parse(text)).toMatchObject({ status: 'not ready', outbox: { ok: false, writable: false } });
      for (const internal of ['127.0.0.1', String(cluster.port)]) expect(text).not.toContain(internal);
      expect(ms).toBeLessThan(DB_TIMEOUT_MS + MARGIN_MS);
    }
    expect(pageStatus).toBe(200);
    const slowest = (all: { ms: number }[]) => Math.max(...all.map((a) => a.ms));
    console.log(
      `black hole: ${posts.length} posts answered 503 in ${slowest(answers)} ms at most, /readyz 503 in ${slowest(readiness)} ms`,
    );

    // Answering again: the same posts with their keys are all accepted, each lead stored and delivered once.
    await Promise.all(posts.map((key) => expect.poll(async () => (await post(key)).status, { timeout: 30_000, interval: 250 }).toBe(202)));
    const stored = await cluster.query<{ key: string; rows: number }>(
      'SELECT idempotency_key AS key, COUNT(*)::int AS rows FROM outbox WHERE idempotency_key = ANY($1) GROUP BY idempotency_key ORDER BY 1',
      [keys],
      url,
    );
    expect(stored).toEqual([...keys].sort().map((key) => ({ key, rows: 1 })));
    await expect.poll(() => keys.map(delivered), { timeout: 20_000 }).toEqual(keys.map(() => 1));
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
  }, 180_000);
});
