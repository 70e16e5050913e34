import type { ApiClient } from '../../platform/api';
import { onErrorReported } from '../../platform/report-error';

/**
 * The browser's counters (platform §7), exported by the server at `/metrics` as
 * `lectern_client_events_total{key, tags}`. Keys are lower-case words joined by dots or
 * underscores; tags stay few and low-cardinality (a page or module name, a source), never an
 * id or a URL, since each distinct pair is a time series.
 */
export const METRIC_KEYS = {
  /** An error reached the page: reported (a failed start-up, page module, save…), uncaught, or an unhandled rejection. */
  error: 'web.error',
  /** The app moved the visitor on by itself (a route replaced, not pushed: login `next`, guards). */
  redirect: 'web.redirect',
  /** A lazily loaded page module rendered. */
  render: 'web.render',
  /** A route change (the same moments as the PageView event, whatever the consent). */
  pageView: 'web.page_view',
} as const;
export type MetricKey = (typeof METRIC_KEYS)[keyof typeof METRIC_KEYS];
export type MetricTags = Readonly<Record<string, string>>;

/** Plain root base (platform §7), CSRF through the API client. */
export const CLIENT_METRICS_PATH = '/visits/me/datadog-increment-logs/';

/** The server's bounds (tag values of at most 64 characters). */
const MAX_TAG_VALUE_LENGTH = 64;
/**
 * A page stuck in an error loop must not flood the server: each key is sent at most this
 * many times per page load; a real page load counts far fewer.
 */
export const MAX_SENDS_PER_KEY = 100;

export type MetricSender = (body: { key: MetricKey; tags: string }) => Promise<unknown>;

/** Sends through the app's API client (`POST /visits/me/datadog-increment-logs/`, 204). */
export function apiMetricSender(api: ApiClient): MetricSender {
  return (body) => api.post(CLIENT_METRICS_PATH, body, { base: 'root' });
}

/**
 * Counter increments, fire-and-forget: a failed send is dropped silently (not even
 * reported, so a broken metrics endpoint can never feed the error counter or the page).
 * Counters carry no identifier and nothing is stored on the device, so they need no consent.
 */
export class MetricsClient {
  private readonly sends = new Map<MetricKey, number>();

  constructor(private readonly send: MetricSender) {}

  increment(key: MetricKey, tags: MetricTags = {}): void {
    const count = this.sends.get(key) ?? 0;
    if (count >= MAX_SENDS_PER_KEY) return;
    this.sends.set(key, count + 1);
    const bounded = Object.fromEntries(
      Object.entries(tags).map(([name, value]) => [name, value.slice(0, MAX_TAG_VALUE_LENGTH)]),
    );
    try {
      void this.send({ key, tags: JSON.stringify(bounded) }).catch(() => undefined);
    } catch {
      // A sender that throws synchronously must not break the caller either.
    }
  }
}

/**
 * Counts errors that escape every handler (`error` and `unhandledrejection` on the window).
 * Returns the function that stops counting.
 */
export function countUncaughtErrors(metrics: MetricsClient, win: Window = window): () => void {
  const onError = () => metrics.increment(METRIC_KEYS.error, { source: 'uncaught' });
  const onRejection = () => metrics.increment(METRIC_KEYS.error, { source: 'unhandled_rejection' });
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/**
 * Counts every error the app reports (`reportError`: failed start-up, page modules, saves,
 * loaders), tagged by where it happened. Returns the function that stops counting.
 */
export function countReportedErrors(metrics: MetricsClient): () => void {
  return onErrorReported((_error, context) => {
    const where = context?.module !== undefined ? 'page_module' : context?.step;
    metrics.increment(METRIC_KEYS.error, { source: typeof where === 'string' ? where : 'reported' });
  });
}
