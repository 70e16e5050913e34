// Hardening II (issue 37): what reached PostgreSQL as a 500 (ids past int4 in both checkout
// environments, checkout references past int4 or with another prefix), a full-credit order
// whose credit another order spent first, and a gift date that does not exist. Each is refused
// at the edge or before any charge, in the error contract, changing nothing.
import { money } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import {
  course,
  createCheckoutKit,
  FREE_COURSE,
  infoBody,
  newRef,
  PAID_A,
  PAID_B,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { createCreditService } from '../credit/credit.service.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

const INT4_OVERFLOWS = [2 ** 31, 2 ** 53, -1];
const NY = { country_code: 'US', secondary_location_info: '10001' };

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer, ownedCourseIds, orderCount } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_input_bounds' }));
});
afterAll(() => close());

/** A Marketplace submit paid without a card (the free or the full-credit pseudo-method). */
const internalSubmit = (ids: number[], vendor: 'Free' | 'Credit', methodId = vendor === 'Free' ? 0 : 1) => ({
  checkout_environment: 'Marketplace',
  checkout_event: 'Submit',
  checkout_ref: newRef(),
  shopping_info: { items: ids.map(course) },
  billing_address: NY,
  payment_info: {
    method_id: methodId,
    payment_vendor: vendor,
    payment_method: vendor === 'Free' ? 'free-method' : 'full-credit',
    credentials: {},
  },
});

/** A Subscription info request of `event` for the plan item. */
const subscriptionInfo = (event: string, item: unknown) => ({
  requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
  checkout_environment: 'Subscription',
  checkout_event: event,
  shopping_info: { items: [item] },
});

async function stateOf(userId: number) {
  const [row] = rowsOf<{ attempts: number; checkouts: number; orders: number }>(
    await server.db.execute(sql`select
      (select count(*)::int from payment_attempts where user_id = ${userId}) as attempts,
      (select count(*)::int from subscription_checkouts where user_id = ${userId}) as checkouts,
      (select count(*)::int from orders where user_id = ${userId}) as orders`),
  );
  return row!;
}

describe('ids past int4 are 400s at the edge (the database-id rule)', () => {
  it('payment_info.method_id of a course checkout: 2^31, 2^53 and -1 refused, nothing stored', async () => {
    const { client, id } = await newBuyer('US');
    for (const methodId of INT4_OVERFLOWS) {
      const response = await client.post(
        CHECKOUT_PATHS.submit,
        internalSubmit([FREE_COURSE], 'Free', methodId),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.data.code).toBe('validation_error');
      expect(response.data.field_errors['payment_info.method_id']).toEqual([
        'method_id must be the id of a payment method offered.',
      ]);
    }
    expect(await stateOf(id)).toEqual({ attempts: 0, checkouts: 0, orders: 0 });
    // 0 is the free pseudo-method (checkout §3): still accepted.
    const free = await client.post(CHECKOUT_PATHS.submit, internalSubmit([FREE_COURSE], 'Free', 0));
    expect(free.data.status, free.body).toBe('succeeded');
  });

  it('payment_info.method_id of a subscription checkout', async () => {
    const { client, id } = await newBuyer('US');
    for (const methodId of INT4_OVERFLOWS) {
      const body = subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_visa');
      const response = await client.post(CHECKOUT_PATHS.submit, {
        ...body,
        payment_info: { ...body.payment_info, method_id: methodId },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.data.field_errors)).toEqual(['payment_info.method_id']);
    }
    expect(await stateOf(id)).toEqual({ attempts: 0, checkouts: 0, orders: 0 });
  });

  it('checkout references: LSC-<n> past int4, and any other prefix, on UpsellInfo, UpsellSubmit and Update', async () => {
    const { client, id } = await newBuyer('US');
    const field = 'shopping_info.items.0.buyable.checkout_ref';
    for (const reference of ['LSC-2147483648', 'LSC-9007199254740993', 'XYZ-1', 'LSC-0', 'LSC-01']) {
      const item = planItem('personal-monthly', undefined, reference);
      const answers = [
        await client.post(CHECKOUT_PATHS.info, subscriptionInfo('UpsellInfo', item)),
        await client.post(CHECKOUT_PATHS.submit, subscriptionSubmit('UpsellSubmit', [item], null)),
        await client.post(CHECKOUT_PATHS.submit, subscriptionSubmit('Update', [item], 'pm_card_visa')),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `${reference}: ${answer.body}`).toBe(400);
        expect(answer.data.field_errors[field]).toEqual([
          'checkout_ref must be the reference of a subscription, such as LSC-42.',
        ]);
      }
    }
    const pricing = await client.get('/payment/teamplan-pricing-info-view/?checkout_ref=LSC-2147483648');
    expect(pricing.statusCode, pricing.body).toBe(400);
    // A well-formed reference that is not yours is still "no such subscription".
    const other = await client.post(
      CHECKOUT_PATHS.info,
      subscriptionInfo('UpsellInfo', planItem('personal-monthly', undefined, 'LSC-2147483647')),
    );
    expect(other.statusCode, other.body).toBe(404);
    expect(await stateOf(id)).toEqual({ attempts: 0, checkouts: 0, orders: 0 });
  });

  it('subscription_plan_id of the skip-free-trial switch', async () => {
    const { client } = await newBuyer('US');
    const read = await client.get('/payment/skip-free-trial/?subscription_plan_id=2147483648');
    expect(read.statusCode).toBe(400);
    const write = await client.post('/payment/skip-free-trial/', {
      subscription_plan_id: 2 ** 31,
      enabled: true,
    });
    expect(write.statusCode).toBe(400);
    expect(write.data.field_errors.subscription_plan_id).toEqual(['subscription_plan_id must be a plan id.']);
  });
});

describe('a full-credit order whose credit another order spent first', () => {
  it('is refused with 409 insufficient_credit, nothing charged, not "this method is not offered"', async () => {
    const { client, id } = await newBuyer('US');
    const totalOf = async (courseId: number) =>
      (await client.post(CHECKOUT_PATHS.info, infoBody([courseId], NY))).data.data.order_summary.total
        .amount as number;
    const [first, second] = [await totalOf(PAID_A), await totalOf(PAID_B)];
    // Enough for either order alone, not for both: each checkout page offers only the credit.
    await createCreditService(server.db).grant(id, money(Math.max(first, second), 'USD'), 'test grant');
    // The buyer's facts were read before the grant: on PostgreSQL the kept copy follows the
    // grant once its announcement arrives (decision 0016), a moment later.
    for (const courseId of [PAID_A, PAID_B]) {
      await expect
        .poll(
          async () =>
            (await client.post(CHECKOUT_PATHS.info, infoBody([courseId], NY))).data.data.order_summary
              .is_fully_paid_by_credit,
          { timeout: 15_000 },
        )
        .toBe(true);
    }

    const winner = await client.post(CHECKOUT_PATHS.submit, internalSubmit([PAID_A], 'Credit'));
    expect(winner.data.status, winner.body).toBe('succeeded');
    const loser = await client.post(CHECKOUT_PATHS.submit, internalSubmit([PAID_B], 'Credit'));
    expect(loser.statusCode, loser.body).toBe(409);
    expect(loser.data.code).toBe('insufficient_credit');
    expect(loser.data.detail).toMatch(/credit does not cover this order.*nothing was charged/);
    expect(await ownedCourseIds(client)).not.toContain(PAID_B);
    expect(await orderCount(id)).toBe(1);
  });
});

describe('dates that do not exist', () => {
  it('a gift delivery date of 2026-09-31 is a 400 naming the field, at info and at submit', async () => {
    const { client, id } = await newBuyer('US');
    const giftItem = {
      buyable: { id: PAID_A, buyable_object_type: 'gift' },
      gift: { recipient_email: 'friend@example.com', deliver_on: '2026-09-31' },
    };
    const field = 'shopping_info.items.0.gift.deliver_on';
    const message = 'deliver_on must be a date that exists, written YYYY-MM-DD (such as 2026-09-30).';
    const info = await client.post(CHECKOUT_PATHS.info, {
      ...infoBody([], NY),
      shopping_info: { items: [giftItem] },
    });
    expect(info.statusCode, info.body).toBe(400);
    expect(info.data.field_errors[field]).toEqual([message]);
    const submit = await client.post(CHECKOUT_PATHS.submit, {
      ...internalSubmit([], 'Free'),
      shopping_info: { items: [giftItem] },
    });
    expect(submit.statusCode, submit.body).toBe(400);
    expect(submit.data.field_errors[field]).toEqual([message]);
    expect(await stateOf(id)).toEqual({ attempts: 0, checkouts: 0, orders: 0 });
  });
});
