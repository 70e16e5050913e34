import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_A, infoBody, newRef } from '../../test-support/checkout-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

// The checkout page's side calls of team-plan §7: the buy-now-pay-later plans of an order, and
// the page's account of its payment attempts.

const METRICS_TOKEN = 'checkout-side-calls-metrics';
let server: Awaited<ReturnType<typeof startTestServer>>;
let learner: TestClient;
beforeAll(async () => {
  server = await startTestServer({ metrics: { port: null, token: METRICS_TOKEN } });
  learner = createTestClient(server.app);
  await learner.login('learner@example.com');
});
afterAll(() => server.stop());

const bnplBody = (country: string, zip?: string) => {
  const { shopping_info, billing_address } = infoBody([PAID_A], {
    country_code: country,
    ...(zip ? { secondary_location_info: zip } : {}),
  });
  return { shopping_info, billing_address };
};

describe('POST /payment/checkout-bnpl-info/', () => {
  it('answers each method for the order: Afterpay’s four payments add up to the total', async () => {
    const [info, bnpl] = await Promise.all([
      learner.post(
        CHECKOUT_PATHS.info,
        infoBody([PAID_A], { country_code: 'US', secondary_location_info: '98101' }),
      ),
      learner.post(CHECKOUT_PATHS.bnplInfo, bnplBody('US', '98101')),
    ]);
    expect(bnpl.statusCode).toBe(200);
    const total = info.data.data.order_summary.total;
    const [afterpay, affirm] = bnpl.data.methods;
    expect(afterpay).toMatchObject({
      payment_method: 'afterpay_clearpay',
      available: true,
      num_payments: 4,
      interval_weeks: 2,
    });
    expect(afterpay.timeline.map((payment: { label: string }) => payment.label)).toEqual([
      'Today',
      'In 2 weeks',
      'In 4 weeks',
      'In 6 weeks',
    ]);
    const sum = afterpay.timeline.reduce(
      (acc: number, payment: { amount: { amount: number } }) => acc + payment.amount.amount,
      0,
    );
    expect(sum).toBe(total.amount);
    expect(afterpay.timeline[0].amount.currency).toBe('USD');
    expect(affirm).toMatchObject({
      payment_method: 'affirm',
      available: true,
      num_payments: null,
      timeline: [],
    });
  });

  it('sells no plan where the methods are not offered, and refuses visitors and bad input', async () => {
    const brazil = await learner.post(CHECKOUT_PATHS.bnplInfo, bnplBody('BR'));
    expect(brazil.data.methods.every((method: { available: boolean }) => !method.available)).toBe(true);
    expect(
      (await createTestClient(server.app).post(CHECKOUT_PATHS.bnplInfo, bnplBody('US', '98101'))).statusCode,
    ).toBe(401);
    const bad = await learner.post(CHECKOUT_PATHS.bnplInfo, { shopping_info: { items: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.field_errors['shopping_info.items']).toEqual(['Send at least one item.']);
  });
});

describe('POST /payment/shopping-cart-log-payment-attempt/', () => {
  const counterLine = async (pattern: RegExp) => {
    const metrics = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return metrics.body.split('\n').find((line) => pattern.test(line));
  };

  it('counts each attempt by method and outcome at /metrics, for guests too', async () => {
    const visitor = createTestClient(server.app);
    for (const client of [learner, visitor]) {
      const logged = await client.post(CHECKOUT_PATHS.logPaymentAttempt, {
        payment_method: 'card',
        outcome: 'failed',
        checkout_ref: newRef(),
        error_code: 'card_declined',
      });
      expect(logged.statusCode).toBe(204);
    }
    expect(
      await counterLine(
        /^lectern_client_events_total\{key="checkout.payment_attempt",tags="error_code:card_declined,outcome:failed,payment_method:card"\} 2$/,
      ),
    ).toBeDefined();
  });

  it('refuses an unknown outcome or a method that is not a type, and counts nothing', async () => {
    const bad = await learner.post(CHECKOUT_PATHS.logPaymentAttempt, {
      payment_method: 'Card!',
      outcome: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['outcome', 'payment_method']);
    expect(await counterLine(/payment_method:Card!/)).toBeUndefined();
  });
});
