/**
 * The site's Prometheus metrics (prom-client), declared once in METRICS: this table makes the
 * series, and docs/operations.md's table of them is generated from it (`npm run docs`). Names
 * and units follow OpenTelemetry's semantic conventions as Prometheus writes them
 * (`http.server.request.duration` → `http_server_request_duration_seconds`).
 *
 * Labels are bounded: a route template (a definition's route such as `/blog/:slug`, or a fixed
 * name such as `not-found`), never a raw URL, so 20,000 unique URLs add no series; every other
 * label takes a value from a closed list (outcomes, contract endpoints, form names).
 *
 * Off (no METRICS_PORT), the site gets `noMetrics`: nothing is counted and nothing is allocated.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadOutcome as ContentReadOutcome } from '../../engine/content-client.ts';

/** OpenTelemetry's default duration buckets (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** Web Vitals in seconds, with web.dev's "good" and "poor" limits among the bounds (LCP 2.5/4 s, INP 0.2/0.5 s, FCP 1.8/3 s, TTFB 0.8/1.8 s). */
const VITAL_SECONDS_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10, 20];
/** Cumulative Layout Shift (unitless; good ≤ 0.1, poor > 0.25). */
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2];

type Kind = 'counter' | 'histogram' | 'gauge';

interface MetricSpec {
  kind: Kind;
  help: string;
  labels: readonly string[];
  buckets?: readonly number[];
}

/** Every metric of the site: name → kind, meaning, labels (and buckets). */
export const METRICS = {
  http_server_request_duration_seconds: {
    kind: 'histogram',
    help: 'Duration of HTTP requests, from the first byte read to the last byte sent.',
    labels: ['http_route', 'http_request_method', 'http_response_status_code'],
    buckets: DURATION_BUCKETS,
  },
  page_cache_lookups_total: {
    kind: 'counter',
    help: 'Page requests by page-cache outcome: hit (served kept), miss (rendered and kept), stale (rendered from stale or failed content, not kept), bypass (rendered, not keepable).',
    labels: ['outcome'],
  },
  content_reads_total: {
    kind: 'counter',
    help: 'Content-service reads by contract endpoint and outcome: hit (cache), miss (read upstream), stale (last good value served while the service fails), not_found, error.',
    labels: ['endpoint', 'outcome'],
  },
  content_read_duration_seconds: {
    kind: 'histogram',
    help: 'Duration of content-service reads as a page waits for them (cache hits included), by contract endpoint and outcome.',
    labels: ['endpoint', 'outcome'],
    buckets: DURATION_BUCKETS,
  },
  pages_stale_served_total: {
    kind: 'counter',
    help: 'Pages served with stale or missing content because a content read failed, by route template.',
    labels: ['http_route'],
  },
  form_submissions_total: {
    kind: 'counter',
    help: 'Form posts by endpoint, form and outcome: accepted, replayed, invalid, rate_limited, unavailable, conflict, spam (honeypot), rejected (any other 4xx).',
    labels: ['endpoint', 'form', 'outcome'],
  },
  outbox_pending_leads: {
    kind: 'gauge',
    help: 'Leads accepted and not yet delivered (read from the outbox database at each scrape: every instance on one PostgreSQL reports the same number). Absent while the outbox is not open or its database cannot be read.',
    labels: [],
  },
  outbox_dead_letters: {
    kind: 'gauge',
    help: 'Leads in the dead letters (refused by the content service, or not delivered within OUTBOX_MAX_AGE_MS).',
    labels: [],
  },
  outbox_oldest_pending_age_seconds: {
    kind: 'gauge',
    help: 'Age of the oldest pending lead (0 when none is pending).',
    labels: [],
  },
  outbox_deliveries_total: {
    kind: 'counter',
    help: 'Delivery attempts of leads to the content service by outcome: delivered, retry (tried again later), dead (moved to the dead letters), interrupted (given back at shutdown).',
    labels: ['outcome'],
  },
  outbox_delivery_duration_seconds: {
    kind: 'histogram',
    help: 'Duration of one delivery attempt, by outcome.',
    labels: ['outcome'],
    buckets: DURATION_BUCKETS,
  },
  webvitals_lcp_seconds: {
    kind: 'histogram',
    help: "Largest Contentful Paint reported by visitors' browsers, by route template.",
    labels: ['http_route'],
    buckets: VITAL_SECONDS_BUCKETS,
  },
  webvitals_inp_seconds: {
    kind: 'histogram',
    help: "Interaction to Next Paint reported by visitors' browsers, by route template.",
    labels: ['http_route'],
    buckets: VITAL_SECONDS_BUCKETS,
  },
  webvitals_fcp_seconds: {
    kind: 'histogram',
    help: "First Contentful Paint reported by visitors' browsers, by route template.",
    labels: ['http_route'],
    buckets: VITAL_SECONDS_BUCKETS,
  },
  webvitals_ttfb_seconds: {
    kind: 'histogram',
    help: "Time to First Byte reported by visitors' browsers, by route template.",
    labels: ['http_route'],
    buckets: VITAL_SECONDS_BUCKETS,
  },
  webvitals_cls: {
    kind: 'histogram',
    help: "Cumulative Layout Shift reported by visitors' browsers (unitless), by route template.",
    labels: ['http_route'],
    buckets: CLS_BUCKETS,
  },
} as const satisfies Record<string, MetricSpec>;

export type MetricName = keyof typeof METRICS;
type LabelsOf<N extends MetricName> = (typeof METRICS)[N]['labels'][number];
type Values<N extends MetricName> = Record<LabelsOf<N>, string | number>;

export type PageCacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass';
export type { ReadOutcome as ContentReadOutcome } from '../../engine/content-client.ts';
export type SubmissionOutcome = 'accepted' | 'replayed' | 'invalid' | 'rate_limited' | 'unavailable' | 'conflict' | 'spam' | 'rejected';
export type DeliveryOutcome = 'delivered' | 'retry' | 'dead' | 'interrupted';
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

/** The outbox's state, read at each scrape (undefined while the outbox is not open). */
export type OutboxGauges = () => Promise<{ pending: number; dead: number; oldestPendingAgeSeconds: number } | undefined>;

/** What the site's parts record. Every call is cheap; `noMetrics` records nothing. */
export interface SiteMetrics {
  /** The registry to scrape (undefined when metrics are off). */
  readonly registry?: Registry;
  request(route: string, method: string, status: number, seconds: number): void;
  pageCache(outcome: PageCacheOutcome): void;
  contentRead(endpoint: string, outcome: ContentReadOutcome, seconds: number): void;
  staleServed(route: string): void;
  submission(endpoint: string, form: string, outcome: SubmissionOutcome): void;
  delivery(outcome: DeliveryOutcome, seconds: number): void;
  vital(name: VitalName, route: string, value: number): void;
  /** Where the outbox gauges read from (the site sets it once the outbox exists). */
  outbox(gauges: OutboxGauges): void;
}

const nothing = () => undefined;
export const noMetrics: SiteMetrics = {
  request: nothing,
  pageCache: nothing,
  contentRead: nothing,
  staleServed: nothing,
  submission: nothing,
  delivery: nothing,
  vital: nothing,
  outbox: nothing,
};

const VITAL_METRIC: Record<VitalName, MetricName> = {
  LCP: 'webvitals_lcp_seconds',
  INP: 'webvitals_inp_seconds',
  FCP: 'webvitals_fcp_seconds',
  TTFB: 'webvitals_ttfb_seconds',
  CLS: 'webvitals_cls',
};

/** Vitals the browser reports in milliseconds (all but CLS), recorded in seconds. */
const IN_MILLISECONDS = new Set<VitalName>(['LCP', 'INP', 'FCP', 'TTFB']);

/** A registry with every metric of METRICS and Node's default process metrics. */
export function createMetrics(): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let readOutbox: OutboxGauges = async () => undefined;
  /** One scrape reads the outbox once for its three gauges (a read is reused for a second). */
  let reading: { at: number; state: ReturnType<OutboxGauges> } | undefined;
  const outboxNow = () => {
    if (!reading || Date.now() - reading.at > 1000) reading = { at: Date.now(), state: readOutbox() };
    return reading.state;
  };

  const made = {} as Record<MetricName, Counter | Histogram | Gauge>;
  for (const [name, spec] of Object.entries(METRICS) as [MetricName, MetricSpec][]) {
    const common = { name, help: spec.help, labelNames: [...spec.labels], registers: [registry] };
    if (spec.kind === 'counter') made[name] = new Counter(common);
    else if (spec.kind === 'histogram') made[name] = new Histogram({ ...common, buckets: [...(spec.buckets ?? DURATION_BUCKETS)] });
    else {
      const field = {
        outbox_pending_leads: 'pending',
        outbox_dead_letters: 'dead',
        outbox_oldest_pending_age_seconds: 'oldestPendingAgeSeconds',
      }[name as 'outbox_pending_leads'] as 'pending' | 'dead' | 'oldestPendingAgeSeconds';
      made[name] = new Gauge({
        ...common,
        async collect() {
          // A database that cannot be read leaves the gauge out of this scrape (its absence alerts), never a made-up 0.
          const state = await outboxNow().catch(() => undefined);
          if (state) this.set(state[field]);
          // remove(), not reset(): prom-client's reset() of a gauge without labels sets it to 0.
          else this.remove({});
        },
      });
    }
  }
  const inc = <N extends MetricName>(name: N, labels: Values<N>) => (made[name] as Counter).inc(labels as Record<string, string | number>);
  const observe = <N extends MetricName>(name: N, labels: Values<N>, value: number) =>
    (made[name] as Histogram).observe(labels as Record<string, string | number>, value);

  return {
    registry,
    request: (route, method, status, seconds) =>
      observe(
        'http_server_request_duration_seconds',
        { http_route: route, http_request_method: method, http_response_status_code: status },
        seconds,
      ),
    pageCache: (outcome) => inc('page_cache_lookups_total', { outcome }),
    contentRead(endpoint, outcome, seconds) {
      inc('content_reads_total', { endpoint, outcome });
      observe('content_read_duration_seconds', { endpoint, outcome }, seconds);
    },
    staleServed: (route) => inc('pages_stale_served_total', { http_route: route }),
    submission: (endpoint, form, outcome) => inc('form_submissions_total', { endpoint, form, outcome }),
    delivery(outcome, seconds) {
      inc('outbox_deliveries_total', { outcome });
      observe('outbox_delivery_duration_seconds', { outcome }, seconds);
    },
    vital(name, route, value) {
      const metric = VITAL_METRIC[name];
      (made[metric] as Histogram).observe({ http_route: route }, IN_MILLISECONDS.has(name) ? value / 1000 : value);
    },
    outbox(gauges) {
      readOutbox = gauges;
      reading = undefined;
    },
  };
}
