import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Request, type Result } from 'autocannon';
import type { Scenario, Step } from './scenarios.js';
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
  /** For scenarios whose requests carry many items (the collector's batches): items per second. */
  eventsPerSec?: number;
  /** The floor this scenario is compared with (scenarios.ts). */
  floor?: 'read' | 'write';
}

/** Who a connection is: its cookies and the last ETag it was given. */
interface Identity {
  cookie?: string;
  csrfToken?: string;
  etag?: string;
}

/** A CSRF token the server signed (SECRET_KEY): any visitor may echo it; not bound to a session. */
let visitorCsrfToken: string | null = null;

async function signedCsrfToken(baseUrl: string): Promise<string> {
  if (visitorCsrfToken) return visitorCsrfToken;
  const response = await fetch(`${baseUrl}/healthz`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('csrftoken='));
  if (!cookie) throw new Error('GET /healthz set no csrftoken cookie');
  visitorCsrfToken = cookie.slice('csrftoken='.length).split(';')[0]!;
  return visitorCsrfToken;
}

function newIdentity(scenario: Scenario, session: Session | undefined): Identity {
  if (scenario.as === 'learner') {
    if (!session) throw new Error(`scenario "${scenario.name}" needs the learner session`);
    return { cookie: session.cookie, csrfToken: session.csrfToken };
  }
  if (scenario.as === 'visitor') {
    // A visitor of its own: any well-formed visitor cookie, and a signed CSRF token echoed in the header.
    const csrfToken = visitorCsrfToken ?? '';
    return { cookie: `csrftoken=${csrfToken}; lectern_visitor=${randomUUID()}.${Date.now()}`, csrfToken };
  }
  return {};
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestFor(baseUrl: string, scenario: Step, identity: Identity) {
  const method = scenario.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (identity.cookie) headers.cookie = identity.cookie;
  if (identity.csrfToken && UNSAFE.has(method)) headers['x-csrftoken'] = identity.csrfToken;
  if (scenario.ifMatch && identity.etag) headers['if-match'] = identity.etag;
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

/** Sends one request (setup, or a probe so a broken scenario fails fast with the server's own answer). */
async function probe(
  request: ReturnType<typeof requestFor>,
  name: string,
  identity?: Identity,
): Promise<void> {
  const response = await fetch(request.url, request);
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `scenario "${name}": ${request.method} ${request.url} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  const etag = response.headers.get('etag');
  if (identity && etag) identity.etag = etag;
}

/**
 * A sequence of requests per connection (the scenario, then its `then` steps), each connection
 * with an identity of its own taken from a pool for one loop, so ETags carry from one request
 * to the next and on to the next loop. (autocannon resets its per-connection context each loop.)
 */
function sequenceFor(baseUrl: string, scenario: Scenario, session: Session | undefined): Request[] {
  const steps: Step[] = [scenario, ...(scenario.then ?? [])];
  const idle: Identity[] = [];
  return steps.map((step, index) => ({
    method: step.method ?? 'GET',
    path: step.path,
    setupRequest: (request, context) => {
      if (index === 0) context.identity = idle.pop() ?? newIdentity(scenario, session);
      const { method, headers, body } = requestFor(baseUrl, step, context.identity as Identity);
      // Replace the defaults autocannon merged in (the first request's body and headers).
      return { ...request, method, path: step.path, headers, body: body ?? Buffer.alloc(0) };
    },
    onResponse: (_status, _body, context, headers) => {
      const identity = context.identity as Identity | undefined;
      if (!identity) return;
      if (headers.etag) identity.etag = headers.etag;
      if (index === steps.length - 1) idle.push(identity);
    },
  }));
}

export async function measure(
  baseUrl: string,
  scenario: Scenario,
  session: Session | undefined,
  settings: LoadSettings,
): Promise<Measurement> {
  if (scenario.as === 'visitor') await signedCsrfToken(baseUrl);
  const setupIdentity = newIdentity(scenario, session);
  for (const step of scenario.setup ?? []) {
    await probe(requestFor(baseUrl, step, setupIdentity), `${scenario.name} (setup)`, setupIdentity);
  }
  const probeIdentity = newIdentity(scenario, session);
  for (const step of [scenario, ...(scenario.then ?? [])]) {
    await probe(requestFor(baseUrl, step, probeIdentity), scenario.name, probeIdentity);
  }
  const request = requestFor(baseUrl, scenario, newIdentity(scenario, session));
  const sequence =
    scenario.then || scenario.ifMatch || scenario.as === 'visitor'
      ? { requests: sequenceFor(baseUrl, scenario, session) }
      : {};

  const run = async (duration: number, phase: string): Promise<Result> => {
    const result = await autocannon({ ...request, ...sequence, connections: settings.connections, duration });
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
    ...(scenario.floor ? { floor: scenario.floor } : {}),
  };
}
