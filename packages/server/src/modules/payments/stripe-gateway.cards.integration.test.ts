import { money } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentsConfigFor,
  startTestSandbox,
  TEST_CARDS,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { GatewayError, type PaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

// Every public test card's documented outcome, through our adapter on the official SDK.

let sandbox: Sandbox;
let gateway: PaymentGateway;
let keys = 0;
const key = (label: string) => `${label}-${++keys}-${Date.now()}`;
const year = new Date().getUTCFullYear() + 3;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gateway = createStripeGateway(paymentsConfigFor(sandbox));
});
afterAll(() => sandbox.close());

async function cardMethod(number: string, cvc?: string) {
  return gateway.createPaymentMethod(
    { type: 'card', testCard: { number, expMonth: 12, expYear: year, ...(cvc ? { cvc } : {}) } },
    { idempotencyKey: key('pm') },
  );
}

async function pay(number: string, cvc = '123') {
  const pm = await cardMethod(number, cvc);
  return gateway.createPayment(
    { amount: money(2500, 'USD'), paymentMethodId: pm.id, methodTypes: ['card'], confirm: true },
    { idempotencyKey: key('pay') },
  );
}

const successCards = TEST_CARDS.filter((c) => !c.charge && !c.cvcCheckFails && c.threeDSecure === 'none');

describe('test cards that succeed, per brand', () => {
  it.each(successCards.map((c) => [c.number, c.brand, c.funding] as const))(
    '%s (%s, %s) succeeds',
    async (number, brand, funding) => {
      const payment = await pay(number, brand === 'amex' ? '1234' : '123');
      expect(payment.status).toBe('succeeded');
      expect(payment.amountReceived).toBe(2500);
      expect(payment.lastError).toBeNull();
      expect(payment.paymentMethod?.card).toMatchObject({
        brand,
        funding,
        last4: number.slice(-4),
        bin: number.slice(0, 6),
      });
    },
  );

  it('covers every brand', () => {
    expect(new Set(successCards.map((c) => c.brand))).toEqual(
      new Set(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay']),
    );
  });
});

describe('test cards that are declined', () => {
  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error', 'processing_error'],
    ['4000000000006975', 'card_declined', 'card_velocity_exceeded'],
    ['4100000000000019', 'card_declined', 'fraudulent'],
    ['4000000000000341', 'card_declined', 'generic_decline'],
    ['4000000000000101', 'incorrect_cvc', 'incorrect_cvc'],
    ['4111111111111111', 'card_declined', 'test_mode_live_card'],
  ])(
    '%s is declined with %s / %s and the payment goes back to requires_payment_method',
    async (number, code, declineCode) => {
      const payment = await pay(number);
      expect(payment.status).toBe('requires_payment_method');
      expect(payment.paymentMethodId).toBeNull();
      expect(payment.lastError).toMatchObject({ code, declineCode, type: 'card_error' });
      expect(payment.amountReceived).toBe(0);
    },
  );

  it('accepts the CVC-check card when no CVC is given', async () => {
    const pm = await cardMethod('4000000000000101');
    const payment = await gateway.createPayment(
      { amount: money(100, 'USD'), paymentMethodId: pm.id, methodTypes: ['card'], confirm: true },
      { idempotencyKey: key('pay') },
    );
    expect(payment.status).toBe('succeeded');
  });

  it('refuses an incorrect number (Luhn) when the payment method is created', async () => {
    const error = await cardMethod('4242424242424241').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'card_declined', details: { code: 'incorrect_number' } });
  });

  it('refuses an expiry in the past and a malformed CVC', async () => {
    const expired = await gateway
      .createPaymentMethod(
        { type: 'card', testCard: { number: '4242424242424242', expMonth: 1, expYear: 2020 } },
        { idempotencyKey: key('pm') },
      )
      .catch((e: unknown) => e);
    expect(expired).toMatchObject({ kind: 'card_declined', details: { code: 'invalid_expiry_year' } });
    const cvc = await cardMethod('4242424242424242', '12').catch((e: unknown) => e);
    expect(cvc).toMatchObject({ kind: 'card_declined', details: { code: 'invalid_cvc' } });
  });

  it("accepts Stripe's test payment method ids", async () => {
    const ok = await gateway.createPayment(
      {
        amount: money(900, 'USD'),
        paymentMethodId: 'pm_card_mastercard',
        methodTypes: ['card'],
        confirm: true,
      },
      { idempotencyKey: key('pay') },
    );
    expect(ok.status).toBe('succeeded');
    const declined = await gateway.createPayment(
      {
        amount: money(900, 'USD'),
        paymentMethodId: 'pm_card_visa_chargeDeclinedInsufficientFunds',
        confirm: true,
      },
      { idempotencyKey: key('pay') },
    );
    expect(declined.lastError?.declineCode).toBe('insufficient_funds');
  });
});

describe('attaching cards to a customer', () => {
  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009987', 'lost_card'],
    ['4000000000009979', 'stolen_card'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
  ])('fails the card check for %s (%s)', async (number, declineCode) => {
    const customer = await gateway.createCustomer(
      { email: 'attach@example.com' },
      { idempotencyKey: key('cus') },
    );
    const pm = await cardMethod(number);
    const error = await gateway
      .attachPaymentMethod(pm.id, customer.id, { idempotencyKey: key('attach') })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'card_declined', details: { declineCode } });
    expect(await gateway.listPaymentMethods(customer.id)).toEqual([]);
  });

  it('attaches 4000000000000341, then charging the customer fails', async () => {
    const customer = await gateway.createCustomer(
      { email: 'fail@example.com' },
      { idempotencyKey: key('cus') },
    );
    const pm = await cardMethod('4000000000000341');
    const attached = await gateway.attachPaymentMethod(pm.id, customer.id, { idempotencyKey: key('attach') });
    expect(attached.customerId).toBe(customer.id);
    expect((await gateway.listPaymentMethods(customer.id)).map((m) => m.id)).toEqual([pm.id]);
    const payment = await gateway.createPayment(
      {
        amount: money(1200, 'USD'),
        customerId: customer.id,
        paymentMethodId: pm.id,
        confirm: true,
        offSession: true,
      },
      { idempotencyKey: key('pay') },
    );
    expect(payment.lastError).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline' });
  });

  it('detaches a card, which cannot be used again', async () => {
    const customer = await gateway.createCustomer({}, { idempotencyKey: key('cus') });
    const pm = await cardMethod('4242424242424242');
    await gateway.attachPaymentMethod(pm.id, customer.id, { idempotencyKey: key('attach') });
    const detached = await gateway.detachPaymentMethod(pm.id, { idempotencyKey: key('detach') });
    expect(detached.customerId).toBeNull();
    const error = await gateway
      .createPayment(
        { amount: money(100, 'USD'), paymentMethodId: pm.id, confirm: true },
        { idempotencyKey: key('pay') },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'invalid_request',
      details: { code: 'payment_method_unexpected_state' },
    });
  });
});
