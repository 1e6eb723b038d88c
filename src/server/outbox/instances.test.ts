/**
 * Two site instances (their submission routers, wired as the site wires them) on one PostgreSQL
 * outbox: a repeat sent to the other instance gets the first answer, and the per-address limit is
 * counted across both.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type TestPostgres } from '../../../tools/lib/postgres-cluster.ts';
import { readSubmissionConfig } from '../submissions/config.ts';
import { submissionDeps, submissionRouter } from '../submissions/router.ts';
import { sampleBodies } from '../../../tests/helpers/submission-samples.ts';
import { PostgresOutbox } from './postgres.ts';

describe.skipIf(!postgresAvailable('the multi-instance router tests'))('two instances on one PostgreSQL outbox', () => {
  let cluster: TestPostgres;
  const stores: PostgresOutbox[] = [];
  const servers: Server[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const config = readSubmissionConfig({ OUTBOX_URL: url, SUBMIT_RATE_LIMIT: '4', SUBMIT_RATE_WINDOW_MS: '600000' });
    for (let i = 0; i < 2; i++) {
      const store = await PostgresOutbox.open({ url, poolSize: 4 });
      const app = express().use(submissionRouter({ ...submissionDeps(config, 'http://127.0.0.1:3000', () => store), log: () => {} }));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      stores.push(store);
      servers.push(server);
      bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await Promise.all(stores.map((store) => store.close()));
    await cluster?.stop();
  });

  // Every post comes from 127.0.0.1: one address for the limit.
  const post = async (instance: number, key: string, body: object) => {
    const response = await fetch(`${bases[instance]}/api/newsletter_post`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: (await response.json()) as { id?: string } };
  };

  it('answers a repeat on the other instance with the first id (also at the same moment), other data with 409', async () => {
    const body = sampleBodies.newsletter();
    const [a, b] = await Promise.all([post(0, 'same-key-0001', body), post(1, 'same-key-0001', body)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.json.id).toBe(b.json.id);
    expect((await post(1, 'same-key-0001', { ...body, email: 'other@example.com' })).status).toBe(409);
    expect(await stores[0].counts()).toEqual({ pending: 1, delivered: 0, dead: 0 });
  });

  it('limits one address across both instances, with Retry-After', async () => {
    // Three posts were counted above; a fourth is allowed, the fifth refused on either instance.
    expect((await post(0, 'limit-key-0001', { bad: true })).status).toBe(422);
    const refused = await post(1, 'limit-key-0002', sampleBodies.newsletter());
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await post(0, 'limit-key-0003', sampleBodies.newsletter())).status).toBe(429);
  });
});
