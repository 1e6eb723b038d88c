/**
 * Several instances, one PostgreSQL lead queue (OUTBOX_URL), nothing lost when one dies: three
 * production sites (child processes) share a throwaway PostgreSQL cluster; the content service
 * (a small receiver in this process) is down while 1,000 leads arrive, spread over the instances,
 * with repeats of the same Idempotency-Key sent to other instances (some at the same moment).
 * Then the service comes back but holds every delivery of instance 0 open, so that instance holds
 * leases; it is killed with SIGKILL while it does (the leases are checked in the database first).
 * The outbox delivers at least once, each lead under one Idempotency-Key: every lead must reach the
 * service; the only leads it gets twice are those the killed instance was sending (the service had
 * them, the answer died with the instance), sent again by another instance with the same key and
 * body, so the service drops the repeat by its key. Repeats of a post are stored once, nothing is
 * left pending, within a bounded time. The sites run as docs/operations.md's recipe has
 * them behind a proxy: the client address from X-Forwarded-For (TRUST_PROXY_HEADER), and the
 * per-address limit shared through the database.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBodies } from './helpers/submission-samples.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from '../tools/lib/postgres-cluster.ts';
import { spawnSite, type ChildSite } from './helpers/servers.ts';
import { inParallel } from './helpers/in-parallel.ts';

const INSTANCES = 3;
const LEADS = 1000;
/** Every 5th lead is sent again, with the same key and body, to the next instance. */
const REPEAT_EVERY = 5;
/** Every 50th lead is sent again with the same key but other data: 409. */
const CONFLICT_EVERY = 50;
const DELIVERY_TIMEOUT_MS = 3000;
/** Per address and window, across all instances: each lead comes from its own address and posts at most twice. */
const RATE_LIMIT = 3;

/**
 * The content service as the outbox sees it: 503 while down; up, it receives each lead (counted by
 * Idempotency-Key, as a real service would have stored it) and answers 201, except to the instances
 * it holds (their requests stay open, unanswered). Each instance posts under its own path prefix
 * (/i<n>), so the receiver knows who sends.
 */
function startReceiver() {
  const state = {
    up: false,
    hold: new Set<number>(),
    /** Deliveries received per key, answered or not. */
    received: new Map<string, number>(),
    /** Keys answered 201. */
    answered: new Set<string>(),
    /** Keys of requests held unanswered. */
    held: new Set<string>(),
    /** Repeats of a key with another body than its first delivery. */
    otherBody: 0,
    bodies: new Map<string, Record<string, unknown>>(),
    /** Requests held open now, by key. */
    open: new Map<string, { instance: number; res: ServerResponse }>(),
    refusedWhileDown: 0,
    malformed: 0,
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const match = /^\/i(\d+)(\/api\/.*)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!key || !req.headers.authorization?.startsWith('Basic ') || !JSON.parse(body)) state.malformed++;
    if (!state.up) {
      state.refusedWhileDown++;
      return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
    }
    const instance = Number(match[1]);
    state.received.set(key, (state.received.get(key) ?? 0) + 1);
    const first = state.bodies.get(key);
    if (first && JSON.stringify(first) !== body) state.otherBody++;
    state.bodies.set(key, JSON.parse(body) as Record<string, unknown>);
    if (state.hold.has(instance)) {
      state.held.add(key);
      state.open.set(key, { instance, res });
      req.socket.once('close', () => state.open.delete(key));
      return;
    }
    state.answered.add(key);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', id: key }));
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body || 'null'));
  });
  return new Promise<{ url: string; state: typeof state; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        state,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

interface Lead {
  key: string;
  endpoint: string;
  body: Record<string, unknown>;
  instance: number;
  /** The client address the proxy in front of the instances reports. */
  address: string;
}

function makeLeads(): Lead[] {
  return Array.from({ length: LEADS }, (_, i) => {
    const form = i % 2 ? 'contact' : 'newsletter';
    const body = { ...sampleBodies[form](), email: `lead-${i}@example.com` };
    return {
      key: `multi-${randomUUID()}`,
      endpoint: form === 'contact' ? '/api/contact_form' : '/api/newsletter_post',
      body,
      instance: i % INSTANCES,
      address: `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    };
  });
}

async function post(site: ChildSite, lead: Lead, body = lead.body) {
  const response = await fetch(`${site.url}${lead.endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': lead.key, 'X-Forwarded-For': `198.51.100.7, ${lead.address}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { id?: string; message?: string } };
}

const sampleLead = (address: string): Lead => ({
  key: `limit-${randomUUID()}`,
  endpoint: '/api/newsletter_post',
  body: sampleBodies.newsletter(),
  instance: 1,
  address,
});

describe.skipIf(!postgresAvailable('the multi-instance test'))('several instances on one PostgreSQL outbox', () => {
  let cluster: TestPostgres;
  let url: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const sites: ChildSite[] = [];
  const sql = <T>(text: string, values: unknown[] = []) => cluster.query<T>(text, values, url);

  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase();
    receiver = await startReceiver();
    sites.push(
      ...(await Promise.all(
        Array.from({ length: INSTANCES }, (_, n) =>
          spawnSite({
            CONTENT_API_BASE: `${receiver.url}/i${n}`,
            EMBEDDED_CONTENT_SERVICE: '0',
            OUTBOX_URL: url,
            OUTBOX_POLL_MS: '100',
            OUTBOX_RETRY_BASE_MS: '100',
            OUTBOX_RETRY_MAX_MS: '500',
            OUTBOX_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
            TRUST_PROXY_HEADER: 'x-forwarded-for',
            SUBMIT_RATE_LIMIT: String(RATE_LIMIT),
            SUBMIT_RATE_WINDOW_MS: '600000',
          }),
        ),
      )),
    );
  });

  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await receiver?.close();
    await cluster?.stop();
  });

  it('delivers 1,000 leads at least once, repeating only what a killed instance was sending, under one key per lead', async () => {
    const leads = makeLeads();
    const answers = new Map<string, Set<string>>();
    const record = (lead: Lead, answer: { status: number; json: { id?: string; message?: string } }) => {
      expect(answer.status, `${lead.key}: ${answer.json.message}`).toBe(202);
      answers.set(lead.key, (answers.get(lead.key) ?? new Set()).add(answer.json.id!));
    };
    const started = Date.now();
    let repeats = 0;
    let conflicts = 0;
    await inParallel(leads, 24, async (lead, i) => {
      const first = post(sites[lead.instance], lead);
      const other = sites[(lead.instance + 1) % INSTANCES];
      // Half the repeats race their original on another instance, half come after it.
      if (i % REPEAT_EVERY === 0 && i % (2 * REPEAT_EVERY) === 0) {
        const [a, b] = await Promise.all([first, post(other, lead)]);
        record(lead, a);
        record(lead, b);
        repeats++;
        return;
      }
      record(lead, await first);
      if (i % REPEAT_EVERY === 0) {
        record(lead, await post(other, lead));
        repeats++;
      }
      if (i % CONFLICT_EVERY === 1) {
        expect((await post(other, lead, { ...lead.body, email: 'someone.else@example.com' })).status).toBe(409);
        conflicts++;
      }
    });
    const accepted = Date.now() - started;
    expect([...answers.values()].every((ids) => ids.size === 1)).toBe(true);

    // Every lead is stored once, in the queue, tried at least once against the service that is down.
    expect(await sql('SELECT status, COUNT(*)::int AS n FROM outbox GROUP BY status')).toEqual([{ status: 'pending', n: LEADS }]);
    await expect
      .poll(async () => (await sql<{ n: number }>('SELECT COUNT(*)::int AS n FROM outbox WHERE attempts = 0'))[0].n, { timeout: 30_000 })
      .toBe(0);
    expect(receiver.state.received.size).toBe(0);

    // The service comes back, but holds instance 0's deliveries: it claims some and keeps them leased.
    receiver.state.hold.add(0);
    receiver.state.up = true;
    const cameBack = Date.now();
    await expect.poll(() => receiver.state.open.size, { timeout: 10_000 }).toBeGreaterThan(0);
    const held = [...receiver.state.open.keys()];
    const leases = await sql<{ status: string; leased: boolean }>(
      `SELECT status, (lease_token IS NOT NULL AND lease_until > $2) AS leased FROM outbox WHERE idempotency_key = ANY($1)`,
      [held, Date.now()],
    );
    expect(leases).toEqual(held.map(() => ({ status: 'pending', leased: true })));
    await sites[0].kill('SIGKILL');
    const killed = Date.now();

    await expect
      .poll(() => leads.filter((lead) => receiver.state.answered.has(lead.key)).length, { timeout: 120_000, interval: 250 })
      .toBe(LEADS);
    const drained = Date.now();
    // A moment for any late second delivery to show up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const counts = leads.map((lead) => receiver.state.received.get(lead.key) ?? 0);
    const delivered = counts.filter((n) => n > 0).length;
    const duplicates = counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const lost = counts.filter((n) => n === 0).length;
    const repeated = leads.filter((lead) => (receiver.state.received.get(lead.key) ?? 0) > 1).map((lead) => lead.key);
    console.log(
      `multi-instance: ${LEADS} leads (+${repeats} repeats, ${conflicts} conflicts) accepted by ${INSTANCES} instances in ${accepted} ms; ` +
        `${receiver.state.held.size} held by the killed instance; delivered ${delivered}, duplicates ${duplicates} (same Idempotency-Key), lost ${lost}; ` +
        `all delivered ${drained - cameBack} ms after the content service came back (${drained - killed} ms after the kill)`,
    );
    // At least once, one key per lead: nothing lost, every lead answered, and a lead arrives more
    // than once only when the killed instance was sending it: then again, with its key and body.
    expect({ delivered, lost }).toEqual({ delivered: LEADS, lost: 0 });
    expect(held.every((key) => receiver.state.held.has(key))).toBe(true);
    expect(repeated.filter((key) => !receiver.state.held.has(key))).toEqual([]);
    expect([...receiver.state.held].filter((key) => receiver.state.received.get(key)! < 2)).toEqual([]);
    expect(receiver.state.otherBody).toBe(0);
    expect([...receiver.state.received.keys()].length).toBe(LEADS);
    expect(receiver.state.malformed).toBe(0);
    // The address the proxy reported, filled in by whichever instance took the lead.
    const contact = leads.filter((lead) => lead.endpoint === '/api/contact_form');
    expect(contact.filter((lead) => receiver.state.bodies.get(lead.key)?.ip !== lead.address)).toEqual([]);
    expect(await sql('SELECT status, COUNT(*)::int AS n FROM outbox GROUP BY status')).toEqual([{ status: 'delivered', n: LEADS }]);

    // A surviving instance reports the shared queue on /readyz.
    const ready = (await (await fetch(`${sites[1].url}/readyz`)).json()) as { outbox: Record<string, unknown> };
    expect(ready.outbox).toMatchObject({ ok: true, store: 'postgres', writable: true, pending: 0, dead: 0 });

    // One address spreading its posts over the instances still gets RATE_LIMIT per window in all.
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) statuses.push((await post(sites[1 + (i % 2)], sampleLead('10.9.9.9'))).status);
    expect(statuses).toEqual([...Array.from({ length: RATE_LIMIT }, () => 202), 429]);
  }, 240_000);
});
