/**
 * A PostgreSQL outage does not take the pages down: a production site whose OUTBOX_URL names a
 * database that is down starts anyway, serves its pages, answers submissions 503 with Retry-After
 * and /readyz 503 in general words (the error only in its log); once the database is up it opens
 * the outbox by itself, accepts the lead and delivers it. The same when the database goes away
 * after start, and comes back, without a restart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBodies } from './helpers/submission-samples.ts';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from '../tools/lib/postgres-cluster.ts';
import { spawnSite, type ChildSite } from './e2e/servers.ts';

const ENDPOINT = '/api/contact_form';

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

  const post = async (key: string) => {
    const response = await fetch(`${site.url}${ENDPOINT}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ ...sampleBodies.contact(), email: `${key}@example.com` }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      json: (await response.json()) as Record<string, string>,
    };
  };
  const page = async () => (await fetch(`${site.url}/privacy-policy`)).status;
  const ready = async () => {
    const response = await fetch(`${site.url}/readyz`);
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
});
