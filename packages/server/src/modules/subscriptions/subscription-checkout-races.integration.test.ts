// Concurrent new-plan checkouts of one subscriber (issue 37): a second tab's paid start, a
// resubscribe clicked twice, two trials at once. One new plan per subscriber is let in at a
// time, before any provider call: one charge at the provider, no refund, and a clear 409
// (`purchase_in_progress`, or `already_subscribed` once the winner has its plan) for the rest.
import { SUBSCRIPTION_MESSAGES, paymentErrorMessage } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import type { Sandbox } from '../../test-support/payments-sandbox.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';

const SUBMIT = '/payment/checkout-submit/';
const GRAPHQL = '/api/2022-03/graphql/';
const REFUSALS = ['purchase_in_progress', 'already_subscribed'];

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_subscription_races' }));
});
afterAll(() => close());

/** What the provider did for the user's subscription checkouts: payments that succeeded, refunds. */
async function providerLedger(userId: number): Promise<{ charges: number; refunds: number }> {
  const ids = new Set(
    rowsOf<{ id: string }>(
      await server.db.execute(sql`select id from subscription_checkouts where user_id = ${userId}`),
    ).map((row) => row.id),
  );
  const get = async <T>(path: string): Promise<T> =>
    (await fetch(`${sandbox.url}${path}`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    }).then((response) => response.json())) as T;
  const intents = await get<{ data: { id: string; status: string; metadata: Record<string, string> }[] }>(
    '/v1/payment_intents?limit=100',
  );
  const charged = intents.data.filter(
    (intent) => intent.status === 'succeeded' && ids.has(intent.metadata.subscription_checkout_id ?? ''),
  );
  const refunds = await get<{ data: { payment_intent: string }[] }>('/v1/refunds?limit=100');
  return {
    charges: charged.length,
    refunds: refunds.data.filter((refund) => charged.some((intent) => intent.id === refund.payment_intent))
      .length,
  };
}

async function skipPersonalTrial(client: TestClient) {
  const plans = await client.post(GRAPHQL, { query: '{ subscriptionPlans { id productType } }' });
  const personal = plans.data.data.subscriptionPlans.find(
    (plan: { productType: string }) => plan.productType === 'CONSUMERSUBSCRIPTION',
  );
  const skip = await client.post('/payment/skip-free-trial/', {
    subscription_plan_id: Number(personal.id),
    enabled: true,
  });
  expect(skip.statusCode, skip.body).toBe(200);
}

/** One answer succeeded; every other one is a 409 refusal, each with its own text. */
function expectOneWinner(answers: { statusCode: number; body: string; data: Record<string, unknown> }[]) {
  const won = answers.filter((answer) => answer.statusCode === 200 && answer.data.status === 'succeeded');
  expect(won, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
  const refused = answers.filter((answer) => answer !== won[0]);
  for (const answer of refused) {
    expect(answer.statusCode, answer.body).toBe(409);
    expect(REFUSALS).toContain(answer.data.code);
    expect(answer.data.detail).toMatch(/nothing was charged/);
  }
  return won[0]!;
}

describe('concurrent new-plan checkouts of one subscriber', () => {
  it('a paid Personal Plan start (trial skipped) in three tabs at once: one charge, no refund', async () => {
    const { client, id } = await newBuyer('US');
    await skipPersonalTrial(client);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        client.post(SUBMIT, subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_visa')),
      ),
    );
    expectOneWinner(answers);
    expect(await providerLedger(id)).toEqual({ charges: 1, refunds: 0 });
  });

  it('a second start while the first waits for 3-D Secure: 409 purchase_in_progress before any provider call', async () => {
    const { client, id } = await newBuyer('US');
    await skipPersonalTrial(client);
    const firstBody = subscriptionSubmit(
      'Submit',
      [planItem('personal-annual')],
      'pm_card_threeDSecure2Required',
    );
    const first = await client.post(SUBMIT, firstBody);
    expect(first.data.status, first.body).toBe('action_required');
    const second = await client.post(
      SUBMIT,
      subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_visa'),
    );
    expect(second.statusCode, second.body).toBe(409);
    expect(second.data).toEqual({
      code: 'purchase_in_progress',
      detail: SUBSCRIPTION_MESSAGES.checkoutInProgress,
    });
    const [row] = rowsOf<{ checkouts: number }>(
      await server.db.execute(
        sql`select count(*)::int as checkouts from subscription_checkouts where user_id = ${id}`,
      ),
    );
    expect(row!.checkouts).toBe(1);
    expect(await providerLedger(id)).toEqual({ charges: 0, refunds: 0 });
    // The same submit repeated is no second checkout: it answers the first one's state.
    const repeated = await client.post(SUBMIT, firstBody);
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.data.data.payment_attempt_id).toBe(first.data.data.payment_attempt_id);
  });

  it('an expired Team Plan resubscribed twice at once: one charge, no refund', async () => {
    const globex = createTestClient(server.app);
    await globex.login('globex@example.com');
    const current = await globex.post(GRAPHQL, {
      query: '{ currentSubscriptionEnrollment { status checkoutReference } }',
    });
    const expired = current.data.data.currentSubscriptionEnrollment;
    expect(expired.status).toBe('EXPIRED');
    const [owner] = rowsOf<{ id: number }>(
      await server.db.execute(sql`select id from users where email = 'globex@example.com'`),
    );
    const answers = await Promise.all(
      ['pm_card_mastercard', 'pm_card_visa'].map((card) =>
        globex.post(
          SUBMIT,
          subscriptionSubmit(
            'ResubscribeSubmit',
            [planItem('team-monthly', 5, expired.checkoutReference)],
            card,
          ),
        ),
      ),
    );
    const won = expectOneWinner(answers);
    expect(won.data.status).toBe('succeeded');
    expect(await providerLedger(Number(owner!.id))).toEqual({ charges: 1, refunds: 0 });
  });

  it('two trials at once: one plan, and the other is told why in words that are true', async () => {
    const { client, id } = await newBuyer('US');
    const answers = await Promise.all(
      ['pm_card_visa', 'pm_card_mastercard'].map((card) =>
        client.post(SUBMIT, subscriptionSubmit('Submit', [planItem('personal-monthly')], card)),
      ),
    );
    expectOneWinner(answers);
    for (const answer of answers) {
      expect(answer.data.message ?? answer.data.detail).not.toBe(paymentErrorMessage('n/a').text);
    }
    const [row] = rowsOf<{ plans: number }>(
      await server.db.execute(sql`select count(*)::int as plans from subscription_enrollments
        where subscriber_type = 'user' and subscriber_id = ${id}`),
    );
    expect(row!.plans).toBe(1);
  });
});
