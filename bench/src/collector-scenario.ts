// The collector scenario: `POST /api-2.0/ecl` with batches of 50 valid events, text/plain, as
// the browser's tracking client sends them (no CSRF header, like a beacon). Every request
// carries new event ids, so every event is really inserted (none is skipped as a retry).
// Reported as requests/s and as events/s; afterwards the stored rows are counted, so a
// collector that answered 200 without storing would be caught.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { collectorUrl, WEB_TRACKING_CLIENT_KEY, type TrackingEvent } from '@lectern/domain';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import type { LoadSettings, Measurement } from './measure.js';

export const COLLECTOR_SCENARIO = 'collector POST /ecl (50 events)';
export const EVENTS_PER_BATCH = 50;
const PATH = collectorUrl({ client_key: WEB_TRACKING_CLIENT_KEY, client_version: 'bench' });
/** Stand for an event id and the visitor in the template; JSON keeps them as they are. */
const ID_SLOT = '@@event-id@@';
const VISITOR_SLOT = '4f0c1d2e-3b4a-4c5d-8e6f-000000000000';

/**
 * One batch as a course list page produces it: a page view and 49 course impressions. The
 * JSON is built once with a slot for each event id; a request only fills in the ids, so the
 * load generator spends its time sending, not serializing.
 */
function batchTemplate(): string[] {
  const common = {
    clientTimestamp: new Date().toISOString(),
    visitorUuid: VISITOR_SLOT,
    trackingSessionId: 'bench-session',
  };
  const events: TrackingEvent[] = [
    {
      type: 'PageView',
      eventId: ID_SLOT,
      ...common,
      pageKey: 'category',
      url: 'http://127.0.0.1/courses/development/',
    },
  ];
  for (let position = 0; events.length < EVENTS_PER_BATCH; position += 1) {
    events.push({
      type: 'ItemImpression',
      eventId: ID_SLOT,
      ...common,
      pageKey: 'category',
      itemId: 1 + (position % 64),
      itemType: 'course',
      position,
      backendSource: 'discovery',
      uiRegion: 'course_list',
    });
  }
  return JSON.stringify(events).split(ID_SLOT);
}

/**
 * Fills the template with fresh ids (a run prefix and a counter, unique across the bench run)
 * and a visitor of its own per batch: many visitors, as in production, each well within the
 * collector's per-visitor limit.
 */
function batchMaker(): () => string {
  const parts = batchTemplate();
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  let batches = 0;
  return () => {
    const visitor = `4f0c1d2e-3b4a-4c5d-8e6f-${(batches++).toString(16).padStart(12, '0')}`;
    let body = parts[0]!;
    for (let i = 1; i < parts.length; i += 1) {
      body += `${prefix}-${(next++).toString(36)}${parts[i]}`;
    }
    return body.replaceAll(VISITOR_SLOT, visitor);
  };
}

/** A client address per request (10.x.y.z), named in X-Forwarded-For as a balancer would. */
function addressMaker(): () => string {
  let next = 0;
  return () => {
    const n = next++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

async function storedEvents(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from tracking_events where client_version = 'bench'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Measures the collector; nothing when BENCH_ONLY names another scenario. */
export async function measureCollector(
  baseUrl: string,
  databaseUrl: string,
  settings: LoadSettings,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !COLLECTOR_SCENARIO.includes(only)) return [];
  console.log(
    `measuring ${COLLECTOR_SCENARIO} (${settings.warmup}s warm-up, ${settings.duration}s, ${settings.connections} connections)`,
  );
  const nextBatch = batchMaker();
  const nextAddress = addressMaker();
  const headers = { 'content-type': 'text/plain;charset=UTF-8' };

  // One probe first, so a broken collector fails with its own answer.
  const probe = await fetch(`${baseUrl}${PATH}`, { method: 'POST', headers, body: nextBatch() });
  const probeText = await probe.text();
  if (probe.status !== 200) throw new Error(`collector answered ${probe.status}: ${probeText.slice(0, 300)}`);

  const run = async (duration: number, phase: string): Promise<Result> => {
    const result = await autocannon({
      url: baseUrl,
      connections: settings.connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: PATH,
          headers,
          setupRequest: (request) => ({
            ...request,
            headers: { ...headers, 'x-forwarded-for': nextAddress() },
            body: nextBatch(),
          }),
        },
      ],
    });
    // Let the requests autocannon hung up on finish before the next run (see measure.ts).
    await sleep(1000);
    const other = Object.keys(result.statusCodeStats).filter((code) => code !== '200');
    if (other.length > 0 || result.errors > 0) {
      throw new Error(
        `${COLLECTOR_SCENARIO} (${phase}): answers ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`,
      );
    }
    return result;
  };

  const before = await storedEvents(databaseUrl);
  if (settings.warmup > 0) await run(settings.warmup, 'warm-up');
  const afterWarmup = await storedEvents(databaseUrl);
  const result = await run(settings.duration, 'measured');
  const stored = (await storedEvents(databaseUrl)) - afterWarmup;
  const answered = result.requests.total * EVENTS_PER_BATCH;
  // autocannon does not count requests it hung up on at the end, whose events may be stored.
  if (stored < answered)
    throw new Error(`collector answered 200 for ${answered} events but stored ${stored}`);
  console.log(`  stored ${stored} events in the measured run (${afterWarmup - before} in the warm-up)`);
  return [
    {
      scenario: COLLECTOR_SCENARIO,
      requestsPerSec: result.requests.average,
      eventsPerSec: result.requests.average * EVENTS_PER_BATCH,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      floor: 'write',
    },
  ];
}
