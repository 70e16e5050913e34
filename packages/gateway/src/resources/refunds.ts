import type { FastifyInstance } from 'fastify';
import { requestInfo, type SandboxContext } from '../context.js';
import { expandObject } from '../core/expand.js';
import { newId, nowSeconds } from '../core/ids.js';
import { newestFirst, paginate } from '../core/list.js';
import type { Refund } from '../core/objects.js';
import { invalidRequest, resourceMissing } from '../core/stripe-error.js';
import { idParam, paramsOf } from './route-helpers.js';

/** Refunds of succeeded payments (whole or partial), plus read access to charges. */
export function refundRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, events } = ctx;

  app.post('/v1/refunds', async (request) => {
    const params = paramsOf(request).allowOnly([
      'payment_intent',
      'charge',
      'amount',
      'reason',
      'metadata',
      'expand',
    ]);
    const piId = params.string('payment_intent');
    const chargeId = params.string('charge');
    if (!piId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    let charge = chargeId ? store.charges.get(chargeId) : undefined;
    if (chargeId && !charge) throw resourceMissing('charge', chargeId, 'charge');
    if (piId) {
      const intent = store.paymentIntents.get(piId);
      if (!intent) throw resourceMissing('payment_intent', piId, 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
          param: 'payment_intent',
          code: 'charge_not_refundable',
        });
      }
      charge = store.charges.get(intent.latest_charge);
    }
    if (!charge || charge.status !== 'succeeded') {
      throw invalidRequest('This charge cannot be refunded: it did not succeed.', {
        code: 'charge_not_refundable',
      });
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = params.int('amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        { param: 'amount', code: 'amount_too_large' },
      );
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: params.metadata() ?? {},
      payment_intent: charge.payment_intent,
      reason:
        params.enumValue('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      receipt_number: null,
      status: 'succeeded',
    };
    store.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const info = requestInfo(request);
    events.emit('refund.created', refund, info);
    events.emit('charge.refunded', charge, info, { amount_refunded: charge.amount_refunded - amount });
    return expandObject(store, refund, params.expand());
  });

  app.get('/v1/refunds/:id', async (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const refund = store.refunds.get(idParam(request));
    if (!refund) throw resourceMissing('refund', idParam(request));
    return expandObject(store, refund, params.expand());
  });

  app.get('/v1/refunds', async (request) => {
    const params = paramsOf(request).allowOnly([
      'payment_intent',
      'charge',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const pi = params.string('payment_intent');
    const charge = params.string('charge');
    const items = newestFirst(
      store.refunds.values(),
      (r) => (!pi || r.payment_intent === pi) && (!charge || r.charge === charge),
    );
    return expandObject(store, paginate(items, params, '/v1/refunds'), params.expand());
  });

  app.get('/v1/charges/:id', async (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    const charge = store.charges.get(idParam(request));
    if (!charge) throw resourceMissing('charge', idParam(request));
    return expandObject(store, charge, params.expand());
  });

  app.get('/v1/charges', async (request) => {
    const params = paramsOf(request).allowOnly([
      'payment_intent',
      'customer',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const pi = params.string('payment_intent');
    const customer = params.string('customer');
    const items = newestFirst(
      store.charges.values(),
      (c) => (!pi || c.payment_intent === pi) && (!customer || c.customer === customer),
    );
    return expandObject(store, paginate(items, params, '/v1/charges'), params.expand());
  });
}
