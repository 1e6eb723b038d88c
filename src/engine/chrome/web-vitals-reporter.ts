/**
 * The Web Vitals reporter, loaded by ./web-vitals.ts after the page is idle, once the visitor's
 * consent allows it: never part of the first load. Google's web-vitals library measures; this
 * module groups what it reports by page view and sends each view's metrics as ONE report to
 * VITALS_ENDPOINT (src/server/vitals.ts), with navigator.sendBeacon (fetch with keepalive where a
 * beacon is refused).
 *
 * A page view is a stretch of time the page shows one path: it begins when the document loads,
 * when a client-side navigation reaches another path (a query change, as pagination, is the same
 * view), when the visitor comes back to the tab, or when the page is restored from the
 * back/forward cache; it ends when the page is hidden (visibilitychange 'hidden', or pagehide) or
 * navigates to another path, and its report goes then, if it measured anything. Each metric goes
 * to the view it belongs to:
 *   - TTFB, FCP and LCP exist for the document's load (or a restore) only: the view it began with.
 *     If the visitor had moved on before this module ran, that view is over and they are dropped.
 *   - CLS: the layout shift that happened during the view (what web-vitals' CLS grew by), 0 for a
 *     view without any once CLS is being measured.
 *   - INP: the page's INP as web-vitals reports it while the view is current (it reports a
 *     change only: a view whose interactions were all quicker than an earlier one has none).
 * A view reports once: what is measured after its report went (or while consent is not given at
 * its end) is dropped, so no metric is counted twice. Nothing identifies the visitor: the report is
 * the path and the numbers.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalsMetrics, VitalsReport } from '../../generated/vitals.ts';
import { VITALS_ENDPOINT } from '../vitals.ts';

export interface ReporterOptions {
  /** The path the document was loaded at. */
  landing: string;
  /** The path shown now (differs from `landing` when the visitor navigated before the reporter ran). */
  path: string;
  /** Whether a report may be sent now (the visitor's consent, read at each send). */
  allowed: () => boolean;
}

export interface Reporter {
  /** A client-side navigation reached `path`. */
  show(path: string): void;
}

interface View {
  path: string;
  metrics: VitalsMetrics;
  ended: boolean;
}

/** Sends one report; a beacon survives the page's unload, fetch with keepalive where a beacon is refused. */
export function sendReport(report: VitalsReport): void {
  const body = JSON.stringify(report);
  try {
    if (navigator.sendBeacon?.(VITALS_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A browser that refuses a JSON beacon throws instead of returning false: fetch below.
  }
  void fetch(VITALS_ENDPOINT, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

export function startReporter(options: ReporterOptions, send: (report: VitalsReport) => void = sendReport): Reporter {
  const begin = (path: string): View => ({ path, metrics: clsMeasured ? { CLS: 0 } : {}, ended: false });
  let clsMeasured = false;
  let view = begin(options.path);
  // The view the load metrics (TTFB, FCP, LCP) belong to; undefined once it is over without them.
  let loadView: View | undefined = options.path === options.landing ? view : undefined;

  const end = (ending: View) => {
    if (ending.ended) return;
    ending.ended = true;
    if (Object.keys(ending.metrics).length > 0 && options.allowed()) send({ path: ending.path, metrics: ending.metrics });
  };
  const record = (target: View | undefined, metric: Metric) => {
    if (target && !target.ended) target.metrics[metric.name as keyof VitalsMetrics] = metric.value;
  };

  onTTFB((metric) => record(loadView, metric));
  onFCP((metric) => record(loadView, metric));
  onLCP((metric) => record(loadView, metric));
  // Every change, so that each view gets what happened while it was current.
  onINP((metric) => record(view, metric), { reportAllChanges: true });
  onCLS(
    (metric) => {
      clsMeasured = true;
      if (!view.ended) view.metrics.CLS = (view.metrics.CLS ?? 0) + metric.delta;
    },
    { reportAllChanges: true },
  );

  // On window, not capturing: web-vitals hears visibilitychange first (on window, capturing) and
  // reports its final CLS, INP and LCP of the view before the view's report is made.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') end(view);
    else if (view.ended) view = begin(view.path);
  });
  addEventListener('pagehide', () => end(view));
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    // Restored from the back/forward cache: web-vitals measures the restore as a new load.
    view = begin(view.path);
    loadView = view;
  });

  return {
    show(path) {
      if (path === view.path) return;
      end(view);
      view = begin(path);
    },
  };
}
