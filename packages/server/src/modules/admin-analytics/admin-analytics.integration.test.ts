// Revenue analytics against the ledger (issue 33): a month of known sales, a refund, trials that
// convert or fail, an upsell, renewals and a churned plan, made with the real checkout and the
// movable clock; every figure of the month is checked to the cent against the rows it sums.
import { monthlyRecurringAmount, PURCHASE_HISTORY_PATHS, type AdminAnalytics } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import {
  cardTokenSubmit,
  createCheckoutKit,
  PAID_A,
  PAID_B,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import type { TestClient } from '../../test-support/test-client.js';

const ANALYTICS = '/api-2.0/admin/analytics/';
const GRAPHQL = '/api/2022-03/graphql/';
const DAY = 86_400_000;
/** The Team Plan's monthly price of one license (demo seed), without tax. */
const LICENSE = 4000;

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

async function clockNow(client: TestClient): Promise<number> {
  return Date.parse((await client.get(DEV_CLOCK_PATH)).data.now);
}
async function advanceTo(client: TestClient, at: number) {
  const moved = await client.post(DEV_CLOCK_PATH, { advance_to: new Date(at).toISOString() });
  expect(moved.statusCode, moved.body).toBe(200);
}

async function currentPlan(client: TestClient) {
  const answer = await client.post(
    GRAPHQL,
    {
      query:
        '{ currentSubscriptionEnrollment { id checkoutReference status licenseCount billing { currentPeriodEndDate } } }',
    },
    { headers: { accept: 'application/graphql-response+json' } },
  );
  return answer.data.data.currentSubscriptionEnrollment;
}

/**
 * A new organization whose owner starts a Team Plan trial of `licenses` monthly licenses on `card`
 * (a card starts one free trial only: each organization here uses another).
 */
async function teamTrial(licenses: number, card: string) {
  const owner = await newBuyer();
  expect(
    (await owner.client.post('/api-2.0/business/sign-up/', { organization_name: 'Ledger Co' })).statusCode,
  ).toBe(201);
  const started = await owner.client.post(
    '/payment/checkout-submit/',
    subscriptionSubmit('Submit', [planItem('team-monthly', licenses)], card),
  );
  expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
  const plan = await currentPlan(owner.client);
  expect(plan.status).toBe('TRIAL');
  return { ...owner, plan };
}

async function buyCourses(ids: number[]) {
  const buyer = await newBuyer();
  const paid = await buyer.client.post('/payment/checkout-submit/', cardTokenSubmit(ids));
  expect(paid.data.status, paid.body).toBe('succeeded');
  return buyer;
}

let staff: TestClient;

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_analytics' }));
  const finance = await newBuyer();
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${finance.id}, 'finance')`);
  staff = finance.client;
  // The demo's plans end now, so the month below holds only what this test does.
  await server.db.execute(
    sql`update subscription_invoices set status = 'void', updated_at = now() where status <> 'paid'`,
  );
  await server.db.execute(
    sql`update subscription_enrollments set status = 'EXPIRED', current_period_end = least(current_period_end, now())`,
  );
});
afterAll(() => close());

describe('revenue analytics', () => {
  it('refuses a period that is backwards, too long or not a date, with field errors', async () => {
    const backwards = await staff.get(`${ANALYTICS}?from=2026-11-30&to=2026-11-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to must be on or after from.');
    expect((await staff.get(`${ANALYTICS}?from=2025-01-01&to=2026-06-01`)).statusCode).toBe(400);
    expect((await staff.get(`${ANALYTICS}?from=2026-09-31&to=2026-10-01`)).statusCode).toBe(400);
  });

  it('agrees with the ledger to the cent for a month of sales, refunds, trials, upsells, renewals and churn', async () => {
    const t0 = await clockNow(staff);
    // Before the month: two organizations convert their trials (5 licenses each, the least a Team Plan has).
    const alpha = await teamTrial(5, 'pm_card_visa');
    const gamma = await teamTrial(5, 'pm_card_mastercard');
    await advanceTo(staff, Date.parse(alpha.plan.billing.currentPeriodEndDate) + 60_000);
    expect((await currentPlan(alpha.client)).status).toBe('ACTIVE');
    expect((await currentPlan(gamma.client)).status).toBe('ACTIVE');
    // Two more trials that end inside the month: one converts, one's card is declined.
    const beta = await teamTrial(6, 'pm_card_amex');
    const delta = await teamTrial(5, 'pm_card_visa_chargeDeclinedInsufficientFunds');

    // The month: from the next UTC midnight, 32 days, so that alpha's and gamma's first paid
    // month (28 to 31 days from the trial's end, just before the start) ends inside it.
    const start = Math.ceil((await clockNow(staff)) / DAY) * DAY;
    const end = start + 32 * DAY;
    const from = day(start);
    const to = day(end - DAY);
    await advanceTo(staff, start + 60_000);

    // Course sales, one course refunded.
    await buyCourses([PAID_A]);
    const refunder = await buyCourses([PAID_A, PAID_B]);
    const [line] = await rows<{ id: number }>(
      sql`select l.id from order_lines l join orders o on o.id = l.order_id where o.user_id = ${refunder.id} and l.course_id = ${PAID_B}`,
    );
    const refund = await refunder.client.post(
      PURCHASE_HISTORY_PATHS.refund.replace(':lineId', String(line!.id)),
      {
        reason: 'other',
      },
    );
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.data.status).toBe('refunded');

    // Alpha adds two licenses; gamma cancels (it churns at its period end, inside the month).
    const upsell = await alpha.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('UpsellSubmit', [planItem('team-monthly', 2, alpha.plan.checkoutReference)], null),
    );
    expect(upsell.data.status, upsell.body).toBe('succeeded');
    const cancel = await gamma.client.post(
      GRAPHQL,
      {
        query: 'mutation($id: ID!) { subscriptionEnrollmentCancel(id: $id) { id status } }',
        variables: { id: String(gamma.plan.id) },
      },
      { headers: { accept: 'application/graphql-response+json' } },
    );
    expect(cancel.data.data.subscriptionEnrollmentCancel.status, cancel.body).toBe('CANCELED');

    // The rest of the month: beta converts, delta fails, alpha renews, gamma expires.
    await advanceTo(staff, end - 60_000);
    expect((await currentPlan(gamma.client)).status).toBe('EXPIRED');
    expect((await currentPlan(beta.client)).status).toBe('ACTIVE');
    // Delta's retries (1, 3 and 5 days on) all failed: the plan ended unpaid.
    expect((await currentPlan(delta.client)).status).toBe('EXPIRED');

    const answer = await staff.get(`${ANALYTICS}?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const analytics = answer.data as AdminAnalytics;
    expect(analytics.base_currency).toBe('USD');

    // The ledger of the month, summed plainly.
    const at = (column: string) =>
      sql.raw(
        `${column} >= '${new Date(start).toISOString()}' and ${column} < '${new Date(end).toISOString()}'`,
      );
    const orders = await rows<{ due: string; tax: string }>(
      sql`select total_amount + credit_amount as due, tax_amount as tax from orders where status in ('completed', 'refunded') and ${at('created_at')}`,
    );
    const charges = await rows<{ amount: string; tax: string }>(
      sql`select amount, tax_amount as tax from subscription_charges where status = 'succeeded' and ${at('created_at')}`,
    );
    const refunds = await rows<{ amount: string; tax: string }>(
      sql`select f.amount, l.tax_amount as tax from course_refunds f join order_lines l on l.id = f.order_line_id where f.status = 'refunded' and ${at('f.completed_at')}`,
    );
    const sum = (list: { [key: string]: string }[], key: string) =>
      list.reduce((total, row) => total + Number(row[key]), 0);
    expect(orders).toHaveLength(2);
    expect(charges.length).toBeGreaterThanOrEqual(3); // beta's first period, alpha's upsell and renewal
    const gross = sum(orders, 'due') + sum(charges, 'amount');
    const taxCollected = sum(orders, 'tax') + sum(charges, 'tax') - sum(refunds, 'tax');

    const month = analytics.current;
    expect(month).toMatchObject({
      from,
      to,
      gross_sales: gross,
      refunds: sum(refunds, 'amount'),
      tax_collected: taxCollected,
      net_revenue: gross - sum(refunds, 'amount') - taxCollected,
      orders: 2,
      average_order_value: Math.round(sum(orders, 'due') / 2),
    });
    expect(sum(refunds, 'amount')).toBeGreaterThan(0);
    // MRR: alpha 7 licenses and beta 6; gamma churned; delta's declined trial never counted.
    const mrr = (licenses: number) => monthlyRecurringAmount(licenses * LICENSE, 'MONTH');
    expect(month).toMatchObject({
      mrr: mrr(7) + mrr(6),
      arr: (mrr(7) + mrr(6)) * 12,
      active_subscriptions: 2,
      new_mrr: mrr(6),
      expansion_mrr: mrr(2),
      contraction_mrr: 0,
      churned_mrr: mrr(5),
      logo_churn_rate: 1 / 2,
      revenue_churn_rate: mrr(5) / mrr(10),
      trials_ended: 2,
      trials_converted: 1,
      trial_conversion_rate: 1 / 2,
      failed_invoices: 1,
      recovered_invoices: 0,
      recovery_rate: 0,
    });
    // The month before: alpha and gamma converted (new MRR), and the demo's paying plans, ended
    // by this test's setup, churned: Acme's 10 yearly licenses at $360 and Initech's 5 monthly
    // licenses at $40 (past due, still counted until it ends).
    expect(analytics.previous).toMatchObject({
      new_mrr: mrr(10),
      mrr: mrr(10),
      churned_mrr: monthlyRecurringAmount(10 * 36000, 'YEAR') + mrr(5),
    });

    // The series add up to the figures.
    expect(analytics.daily_sales.reduce((total, point) => total + point.gross_sales, 0)).toBe(gross);
    expect(analytics.mrr_history.at(-1)!.mrr).toBe(month.mrr);
    expect(analytics.top_courses[0]).toMatchObject({ course_id: PAID_A, sales: 2 });
    expect(analytics.sales_by_country.reduce((total, row) => total + row.gross_sales, 0)).toBe(gross);
    // Every sale, course or plan, kept the billing country it was made in.
    expect(analytics.sales_by_country.map((row) => row.country)).not.toContain('??');
    expect(analytics.subscriptions_by_status).toEqual(
      expect.arrayContaining([
        { status: 'active', count: 2 },
        expect.objectContaining({ status: 'expired' }),
      ]),
    );
    expect(analytics.unconverted).toEqual([]);
    expect(t0).toBeLessThan(start);
  });

  it('sums closed days once, and a late change to a summed day counts at the next reading', async () => {
    const past = day((await clockNow(staff)) - 3 * DAY);
    const read = async () => {
      const answer = await staff.get(`${ANALYTICS}?from=${past}&to=${past}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.data as AdminAnalytics).current;
    };
    const before = await read();
    const summed = await rows<{ day: string }>(
      sql`select day::text as day from analytics_sales_days where day = ${past}::date and base_currency = 'USD'`,
    );
    expect(summed).toEqual([{ day: past }]);

    // An order of that day completes late (as a bank transfer would): its day is summed again.
    const [order] = await rows<{ id: number }>(
      sql`insert into orders (user_id, status, currency, subtotal_amount, total_amount, country, created_at)
          select id, 'pending', 'USD', 2500, 2500, 'US', ${`${past}T12:00:00Z`}::timestamptz
          from users order by id limit 1 returning id`,
    );
    expect((await read()).gross_sales).toBe(before.gross_sales);
    await server.db.execute(sql`update orders set status = 'completed' where id = ${order!.id}`);
    const after = await read();
    expect(after).toMatchObject({ gross_sales: before.gross_sales + 2500, orders: before.orders + 1 });

    // A completed order that is refunded counts the same; one that fails no longer counts.
    await server.db.execute(sql`update orders set status = 'refunded' where id = ${order!.id}`);
    expect(
      await rows(sql`select 1 from analytics_sales_days where day = ${past}::date and base_currency = 'USD'`),
    ).toHaveLength(1);
    await server.db.execute(sql`update orders set status = 'failed' where id = ${order!.id}`);
    expect((await read()).gross_sales).toBe(before.gross_sales);
  });

  it('counts a plan that ended since the last reading out at the next one', async () => {
    const now = await clockNow(staff);
    const today = day(now);
    const read = async () => {
      const answer = await staff.get(`${ANALYTICS}?from=${today}&to=${today}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.data as AdminAnalytics).current;
    };
    const before = await read();
    expect(before.active_subscriptions).toBeGreaterThan(0);
    // Its spans are computed now; the plan then ends behind the server's back, as a sweep would.
    expect(await rows(sql`select 1 from analytics_stale_plans`)).toHaveLength(0);
    const [ended] = await rows<{ id: number }>(
      sql`update subscription_enrollments set status = 'EXPIRED', current_period_end = ${new Date(now - 1).toISOString()}::timestamptz
          where id = (select min(id) from subscription_enrollments where status = 'ACTIVE') returning id`,
    );
    expect(
      await rows(sql`select 1 from analytics_stale_plans where enrollment_id = ${ended!.id}`),
    ).toHaveLength(1);
    const after = await read();
    expect(after.active_subscriptions).toBe(before.active_subscriptions - 1);
    expect(after.mrr).toBeLessThan(before.mrr);
    expect(after.churned_mrr - before.churned_mrr).toBe(before.mrr - after.mrr);
  });

  it('converts a sale in another currency at the rate stored with it', async () => {
    const [order] = await rows<{ id: number; base_currency: string; exchange_rate: string }>(
      sql`insert into orders (user_id, status, currency, subtotal_amount, total_amount, created_at)
          select id, 'completed', 'EUR', 1000, 1000, now() from users order by id limit 1
          returning id, base_currency, exchange_rate`,
    );
    expect(order).toMatchObject({ base_currency: 'USD' });
    expect(Number(order!.exchange_rate)).toBe(1.08);
    await server.db.execute(sql`update orders set status = 'failed' where id = ${order!.id}`);
  });
});
