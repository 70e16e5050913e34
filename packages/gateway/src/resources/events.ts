import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { newId, nowSeconds, randomToken } from '../core/ids.js';
import { newestFirst, paginate } from '../core/list.js';
import type { WebhookEndpoint } from '../core/objects.js';
import { mergeMetadata } from '../core/params.js';
import { invalidParam, resourceMissing } from '../core/stripe-error.js';
import { idParam, paramsOf } from './route-helpers.js';

export interface WebhookEndpointInput {
  url: string;
  /** Signing secret; generated (`whsec_…`) when omitted. */
  secret?: string;
  /** Event types to send; `['*']` (the default) for all. */
  events?: string[];
  description?: string;
}

export function addWebhookEndpoint(
  ctx: SandboxContext,
  input: WebhookEndpointInput,
): WebhookEndpoint & { secret: string } {
  const secret = input.secret ?? `whsec_${randomToken(32)}`;
  const endpoint: WebhookEndpoint = {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: ctx.apiVersion,
    created: nowSeconds(),
    description: input.description ?? null,
    enabled_events: input.events ?? ['*'],
    livemode: false,
    metadata: {},
    status: 'enabled',
    url: input.url,
  };
  ctx.store.webhookEndpoints.set(endpoint.id, endpoint);
  ctx.store.webhookSecrets.set(endpoint.id, secret);
  return { ...endpoint, secret };
}

/**
 * An endpoint given by configuration (`webhooks` option, `sandbox.addWebhookEndpoint`): the
 * endpoint with the same URL is updated instead of a second one added, so a persisted sandbox
 * started again with the same configuration does not send every event twice.
 */
export function ensureWebhookEndpoint(
  ctx: SandboxContext,
  input: WebhookEndpointInput,
): WebhookEndpoint & { secret: string } {
  const { store } = ctx;
  let existing: WebhookEndpoint | undefined;
  for (const endpoint of store.webhookEndpoints.values()) if (endpoint.url === input.url) existing = endpoint;
  if (!existing) return addWebhookEndpoint(ctx, input);
  const endpoint = store.webhookEndpoints.get(existing.id)!;
  const secret = input.secret ?? store.webhookSecrets.get(endpoint.id) ?? `whsec_${randomToken(32)}`;
  endpoint.enabled_events = input.events ?? ['*'];
  if (input.description !== undefined) endpoint.description = input.description;
  endpoint.status = 'enabled';
  store.webhookSecrets.set(endpoint.id, secret);
  return { ...endpoint, secret };
}

function checkUrl(url: string, param: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // fall through
  }
  throw invalidParam(param, `Invalid URL: ${url}. URLs must begin with http:// or https://.`);
}

/** Events (retrieve, list by type) and webhook endpoints (create, list, update, delete). */
export function eventRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  app.get('/v1/events/:id', async (request) => {
    paramsOf(request).allowOnly(['expand']);
    const event = store.events.get(idParam(request));
    if (!event) throw resourceMissing('event', idParam(request));
    return event;
  });

  app.get('/v1/events', async (request) => {
    const params = paramsOf(request).allowOnly([
      'type',
      'types',
      'limit',
      'starting_after',
      'ending_before',
      'created',
    ]);
    const type = params.string('type');
    const types = params.stringArray('types');
    const matches = (candidate: string) => {
      if (types) return types.includes(candidate);
      if (!type) return true;
      if (type.endsWith('.*')) return candidate.startsWith(type.slice(0, -1));
      return candidate === type;
    };
    const items = newestFirst(store.events.values(), (event) => matches(event.type));
    return paginate(items, params, '/v1/events');
  });

  app.post('/v1/webhook_endpoints', async (request) => {
    const params = paramsOf(request).allowOnly([
      'url',
      'enabled_events',
      'description',
      'metadata',
      'api_version',
    ]);
    const url = checkUrl(params.requiredString('url', 2048), 'url');
    const events = params.stringArray('enabled_events');
    if (!events || events.length === 0)
      throw invalidParam('enabled_events', 'Missing required param: enabled_events.');
    const endpoint = addWebhookEndpoint(ctx, {
      url,
      events,
      ...(params.string('description') ? { description: params.string('description')! } : {}),
    });
    const metadata = params.metadata();
    if (metadata) store.webhookEndpoints.get(endpoint.id)!.metadata = metadata;
    return { ...store.webhookEndpoints.get(endpoint.id), secret: endpoint.secret };
  });

  app.get('/v1/webhook_endpoints', async (request) => {
    const params = paramsOf(request).allowOnly(['limit', 'starting_after', 'ending_before']);
    return paginate(newestFirst(store.webhookEndpoints.values()), params, '/v1/webhook_endpoints');
  });

  app.get('/v1/webhook_endpoints/:id', async (request) => {
    const endpoint = store.webhookEndpoints.get(idParam(request));
    if (!endpoint) throw resourceMissing('webhook_endpoint', idParam(request));
    return endpoint;
  });

  app.post('/v1/webhook_endpoints/:id', async (request) => {
    const params = paramsOf(request).allowOnly([
      'url',
      'enabled_events',
      'description',
      'metadata',
      'disabled',
    ]);
    const endpoint = store.webhookEndpoints.get(idParam(request));
    if (!endpoint) throw resourceMissing('webhook_endpoint', idParam(request));
    const url = params.string('url');
    if (url !== undefined) endpoint.url = checkUrl(url, 'url');
    endpoint.enabled_events = params.stringArray('enabled_events') ?? endpoint.enabled_events;
    endpoint.description = params.nullableString('description') ?? endpoint.description;
    endpoint.metadata = mergeMetadata(endpoint.metadata, params.metadata());
    const disabled = params.bool('disabled');
    if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
    return endpoint;
  });

  app.delete('/v1/webhook_endpoints/:id', async (request) => {
    const id = idParam(request);
    if (!store.webhookEndpoints.delete(id)) throw resourceMissing('webhook_endpoint', id);
    store.webhookSecrets.delete(id);
    return { id, object: 'webhook_endpoint', deleted: true };
  });
}
