/**
 * Field Core Web Vitals: Google's `web-vitals` library measures LCP, CLS, INP and TTFB of the
 * real visit, and each report goes to the site's own analytics property as a GA4 event, the way
 * the library's README and web.dev ("Measure and debug performance with Google Analytics 4")
 * send them: the metric's name as the event name, `value` the delta (so values sum per page
 * view), `metric_id` to group one page view's reports, its value, delta and rating; and the
 * visit's segment, so a publisher can compare browser families and devices (docs/publishers.md).
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { isMobile, isSafari } from '../shared/user-agent';
import type { Gtag } from './gtag';

export type VitalsReport = Pick<Metric, 'name' | 'value' | 'delta' | 'id' | 'rating'>;

/** Who measured: the browser family by the spec's Safari rule, the device class by its mobile pattern. */
export interface VitalsSegment {
  readonly browser_family: 'safari' | 'other';
  readonly device_class: 'mobile' | 'desktop';
}

/** The segment of a user agent. Pure. */
export function vitalsSegmentOf(userAgent: string): VitalsSegment {
  return { browser_family: isSafari(userAgent) ? 'safari' : 'other', device_class: isMobile(userAgent) ? 'mobile' : 'desktop' };
}

/** The `gtag('event', name, params)` arguments for one report. Pure. */
export function vitalsEventOf(metric: VitalsReport, segment: VitalsSegment): [string, Record<string, string | number>] {
  return [metric.name, { value: metric.delta, metric_id: metric.id, metric_value: metric.value, metric_delta: metric.delta, metric_rating: metric.rating, ...segment }];
}

/**
 * Starts measuring now (the observers are passive and buffered: nothing the visitor sees waits)
 * and sends each report once `analytics` settles with the page's configured gtag: an event
 * queued before `gtag('config', …)` would have no property to go to.
 */
export function wireVitals(analytics: Promise<Gtag>, userAgent: string): void {
  const segment = vitalsSegmentOf(userAgent);
  const send = (metric: Metric) => {
    void analytics.then((gtag) => gtag('event', ...vitalsEventOf(metric, segment)));
  };
  onLCP(send);
  onCLS(send);
  onINP(send);
  onTTFB(send);
}
