import { money } from '@lectern/domain';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentsConfigFor,
  sandboxControl,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { GatewayError, type PaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

let sandbox: Sandbox;
let gateway: PaymentGateway;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gateway = createStripeGateway(paymentsConfigFor(sandbox));
  const url = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => sandbox.close());
afterEach(() => sandboxControl(sandbox, 'reset', {}));

async function paymentsOf(customer: string) {
  return (await stripe.paymentIntents.list({ customer, limit: 100 })).data;
}

describe('idempotency keys', () => {
  it('replays the first answer for the same key and parameters: one charge', async () => {
    const customer = await gateway.createCustomer({}, { idempotencyKey: `cus-${Date.now()}` });
    const input = {
      amount: money(5000, 'USD'),
      customerId: customer.id,
      paymentMethodId: 'pm_card_visa',
      methodTypes: ['card' as const],
      confirm: true,
    };
    const first = await gateway.createPayment(input, { idempotencyKey: `attempt-1-${customer.id}` });
    const again = await gateway.createPayment(input, { idempotencyKey: `attempt-1-${customer.id}` });
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('succeeded');
    expect(await paymentsOf(customer.id)).toHaveLength(1);

    const raw = await stripe.paymentIntents.retrieve(first.id);
    expect(raw.latest_charge).toBe(first.latestChargeId);
  });

  it('replays declines too, with the same error', async () => {
    const params = {
      amount: 700,
      currency: 'usd',
      payment_method: 'pm_card_visa_chargeDeclined',
      confirm: true,
    };
    const idempotencyKey = `decline-${Date.now()}`;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey }).catch((e: unknown) => e);
    const second = await stripe.paymentIntents.create(params, { idempotencyKey }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((second as Stripe.errors.StripeCardError).payment_intent?.id).toBe(
      (first as Stripe.errors.StripeCardError).payment_intent?.id,
    );
    expect((second as Stripe.errors.StripeCardError).headers?.['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with other parameters', async () => {
    const idempotencyKey = `conflict-${Date.now()}`;
    await gateway.createPayment({ amount: money(100, 'USD') }, { idempotencyKey });
    const error = await gateway
      .createPayment({ amount: money(200, 'USD') }, { idempotencyKey })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'idempotency_conflict', details: { status: 400 } });
    const raw = await stripe.paymentIntents
      .create({ amount: 300, currency: 'usd' }, { idempotencyKey })
      .catch((e: unknown) => e);
    expect(raw).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('survives failing requests: the SDK retries with the same key, and the payment is made once', async () => {
    const customer = await gateway.createCustomer({}, { idempotencyKey: `cus-retry-${Date.now()}` });
    await sandboxControl(sandbox, 'faults', { fail_next: 2, fail_status: 503 });
    const payment = await gateway.createPayment(
      { amount: money(900, 'USD'), customerId: customer.id, paymentMethodId: 'pm_card_visa', confirm: true },
      { idempotencyKey: `retry-${customer.id}` },
    );
    expect(payment.status).toBe('succeeded');
    expect(await paymentsOf(customer.id)).toHaveLength(1);
  });

  it('an answer lost after the payment was made is replayed on retry, never charged twice', async () => {
    const impatient = createStripeGateway({
      ...paymentsConfigFor(sandbox),
      timeoutMs: 300,
      maxNetworkRetries: 1,
    });
    const customer = await gateway.createCustomer({}, { idempotencyKey: `cus-lost-${Date.now()}` });
    await sandboxControl(sandbox, 'faults', { timeout_next: 1, timeout_mode: 'after', hang_ms: 2000 });
    const payment = await impatient.createPayment(
      { amount: money(1100, 'USD'), customerId: customer.id, paymentMethodId: 'pm_card_visa', confirm: true },
      { idempotencyKey: `lost-${customer.id}` },
    );
    expect(payment.status).toBe('succeeded');
    expect(await paymentsOf(customer.id)).toHaveLength(1);
  });

  it('reports an unreachable provider as unavailable', async () => {
    await sandboxControl(sandbox, 'faults', { fail_next: 5 });
    const error = await gateway.retrievePayment('pi_missing').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', details: { status: 500 } });
  });
});

describe('method status and not found', () => {
  it('a method marked down is refused as method_unavailable, and reported', async () => {
    await sandboxControl(sandbox, 'method_status', { type: 'card', status: 'down' });
    expect((await gateway.methodStatuses()).card).toBe('down');
    const error = await gateway
      .createPayment(
        { amount: money(100, 'USD'), paymentMethodId: 'pm_card_visa', confirm: true },
        { idempotencyKey: `down-${Date.now()}` },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'method_unavailable' });
  });

  it('a degraded method works but fails every third attempt with a processing error', async () => {
    await sandboxControl(sandbox, 'method_status', { type: 'card', status: 'degraded' });
    expect((await gateway.methodStatuses()).card).toBe('degraded');
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const payment = await gateway.createPayment(
        { amount: money(100, 'USD'), paymentMethodId: 'pm_card_visa', confirm: true },
        { idempotencyKey: `degraded-${i}-${Date.now()}` },
      );
      outcomes.push(payment.lastError?.code ?? payment.status);
    }
    expect(outcomes).toEqual(['succeeded', 'succeeded', 'processing_error']);
  });

  it('maps a missing object to not_found', async () => {
    await expect(gateway.retrievePayment('pi_doesnotexist')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
