// One clock (issue 37): what the clock-based rules compare with the server's clock is dated by
// it too. Moved forward (outside production), a course bought a second ago is still within its
// refund window, and a plan's first charge is dated like the period it pays for.
import { refundPath } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { cardTokenSubmit, createCheckoutKit, PAID_A, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { DEV_CLOCK_PATH } from './dev-clock.routes.js';

const DAY_MS = 86_400_000;
const ADVANCE_DAYS = 45;

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer, ownedCourseIds } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_server_clock' }));
});
afterAll(() => close());

/** Milliseconds between a stamp and the server's clock now. */
const offClock = (stamp: Date | string) => Math.abs(new Date(stamp).getTime() - server.clock.now().getTime());

describe('after the clock moved forward', () => {
  beforeAll(async () => {
    const { client } = await newBuyer('US');
    const moved = await client.post(DEV_CLOCK_PATH, { advance_days: ADVANCE_DAYS });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(server.clock.now().getTime() - Date.now()).toBeGreaterThan((ADVANCE_DAYS - 1) * DAY_MS);
  });

  it('a course bought now is refunded at once: its order is dated by the same clock', async () => {
    const { client, id } = await newBuyer('US');
    const bought = await client.post('/payment/checkout-submit/', cardTokenSubmit([PAID_A]));
    expect(bought.data.status, bought.body).toBe('succeeded');
    const [order] = rowsOf<{ created_at: string; completed_at: string; line_id: number }>(
      await server.db.execute(sql`select o.created_at, o.completed_at, l.id as line_id
        from orders o join order_lines l on l.order_id = o.id where o.user_id = ${id}`),
    );
    expect(offClock(order!.completed_at)).toBeLessThan(60_000);
    expect(offClock(order!.created_at)).toBeLessThan(60_000);

    const quote = await client.get(refundPath(Number(order!.line_id)));
    expect(quote.data.refund_refusal, quote.body).toBeNull();
    const refunded = await client.post(refundPath(Number(order!.line_id)), { reason: 'other' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.data.status).toBe('refunded');
    expect(await ownedCourseIds(client)).toEqual([]);
  });

  it('a plan’s first charge and its enrollment are dated by the clock, like its period', async () => {
    const { client, id } = await newBuyer('US');
    const plans = await client.post('/api/2022-03/graphql/', {
      query: '{ subscriptionPlans { id productType } }',
    });
    const personal = plans.data.data.subscriptionPlans.find(
      (plan: { productType: string }) => plan.productType === 'CONSUMERSUBSCRIPTION',
    );
    await client.post('/payment/skip-free-trial/', {
      subscription_plan_id: Number(personal.id),
      enabled: true,
    });
    const paid = await client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_visa'),
    );
    expect(paid.data.status, paid.body).toBe('succeeded');
    const [charge] = rowsOf<{ created_at: string; period_start: string; enrolled_at: string }>(
      await server.db.execute(sql`select c.created_at, c.period_start, e.created_at as enrolled_at
        from subscription_charges c join subscription_enrollments e on e.id = c.enrollment_id
        where e.subscriber_type = 'user' and e.subscriber_id = ${id}`),
    );
    expect(offClock(charge!.created_at)).toBeLessThan(60_000);
    expect(offClock(charge!.enrolled_at)).toBeLessThan(60_000);
    expect(new Date(charge!.created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(charge!.period_start).getTime(),
    );
  });
});
