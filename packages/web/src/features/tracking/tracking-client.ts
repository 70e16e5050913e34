import {
  COLLECTOR_CONTENT_TYPE,
  COLLECTOR_MAX_BATCH_EVENTS,
  COLLECTOR_MAX_BODY_BYTES,
  isRetriableTrackingStatus,
  TRACKING_BEACON_MAX_BYTES,
  TRACKING_TIMINGS,
  utf8ByteLength,
  type CollectorFailedEvent,
  type TrackingEvent,
} from '@lectern/domain';

/** An answer of the collector: its status, or null when none came (network error, timeout). */
export interface TransportResult {
  status: number | null;
  body?: unknown;
}

/** How batches reach the collector; tests hand in their own. */
export interface TrackingTransport {
  /** POSTs a text/plain body. Never rejects: a failure is `{status: null}`. */
  post(url: string, body: string, signal: AbortSignal): Promise<TransportResult>;
  /** Hands the body to `navigator.sendBeacon`; false when the browser refused it. */
  beacon(url: string, body: string): boolean;
}

/**
 * The browser's transport. The collector is not called through the API client: its path has
 * no trailing slash, its body is text/plain (a "simple" request, like the beacon's) and it
 * needs no CSRF token, all of which the API client would add or refuse.
 */
export function browserTrackingTransport(
  fetchImpl: typeof fetch | undefined = globalThis.fetch?.bind(globalThis),
  nav: Navigator | undefined = globalThis.navigator,
): TrackingTransport {
  return {
    async post(url, body, signal) {
      if (!fetchImpl) return { status: null };
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          body,
          headers: { 'Content-Type': COLLECTOR_CONTENT_TYPE },
          credentials: 'same-origin',
          signal,
        });
        const text = await response.text().catch(() => '');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        return { status: response.status, body: parsed };
      } catch {
        return { status: null };
      }
    },
    beacon(url, body) {
      const blob = new Blob([body], { type: COLLECTOR_CONTENT_TYPE });
      if (typeof nav?.sendBeacon === 'function') {
        try {
          return nav.sendBeacon(url, blob);
        } catch {
          return false;
        }
      }
      // No beacon (old browsers): a keepalive fetch outlives the page the same way.
      if (!fetchImpl) return false;
      void fetchImpl(url, { method: 'POST', body: blob, keepalive: true, credentials: 'same-origin' }).catch(
        () => undefined,
      );
      return true;
    },
  };
}

export type TrackingTimings = Pick<
  typeof TRACKING_TIMINGS,
  'firstFlushMs' | 'flushIntervalMs' | 'requestTimeoutMs' | 'retryDelayMs' | 'maxRetries'
>;

export interface TrackingClientOptions {
  transport: TrackingTransport;
  /** The collector's URL with `client_key` and `client_version`. */
  url: string;
  timings?: TrackingTimings;
  maxBatchEvents?: number;
  maxBodyBytes?: number;
  beaconMaxBytes?: number;
  /** Events the collector refused or that were given up on, with why (reported in development). */
  onDropped?: (events: readonly TrackingEvent[], reason: string) => void;
}

interface PendingRetry {
  batch: TrackingEvent[];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Batches validated events to the collector (platform §7, §9): the first batch leaves 250 ms
 * after the first event, later ones every 3 s; each request gives up after 20 s; a batch that
 * got no status or a server error is sent again after 3 s, at most 3 times; a 4xx is final.
 * When the page is hidden, everything waiting (queued or between retries) goes out at once
 * in one beacon of at most 64 KiB; what does not fit, or a refused beacon, stays queued for
 * the next flush should the page come back.
 */
export class TrackingClient {
  private readonly timings: TrackingTimings;
  private readonly maxBatchEvents: number;
  private readonly maxBodyBytes: number;
  private readonly beaconMaxBytes: number;
  private queue: TrackingEvent[] = [];
  private firstTimer: ReturnType<typeof setTimeout> | null = null;
  private intervalTimer: ReturnType<typeof setInterval> | null = null;
  private flushedOnce = false;
  private readonly retries = new Set<PendingRetry>();

  constructor(private readonly options: TrackingClientOptions) {
    this.timings = options.timings ?? TRACKING_TIMINGS;
    this.maxBatchEvents = options.maxBatchEvents ?? COLLECTOR_MAX_BATCH_EVENTS;
    this.maxBodyBytes = options.maxBodyBytes ?? COLLECTOR_MAX_BODY_BYTES;
    this.beaconMaxBytes = options.beaconMaxBytes ?? TRACKING_BEACON_MAX_BYTES;
  }

  /** Events waiting for the next flush (for tests and diagnostics). */
  get pending(): readonly TrackingEvent[] {
    return this.queue;
  }

  enqueue(event: TrackingEvent): void {
    this.queue.push(event);
    this.schedule();
  }

  /** Sends everything queued now, in batches within the collector's bounds. */
  flush(): void {
    while (this.queue.length > 0) {
      const batch = this.take(this.maxBodyBytes);
      if (batch.length > 0) void this.send(batch, 0);
    }
  }

  /** Hands what is waiting to the beacon (page hidden): queued events and batches between retries. */
  flushWithBeacon(): void {
    for (const retry of this.retries) {
      clearTimeout(retry.timer);
      this.queue.unshift(...retry.batch);
    }
    this.retries.clear();
    if (this.queue.length === 0) return;
    // The keepalive quota is shared by every beacon of the page, so one body, cut at 64 KiB.
    const batch = this.take(this.beaconMaxBytes);
    if (batch.length === 0) return;
    if (!this.options.transport.beacon(this.options.url, JSON.stringify(batch))) this.queue.unshift(...batch);
  }

  /**
   * Listens for the page being hidden (tab switched, closed, navigated away) and starts the
   * timers again if events are waiting. Returns the function that undoes both.
   */
  start(win: Window = window): () => void {
    const onHidden = () => {
      if (win.document.visibilityState === 'hidden') this.flushWithBeacon();
    };
    const onPageHide = () => this.flushWithBeacon();
    win.document.addEventListener('visibilitychange', onHidden);
    win.addEventListener('pagehide', onPageHide);
    if (this.queue.length > 0) this.schedule();
    return () => {
      win.document.removeEventListener('visibilitychange', onHidden);
      win.removeEventListener('pagehide', onPageHide);
      this.stopTimers();
    };
  }

  /** Stops every timer (the app unmounts). Queued events stay queued. */
  stopTimers(): void {
    if (this.firstTimer) clearTimeout(this.firstTimer);
    if (this.intervalTimer) clearInterval(this.intervalTimer);
    this.firstTimer = null;
    this.intervalTimer = null;
    for (const retry of this.retries) clearTimeout(retry.timer);
    this.retries.clear();
  }

  private schedule(): void {
    if (this.firstTimer || this.intervalTimer) return;
    const startInterval = () => {
      this.intervalTimer = setInterval(() => this.flush(), this.timings.flushIntervalMs);
    };
    if (this.flushedOnce) {
      startInterval();
      return;
    }
    this.firstTimer = setTimeout(() => {
      this.firstTimer = null;
      this.flushedOnce = true;
      this.flush();
      startInterval();
    }, this.timings.firstFlushMs);
  }

  /** The longest head of the queue within the event count and `maxBytes` of JSON body. */
  private take(maxBytes: number): TrackingEvent[] {
    const batch: TrackingEvent[] = [];
    let bytes = 2; // "[" and "]"
    while (this.queue.length > 0 && batch.length < this.maxBatchEvents) {
      const event = this.queue[0]!;
      const size = utf8ByteLength(JSON.stringify(event)) + (batch.length > 0 ? 1 : 0);
      if (bytes + size > maxBytes) {
        if (batch.length > 0) break;
        // Cannot happen with validated events (8 KiB each), but never block the queue on one.
        this.queue.shift();
        this.options.onDropped?.([event], 'event is larger than a whole request');
        continue;
      }
      batch.push(event);
      bytes += size;
      this.queue.shift();
    }
    return batch;
  }

  private async send(batch: TrackingEvent[], attempt: number): Promise<void> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), this.timings.requestTimeoutMs);
    let result: TransportResult;
    try {
      result = await this.options.transport.post(this.options.url, JSON.stringify(batch), controller.signal);
    } catch {
      result = { status: null };
    } finally {
      clearTimeout(timeout);
    }
    const { status } = result;
    if (status !== null && status >= 200 && status < 300) {
      if (status === 207) this.reportRefused(batch, result.body);
      return;
    }
    if (isRetriableTrackingStatus(status) && attempt < this.timings.maxRetries) {
      const retry: PendingRetry = {
        batch,
        timer: setTimeout(() => {
          this.retries.delete(retry);
          void this.send(batch, attempt + 1);
        }, this.timings.retryDelayMs),
      };
      this.retries.add(retry);
      return;
    }
    this.options.onDropped?.(batch, status === null ? 'no answer' : `status ${status}`);
  }

  private reportRefused(batch: readonly TrackingEvent[], body: unknown): void {
    const failed = (body as { failedEvents?: CollectorFailedEvent[] } | undefined)?.failedEvents;
    if (!Array.isArray(failed)) return;
    for (const { idx, reason } of failed) {
      const event = batch[idx];
      if (event) this.options.onDropped?.([event], reason);
    }
  }
}
