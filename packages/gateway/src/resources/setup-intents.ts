import type { FastifyInstance } from 'fastify';
import { requestInfo, type SandboxContext } from '../context.js';
import { expandObject } from '../core/expand.js';
import { newClientSecret, newId, nowSeconds } from '../core/ids.js';
import { newestFirst, paginate } from '../core/list.js';
import type { SetupIntent } from '../core/objects.js';
import type { Params } from '../core/params.js';
import { invalidParam, invalidRequest, resourceMissing } from '../core/stripe-error.js';
import { assertCancelable, assertConfirmable } from '../payments/intent-state.js';
import { checkClientSecret } from './intent-access.js';
import {
  effectiveMethodTypes,
  METHOD_TYPE_PARAMS,
  readMethodTypeChoice,
  type MethodTypeChoice,
} from './method-type-params.js';
import { paymentMethodFromParams } from './payment-method-factory.js';
import { idParam, paramsOf, PUBLISHABLE } from './route-helpers.js';

/** Methods that can be saved for later without a payment. */
const SETUP_TYPES = ['card', 'sepa_debit', 'paypal'];

function typesFor(choice: MethodTypeChoice | undefined): string[] {
  const types = effectiveMethodTypes(choice, null).filter((type) => SETUP_TYPES.includes(type));
  for (const type of choice?.allowed ?? []) {
    if (!SETUP_TYPES.includes(type)) {
      throw invalidParam(
        'allowed_payment_method_types',
        `SetupIntents do not support the payment method type "${type}".`,
      );
    }
  }
  return types;
}

/** SetupIntents: save a payment method for later (off-session) payments. */
export function setupIntentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, flow, events } = ctx;
  const render = (intent: SetupIntent, params: Params) => expandObject(store, intent, params.expand());

  app.post('/v1/setup_intents', async (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'description',
      'metadata',
      'payment_method',
      'payment_method_data',
      ...METHOD_TYPE_PARAMS,
      'payment_method_options',
      'automatic_payment_methods',
      'usage',
      'confirm',
      'return_url',
      'use_stripe_sdk',
      'mandate_data',
      'expand',
    ]);
    const customer = params.string('customer');
    if (customer && !store.customers.has(customer)) throw resourceMissing('customer', customer, 'customer');
    const choice = readMethodTypeChoice(params);
    const confirm = params.bool('confirm') ?? false;
    const returnUrl = params.string('return_url', { max: 2048 });
    if (!confirm && returnUrl !== undefined) {
      throw invalidRequest('return_url can only be passed when confirm=true.', { param: 'return_url' });
    }
    const intent: SetupIntent = {
      id: newId('seti'),
      object: 'setup_intent',
      allowed_payment_method_types: choice?.allowed ?? null,
      cancellation_reason: null,
      client_secret: '',
      created: nowSeconds(),
      customer: customer ?? null,
      description: params.nullableString('description', 1000) ?? null,
      excluded_payment_method_types: choice?.excluded ?? null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: params.metadata() ?? {},
      next_action: null,
      payment_method: null,
      payment_method_options: {},
      payment_method_types: typesFor(choice),
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: params.enumValue('usage', ['on_session', 'off_session'] as const) ?? 'off_session',
    };
    intent.client_secret = newClientSecret(intent.id);
    const pm = await paymentMethodFromParams(ctx, params, 'secret');
    if (pm) {
      intent.payment_method = pm.id;
      intent.status = 'requires_confirmation';
    }
    store.setupIntents.set(intent.id, intent);
    events.emit('setup_intent.created', intent, requestInfo(request));
    if (confirm) {
      await flow.confirm(intent, {
        offSession: false,
        returnUrl: returnUrl ?? null,
        useSdk: params.bool('use_stripe_sdk') ?? false,
        request: requestInfo(request),
      });
    }
    return render(intent, params);
  });

  app.get('/v1/setup_intents/:id', PUBLISHABLE, async (request) => {
    const params = paramsOf(request).allowOnly(['client_secret', 'expand']);
    const intent = store.setupIntents.get(idParam(request));
    checkClientSecret(request, intent, idParam(request), params);
    return render(intent as SetupIntent, params);
  });

  app.post('/v1/setup_intents/:id/confirm', PUBLISHABLE, async (request) => {
    const params = paramsOf(request).allowOnly([
      ...METHOD_TYPE_PARAMS,
      'payment_method',
      'payment_method_data',
      'payment_method_options',
      'return_url',
      'use_stripe_sdk',
      'client_secret',
      'mandate_data',
      'expand',
    ]);
    const intent = store.setupIntents.get(idParam(request));
    checkClientSecret(request, intent, idParam(request), params);
    const si = intent as SetupIntent;
    assertConfirmable(si);
    const choice = readMethodTypeChoice(params);
    if (choice) {
      si.allowed_payment_method_types = choice.allowed;
      si.excluded_payment_method_types = choice.excluded;
      si.payment_method_types = typesFor(choice);
    }
    const pm = await paymentMethodFromParams(ctx, params, request.sandboxKey ?? 'secret');
    if (pm) {
      if (si.payment_method !== pm.id) store.intentStateOf(si.id).authenticatedPaymentMethod = null;
      si.payment_method = pm.id;
    }
    await flow.confirm(si, {
      offSession: false,
      returnUrl: params.string('return_url', { max: 2048 }) ?? null,
      useSdk: params.bool('use_stripe_sdk') ?? request.sandboxKey === 'publishable',
      request: requestInfo(request),
    });
    return render(si, params);
  });

  app.post('/v1/setup_intents/:id/cancel', async (request) => {
    const params = paramsOf(request).allowOnly(['cancellation_reason', 'expand']);
    const intent = store.setupIntents.get(idParam(request));
    if (!intent) throw resourceMissing('setup_intent', idParam(request));
    assertCancelable(intent);
    const reason = params.enumValue('cancellation_reason', [
      'abandoned',
      'duplicate',
      'requested_by_customer',
    ] as const);
    flow.cancel(intent, reason ?? null, requestInfo(request));
    return render(intent, params);
  });

  app.get('/v1/setup_intents', async (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'payment_method',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const customer = params.string('customer');
    const pm = params.string('payment_method');
    const items = newestFirst(
      store.setupIntents.values(),
      (si) => (!customer || si.customer === customer) && (!pm || si.payment_method === pm),
    );
    return expandObject(store, paginate(items, params, '/v1/setup_intents'), params.expand());
  });
}
