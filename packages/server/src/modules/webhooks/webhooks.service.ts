import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  type AdminWebhookAttempt,
  type AdminWebhookDeliveriesPage,
  type AdminWebhookDelivery,
  type AdminWebhookDeliveryDetail,
  type AdminWebhookEndpoint,
  type AdminWebhookEndpointList,
  type AdminWebhookEndpointWithSecret,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  type webhookEndpointInputSchema,
  type webhookEndpointPatchSchema,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { notFound, validationError } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { StaffMember } from '../staff/staff-access.js';
import { allowedAddresses, RefusedAddressError } from './webhook-addresses.js';
import { postWebhook, type WebhookAnswer } from './webhook-http.js';
import { webhookNextAttemptAt } from './webhook-retries.js';
import { newWebhookSecret, webhookSignatureHeader } from './webhook-signature.js';
import type {
  AttemptRow,
  ClaimedDelivery,
  DeliveryRow,
  EndpointFigures,
  EndpointRow,
  EventRow,
  WebhooksRepository,
} from './webhooks.repository.js';

/** How long the secret before a roll keeps signing, so receivers can switch over. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;
/** A claim outlives the longest attempt (its timeout) with room to record it. */
const CLAIM_LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;
/** Deliveries sent side by side in one round: each of a different endpoint. */
const BATCH = 10;
/** A run stops claiming after this, well within its job's lease. */
const RUN_BUDGET_MS = 30_000;
/** Events whose deliveries are finished are kept this long for the back office. */
export const EVENTS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT = 'Lectern-Webhooks/1.0';

type EndpointInput = z.output<typeof webhookEndpointInputSchema>;
type EndpointPatch = z.output<typeof webhookEndpointPatchSchema>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The body every attempt of an event posts, the same bytes each time (Stripe's event shape). */
export function eventBody(event: Pick<EventRow, 'publicId' | 'type' | 'createdAt' | 'data'>): string {
  return JSON.stringify({
    id: event.publicId,
    object: 'event',
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: { object: event.data },
  });
}

/** The headers of an attempt made at `at` with these signing secrets. */
function requestHeaders(
  event: Pick<EventRow, 'publicId' | 'type'>,
  signature: string,
): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': USER_AGENT,
    'lectern-event-id': event.publicId,
    'lectern-event-type': event.type,
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature,
  };
}

/** The secrets that sign at `now`: the current one, and the one before a roll while it lasts. */
export function signingSecrets(endpoint: EndpointRow, now: Date): string[] {
  const previousValid =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now;
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

function endpointOf(row: EndpointRow, figures: EndpointFigures | undefined, now: Date): AdminWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((type): type is WebhookEventType =>
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
    ),
    enabled: row.enabled,
    secret_hint: row.secret.slice(-4),
    previous_secret_expires_at:
      row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    pending: figures?.pending ?? 0,
    failed_recently: figures?.failedRecently ?? 0,
    last_delivery: figures?.last
      ? { at: figures.last.at.toISOString(), status: figures.last.status as WebhookDeliveryStatus }
      : null,
  };
}

/** What the audit log keeps of an endpoint (never its secret). */
const snapshotOf = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  secret_hint: row.secret.slice(-4),
});

const attemptOf = (row: AttemptRow): AdminWebhookAttempt => ({
  number: row.number,
  started_at: row.startedAt.toISOString(),
  duration_ms: row.durationMs,
  response_status: row.responseStatus,
  response_body: row.responseBody,
  error: row.error,
});

function deliveryOf(
  delivery: DeliveryRow,
  event: Pick<EventRow, 'publicId' | 'type' | 'createdAt'>,
  lastAttempt: AttemptRow | null,
): AdminWebhookDelivery {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event: {
      id: event.publicId,
      type: event.type as WebhookEventType,
      created_at: event.createdAt.toISOString(),
    },
    status: delivery.status as WebhookDeliveryStatus,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    created_at: delivery.createdAt.toISOString(),
    completed_at: iso(delivery.completedAt),
    resend_of: delivery.resendOf,
    last_attempt: lastAttempt ? attemptOf(lastAttempt) : null,
  };
}

/**
 * Outgoing webhooks (issue 33): the staff's endpoints (each change audited in its transaction)
 * and the sender. Events and their deliveries are written by triggers in the transactions of the
 * changes (migration 0024); the sender claims each endpoint's oldest pending delivery, posts it
 * signed, and records the attempt: a 2xx answer finishes it, anything else is retried with
 * back-off for three days, and the endpoint's next delivery waits meanwhile.
 */
export function createWebhooks(deps: {
  db: Database;
  clock: Clock;
  audit: AdminAudit;
  repository: WebhooksRepository;
  log: FastifyBaseLogger;
  /** Production refuses endpoints on loopback, private and reserved addresses, and plain http. */
  production: boolean;
}) {
  const { db, clock, audit, repository, log, production } = deps;
  const instance = randomUUID();

  /** 400 on `url` when production may not send there (SSRF); checked again at every attempt. */
  async function checkDestination(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw validationError({ url: ['Enter a full URL, such as https://example.com/lectern/webhooks.'] });
    }
    if (!production) return;
    if (parsed.protocol !== 'https:') throw validationError({ url: ['The URL must start with https://.'] });
    try {
      await allowedAddresses(parsed.hostname, false);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw validationError({ url: [error.message] });
      throw error;
    }
  }

  async function withFigures(rows: EndpointRow[]): Promise<AdminWebhookEndpoint[]> {
    const now = clock.now();
    const figures = await repository.figures(
      rows.map((row) => row.id),
      new Date(now.getTime() - 24 * 60 * 60 * 1000),
    );
    return rows.map((row) => endpointOf(row, figures.get(row.id), now));
  }

  async function endpoint(id: number): Promise<AdminWebhookEndpoint> {
    const row = await repository.endpoint(id);
    if (!row) throw notFound(`There is no webhook endpoint ${id}.`);
    return (await withFigures([row]))[0]!;
  }

  async function lockedEndpoint(tx: Database, id: number): Promise<EndpointRow> {
    const row = await repository.endpoint(id, tx, true);
    if (!row) throw notFound(`There is no webhook endpoint ${id}.`);
    return row;
  }

  async function delivery(id: number): Promise<AdminWebhookDeliveryDetail> {
    const found = await repository.delivery(id);
    if (!found) throw notFound(`There is no webhook delivery ${id}.`);
    const attempts = await repository.attempts(id);
    const body = eventBody(found.event);
    return {
      ...deliveryOf(found.delivery, found.event, attempts.at(-1) ?? null),
      request: {
        url: found.endpoint.url,
        headers: requestHeaders(found.event, 't=<time of the attempt>,v1=<HMAC-SHA256 of "t.body">'),
        body,
      },
      attempts_list: attempts.map(attemptOf),
    };
  }

  /** One claimed delivery: posted (unless its address is refused), its attempt and next state recorded. */
  async function attempt(claimed: ClaimedDelivery, token: string): Promise<void> {
    const { delivery: row, endpoint: target, event } = claimed;
    const body = eventBody(event);
    const startedAt = clock.now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const signature = webhookSignatureHeader(signingSecrets(target, startedAt), timestamp, body);
    let answer: WebhookAnswer;
    try {
      answer = await postWebhook({
        url: target.url,
        headers: requestHeaders(event, signature),
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        allowPrivate: !production,
      });
    } catch (error) {
      answer = { status: null, body: null, durationMs: 0, error: String(error).slice(0, 500) };
    }
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const at = clock.now();
    const next = ok ? null : webhookNextAttemptAt(row.createdAt, row.attempts, at);
    const recorded = await repository.record(
      {
        id: claimed.attemptId,
        durationMs: answer.durationMs,
        status: answer.status,
        body: answer.body,
        error: answer.error,
      },
      {
        id: row.id,
        token,
        next: ok
          ? { status: 'succeeded', completedAt: at, nextAttemptAt: null }
          : next === null
            ? { status: 'failed', completedAt: at, nextAttemptAt: null }
            : { nextAttemptAt: next },
      },
    );
    if (!recorded)
      log.warn({ delivery: row.id }, 'webhook delivery was taken over before its answer was recorded');
    if (!ok) {
      log.info(
        {
          delivery: row.id,
          endpoint: target.id,
          status: answer.status,
          error: answer.error,
          gaveUp: next === null,
        },
        'webhook delivery attempt failed',
      );
    }
  }

  return {
    async list(): Promise<AdminWebhookEndpointList> {
      const results = await withFigures(await repository.endpoints());
      return { count: results.length, results };
    },

    endpoint,

    async create(staff: StaffMember, input: EndpointInput): Promise<AdminWebhookEndpointWithSecret> {
      await checkDestination(input.url);
      const secret = newWebhookSecret();
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        // One creation at a time: the count below stays true until this commits.
        await tx.execute(sql`lock table webhook_endpoints in share row exclusive mode`);
        if ((await repository.endpointCount(tx)) >= WEBHOOK_ENDPOINTS_MAX) {
          throw validationError(
            {
              url: [
                `The marketplace has ${WEBHOOK_ENDPOINTS_MAX} endpoints, the most it may have: delete one first.`,
              ],
            },
            'Too many webhook endpoints.',
          );
        }
        const row = await repository.insertEndpoint(tx, {
          url: input.url,
          description: input.description,
          events: input.events,
          enabled: input.enabled,
          secret,
          createdBy: staff.userId,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(tx, {
          actor: staff,
          action: 'webhook_endpoint.created',
          objectType: 'webhook_endpoint',
          objectId: row.id,
          summary: `Registered the webhook endpoint ${row.url}`,
          after: snapshotOf(row),
        });
        return row;
      });
      return { endpoint: (await withFigures([created]))[0]!, secret };
    },

    async update(staff: StaffMember, id: number, patch: EndpointPatch): Promise<AdminWebhookEndpoint> {
      if (patch.url !== undefined) await checkDestination(patch.url);
      const updated = await db.transaction(async (tx) => {
        const before = await lockedEndpoint(tx, id);
        const row = await repository.updateEndpoint(tx, id, {
          ...(patch.url !== undefined ? { url: patch.url } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.events !== undefined ? { events: patch.events } : {}),
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
          updatedAt: clock.now(),
        });
        const toggled = patch.enabled !== undefined && patch.enabled !== before.enabled;
        const onlyToggled = toggled && Object.keys(patch).every((key) => key === 'enabled');
        await audit.record(tx, {
          actor: staff,
          action: onlyToggled
            ? row.enabled
              ? 'webhook_endpoint.enabled'
              : 'webhook_endpoint.disabled'
            : 'webhook_endpoint.updated',
          objectType: 'webhook_endpoint',
          objectId: id,
          summary: onlyToggled
            ? `${row.enabled ? 'Enabled' : 'Disabled'} the webhook endpoint ${row.url}`
            : `Changed the webhook endpoint ${row.url}`,
          before: snapshotOf(before),
          after: snapshotOf(row),
        });
        return row;
      });
      return (await withFigures([updated]))[0]!;
    },

    async remove(staff: StaffMember, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockedEndpoint(tx, id);
        await repository.deleteEndpoint(tx, id);
        await audit.record(tx, {
          actor: staff,
          action: 'webhook_endpoint.deleted',
          objectType: 'webhook_endpoint',
          objectId: id,
          summary: `Deleted the webhook endpoint ${before.url}`,
          before: snapshotOf(before),
        });
      });
    },

    /** A new secret, shown this once; the old one signs too for PREVIOUS_SECRET_MS. */
    async rollSecret(staff: StaffMember, id: number): Promise<AdminWebhookEndpointWithSecret> {
      const secret = newWebhookSecret();
      const now = clock.now();
      const rolled = await db.transaction(async (tx) => {
        const before = await lockedEndpoint(tx, id);
        const row = await repository.updateEndpoint(tx, id, {
          secret,
          previousSecret: before.secret,
          previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_MS),
          updatedAt: now,
        });
        await audit.record(tx, {
          actor: staff,
          action: 'webhook_endpoint.secret_rolled',
          objectType: 'webhook_endpoint',
          objectId: id,
          summary: `Rolled the signing secret of the webhook endpoint ${row.url}`,
          before: { secret_hint: before.secret.slice(-4) },
          after: {
            secret_hint: row.secret.slice(-4),
            previous_secret_expires_at: iso(row.previousSecretExpiresAt),
          },
        });
        return row;
      });
      return { endpoint: (await withFigures([rolled]))[0]!, secret };
    },

    async deliveries(
      endpointId: number,
      filter: { status?: WebhookDeliveryStatus; eventType?: WebhookEventType },
      page: { page: number; pageSize: number },
    ): Promise<AdminWebhookDeliveriesPage> {
      if (!(await repository.endpoint(endpointId)))
        throw notFound(`There is no webhook endpoint ${endpointId}.`);
      const { count, rows } = await repository.deliveries(endpointId, filter, {
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
      return {
        count,
        page: page.page,
        page_size: page.pageSize,
        results: rows.map((row) => deliveryOf(row.delivery, row.event, row.lastAttempt)),
      };
    },

    delivery,

    /**
     * Sends a delivery again: one still pending is made due now; a finished one is queued again
     * as a new delivery of the same event (same event id, so receivers can tell it is a repeat),
     * behind the endpoint's other pending deliveries.
     */
    async resend(staff: StaffMember, id: number): Promise<AdminWebhookDeliveryDetail> {
      const now = clock.now();
      const queued = await db.transaction(async (tx) => {
        const found = await repository.delivery(id, tx);
        if (!found) throw notFound(`There is no webhook delivery ${id}.`);
        // Resends of one endpoint are made one at a time, as its deliveries go.
        await lockedEndpoint(tx, found.endpoint.id);
        const again = found.delivery.status === 'pending';
        const target = again ? found.delivery : await repository.insertResend(tx, found.delivery, now);
        if (again) await repository.dueNow(tx, id, now);
        await audit.record(tx, {
          actor: staff,
          action: 'webhook_delivery.resent',
          objectType: 'webhook_endpoint',
          objectId: found.endpoint.id,
          summary: again
            ? `Made the ${found.event.type} delivery #${id} due now`
            : `Re-sent the ${found.event.type} event ${found.event.publicId} (delivery #${id}) as delivery #${target.id}`,
          after: { delivery_id: target.id, event_id: found.event.publicId, resend_of: again ? null : id },
        });
        return target.id;
      });
      return delivery(queued);
    },

    /**
     * Sends what is due, claim by claim, until nothing is due or the run's time is up. Resolves to
     * how many attempts were made.
     */
    async deliverDue(): Promise<number> {
      const started = Date.now();
      let made = 0;
      while (Date.now() - started < RUN_BUDGET_MS) {
        const token = randomUUID();
        const claimed = await repository.claim(clock.now(), BATCH, token, CLAIM_LEASE_MS);
        if (claimed.length === 0) break;
        await Promise.all(claimed.map((one) => attempt(one, token)));
        made += claimed.length;
      }
      if (made > 0) log.debug({ instance, attempts: made }, 'webhook deliveries attempted');
      return made;
    },

    /** Drops finished events past EVENTS_KEPT_MS (their deliveries and attempts with them). */
    purge(): Promise<number> {
      return repository.purge(new Date(clock.now().getTime() - EVENTS_KEPT_MS));
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
