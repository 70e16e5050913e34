import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import type { Scenario } from './scenarios.js';
import type { Session } from './session.js';

export interface LoadSettings {
  /** Seconds measured. */
  duration: number;
  /** Seconds run first and thrown away (JIT, pool, caches). */
  warmup: number;
  connections: number;
}

export interface Measurement {
  scenario: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestFor(baseUrl: string, scenario: Scenario, session: Session | undefined) {
  const method = scenario.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (scenario.as === 'learner') {
    if (!session) throw new Error(`scenario "${scenario.name}" needs the learner session`);
    headers.cookie = session.cookie;
    if (UNSAFE.has(method)) headers['x-csrftoken'] = session.csrfToken;
  }
  let body: string | undefined;
  if (scenario.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(scenario.body);
  }
  return { url: `${baseUrl}${scenario.path}`, method, headers, ...(body === undefined ? {} : { body }) };
}

function failures(result: Result): string | undefined {
  if (result.non2xx === 0 && result.errors === 0) return undefined;
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}x ${code}`)
    .join(', ');
  return `${result.non2xx} non-2xx responses (${codes || 'none'}), ${result.errors} errors (${result.timeouts} timeouts)`;
}

/** Sends one request first so a broken scenario fails fast with the server's own answer. */
async function probe(request: ReturnType<typeof requestFor>, name: string): Promise<void> {
  const response = await fetch(request.url, request);
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `scenario "${name}": ${request.method} ${request.url} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
}

export async function measure(
  baseUrl: string,
  scenario: Scenario,
  session: Session | undefined,
  settings: LoadSettings,
): Promise<Measurement> {
  const request = requestFor(baseUrl, scenario, session);
  await probe(request, scenario.name);

  const run = async (duration: number, phase: string): Promise<Result> => {
    const result = await autocannon({ ...request, connections: settings.connections, duration });
    // autocannon hangs up on requests still in flight; let the server finish them so they
    // neither eat into the next run nor hit a closing database pool at shutdown.
    await sleep(1000);
    const failed = failures(result);
    if (failed) throw new Error(`scenario "${scenario.name}" (${phase}): ${failed}`);
    return result;
  };

  if (settings.warmup > 0) await run(settings.warmup, 'warm-up');
  const result = await run(settings.duration, 'measured');
  return {
    scenario: scenario.name,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}
