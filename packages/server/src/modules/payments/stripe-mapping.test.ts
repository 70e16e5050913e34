import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { GatewayError } from './payment-gateway.js';
import { parseStripeEvent } from './stripe-events.js';
import { intentStatus, nextAction, payment } from './stripe-mapping.js';

const basePi = {
  id: 'pi_1',
  object: 'payment_intent',
  amount: 1999,
  amount_received: 0,
  currency: 'usd',
  customer: null,
  payment_method: null,
  client_secret: 'pi_1_secret_x',
  confirmation_method: 'automatic',
  setup_future_usage: null,
  next_action: null,
  last_payment_error: null,
  latest_charge: null,
  metadata: {},
  created: 1_800_000_000,
  status: 'requires_payment_method',
} as unknown as Stripe.PaymentIntent;

describe('mapping provider objects', () => {
  it('maps a payment into our types', () => {
    const mapped = payment({ ...basePi, status: 'succeeded', amount_received: 1999 } as Stripe.PaymentIntent);
    expect(mapped).toMatchObject({
      id: 'pi_1',
      status: 'succeeded',
      amount: { amount: 1999, currency: 'USD' },
    });
  });

  it('fails closed on statuses, next actions and currencies it does not know', () => {
    expect(() => intentStatus('requires_capture')).toThrow(GatewayError);
    expect(() =>
      payment({ ...basePi, status: 'requires_capture' } as unknown as Stripe.PaymentIntent),
    ).toThrow(/unknown intent status "requires_capture"/);
    expect(() =>
      nextAction({ type: 'wechat_pay_display_qr_code' } as Stripe.PaymentIntent.NextAction),
    ).toThrow(GatewayError);
    expect(() => payment({ ...basePi, currency: 'xyz' })).toThrow(/unsupported currency/);
  });

  it('maps use_stripe_sdk to use_sdk and vouchers to display_voucher', () => {
    expect(
      nextAction({
        type: 'use_stripe_sdk',
        use_stripe_sdk: { stripe_js: 'http://sandbox/hosted/3ds/act_1' },
      } as unknown as Stripe.PaymentIntent.NextAction),
    ).toEqual({ type: 'use_sdk', url: 'http://sandbox/hosted/3ds/act_1' });
    expect(
      nextAction({
        type: 'boleto_display_details',
        boleto_display_details: {
          expires_at: 1_800_000_000,
          hosted_voucher_url: 'http://v',
          number: '123',
          pdf: null,
        },
      } as unknown as Stripe.PaymentIntent.NextAction),
    ).toMatchObject({ type: 'display_voucher', voucher: 'boleto', reference: '123' });
    expect(
      nextAction({
        type: 'doku_display_details',
        doku_display_details: {
          expires_at: 1_800_000_000,
          hosted_voucher_url: 'http://sandbox/hosted/voucher/act_1',
          number: '8808123412341234',
          channel: 'bca_va',
        },
      } as unknown as Stripe.PaymentIntent.NextAction),
    ).toEqual({
      type: 'display_voucher',
      voucher: 'doku',
      url: 'http://sandbox/hosted/voucher/act_1',
      reference: '8808123412341234',
      expiresAt: new Date(1_800_000_000_000),
    });
    expect(() =>
      nextAction({
        type: 'doku_display_details',
        doku_display_details: { hosted_voucher_url: 'http://v', channel: 'alfamart' },
      } as unknown as Stripe.PaymentIntent.NextAction),
    ).toThrow(/Incomplete DOKU payment code/);
  });

  it('keeps an event whose object it cannot read, as ignored', () => {
    const event = parseStripeEvent({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: 1_800_000_000,
      data: { object: { ...basePi, status: 'requires_capture' } },
    });
    expect(event).toMatchObject({ type: 'ignored', reason: 'unreadable' });
    expect(() => parseStripeEvent({ hello: 'world' })).toThrow(GatewayError);
  });
});
