import { z } from 'zod';
import { MAX_DATABASE_ID } from '../api/database-id.js';
import { adminFilter, adminPageQueryShape, isTypedText, type AdminPage } from './admin-list.js';

/**
 * Outgoing webhooks (issue 33): the events Lectern announces to endpoints the staff register,
 * what `/api-2.0/admin/webhooks/` and `/api-2.0/admin/webhook-deliveries/` take and answer, and
 * the rules both sides check (URL shape, event names).
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'subscription.created',
  'subscription.renewed',
  'subscription.payment_failed',
  'subscription.cancelled',
  'subscription.expired',
  'gift.redeemed',
  'customer.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, as the back office and the docs say it. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEventType, string>> = {
  'order.paid': 'An order was paid (or completed free): its lines, amounts and tax.',
  'order.refunded': 'One course of an order was refunded (to the card and/or account credit).',
  'subscription.created': 'A plan was started (a trial or a paid first period).',
  'subscription.renewed': 'A plan’s invoice was paid: a renewal, or the first period after a trial.',
  'subscription.payment_failed': 'A plan’s invoice could not be charged (dunning retries follow).',
  'subscription.cancelled': 'A plan was cancelled; it runs to the end of its paid period.',
  'subscription.expired': 'A plan ended: cancelled and past its period, or unpaid after dunning.',
  'gift.redeemed': 'A gifted course was redeemed by its recipient.',
  'customer.created': 'An account was created (sign-up or guest checkout).',
};

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** `pending` (waiting for its turn or its next retry), `succeeded` (a 2xx answer) or `failed` (gave up). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (one v1 per valid secret). */
export const WEBHOOK_SIGNATURE_HEADER = 'Lectern-Signature';
/** Endpoint secrets start with this, as Stripe's do. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How long a delivery is retried after its event before it is marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** How long an attempt waits for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most endpoints the marketplace may register (each event is sent to every subscriber). */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

// ---------------------------------------------------------------------------------------------
// Paths

/** The server's routes (full paths). */
export const ADMIN_WEBHOOKS_API_PATH = '/api-2.0/admin/webhooks/';
export const ADMIN_WEBHOOK_DELIVERIES_API_PATH = '/api-2.0/admin/webhook-deliveries/';
/** What the web app asks, under the API's base (`/api-2.0`). */
export const adminWebhooksApiPath = () => '/admin/webhooks/';
export const adminWebhookApiPath = (id: number) => `/admin/webhooks/${id}/`;
export const adminWebhookDeliveriesApiPath = (id: number) => `/admin/webhooks/${id}/deliveries/`;
export const adminWebhookRollSecretApiPath = (id: number) => `/admin/webhooks/${id}/roll-secret/`;
export const adminWebhookDeliveryApiPath = (id: number) => `/admin/webhook-deliveries/${id}/`;
export const adminWebhookResendApiPath = (id: number) => `/admin/webhook-deliveries/${id}/resend/`;

// ---------------------------------------------------------------------------------------------
// Input

/**
 * What is wrong with an endpoint URL's shape (null: nothing): http or https, a host, no user
 * name or password, no fragment. Where it points (private addresses) is the server's check.
 */
export function webhookUrlProblem(value: string): string | null {
  // Parsed by hand: the domain runs without the URL class's types (no DOM, no Node).
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)(#.*)?$/.exec(value);
  if (!match || /\s/.test(value)) return 'Enter a full URL, such as https://example.com/lectern/webhooks.';
  const [, scheme, authority, , fragment] = match;
  if (!/^https?$/i.test(scheme!)) return 'The URL must start with https://.';
  if (authority!.includes('@')) return 'Leave the user name and password out of the URL.';
  const host = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(authority!);
  if (!host) return 'The URL must name a host (and maybe a port).';
  if (host[2] !== undefined && (Number(host[2]) < 1 || Number(host[2]) > 65_535)) {
    return 'The port must be between 1 and 65535.';
  }
  if (fragment !== undefined) return 'Leave the #fragment out of the URL.';
  return null;
}

const urlSchema = z
  .string({ error: 'Enter the endpoint’s URL.' })
  .trim()
  .min(1, 'Enter the endpoint’s URL.')
  .max(WEBHOOK_URL_MAX_LENGTH, `A URL is at most ${WEBHOOK_URL_MAX_LENGTH} characters.`)
  .superRefine((value, context) => {
    const problem = webhookUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const descriptionSchema = z
  .string({ error: 'Description must be text.' })
  .trim()
  .max(500, 'A description is at most 500 characters.')
  .refine(isTypedText, 'The description must not contain control characters.');

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose events from the list.' }), {
    error: 'Events must be a list.',
  })
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length, 'Choose events from the list.')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** `POST /api-2.0/admin/webhooks/`. */
export const webhookEndpointInputSchema = z.object({
  url: urlSchema,
  description: descriptionSchema.default(''),
  events: eventsSchema,
  enabled: z.boolean({ error: 'enabled must be true or false.' }).default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** `PATCH /api-2.0/admin/webhooks/{id}/`: what is given changes. */
export const webhookEndpointPatchSchema = z
  .object({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Change at least one of url, description, events, enabled.',
  });
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>;

/** `GET /api-2.0/admin/webhooks/{id}/deliveries/`. */
export const webhookDeliveriesQuerySchema = z.object({
  page: adminPageQueryShape.page,
  page_size: adminPageQueryShape.page_size,
  status: adminFilter(z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Choose a delivery status.' })),
  event_type: adminFilter(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose an event type.' })),
});

/** A path's webhook endpoint or delivery id. */
export const webhookIdSchema = z.coerce
  .number({ error: 'The id must be a number.' })
  .int('The id must be a whole number.')
  .min(1, 'The id must be positive.')
  .max(MAX_DATABASE_ID, 'There is no such id.');

// ---------------------------------------------------------------------------------------------
// Answers

/** A registered endpoint. Its secret is never in an answer except when made (create, roll). */
export interface AdminWebhookEndpoint {
  id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** The secret's last four characters, to tell which one a receiver holds. */
  secret_hint: string;
  /** Until when the secret before the last roll still signs too (null: none). */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** Deliveries waiting (for their turn or a retry), and failed in the last 24 hours. */
  pending: number;
  failed_recently: number;
  last_delivery: { at: string; status: WebhookDeliveryStatus } | null;
}

/** The answer of create and roll: the endpoint and its new secret, shown this once. */
export interface AdminWebhookEndpointWithSecret {
  endpoint: AdminWebhookEndpoint;
  secret: string;
}

export interface AdminWebhookEndpointList {
  count: number;
  results: AdminWebhookEndpoint[];
}

export interface AdminWebhookAttempt {
  number: number;
  started_at: string;
  /** Null while it is in flight, or when the server stopped before it was answered. */
  duration_ms: number | null;
  response_status: number | null;
  /** The first 4 KB of the answer's body. */
  response_body: string | null;
  /** Why no answer counted (timeout, refused address, connection error). */
  error: string | null;
}

export interface AdminWebhookDelivery {
  id: number;
  endpoint_id: number;
  event: { id: string; type: WebhookEventType; created_at: string };
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  completed_at: string | null;
  /** The delivery this one re-sends (null: the event's own). */
  resend_of: number | null;
  last_attempt: AdminWebhookAttempt | null;
}

export interface AdminWebhookDeliveryDetail extends AdminWebhookDelivery {
  /** What each attempt posts (the signature header differs per attempt, by its time). */
  request: { url: string; headers: Record<string, string>; body: string };
  attempts_list: AdminWebhookAttempt[];
}

export type AdminWebhookDeliveriesPage = AdminPage<AdminWebhookDelivery>;
