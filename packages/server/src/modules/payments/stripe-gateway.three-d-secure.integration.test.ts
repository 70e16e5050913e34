import { money } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerHostedPage,
  paymentsConfigFor,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import type { GatewayNextAction, PaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

let sandbox: Sandbox;
let gateway: PaymentGateway;
let keys = 0;
const key = (label: string) => `3ds-${label}-${++keys}-${Date.now()}`;
const RETURN_URL = 'http://localhost:3000/checkout/return/';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  gateway = createStripeGateway(paymentsConfigFor(sandbox));
});
afterAll(() => sandbox.close());

function pageOf(intent: { nextAction: GatewayNextAction | null }): string {
  const action = intent.nextAction;
  if (action?.type === 'redirect_to_url') return action.url;
  if (action?.type === 'use_sdk' && action.url) return action.url;
  throw new Error(`no page to visit: ${JSON.stringify(action)}`);
}

async function onSession(
  paymentMethodId: string,
  extra: { returnUrl?: string; confirmationMethod?: 'manual' } = {},
) {
  return gateway.createPayment(
    { amount: money(4200, 'EUR'), paymentMethodId, methodTypes: ['card'], confirm: true, ...extra },
    { idempotencyKey: key('pay') },
  );
}

describe('3-D Secure required, then completed or failed', () => {
  it.each([
    'pm_card_threeDSecure2Required',
    'pm_card_threeDSecureRequired',
    'pm_card_authenticationRequired',
  ])('%s needs authentication and succeeds once it is completed', async (card) => {
    const payment = await onSession(card, { returnUrl: RETURN_URL });
    expect(payment.status).toBe('requires_action');
    expect(payment.nextAction).toMatchObject({ type: 'redirect_to_url', returnUrl: RETURN_URL });
    const answer = await answerHostedPage(pageOf(payment), 'complete');
    expect(answer.status).toBe('succeeded');
    expect(answer.redirect_url).toContain(`payment_intent=${payment.id}`);
    expect(answer.redirect_url).toContain('redirect_status=succeeded');
    const after = await gateway.retrievePayment(payment.id);
    expect(after).toMatchObject({ status: 'succeeded', amountReceived: 4200, nextAction: null });
  });

  it('fails the payment when authentication fails', async () => {
    const payment = await onSession('pm_card_threeDSecure2Required');
    expect(payment.nextAction?.type).toBe('use_sdk');
    const answer = await answerHostedPage(pageOf(payment), 'fail');
    expect(answer.status).toBe('requires_payment_method');
    const after = await gateway.retrievePayment(payment.id);
    expect(after.lastError).toMatchObject({ code: 'payment_intent_authentication_failure' });
    // A used hosted page cannot be answered twice.
    await expect(answerHostedPage(pageOf(payment), 'complete')).rejects.toThrow(/404/);
  });

  it.each([
    ['pm_card_authenticationRequiredChargeDeclined', 'generic_decline'],
    ['pm_card_authenticationRequiredChargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ])('%s is declined after authentication (%s)', async (card, declineCode) => {
    const payment = await onSession(card, { returnUrl: RETURN_URL });
    expect(payment.status).toBe('requires_action');
    await answerHostedPage(pageOf(payment), 'complete');
    const after = await gateway.retrievePayment(payment.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.lastError).toMatchObject({ code: 'card_declined', declineCode });
  });

  it('with manual confirmation, waits for the server after authentication', async () => {
    const payment = await onSession('pm_card_threeDSecure2Required', { confirmationMethod: 'manual' });
    await answerHostedPage(pageOf(payment), 'complete');
    expect((await gateway.retrievePayment(payment.id)).status).toBe('requires_confirmation');
    const confirmed = await gateway.confirmPayment(payment.id, {}, { idempotencyKey: key('confirm') });
    expect(confirmed.status).toBe('succeeded');
  });

  it('the 3DS-optional card needs no authentication', async () => {
    expect((await onSession('pm_card_threeDSecureOptional')).status).toBe('succeeded');
  });
});

describe('off-session payments with saved cards', () => {
  async function savedCard(card: string) {
    const customer = await gateway.createCustomer(
      { email: 'saved@example.com' },
      { idempotencyKey: key('cus') },
    );
    const setup = await gateway.createSetup(
      { customerId: customer.id, paymentMethodId: card, methodTypes: ['card'], confirm: true },
      { idempotencyKey: key('setup') },
    );
    return { customer, setup };
  }

  const offSession = (customerId: string, paymentMethodId: string) =>
    gateway.createPayment(
      { amount: money(1500, 'USD'), customerId, paymentMethodId, confirm: true, offSession: true },
      { idempotencyKey: key('off') },
    );

  it('4000002500003155: authentication on setup, none off session afterwards, again on session', async () => {
    const { customer, setup } = await savedCard('pm_card_authenticationRequiredOnSetup');
    expect(setup.status).toBe('requires_action');
    await answerHostedPage(pageOf(setup), 'complete');
    const saved = await gateway.retrieveSetup(setup.id);
    expect(saved.status).toBe('succeeded');
    expect(saved.paymentMethod?.customerId).toBe(customer.id);

    const renewal = await offSession(customer.id, saved.paymentMethodId!);
    expect(renewal.status).toBe('succeeded');

    const onSessionPayment = await gateway.createPayment(
      {
        amount: money(1500, 'USD'),
        customerId: customer.id,
        paymentMethodId: saved.paymentMethodId!,
        confirm: true,
      },
      { idempotencyKey: key('on') },
    );
    expect(onSessionPayment.status).toBe('requires_action');
  });

  it('4000002760003184: authentication is required even off session after setup', async () => {
    const { customer, setup } = await savedCard('pm_card_authenticationRequired');
    await answerHostedPage(pageOf(setup), 'complete');
    const saved = await gateway.retrieveSetup(setup.id);
    const renewal = await offSession(customer.id, saved.paymentMethodId!);
    expect(renewal.status).toBe('requires_payment_method');
    expect(renewal.lastError).toMatchObject({
      code: 'authentication_required',
      declineCode: 'authentication_required',
    });
  });

  it('a card never set up needs authentication off session', async () => {
    const customer = await gateway.createCustomer({}, { idempotencyKey: key('cus') });
    const pm = await gateway.createPaymentMethod(
      { type: 'card', testCard: { number: '4000002500003155', expMonth: 12, expYear: 2040 } },
      { idempotencyKey: key('pm') },
    );
    await gateway.attachPaymentMethod(pm.id, customer.id, { idempotencyKey: key('attach') });
    const renewal = await offSession(customer.id, pm.id);
    expect(renewal.lastError?.code).toBe('authentication_required');
  });

  it('a payment with setup_future_usage saves the card for later off-session payments', async () => {
    const customer = await gateway.createCustomer({}, { idempotencyKey: key('cus') });
    const first = await gateway.createPayment(
      {
        amount: money(3000, 'USD'),
        customerId: customer.id,
        paymentMethodId: 'pm_card_authenticationRequiredOnSetup',
        confirm: true,
        setupFutureUsage: 'off_session',
        returnUrl: RETURN_URL,
      },
      { idempotencyKey: key('first') },
    );
    await answerHostedPage(pageOf(first), 'complete');
    const paid = await gateway.retrievePayment(first.id);
    expect(paid.status).toBe('succeeded');
    const [saved] = await gateway.listPaymentMethods(customer.id);
    expect(saved?.id).toBe(paid.paymentMethodId);
    expect((await offSession(customer.id, saved!.id)).status).toBe('succeeded');
  });
});
