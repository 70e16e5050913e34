import { randomUUID } from 'node:crypto';
import {
  COLLECTOR_MAX_BATCH_EVENTS,
  COLLECTOR_MAX_BODY_BYTES,
  COLLECTOR_MESSAGES,
  WEB_TRACKING_CLIENT_KEY,
  collectorUrl,
} from '@lectern/domain';
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { trackingEvents } from './tracking.tables.js';
import { COLLECTOR_LIMITS, UNSTORABLE_TEXT_REASON } from './tracking.service.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ metrics: { port: null, token: METRICS_TOKEN } });
});
afterAll(() => server.stop());

const METRICS_TOKEN = 'tracking-test-metrics-token';
const COLLECTOR = collectorUrl({ client_key: WEB_TRACKING_CLIENT_KEY, client_version: '1.4.0' });

function pageView(overrides: Record<string, unknown> = {}) {
  return {
    type: 'PageView',
    eventId: randomUUID(),
    clientTimestamp: new Date().toISOString(),
    visitorUuid: 'c0ffee00-0000-4000-8000-000000000001',
    trackingSessionId: 'session-1',
    pageKey: 'home',
    url: 'http://localhost:3000/',
    ...overrides,
  };
}

/** Sends a body as the browser's tracking client does: text/plain, and as a beacon, no CSRF header. */
function send(client: TestClient, body: string, url = COLLECTOR) {
  return client.post(url, undefined, {
    rawBody: body,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    csrf: false,
  });
}

async function storedCount(): Promise<number> {
  const [row] = await server.db.select({ value: count() }).from(trackingEvents);
  return row!.value;
}

async function storedRows(eventIds: string[]) {
  return server.db.select().from(trackingEvents).where(inArray(trackingEvents.eventId, eventIds));
}

describe('POST /api-2.0/ecl (the collector)', () => {
  it('stores a valid batch and answers 200 with no failed events', async () => {
    const events = [pageView(), pageView({ pageKey: 'cart', url: 'http://localhost:3000/cart/' })];
    const response = await send(createTestClient(server.app), JSON.stringify(events));
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ failedEvents: [] });
    const rows = await storedRows(events.map((event) => event.eventId));
    expect(rows).toHaveLength(2);
    const first = rows.find((row) => row.eventId === events[0]!.eventId)!;
    expect(first).toMatchObject({
      type: 'PageView',
      clientKey: WEB_TRACKING_CLIENT_KEY,
      clientVersion: '1.4.0',
      userId: null,
      visitorUuid: events[0]!.visitorUuid,
      clientTimestamp: new Date(events[0]!.clientTimestamp),
      payload: events[0],
    });
  });

  it('answers 207 with the index and reason of each refused event and stores the others', async () => {
    const good = [pageView(), pageView()];
    const { url: _url, ...withoutUrl } = pageView();
    const batch = [
      good[0],
      { ...pageView(), type: 'Nope' },
      withoutUrl,
      'page view',
      pageView({ pageKey: 7 }),
      good[1],
    ];
    const response = await send(createTestClient(server.app), JSON.stringify(batch));
    expect(response.statusCode).toBe(207);
    expect(response.data).toEqual({
      failedEvents: [
        { idx: 1, reason: 'unknown event type' },
        { idx: 2, reason: 'missing field "url"' },
        { idx: 3, reason: 'event must be an object' },
        { idx: 4, reason: 'field "pageKey" must be a text of 1 to 200 characters' },
      ],
    });
    const sent = batch.flatMap((event) =>
      typeof event === 'object' && event !== null ? [event.eventId as string] : [],
    );
    const stored = await storedRows(sent);
    expect(stored.map((row) => row.eventId).sort()).toEqual(good.map((event) => event!.eventId).sort());
  });

  it('refuses events holding text PostgreSQL cannot store, and stores the rest', async () => {
    const nul = pageView({ pageKey: 'home\u0000' });
    const loneSurrogate = pageView({ url: 'http://localhost:3000/\ud800/' });
    const pair = pageView({ url: 'http://localhost:3000/\ud83d\ude00/' });
    const good = pageView();
    const response = await send(
      createTestClient(server.app),
      JSON.stringify([nul, good, loneSurrogate, pair]),
    );
    expect(response.statusCode).toBe(207);
    expect(response.data.failedEvents).toEqual([
      { idx: 0, reason: UNSTORABLE_TEXT_REASON },
      { idx: 2, reason: UNSTORABLE_TEXT_REASON },
    ]);
    const stored = await storedRows([nul, good, loneSurrogate, pair].map((event) => event.eventId));
    expect(stored.map((row) => row.eventId).sort()).toEqual([good.eventId, pair.eventId].sort());
    expect(stored.find((row) => row.eventId === pair.eventId)?.payload).toEqual(pair);
  });

  it('stores text sent as \\u escapes as the characters they stand for', async () => {
    const event = pageView();
    const body = JSON.stringify([event]).replace('"home"', '"caf\\u00e9 \\ud83d\\ude00"');
    const response = await send(createTestClient(server.app), body);
    expect(response.statusCode).toBe(200);
    const [row] = await storedRows([event.eventId]);
    expect(row?.payload).toEqual({ ...event, pageKey: 'café 😀' });
  });

  it('takes the user id from the session, never from the event', async () => {
    const client = createTestClient(server.app);
    const login = await client.login('learner@example.com');
    const event = pageView();
    expect((await send(client, JSON.stringify([event]))).statusCode).toBe(200);
    expect((await storedRows([event.eventId]))[0]?.userId).toBe(login.data.me.id);

    const claimed = pageView({ userId: 1 });
    const refused = await send(createTestClient(server.app), JSON.stringify([claimed]));
    expect(refused.statusCode).toBe(207);
    expect(refused.data.failedEvents).toEqual([{ idx: 0, reason: 'unknown field "userId"' }]);
    expect(await storedRows([claimed.eventId])).toEqual([]);
  });

  it('stores a retried batch once', async () => {
    const events = [pageView(), pageView()];
    const client = createTestClient(server.app);
    const before = await storedCount();
    expect((await send(client, JSON.stringify(events))).statusCode).toBe(200);
    // The retry, and a batch repeating one event inside itself.
    expect((await send(client, JSON.stringify(events))).statusCode).toBe(200);
    expect((await send(client, JSON.stringify([events[0], events[0]]))).statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 2);
  });

  it('refuses malformed bodies, non-lists, empty and too long batches with 400, storing nothing', async () => {
    const client = createTestClient(server.app);
    const before = await storedCount();
    const tooMany = Array.from({ length: COLLECTOR_MAX_BATCH_EVENTS + 1 }, () => pageView());
    const cases: [string, string, string][] = [
      [`[${JSON.stringify(pageView())},`, 'malformed_json', COLLECTOR_MESSAGES.malformed],
      ['', 'malformed_json', COLLECTOR_MESSAGES.malformed],
      [JSON.stringify(pageView()), 'validation_error', COLLECTOR_MESSAGES.notAList],
      ['"events"', 'validation_error', COLLECTOR_MESSAGES.notAList],
      ['[]', 'validation_error', COLLECTOR_MESSAGES.emptyBatch],
      [JSON.stringify(tooMany), 'validation_error', COLLECTOR_MESSAGES.tooManyEvents],
    ];
    for (const [body, code, detail] of cases) {
      const response = await send(client, body);
      expect(response.statusCode, body.slice(0, 40)).toBe(400);
      expect(response.data).toEqual({ code, detail });
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses an oversized body with 413, storing nothing', async () => {
    const client = createTestClient(server.app);
    const before = await storedCount();
    // Valid events padded with whitespace just past the limit (the domain's check) …
    const events = JSON.stringify([pageView(), pageView()]);
    const justOver = `${events}${' '.repeat(COLLECTOR_MAX_BODY_BYTES + 1 - events.length)}`;
    const over = await send(client, justOver);
    expect(over.statusCode).toBe(413);
    expect(over.data).toEqual({ code: 'payload_too_large', detail: COLLECTOR_MESSAGES.tooLarge });
    // … and far past it (cut off while reading).
    const far = await send(client, `${events}${' '.repeat(4 * COLLECTOR_MAX_BODY_BYTES)}`);
    expect(far.statusCode).toBe(413);
    expect(far.data.code).toBe('payload_too_large');
    expect(await storedCount()).toBe(before);
  });

  it('rejects an unknown client key or a missing client version', async () => {
    const client = createTestClient(server.app);
    const before = await storedCount();
    const body = JSON.stringify([pageView()]);
    const unknown = await send(
      client,
      body,
      collectorUrl({ client_key: 'someone-else', client_version: '1' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data).toEqual({
      code: 'validation_error',
      detail: `client_key: ${COLLECTOR_MESSAGES.unknownClientKey}`,
      field_errors: { client_key: [COLLECTOR_MESSAGES.unknownClientKey] },
    });
    const noKey = await send(client, body, '/api-2.0/ecl?client_version=1');
    expect(noKey.data.field_errors).toEqual({ client_key: [COLLECTOR_MESSAGES.unknownClientKey] });
    const noVersion = await send(client, body, `/api-2.0/ecl?client_key=${WEB_TRACKING_CLIENT_KEY}`);
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.data.field_errors).toEqual({
      client_version: [COLLECTOR_MESSAGES.missingClientVersion],
    });
    // Too long is not "required": the message says what is wrong, with the limit.
    const longVersion = await send(
      client,
      body,
      collectorUrl({ client_key: WEB_TRACKING_CLIENT_KEY, client_version: '1'.repeat(65) }),
    );
    expect(longVersion.statusCode).toBe(400);
    expect(longVersion.data.field_errors).toEqual({
      client_version: ['client_version is at most 64 characters.'],
    });
    expect(await storedCount()).toBe(before);
  });
});

describe('POST /visits/me/datadog-increment-logs/ (browser counters)', () => {
  const PATH = '/visits/me/datadog-increment-logs/';

  async function counterLine(pattern: RegExp): Promise<string | undefined> {
    const metrics = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return metrics.body.split('\n').find((line) => pattern.test(line));
  }

  it('counts a key with its tags, shown at /metrics', async () => {
    const client = createTestClient(server.app);
    const tags = JSON.stringify({ page: 'home', status: 200 });
    expect((await client.post(PATH, { key: 'page_view.render', tags })).statusCode).toBe(204);
    // The same tags in another order are the same series.
    const reordered = JSON.stringify({ status: '200', page: 'home' });
    expect((await client.post(PATH, { key: 'page_view.render', tags: reordered })).statusCode).toBe(204);
    expect(await counterLine(/^lectern_client_events_total\{key="page_view\.render"/)).toBe(
      'lectern_client_events_total{key="page_view.render",tags="page:home,status:200"} 2',
    );
    expect((await client.post(PATH, { key: 'redirect' })).statusCode).toBe(204);
    expect(await counterLine(/^lectern_client_events_total\{key="redirect"/)).toBe(
      'lectern_client_events_total{key="redirect",tags=""} 1',
    );
  });

  it('refuses a bad key or bad tags with field errors and counts nothing', async () => {
    const client = createTestClient(server.app);
    const cases: [unknown, string][] = [
      [{ key: 'Page View' }, 'key'],
      [{ tags: '{}' }, 'key'],
      [{ key: 'errors', tags: 'page:home' }, 'tags'],
      [{ key: 'errors', tags: '["home"]' }, 'tags'],
      [{ key: 'errors', tags: JSON.stringify({ page: { nested: true } }) }, 'tags'],
      [{ key: 'errors', tags: JSON.stringify({ 'Bad Name': 'x' }) }, 'tags'],
      [
        { key: 'errors', tags: JSON.stringify(Object.fromEntries('abcdefghi'.split('').map((c) => [c, c]))) },
        'tags',
      ],
      [{ key: 'errors', tags: { page: 'home' } }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const response = await client.post(PATH, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.data.field_errors)).toEqual([field]);
    }
    expect(await counterLine(/^lectern_client_events_total\{key="errors"/)).toBeUndefined();
  });
});

/**
 * Counts `times` batches of `subject` in the collector's real limit, as if sent just before,
 * in a fresh minute window: the limit's window is a minute of database time, weighted as a
 * sliding window, so hundreds of requests sent one by one under load could straddle its
 * boundary and let the previous window's share slide out (more than the limit would pass).
 */
async function countedEarlier(
  name: 'collector.address' | 'collector.visitor',
  subject: string,
  times: number,
) {
  const limits = name === 'collector.address' ? COLLECTOR_LIMITS.perAddress : COLLECTOR_LIMITS.perVisitor;
  await inFreshWindow(limits.windowMs, 10_000);
  await createAttemptLimiter(server.db, { name, ...limits }).record(subject, times);
}

/** Waits for the next window of database time unless at least `neededMs` of the current one are left. */
async function inFreshWindow(windowMs: number, neededMs: number) {
  const interval = `${windowMs} milliseconds`;
  const [clock] = rowsOf<{ left_ms: number | string }>(
    await server.db.execute(sql`
      select ${windowMs} - extract(epoch from now() - date_bin(${interval}::interval, now(), timestamptz 'epoch')) * 1000
        as left_ms`),
  );
  const leftMs = Number(clock!.left_ms);
  if (leftMs < neededMs) await new Promise((resolve) => setTimeout(resolve, leftMs + 100));
}

/** What the limit `name` counted for `subject` in the current window (the collector's KiB, its batches). */
async function countedNow(name: string, subject: string, windowMs: number): Promise<number> {
  const [row] = rowsOf<{ hits: number | string }>(
    await server.db.execute(sql`
      select coalesce(sum(hits), 0) as hits from rate_limit_hits
      where key = ${`${name}:${subject}`}
        and window_start = date_bin(${`${windowMs} milliseconds`}::interval, now(), timestamptz 'epoch')`),
  );
  return Number(row!.hits);
}

describe('the collector against abuse (hardening)', () => {
  it('dedupes event ids per visitor, not globally: another visitor may reuse an id', async () => {
    const eventId = randomUUID();
    const mine = pageView({ eventId, visitorUuid: 'c0ffee00-0000-4000-8000-00000000d001' });
    const theirs = pageView({ eventId, visitorUuid: 'c0ffee00-0000-4000-8000-00000000d002' });
    const client = createTestClient(server.app, { ip: '10.7.0.1' });
    expect((await send(client, JSON.stringify([mine]))).statusCode).toBe(200);
    // A retried batch stores nothing twice.
    expect((await send(client, JSON.stringify([mine]))).statusCode).toBe(200);
    expect((await send(client, JSON.stringify([theirs]))).statusCode).toBe(200);
    const rows = await storedRows([eventId]);
    expect(rows.map((row) => row.visitorUuid).sort()).toEqual([mine.visitorUuid, theirs.visitorUuid]);
  });

  it('refuses impossible client times in the 207 answer and stores the rest', async () => {
    const future = pageView({ clientTimestamp: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    const ancient = pageView({ clientTimestamp: '2001-01-01T00:00:00.000Z' });
    const fine = pageView();
    const response = await send(
      createTestClient(server.app, { ip: '10.7.0.2' }),
      JSON.stringify([future, fine, ancient]),
    );
    expect(response.statusCode).toBe(207);
    expect(response.data.failedEvents).toEqual([
      { idx: 0, reason: 'clientTimestamp is in the future' },
      { idx: 2, reason: 'clientTimestamp is older than 90 days' },
    ]);
    expect(
      (await storedRows([future.eventId, fine.eventId, ancient.eventId])).map((row) => row.eventId),
    ).toEqual([fine.eventId]);
  });

  it('limits each visitor (60 batches a minute) with a 429 in the error contract', async () => {
    const client = createTestClient(server.app, { ip: '10.7.0.3' });
    const visitorUuid = 'c0ffee00-0000-4000-8000-00000000d003';
    await countedEarlier('collector.visitor', visitorUuid, 55);
    const statuses: number[] = [];
    for (let i = 55; i < 60; i++) {
      statuses.push((await send(client, JSON.stringify([pageView({ visitorUuid })]))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await send(client, JSON.stringify([pageView({ visitorUuid })]));
    expect(refused.statusCode).toBe(429);
    expect(refused.data).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/Too many events/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor on another address is not affected.
    const other = createTestClient(server.app, { ip: '10.7.0.4' });
    expect(
      (await send(other, JSON.stringify([pageView({ visitorUuid: 'c0ffee00-0000-4000-8000-00000000d004' })])))
        .statusCode,
    ).toBe(200);
  });

  it('limits each address (300 batches a minute), whatever visitor ids it makes up', async () => {
    const client = createTestClient(server.app, { ip: '10.7.0.5' });
    await countedEarlier('collector.address', '10.7.0.5', 290);
    let last = 0;
    for (let i = 290; i < 301; i++) {
      const visitorUuid = `c0ffee00-0000-4000-8000-${String(i).padStart(12, '0')}`;
      last = (await send(client, JSON.stringify([pageView({ visitorUuid })]))).statusCode;
      if (i < 300) expect(last).toBe(200);
    }
    expect(last).toBe(429);
  });

  it('bounds each address by bytes (2 MiB a minute) whatever visitor ids it makes up, and counts them', async () => {
    const { max, windowMs } = COLLECTOR_LIMITS.perAddressKib;
    // About 200 KiB a batch (long addresses), every batch from visitors of its own, so only the
    // address's byte budget can refuse them: 10 batches are far below its 300 batches a minute.
    const bigBatch = (batch: number) =>
      JSON.stringify(
        Array.from({ length: 45 }, (_, index) =>
          pageView({
            visitorUuid: `c0ffee00-0000-4000-8001-${String(batch * 100 + index).padStart(12, '0')}`,
            url: `http://localhost:3000/${'a'.repeat(2000)}/`,
            referrer: `http://localhost:3000/${'b'.repeat(2000)}/`,
          }),
        ),
      );
    const kibOf = (body: string) => Math.ceil(Buffer.byteLength(body) / 1024);
    const batches = Array.from({ length: 12 }, (_, batch) => bigBatch(batch));
    const allowed = batches.findIndex(
      (_, index) => batches.slice(0, index + 1).reduce((sum, body) => sum + kibOf(body), 0) > max,
    );
    expect(allowed).toBeGreaterThan(5);
    // A window of its own: the sliding estimate would let a boundary in the middle pass more.
    await inFreshWindow(windowMs, 20_000);

    const client = createTestClient(server.app, { ip: '10.7.0.7' });
    const statuses: number[] = [];
    for (const body of batches.slice(0, allowed + 1)) statuses.push((await send(client, body)).statusCode);
    expect(statuses).toEqual([...Array<number>(allowed).fill(200), 429]);
    // Every byte read was counted, the refused batch's too.
    const counted = batches.slice(0, allowed + 1).reduce((sum, body) => sum + kibOf(body), 0);
    expect(await countedNow('collector.address_kib', '10.7.0.7', windowMs)).toBe(counted);
    expect(await countedNow('collector.address', '10.7.0.7', windowMs)).toBe(allowed + 1);

    // Refused again, even a small batch of a new visitor, until its Retry-After: from memory,
    // with nothing more counted.
    const again = await send(
      client,
      JSON.stringify([pageView({ visitorUuid: 'c0ffee00-0000-4000-8001-ffffffffffff' })]),
    );
    expect(again.statusCode).toBe(429);
    expect(again.data).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/Too many events/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countedNow('collector.address_kib', '10.7.0.7', windowMs)).toBe(counted);

    // Another address sending the same is not affected.
    const other = createTestClient(server.app, { ip: '10.7.0.8' });
    expect((await send(other, batches[allowed]!)).statusCode).toBe(200);
    // Up to 20 s of waiting for a fresh window, then a dozen large batches.
  }, 60_000);

  it('the retention job deletes events older than the retention period and keeps the rest', async () => {
    const old = pageView({ visitorUuid: 'c0ffee00-0000-4000-8000-00000000d005' });
    const recent = pageView({ visitorUuid: 'c0ffee00-0000-4000-8000-00000000d005' });
    const client = createTestClient(server.app, { ip: '10.7.0.6' });
    expect((await send(client, JSON.stringify([old, recent]))).statusCode).toBe(200);
    await server.db
      .update(trackingEvents)
      .set({ receivedAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(inArray(trackingEvents.eventId, [old.eventId]));
    expect(await server.jobs.runNow('tracking.purge')).toBe(true);
    expect((await storedRows([old.eventId, recent.eventId])).map((row) => row.eventId)).toEqual([
      recent.eventId,
    ]);
  });
});
