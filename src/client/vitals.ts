/**
 * Field Core Web Vitals: Google's `web-vitals` library measures LCP, CLS, INP and TTFB of the
 * real visit, and each report goes to the site's own analytics property as a GA4 event, the way
 * the library's README and web.dev ("Measure and debug performance with Google Analytics 4")
 * send them: the metric's name as the event name, `value` the delta (so values sum per page
 * view), `metric_id` to group one page view's reports, its value, delta and rating.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Gtag } from './gtag';

export type VitalsReport = Pick<Metric, 'name' | 'value' | 'delta' | 'id' | 'rating'>;

/** The `gtag('event', name, params)` arguments for one report. Pure. */
export function vitalsEventOf(metric: VitalsReport): [string, Record<string, string | number>] {
  return [metric.name, { value: metric.delta, metric_id: metric.id, metric_value: metric.value, metric_delta: metric.delta, metric_rating: metric.rating }];
}

/**
 * Starts measuring now (the observers are passive and buffered: nothing the visitor sees waits)
 * and sends each report once `analytics` settles with the page's configured gtag: an event
 * queued before `gtag('config', …)` would have no property to go to.
 */
export function wireVitals(analytics: Promise<Gtag>): void {
  const send = (metric: Metric) => {
    void analytics.then((gtag) => gtag('event', ...vitalsEventOf(metric)));
  };
  onLCP(send);
  onCLS(send);
  onINP(send);
  onTTFB(send);
}
