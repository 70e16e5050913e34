import {
  TRACKING_BEACON_MAX_BYTES,
  TRACKING_TIMINGS,
  utf8ByteLength,
  type TrackingEvent,
} from '@lectern/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackingClient, type TrackingTransport, type TransportResult } from './tracking-client';

const URL = '/api-2.0/ecl?client_key=lectern-web&client_version=test';

function event(n: number, extra: Record<string, unknown> = {}): TrackingEvent {
  return {
    type: 'PageView',
    eventId: `event-${n}`,
    clientTimestamp: '2025-01-01T00:00:00.000Z',
    visitorUuid: 'visitor-1',
    trackingSessionId: 'session-1',
    pageKey: 'home',
    url: 'http://localhost/',
    ...extra,
  } as TrackingEvent;
}

/** A transport whose answers the test decides; records every POST and beacon. */
function transport(answers: (TransportResult | 'hang')[] = []) {
  const posts: { body: TrackingEvent[]; signal: AbortSignal }[] = [];
  const beacons: string[] = [];
  let beaconAccepts = true;
  const t: TrackingTransport = {
    post: (_url, body, signal) => {
      posts.push({ body: JSON.parse(body) as TrackingEvent[], signal });
      const answer = answers.length > 1 ? answers.shift()! : (answers[0] ?? { status: 200 });
      if (answer !== 'hang') return Promise.resolve(answer);
      // Never answers by itself: only the client's timeout ends it.
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ status: null })));
    },
    beacon: (url, body) => {
      expect(url).toBe(URL);
      if (beaconAccepts) beacons.push(body);
      return beaconAccepts;
    },
  };
  return {
    transport: t,
    posts,
    beacons,
    refuseBeacons: () => {
      beaconAccepts = false;
    },
  };
}

describe('TrackingClient (platform §7, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first batch 250 ms after the first event, then every 3 s', async () => {
    const server = transport();
    const client = new TrackingClient({ transport: server.transport, url: URL });
    client.enqueue(event(1));
    client.enqueue(event(2));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs - 1);
    expect(server.posts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.posts.map((post) => post.body.map((e) => e.eventId))).toEqual([['event-1', 'event-2']]);

    client.enqueue(event(3));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.flushIntervalMs - 1);
    expect(server.posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.posts[1]?.body.map((e) => e.eventId)).toEqual(['event-3']);
    // Nothing queued: no empty requests.
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.flushIntervalMs * 3);
    expect(server.posts).toHaveLength(2);
    client.stopTimers();
  });

  it('splits a flush into batches of at most 100 events', async () => {
    const server = transport();
    const client = new TrackingClient({ transport: server.transport, url: URL });
    for (let n = 0; n < 150; n += 1) client.enqueue(event(n));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs);
    expect(server.posts.map((post) => post.body.length)).toEqual([100, 50]);
    client.stopTimers();
  });

  it('retries after 3 s on a server error or no status, at most 3 times', async () => {
    const server = transport([{ status: 503 }, { status: null }, { status: 500 }, { status: 502 }]);
    const dropped = vi.fn();
    const client = new TrackingClient({ transport: server.transport, url: URL, onDropped: dropped });
    client.enqueue(event(1));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs);
    expect(server.posts).toHaveLength(1);
    for (let retry = 1; retry <= TRACKING_TIMINGS.maxRetries; retry += 1) {
      await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.retryDelayMs - 1);
      expect(server.posts).toHaveLength(retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.posts).toHaveLength(retry + 1);
    }
    // The fourth failure is final: three retries, then the batch is given up.
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.retryDelayMs * 5);
    expect(server.posts).toHaveLength(1 + TRACKING_TIMINGS.maxRetries);
    expect(server.posts.every((post) => post.body[0]?.eventId === 'event-1')).toBe(true);
    expect(dropped).toHaveBeenCalledWith([expect.objectContaining({ eventId: 'event-1' })], 'status 502');
    client.stopTimers();
  });

  it('stops retrying once a retry succeeds', async () => {
    const server = transport([{ status: 500 }, { status: 200 }]);
    const client = new TrackingClient({ transport: server.transport, url: URL });
    client.enqueue(event(1));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs + TRACKING_TIMINGS.retryDelayMs);
    expect(server.posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.retryDelayMs * 4);
    expect(server.posts).toHaveLength(2);
    client.stopTimers();
  });

  it('never retries a 4xx', async () => {
    const server = transport([{ status: 400 }]);
    const dropped = vi.fn();
    const client = new TrackingClient({ transport: server.transport, url: URL, onDropped: dropped });
    client.enqueue(event(1));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs + TRACKING_TIMINGS.retryDelayMs * 5);
    expect(server.posts).toHaveLength(1);
    expect(dropped).toHaveBeenCalledWith([expect.objectContaining({ eventId: 'event-1' })], 'status 400');
    client.stopTimers();
  });

  it('reports the events a 207 refused, by index, and does not send them again', async () => {
    const server = transport([
      { status: 207, body: { failedEvents: [{ idx: 1, reason: 'unknown field "x"' }] } },
    ]);
    const dropped = vi.fn();
    const client = new TrackingClient({ transport: server.transport, url: URL, onDropped: dropped });
    client.enqueue(event(1));
    client.enqueue(event(2));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs + TRACKING_TIMINGS.retryDelayMs * 5);
    expect(server.posts).toHaveLength(1);
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(dropped).toHaveBeenCalledWith(
      [expect.objectContaining({ eventId: 'event-2' })],
      'unknown field "x"',
    );
    client.stopTimers();
  });

  it('gives a request up after 20 s and retries it as one without a status', async () => {
    const server = transport(['hang', { status: 200 }]);
    const client = new TrackingClient({ transport: server.transport, url: URL });
    client.enqueue(event(1));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs);
    const first = server.posts[0]!;
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.requestTimeoutMs - 1);
    expect(first.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.retryDelayMs);
    expect(server.posts).toHaveLength(2);
    client.stopTimers();
  });

  it('sends what waits in one beacon when the page is hidden, queued and between retries', async () => {
    const server = transport([{ status: 500 }]);
    const client = new TrackingClient({ transport: server.transport, url: URL });
    const stop = client.start(window);
    client.enqueue(event(1));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.firstFlushMs);
    client.enqueue(event(2));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();

    expect(server.beacons).toHaveLength(1);
    expect((JSON.parse(server.beacons[0]!) as TrackingEvent[]).map((e) => e.eventId).sort()).toEqual([
      'event-1',
      'event-2',
    ]);
    // The pending retry was handed to the beacon, not sent again.
    await vi.advanceTimersByTimeAsync(TRACKING_TIMINGS.retryDelayMs * 5);
    expect(server.posts).toHaveLength(1);
    stop();
  });

  it('cuts a beacon at 64 KiB and keeps the rest, and keeps everything when the beacon is refused', () => {
    const server = transport();
    const client = new TrackingClient({ transport: server.transport, url: URL });
    const padding = 'x'.repeat(1900);
    for (let n = 0; n < 60; n += 1) client.enqueue(event(n, { referrer: `http://localhost/${padding}` }));
    client.flushWithBeacon();
    expect(server.beacons).toHaveLength(1);
    const sent = JSON.parse(server.beacons[0]!) as TrackingEvent[];
    expect(utf8ByteLength(server.beacons[0]!)).toBeLessThanOrEqual(TRACKING_BEACON_MAX_BYTES);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length + client.pending.length).toBe(60);
    expect(client.pending[0]?.eventId).toBe(`event-${sent.length}`);

    server.refuseBeacons();
    const before = client.pending.length;
    client.flushWithBeacon();
    expect(client.pending).toHaveLength(before);
    client.stopTimers();
  });

  it('also flushes on pagehide', () => {
    const server = transport();
    const client = new TrackingClient({ transport: server.transport, url: URL });
    const stop = client.start(window);
    client.enqueue(event(1));
    window.dispatchEvent(new Event('pagehide'));
    expect(server.beacons).toHaveLength(1);
    expect(client.pending).toHaveLength(0);
    stop();
  });
});
