import type { FastifyInstance } from 'fastify';
import { requestInfo, type SandboxContext } from '../context.js';
import { expandObject } from '../core/expand.js';
import { newClientSecret, newId, nowSeconds } from '../core/ids.js';
import { newestFirst, paginate } from '../core/list.js';
import type { PaymentIntent } from '../core/objects.js';
import { mergeMetadata, type Params } from '../core/params.js';
import { invalidParam, invalidRequest, resourceMissing } from '../core/stripe-error.js';
import { assertCancelable, assertConfirmable, assertUpdatable } from '../payments/intent-state.js';
import { checkClientSecret, SETUP_FUTURE_USAGE } from './intent-access.js';
import {
  effectiveMethodTypes,
  METHOD_TYPE_PARAMS,
  readMethodTypeChoice,
  type MethodTypeChoice,
} from './method-type-params.js';
import { paymentMethodFromParams } from './payment-method-factory.js';
import { idParam, paramsOf, PUBLISHABLE } from './route-helpers.js';

const CREATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'payment_method',
  'payment_method_data',
  ...METHOD_TYPE_PARAMS,
  'payment_method_options',
  'automatic_payment_methods',
  'error_on_requires_action',
  'setup_future_usage',
  'confirm',
  'off_session',
  'return_url',
  'capture_method',
  'confirmation_method',
  'receipt_email',
  'statement_descriptor',
  'use_stripe_sdk',
  'mandate_data',
  'expand',
];

const CONFIRM_PARAMS = [
  ...METHOD_TYPE_PARAMS,
  'error_on_requires_action',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'return_url',
  'off_session',
  'setup_future_usage',
  'use_stripe_sdk',
  'client_secret',
  'receipt_email',
  'mandate_data',
  'expand',
];

const UPDATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'payment_method',
  ...METHOD_TYPE_PARAMS,
  'setup_future_usage',
  'receipt_email',
  'statement_descriptor',
  'expand',
];

function currency(params: Params, required: boolean): string | undefined {
  const value = params.string('currency', { required });
  if (value === undefined) return undefined;
  if (!/^[a-zA-Z]{3}$/.test(value)) throw invalidParam('currency', `Invalid currency: ${value}.`);
  return value.toLowerCase();
}

function customerId(ctx: SandboxContext, params: Params): string | null | undefined {
  const id = params.nullableString('customer', 255);
  if (id && !ctx.store.customers.has(id)) throw resourceMissing('customer', id, 'customer');
  return id;
}

function applyTypes(intent: PaymentIntent, choice: MethodTypeChoice | undefined): void {
  if (choice) {
    intent.allowed_payment_method_types = choice.allowed;
    intent.excluded_payment_method_types = choice.excluded;
  }
  intent.payment_method_types = effectiveMethodTypes(
    { allowed: intent.allowed_payment_method_types, excluded: intent.excluded_payment_method_types },
    intent.currency,
  );
}

/** Voucher lifetime from payment_method_options[boleto][expires_after_days] and friends. */
function voucherLifetime(params: Params): number | undefined {
  const options = params.object('payment_method_options');
  if (!options) return undefined;
  for (const type of ['boleto', 'oxxo'] as const) {
    const days = options.object(type)?.int('expires_after_days', { min: 1, max: 60 });
    if (days !== undefined) return days * 24 * 60 * 60;
  }
  // doku: 48 hours at most (checkout §9); shorter lifetimes let tests watch a voucher expire.
  const doku = options.object('doku')?.int('expires_after_seconds', { min: 1, max: 172_800 });
  if (doku !== undefined) return doku;
  return options.object('pix')?.int('expires_after_seconds', { min: 1, max: 1_209_600 });
}

function useStripeSdk(params: Params, viaPublishable: boolean): boolean {
  return params.bool('use_stripe_sdk') ?? viaPublishable;
}

/** PaymentIntents: create, retrieve, update, confirm, cancel, list. */
export function paymentIntentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, flow, events } = ctx;
  const render = (intent: PaymentIntent, params: Params) => expandObject(store, intent, params.expand());

  app.post('/v1/payment_intents', async (request) => {
    const params = paramsOf(request).allowOnly(CREATE_PARAMS);
    const amount = params.int('amount', { required: true, min: 1, max: 99_999_999 })!;
    const typeChoice = readMethodTypeChoice(params);
    const confirm = params.bool('confirm') ?? false;
    const offSession = params.bool('off_session');
    const returnUrl = params.string('return_url', { max: 2048 });
    if (!confirm && (offSession !== undefined || returnUrl !== undefined)) {
      throw invalidRequest('off_session and return_url can only be passed when confirm=true.', {
        param: offSession !== undefined ? 'off_session' : 'return_url',
      });
    }
    const captureMethod = params.enumValue('capture_method', ['automatic', 'automatic_async'] as const);
    const currencyCode = currency(params, true)!;
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod ?? 'automatic_async',
      client_secret: '',
      confirmation_method:
        params.enumValue('confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic',
      created: nowSeconds(),
      currency: currencyCode,
      customer: customerId(ctx, params) ?? null,
      description: params.nullableString('description', 1000) ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: params.metadata() ?? {},
      next_action: null,
      payment_method: null,
      payment_method_options: {},
      payment_method_types: [],
      processing: null,
      receipt_email: params.nullableString('receipt_email', 800) ?? null,
      setup_future_usage: params.enumValue('setup_future_usage', SETUP_FUTURE_USAGE) ?? null,
      statement_descriptor: params.nullableString('statement_descriptor', 22) ?? null,
      status: 'requires_payment_method',
    };
    intent.client_secret = newClientSecret(intent.id);
    applyTypes(intent, typeChoice);
    const pm = await paymentMethodFromParams(ctx, params, 'secret');
    if (pm) {
      intent.payment_method = pm.id;
      intent.status = 'requires_confirmation';
    }
    store.paymentIntents.set(intent.id, intent);
    events.emit('payment_intent.created', intent, requestInfo(request));
    if (confirm) {
      await flow.confirm(intent, {
        offSession: offSession ?? false,
        returnUrl: returnUrl ?? null,
        useSdk: useStripeSdk(params, false),
        request: requestInfo(request),
        voucherLifetime: voucherLifetime(params),
      });
    }
    return render(intent, params);
  });

  app.get('/v1/payment_intents/:id', PUBLISHABLE, async (request) => {
    const params = paramsOf(request).allowOnly(['client_secret', 'expand']);
    const intent = store.paymentIntents.get(idParam(request));
    checkClientSecret(request, intent, idParam(request), params);
    return render(intent as PaymentIntent, params);
  });

  app.post('/v1/payment_intents/:id', async (request) => {
    const params = paramsOf(request).allowOnly(UPDATE_PARAMS);
    const intent = store.paymentIntents.get(idParam(request));
    if (!intent) throw resourceMissing('payment_intent', idParam(request));
    assertUpdatable(intent);
    const previous: Record<string, unknown> = {};
    const set = <K extends keyof PaymentIntent>(key: K, value: PaymentIntent[K] | undefined) => {
      if (value === undefined || value === intent[key]) return;
      previous[key] = intent[key];
      intent[key] = value;
    };
    set('amount', params.int('amount', { min: 1, max: 99_999_999 }));
    set('currency', currency(params, false));
    set('customer', customerId(ctx, params));
    set('description', params.nullableString('description', 1000));
    set('receipt_email', params.nullableString('receipt_email', 800));
    set('statement_descriptor', params.nullableString('statement_descriptor', 22));
    const sfu = params.string('setup_future_usage');
    if (sfu !== undefined)
      set(
        'setup_future_usage',
        sfu === '' ? null : params.enumValue('setup_future_usage', SETUP_FUTURE_USAGE),
      );
    const types = readMethodTypeChoice(params);
    if (types || previous.currency !== undefined) {
      previous.payment_method_types = intent.payment_method_types;
      applyTypes(intent, types);
    }
    const metadata = params.metadata();
    if (metadata) set('metadata', mergeMetadata(intent.metadata, metadata));
    const pm = await paymentMethodFromParams(ctx, params, 'secret');
    if (pm) {
      previous.payment_method = intent.payment_method;
      intent.payment_method = pm.id;
      intent.status = 'requires_confirmation';
    }
    if (Object.keys(previous).length > 0)
      events.emit('payment_intent.updated', intent, requestInfo(request), previous);
    return render(intent, params);
  });

  app.post('/v1/payment_intents/:id/confirm', PUBLISHABLE, async (request) => {
    const params = paramsOf(request).allowOnly(CONFIRM_PARAMS);
    const intent = store.paymentIntents.get(idParam(request));
    checkClientSecret(request, intent, idParam(request), params);
    const pi = intent as PaymentIntent;
    assertConfirmable(pi);
    const offSession = params.bool('off_session') ?? false;
    if (offSession && request.sandboxKey === 'publishable') {
      throw invalidRequest('off_session=true requires a secret key.', { param: 'off_session' });
    }
    const pm = await paymentMethodFromParams(ctx, params, request.sandboxKey ?? 'secret');
    if (pm) {
      if (pi.payment_method !== pm.id) store.intentStateOf(pi.id).authenticatedPaymentMethod = null;
      pi.payment_method = pm.id;
    }
    const sfu = params.enumValue('setup_future_usage', SETUP_FUTURE_USAGE);
    if (sfu) pi.setup_future_usage = sfu;
    const types = readMethodTypeChoice(params);
    if (types) applyTypes(pi, types);
    const receiptEmail = params.nullableString('receipt_email', 800);
    if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
    await flow.confirm(pi, {
      offSession,
      returnUrl: params.string('return_url', { max: 2048 }) ?? null,
      useSdk: useStripeSdk(params, request.sandboxKey === 'publishable'),
      request: requestInfo(request),
      voucherLifetime: voucherLifetime(params),
    });
    return render(pi, params);
  });

  app.post('/v1/payment_intents/:id/cancel', async (request) => {
    const params = paramsOf(request).allowOnly(['cancellation_reason', 'expand']);
    const intent = store.paymentIntents.get(idParam(request));
    if (!intent) throw resourceMissing('payment_intent', idParam(request));
    assertCancelable(intent);
    const reason = params.enumValue('cancellation_reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
      'abandoned',
    ] as const);
    flow.cancel(intent, reason ?? null, requestInfo(request));
    return render(intent, params);
  });

  app.get('/v1/payment_intents', async (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const customer = params.string('customer');
    const items = newestFirst(store.paymentIntents.values(), (pi) => !customer || pi.customer === customer);
    const list = paginate(items, params, '/v1/payment_intents');
    return expandObject(store, list, params.expand());
  });
}
