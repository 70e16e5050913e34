import type { FastifyInstance } from 'fastify';
import { JWE_ALG, JWE_ENC } from '../cards/encryption.js';
import { availableNetworks } from '../cards/networks.js';
import { TEST_CARD_GROUPS } from '../cards/test-cards.js';
import type { SandboxContext } from '../context.js';
import { invalidParam } from '../core/stripe-error.js';
import { TAX_CALCULATIONS_FAULTS } from '../http/faults.js';
import { METHOD_STATUSES, STATUS_KEYS } from '../payments/method-status.js';
import { paramsOf } from './route-helpers.js';

const CONTROL = { config: { control: true } } as const;
const CONTROL_PUBLIC = { config: { control: true, publishable: true } } as const;

/**
 * Sandbox-only controls under /v1/sandbox (secret key unless noted): method status
 * up/degraded/down, request faults (fail, time out, slow down; tax calculations alone), webhook delivery inspection,
 * the card-encryption public key and the test-card table (publishable key too).
 */
export function sandboxControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { methods, faults, events } = ctx;

  const statusList = () => ({
    object: 'list',
    url: '/v1/sandbox/method_status',
    has_more: false,
    data: methods.all().map((entry) => ({ object: 'sandbox.method_status', ...entry })),
  });

  app.get('/v1/sandbox/method_status', CONTROL_PUBLIC, async () => statusList());

  app.post('/v1/sandbox/method_status', CONTROL, async (request) => {
    const params = paramsOf(request).allowOnly(['type', 'status']);
    const type = params.enumValue('type', STATUS_KEYS, true)!;
    const status = params.enumValue('status', METHOD_STATUSES, true)!;
    methods.set(type, status);
    return { object: 'sandbox.method_status', type, status };
  });

  app.get('/v1/sandbox/faults', CONTROL, async () => faults.snapshot());

  app.post('/v1/sandbox/faults', CONTROL, async (request) => {
    const params = paramsOf(request).allowOnly([
      'fail_next',
      'fail_status',
      'timeout_next',
      'timeout_mode',
      'hang_ms',
      'slow_ms',
      'tax_calculations',
    ]);
    const failStatus = params.int('fail_status', { min: 400, max: 599 });
    if (failStatus !== undefined && failStatus < 500 && failStatus !== 429) {
      throw invalidParam('fail_status', 'fail_status must be 429 or a 5xx status.');
    }
    const changes = {
      fail_next: params.int('fail_next', { min: 0, max: 10_000 }),
      fail_status: failStatus,
      timeout_next: params.int('timeout_next', { min: 0, max: 10_000 }),
      timeout_mode: params.enumValue('timeout_mode', ['before', 'after'] as const),
      hang_ms: params.int('hang_ms', { min: 0, max: 600_000 }),
      slow_ms: params.int('slow_ms', { min: 0, max: 60_000 }),
      tax_calculations: params.enumValue('tax_calculations', TAX_CALCULATIONS_FAULTS),
    };
    faults.update(Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)));
    return faults.snapshot();
  });

  app.post('/v1/sandbox/reset', CONTROL, async () => {
    faults.reset();
    methods.reset();
    return { object: 'sandbox.reset', faults: faults.snapshot(), method_status: statusList().data };
  });

  app.get('/v1/sandbox/encryption_key', CONTROL_PUBLIC, async () => ({
    object: 'sandbox.encryption_key',
    id: ctx.encryption.publicJwk.kid,
    alg: JWE_ALG,
    enc: JWE_ENC,
    jwk: ctx.encryption.publicJwk,
  }));

  app.get('/v1/sandbox/test_cards', CONTROL_PUBLIC, async () => ({
    object: 'list',
    url: '/v1/sandbox/test_cards',
    has_more: false,
    data: TEST_CARD_GROUPS.flatMap((group) =>
      group.cards.map((card) => ({
        object: 'sandbox.test_card',
        number: card.number,
        brand: card.brand,
        networks: availableNetworks(card),
        funding: card.funding,
        country: card.country,
        description: card.description,
        group: group.label,
        three_d_secure: card.threeDSecure,
        charge_decline_code: card.charge?.declineCode ?? null,
        attach_decline_code: card.attach?.declineCode ?? null,
        payment_method: card.alias ?? null,
      })),
    ),
  }));

  app.get('/v1/sandbox/webhook_deliveries', CONTROL, async (request) => {
    const params = paramsOf(request).allowOnly(['event']);
    const event = params.string('event');
    const data = event ? events.dispatcher.recordsFor(event) : events.dispatcher.pending();
    return { object: 'list', url: '/v1/sandbox/webhook_deliveries', has_more: false, data };
  });

  app.post('/v1/sandbox/webhook_deliveries/retry', CONTROL, async () => {
    events.dispatcher.retryNow();
    return {
      object: 'list',
      url: '/v1/sandbox/webhook_deliveries',
      has_more: false,
      data: events.dispatcher.pending(),
    };
  });
}
