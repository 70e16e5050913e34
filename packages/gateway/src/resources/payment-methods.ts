import type { FastifyInstance } from 'fastify';
import { preferNetwork } from '../cards/networks.js';
import { requestInfo, type SandboxContext } from '../context.js';
import { expandObject } from '../core/expand.js';
import { newestFirst, paginate } from '../core/list.js';
import type { PaymentMethod } from '../core/objects.js';
import { mergeMetadata, type Params } from '../core/params.js';
import { cardError, invalidRequest, resourceMissing } from '../core/stripe-error.js';
import type { RequestInfo } from '../webhooks/event-bus.js';
import {
  createPaymentMethod,
  parseBillingDetails,
  preferredNetworkParam,
  resolvePaymentMethod,
} from './payment-method-factory.js';
import { idParam, paramsOf, PUBLISHABLE } from './route-helpers.js';

/**
 * Attaches a payment method to a customer after the card check that Stripe runs on attach:
 * cards that fail it (the card-level declines) stay unattached and the call is a 402.
 */
export function attachPaymentMethod(
  ctx: SandboxContext,
  pm: PaymentMethod,
  customer: string,
  request: RequestInfo,
) {
  const state = ctx.store.paymentMethodState.get(pm.id);
  if (pm.customer === customer) return pm;
  if (pm.customer) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', {
      param: 'payment_method',
      code: 'payment_method_unexpected_state',
    });
  }
  if (state?.consumed) {
    throw invalidRequest(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      { param: 'payment_method', code: 'payment_method_unexpected_state' },
    );
  }
  const decline = state?.card?.card.attach;
  if (decline) {
    throw cardError(decline.code, decline.message, {
      decline_code: decline.declineCode,
      payment_method: structuredClone(pm),
    });
  }
  if (state?.card?.card.cvcCheckFails && state.card.cvcProvided) {
    throw cardError('incorrect_cvc', "Your card's security code is incorrect.", {
      decline_code: 'incorrect_cvc',
      param: 'cvc',
    });
  }
  pm.customer = customer;
  ctx.events.emit('payment_method.attached', pm, request);
  return pm;
}

function listFor(ctx: SandboxContext, customer: string, params: Params, url: string) {
  const type = params.string('type');
  const items = newestFirst(
    ctx.store.paymentMethods.values(),
    (pm) => pm.customer === customer && (!type || pm.type === type),
  );
  return expandObject(ctx.store, paginate(items, params, url), params.expand());
}

/** PaymentMethods: create (raw card fields in test mode), retrieve, update, attach, detach, list. */
export function paymentMethodRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, events } = ctx;

  const find = (id: string) => {
    const pm = store.paymentMethods.get(id);
    if (!pm) throw resourceMissing('PaymentMethod', id);
    return pm;
  };

  app.post('/v1/payment_methods', PUBLISHABLE, async (request) => {
    const params = paramsOf(request);
    const pm = await createPaymentMethod(ctx, params, request.sandboxKey ?? 'secret');
    return expandObject(store, pm, params.expand());
  });

  app.get('/v1/payment_methods/:id', async (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    return expandObject(store, find(idParam(request)), params.expand());
  });

  app.post('/v1/payment_methods/:id', async (request) => {
    const params = paramsOf(request).allowOnly([
      'billing_details',
      'metadata',
      'card',
      'allow_redisplay',
      'expand',
    ]);
    const pm = find(idParam(request));
    const previous: Record<string, unknown> = {};
    const billing = params.object('billing_details');
    if (billing) {
      previous.billing_details = pm.billing_details;
      const next = parseBillingDetails(billing);
      pm.billing_details = {
        ...pm.billing_details,
        ...Object.fromEntries(Object.entries(next).filter(([key]) => billing.has(key))),
      };
    }
    const metadata = params.metadata();
    if (metadata) {
      previous.metadata = pm.metadata;
      pm.metadata = mergeMetadata(pm.metadata, metadata);
    }
    const card = params.object('card');
    if (card && pm.card) {
      card.allowOnly(['exp_month', 'exp_year', 'networks']);
      previous.card = { ...pm.card, networks: { ...pm.card.networks } };
      pm.card.exp_month = card.int('exp_month', { min: 1, max: 12 }) ?? pm.card.exp_month;
      pm.card.exp_year = card.int('exp_year', { min: 2000, max: 2100 }) ?? pm.card.exp_year;
      const preferred = preferredNetworkParam(card);
      if (preferred) preferNetwork(pm.card, preferred);
    }
    events.emit('payment_method.updated', pm, requestInfo(request), previous);
    return expandObject(store, pm, params.expand());
  });

  app.post('/v1/payment_methods/:id/attach', async (request) => {
    const params = paramsOf(request).allowOnly(['customer', 'expand']);
    const customer = params.requiredString('customer');
    if (!store.customers.has(customer)) throw resourceMissing('customer', customer, 'customer');
    const pm = resolvePaymentMethod(ctx, idParam(request), 'id');
    attachPaymentMethod(ctx, pm, customer, requestInfo(request));
    return expandObject(store, pm, params.expand());
  });

  app.post('/v1/payment_methods/:id/detach', async (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const pm = find(idParam(request));
    if (!pm.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    const previous = { customer: pm.customer };
    pm.customer = null;
    const state = store.paymentMethodState.get(pm.id);
    if (state) {
      state.consumed = true;
      state.setUpForOffSession = false;
    }
    for (const customer of store.customers.values()) {
      if (customer.invoice_settings.default_payment_method === pm.id) {
        customer.invoice_settings.default_payment_method = null;
        store.customers.touch(customer.id);
      }
    }
    events.emit('payment_method.detached', pm, requestInfo(request), previous);
    return expandObject(store, pm, params.expand());
  });

  app.get('/v1/payment_methods', async (request) => {
    const params = paramsOf(request).allowOnly([
      'customer',
      'type',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const customer = params.requiredString('customer');
    if (!store.customers.has(customer)) throw resourceMissing('customer', customer, 'customer');
    return listFor(ctx, customer, params, '/v1/payment_methods');
  });

  app.get('/v1/customers/:id/payment_methods', async (request) => {
    const params = paramsOf(request).allowOnly([
      'type',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const customer = idParam(request);
    if (!store.customers.has(customer)) throw resourceMissing('customer', customer);
    return listFor(ctx, customer, params, `/v1/customers/${customer}/payment_methods`);
  });
}
