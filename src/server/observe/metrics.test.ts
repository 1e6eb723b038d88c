/** The metrics table as a scrape shows it (src/server/observe/metrics.ts). */
import { describe, expect, it } from 'vitest';
import { createMetrics, METRICS, noMetrics } from './metrics.ts';

const OUTBOX_GAUGES = ['outbox_pending_leads', 'outbox_dead_letters', 'outbox_oldest_pending_age_seconds'];

/** The sample lines of `name` in Prometheus' text format (no HELP or TYPE line). */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
}

describe('metrics', () => {
  it('exposes every metric of the METRICS table, with its help, from the first scrape', async () => {
    const text = await createMetrics().registry!.metrics();
    for (const [name, spec] of Object.entries(METRICS)) {
      expect(text, name).toContain(`# HELP ${name} ${spec.help}`);
      expect(text, name).toContain(`# TYPE ${name} ${spec.kind}`);
    }
    expect(noMetrics.registry).toBeUndefined();
  });

  it('reports the outbox gauges read at the scrape', async () => {
    const metrics = createMetrics();
    metrics.outbox(async () => ({ pending: 3, dead: 1, oldestPendingAgeSeconds: 42.5 }));
    const text = await metrics.registry!.metrics();
    expect(samples(text, 'outbox_pending_leads')).toEqual(['outbox_pending_leads 3']);
    expect(samples(text, 'outbox_dead_letters')).toEqual(['outbox_dead_letters 1']);
    expect(samples(text, 'outbox_oldest_pending_age_seconds')).toEqual(['outbox_oldest_pending_age_seconds 42.5']);
  });

  // The OutboxUnreadable alert (tools/prometheus/alerts.yml) speaks when the gauges are absent; a
  // made-up 0 would say "nothing pending, nothing dead" and keep every outbox alert silent.
  it('leaves the outbox gauges out, never 0, while the outbox is not open or its database cannot be read', async () => {
    const metrics = createMetrics();
    const notOpen = await metrics.registry!.metrics();
    for (const name of OUTBOX_GAUGES) expect(samples(notOpen, name), name).toEqual([]);

    let readable = true;
    metrics.outbox(async () => {
      if (!readable) throw new Error('connection refused');
      return { pending: 2, dead: 0, oldestPendingAgeSeconds: 5 };
    });
    expect(samples(await metrics.registry!.metrics(), 'outbox_pending_leads')).toEqual(['outbox_pending_leads 2']);
    readable = false;
    // A read is reused for a second (one read per scrape for the three gauges): the next scrape reads again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const down = await metrics.registry!.metrics();
    for (const name of OUTBOX_GAUGES) {
      expect(samples(down, name), name).toEqual([]);
      expect(down, name).toContain(`# TYPE ${name} gauge`);
    }
  });
});
