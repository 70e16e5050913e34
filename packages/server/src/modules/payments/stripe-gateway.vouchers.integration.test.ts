import { money } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerHostedPage,
  paymentsConfigFor,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

// Vouchers through our adapter on the official SDK: DOKU (a sandbox type the SDK does not
// know) and Boleto with the billing country only, as the course checkout sends them.

let sandbox: Sandbox;
let gateway: PaymentGateway;
let keys = 0;
const key = (label: string) => `voucher-${label}-${++keys}-${Date.now()}`;
const RETURN_URL = 'http://localhost:3000/cart/success/1/';
const buyer = { name: 'Budi Santoso', email: 'budi@example.com' };

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gateway = createStripeGateway(paymentsConfigFor(sandbox));
});
afterAll(() => sandbox.close());

async function payWithDoku(channel: string): Promise<GatewayPayment> {
  const pm = await gateway.createPaymentMethod(
    { type: 'doku', details: { channel }, billingDetails: buyer },
    { idempotencyKey: key('pm') },
  );
  expect(pm).toMatchObject({ type: 'doku', card: null, billingDetails: buyer });
  return gateway.createPayment(
    {
      amount: money(15_000_000, 'IDR'),
      paymentMethodId: pm.id,
      methodTypes: ['doku'],
      confirm: true,
      returnUrl: RETURN_URL,
    },
    { idempotencyKey: key('pay') },
  );
}

function voucherOf(payment: GatewayPayment) {
  const action = payment.nextAction;
  if (action?.type !== 'display_voucher') throw new Error(`no voucher: ${JSON.stringify(action)}`);
  return action;
}

describe('DOKU through the stripe gateway', () => {
  it.each(['alfamart', 'bca_va', 'mandiri_va', 'permata_lite_atm'])(
    '%s waits for the buyer with a payment code valid 48 hours',
    async (channel) => {
      const payment = await payWithDoku(channel);
      expect(payment.status).toBe('requires_action');
      const voucher = voucherOf(payment);
      expect(voucher).toMatchObject({ voucher: 'doku', reference: expect.stringMatching(/^\d{16}$/) });
      const hours = (voucher.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(Math.round(hours)).toBe(48);
    },
  );

  it('succeeds once the code is paid', async () => {
    const payment = await payWithDoku('bca_va');
    const answer = await answerHostedPage(voucherOf(payment).url, 'paid');
    expect(answer.status).toBe('succeeded');
    expect(answer.redirect_url).toContain(`payment_intent=${payment.id}`);
    const after = await gateway.retrievePayment(payment.id);
    expect(after).toMatchObject({
      status: 'succeeded',
      amountReceived: 15_000_000,
      nextAction: null,
      paymentMethod: { type: 'doku' },
    });
  });

  it('fails once the code expires unpaid', async () => {
    const payment = await payWithDoku('alfamart');
    const answer = await answerHostedPage(voucherOf(payment).url, 'expire');
    expect(answer.redirect_url).toContain('redirect_status=failed');
    const after = await gateway.retrievePayment(payment.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.lastError).toMatchObject({ code: 'payment_intent_payment_attempt_expired' });
  });

  it('refuses a channel the provider does not offer', async () => {
    const error = await gateway
      .createPaymentMethod(
        { type: 'doku', details: { channel: 'bni_va' }, billingDetails: buyer },
        { idempotencyKey: key('bad') },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'invalid_request', details: { param: 'doku[channel]' } });
  });
});

describe('Boleto with the billing country only', () => {
  it('shows a voucher without a street address', async () => {
    const pm = await gateway.createPaymentMethod(
      {
        type: 'boleto',
        details: { tax_id: '000.000.000-00' },
        billingDetails: {
          ...buyer,
          address: { line1: null, line2: null, city: null, state: null, postalCode: null, country: 'BR' },
        },
      },
      { idempotencyKey: key('boleto-pm') },
    );
    const payment = await gateway.createPayment(
      { amount: money(9990, 'BRL'), paymentMethodId: pm.id, methodTypes: ['boleto'], confirm: true },
      { idempotencyKey: key('boleto') },
    );
    expect(voucherOf(payment)).toMatchObject({ voucher: 'boleto' });
  });
});
