// Issue 19, checkout §7 `/payment/retention-promo-submit/` (decision 0029): the real server and
// the sandbox provider; the renewals that charge the discounted periods run by moving the
// server's clock through the developer clock route, as the lifecycle tests do. The clock moves
// for every test of this file: the test that moves it comes last.
import { chargeWithTax, money, RETENTION_OFFERS } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { planItem, seattleBilling, subscriptionSubmit } from '../../test-support/subscription-kit.js';

const GRAPHQL = '/api/2022-03/graphql/';
const PROMO = '/payment/retention-promo-submit/';
const MONTHLY = RETENTION_OFFERS.MONTH.id;
const ANNUAL = RETENTION_OFFERS.YEAR.id;

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_retention' }));
});
afterAll(() => close());

const CURRENT = `{ currentSubscriptionEnrollment { id status checkoutReference
  billing { chargePrice { amount currency } taxPrice { amount } currentPeriodStartDate currentPeriodEndDate } } }`;

async function currentOf(client: TestClient) {
  const response = await client.post(
    GRAPHQL,
    { query: CURRENT },
    { headers: { accept: 'application/graphql-response+json' } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.data.data.currentSubscriptionEnrollment;
}

async function personalPlanId(client: TestClient): Promise<number> {
  const plans = await client.post(GRAPHQL, { query: '{ subscriptionPlans { id productType } }' });
  return Number(
    plans.data.data.subscriptionPlans.find(
      (plan: { productType: string }) => plan.productType === 'CONSUMERSUBSCRIPTION',
    ).id,
  );
}

/** A new learner with a Personal Plan (`option`) they paid for now: the trial skipped. Seattle tax. */
async function paidPersonalPlan(option = 'personal-monthly') {
  const buyer = await newBuyer();
  const skip = await buyer.client.post('/payment/skip-free-trial/', {
    subscription_plan_id: await personalPlanId(buyer.client),
    enabled: true,
  });
  expect(skip.statusCode, skip.body).toBe(200);
  const paid = await buyer.client.post(
    '/payment/checkout-submit/',
    subscriptionSubmit('Submit', [planItem(option)], 'pm_card_visa'),
  );
  expect(paid.data, paid.body).toMatchObject({ status: 'succeeded' });
  const enrollment = await currentOf(buyer.client);
  expect(enrollment.status).toBe('ACTIVE');
  return { ...buyer, enrollment, enrollmentId: Number(enrollment.id) };
}

const accept = (client: TestClient, enrollmentId: number, offerId: string = MONTHLY) =>
  client.post(PROMO, { enrollment_id: enrollmentId, offer_id: offerId });
const offerOf = (client: TestClient, enrollmentId: number) =>
  client.get(`${PROMO}?enrollment_id=${enrollmentId}`);

async function emailOf(userId: number): Promise<string> {
  const [row] = rowsOf<{ email: string }>(
    await server.db.execute(sql`select email from users where id = ${userId}`),
  );
  return row!.email;
}

/** The succeeded charges of an enrollment (amount, tax, unit price), oldest first. */
async function chargesOf(enrollmentId: number) {
  return rowsOf<{ kind: string; amount: string; tax_amount: string; unit_price: string }>(
    await server.db.execute(
      sql`select kind, amount, tax_amount, unit_price from subscription_charges
          where enrollment_id = ${enrollmentId} and status = 'succeeded' order by id`,
    ),
  ).map((row) => ({
    kind: row.kind,
    amount: Number(row.amount),
    tax: Number(row.tax_amount),
    unitPrice: Number(row.unit_price),
  }));
}

async function advanceTo(client: TestClient, at: string) {
  const target = new Date(Date.parse(at) + 60_000);
  const response = await client.post(DEV_CLOCK_PATH, { advance_to: target.toISOString() });
  expect(response.statusCode, response.body).toBe(200);
}

describe('who may ask and what they must send', () => {
  it('tells a visitor to sign in before reading anything', async () => {
    const visitor = createTestClient(server.app);
    await visitor.get('/healthz');
    const read = await visitor.get(`${PROMO}?enrollment_id=1`);
    expect(read.statusCode).toBe(401);
    expect(read.data.code).toBe('not_authenticated');
    const write = await visitor.post(PROMO, { nonsense: true });
    expect(write.statusCode).toBe(401);
    expect(write.data.code).toBe('not_authenticated');
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const learner = await paidPersonalPlan();
    const empty = await learner.client.post(PROMO, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.data.code).toBe('validation_error');
    expect(Object.keys(empty.data.field_errors).sort()).toEqual(['enrollment_id', 'offer_id']);

    const unknownOffer = await accept(learner.client, learner.enrollmentId, 'FREE-FOREVER');
    expect(unknownOffer.statusCode).toBe(400);
    expect(unknownOffer.data.field_errors.offer_id).toEqual([
      'offer_id must be one of stay-2-months-50-off, stay-1-year-25-off.',
    ]);
    for (const id of [0, -3, 1.5, '12', 2_147_483_648]) {
      const bad = await learner.client.post(PROMO, { enrollment_id: id, offer_id: MONTHLY });
      expect(bad.statusCode, JSON.stringify(id)).toBe(400);
      expect(bad.data.field_errors.enrollment_id).toEqual([
        'enrollment_id must be the id of your subscription.',
      ]);
    }
    for (const query of ['', '?enrollment_id=', '?enrollment_id=abc', '?enrollment_id=99999999999']) {
      const bad = await learner.client.get(`${PROMO}${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.data.field_errors.enrollment_id).toBeDefined();
    }
    expect((await offerOf(learner.client, learner.enrollmentId)).data.available).toBe(true);
  });

  it("answers someone else's plan, and one that does not exist, as missing", async () => {
    const owner = await paidPersonalPlan();
    const other = await newBuyer();
    for (const response of [
      await offerOf(other.client, owner.enrollmentId),
      await accept(other.client, owner.enrollmentId),
      await accept(other.client, 2_147_483_000),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.data.code).toBe('not_found');
    }
    // Acme's Team Plan: its owner is told it is a Team Plan; a learner outside Acme gets a 404.
    const acmeOwner = createTestClient(server.app, { ip: '10.31.0.4' });
    expect((await acmeOwner.login('owner@example.com')).statusCode).toBe(200);
    const acmePlan = Number((await currentOf(acmeOwner)).id);
    const team = await offerOf(acmeOwner, acmePlan);
    expect(team.data).toMatchObject({ available: false, reason: 'not_personal_plan', offer: null });
    const refused = await accept(acmeOwner, acmePlan);
    expect(refused.statusCode).toBe(409);
    expect(refused.data.code).toBe('not_personal_plan');
    expect((await offerOf(other.client, acmePlan)).statusCode).toBe(404);
    expect((await offerOf(acmeOwner, owner.enrollmentId)).statusCode).toBe(404);
    expect((await offerOf(owner.client, owner.enrollmentId)).data.available).toBe(true);
  });
});

describe('when there is no offer', () => {
  it('has none during a free trial: nothing has been paid yet', async () => {
    const learner = await newBuyer();
    const started = await learner.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_mastercard'),
    );
    expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
    const trial = await currentOf(learner.client);
    expect(trial.status).toBe('TRIAL');
    const read = await offerOf(learner.client, Number(trial.id));
    expect(read.statusCode).toBe(200);
    expect(read.data).toEqual({
      enrollment_id: Number(trial.id),
      available: false,
      reason: 'in_trial',
      offer: null,
      accepted: null,
    });
    const refused = await accept(learner.client, Number(trial.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.data).toEqual({
      code: 'in_trial',
      detail: 'There is no offer during a free trial: nothing has been charged yet.',
    });
  });

  it('has none for a cancelled plan, and an offer for another interval is refused', async () => {
    const learner = await paidPersonalPlan();
    const wrong = await accept(learner.client, learner.enrollmentId, ANNUAL);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.data.code).toBe('offer_changed');
    const cancel = await learner.client.post(GRAPHQL, {
      query: 'mutation ($id: ID!) { subscriptionEnrollmentCancel(id: $id) { status } }',
      variables: { id: String(learner.enrollmentId) },
    });
    expect(cancel.data.data.subscriptionEnrollmentCancel.status).toBe('CANCELED');
    expect((await offerOf(learner.client, learner.enrollmentId)).data).toMatchObject({
      available: false,
      reason: 'cancelled',
    });
    const refused = await accept(learner.client, learner.enrollmentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.data.code).toBe('cancelled');
    expect(
      rowsOf(
        await server.db.execute(sql`select 1 from subscription_retention_offers
      where enrollment_id = ${learner.enrollmentId}`),
      ),
    ).toHaveLength(0);
  });

  it('offers an annual plan its next year at a quarter off', async () => {
    const learner = await paidPersonalPlan('personal-annual');
    const read = await offerOf(learner.client, learner.enrollmentId);
    const end = learner.enrollment.billing.currentPeriodEndDate as string;
    expect(read.data.offer).toMatchObject({
      offer_id: ANNUAL,
      percent_off: 25,
      periods: 1,
      renewal_interval: { type: 'YEAR', count: 1 },
      regular_price: learner.enrollment.billing.chargePrice,
      discount_starts_at: end,
      charge_dates: [end],
    });
    const yearLater = new Date(end);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(read.data.offer.discount_ends_at).toBe(yearLater.toISOString());
  });
});

describe('accepting the offer', () => {
  it('accepts once under concurrent presses, refuses the second time, and mails the subscriber', async () => {
    const learner = await paidPersonalPlan();
    const before = learner.enrollment;
    const read = await offerOf(learner.client, learner.enrollmentId);
    expect(read.statusCode).toBe(200);
    // Seattle's state and city taxes, each rounded on its own, as the first charge was taxed.
    const [taxes] = rowsOf<{ tax_lines: { ratePercent: number }[] }>(
      await server.db.execute(
        sql`select tax_lines from subscription_charges where enrollment_id = ${learner.enrollmentId}`,
      ),
    );
    const rates = taxes!.tax_lines.map((line) => line.ratePercent);
    expect(rates.length).toBeGreaterThan(1);
    const discounted = chargeWithTax(money(1500, 'USD'), rates, 'tax_exclusive');
    const periodEnd = before.billing.currentPeriodEndDate as string;
    expect(read.data).toMatchObject({
      enrollment_id: learner.enrollmentId,
      available: true,
      reason: null,
      accepted: null,
      offer: {
        offer_id: MONTHLY,
        percent_off: 50,
        periods: 2,
        renewal_interval: { type: 'MONTH', count: 1 },
        regular_price: { amount: before.billing.chargePrice.amount, currency: 'USD' },
        discounted_price: { amount: discounted.total.amount, currency: 'USD' },
        discounted_tax: { amount: discounted.tax.amount, currency: 'USD' },
        discount_starts_at: periodEnd,
      },
    });
    expect(discounted.tax.amount).toBeGreaterThan(0);
    expect(read.data.offer.charge_dates).toHaveLength(2);
    expect(read.data.offer.charge_dates[0]).toBe(periodEnd);

    // Two presses at once: one offer.
    const answers = await Promise.all([
      accept(learner.client, learner.enrollmentId),
      accept(learner.client, learner.enrollmentId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const accepted = answers.find((answer) => answer.statusCode === 201)!;
    expect(answers.find((answer) => answer.statusCode === 409)!.data.code).toBe('already_accepted');
    expect(accepted.data).toMatchObject({
      enrollment_id: learner.enrollmentId,
      status: 'accepted',
      offer_id: MONTHLY,
      next_charge: { amount: discounted.total.amount, currency: 'USD' },
      next_charge_date: periodEnd,
      discount_ends_at: read.data.offer.discount_ends_at,
    });

    const again = await accept(learner.client, learner.enrollmentId);
    expect(again.statusCode).toBe(409);
    expect(again.data).toEqual({
      code: 'already_accepted',
      detail: 'An offer has already been accepted for this subscription.',
    });
    const after = await offerOf(learner.client, learner.enrollmentId);
    expect(after.data).toMatchObject({ available: false, reason: 'already_accepted', offer: null });
    expect(after.data.accepted).toMatchObject({ offer_id: MONTHLY, accepted_at: accepted.data.accepted_at });

    // The plan's next charge is the discounted one.
    const current = await currentOf(learner.client);
    expect(current.billing.chargePrice.amount).toBe(discounted.total.amount);
    expect(current.billing.taxPrice.amount).toBe(discounted.tax.amount);

    // Moving to Portland (no sales tax) keeps the discount on the next charge.
    const moved = await learner.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit(
        'UpdateBilling',
        [planItem('personal-monthly', undefined, current.checkoutReference)],
        null,
        {
          billing_address: { ...seattleBilling(), secondary_location_info: '97201' },
        },
      ),
    );
    expect(moved.data, moved.body).toMatchObject({ status: 'succeeded' });
    expect(moved.data.data.tax_rate_change).toMatchObject({ new_rate: 0, new_total: 1500 });
    expect((await currentOf(learner.client)).billing.chargePrice.amount).toBe(1500);

    const mails = rowsOf<{ kind: string; subject: string; text: string; html: string }>(
      await server.db.execute(sql`select kind, subject, text, html from mail_outbox
        where recipient = ${await emailOf(learner.id)} and kind = 'retention_offer_accepted'`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Personal Plan discount is confirmed');
    const shown = (amount: number) => `$${(amount / 100).toFixed(2)}`;
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).toContain('50% off your next 2 monthly payments');
      expect(part).toContain(
        `${shown(discounted.total.amount)} instead of ${shown(before.billing.chargePrice.amount)}`,
      );
    }
  });
});

describe('the discounted renewals (the clock moves: last)', () => {
  it('charges the next two months at half price, tax on the discounted price, then the usual price again', async () => {
    const learner = await paidPersonalPlan();
    const control = await paidPersonalPlan();
    const regular = learner.enrollment.billing.chargePrice.amount as number;
    expect((await accept(learner.client, learner.enrollmentId)).statusCode).toBe(201);
    const expected = (await offerOf(learner.client, learner.enrollmentId)).data.accepted;
    const discounted = expected.discounted_price.amount as number;
    expect(discounted).toBeLessThan(regular);

    const [first] = await chargesOf(learner.enrollmentId);
    expect(first).toMatchObject({ kind: 'first_period', amount: regular, unitPrice: 3000 });

    // First discounted month.
    await advanceTo(learner.client, expected.charge_dates[0]);
    let charges = await chargesOf(learner.enrollmentId);
    expect(charges).toHaveLength(2);
    expect(charges[1]).toEqual({
      kind: 'renewal',
      amount: discounted,
      tax: expected.discounted_tax.amount,
      unitPrice: 1500,
    });
    let current = await currentOf(learner.client);
    expect(current.status).toBe('ACTIVE');
    expect(current.billing.currentPeriodStartDate).toBe(expected.charge_dates[0]);
    // The next month is discounted too.
    expect(current.billing.chargePrice.amount).toBe(discounted);

    // Second discounted month: then the plan shows its usual price as the next charge.
    await advanceTo(learner.client, expected.charge_dates[1]);
    charges = await chargesOf(learner.enrollmentId);
    expect(charges.map((charge) => charge.amount)).toEqual([regular, discounted, discounted]);
    current = await currentOf(learner.client);
    expect(current.billing.currentPeriodEndDate).toBe(expected.discount_ends_at);
    expect(current.billing.chargePrice.amount).toBe(regular);

    // The month after: the usual price.
    await advanceTo(learner.client, expected.discount_ends_at);
    charges = await chargesOf(learner.enrollmentId);
    expect(charges).toHaveLength(4);
    expect(charges[3]).toMatchObject({ kind: 'renewal', amount: regular, unitPrice: 3000 });
    expect((await currentOf(learner.client)).billing.chargePrice.amount).toBe(regular);

    // A plan without the offer renewed at its usual price all along.
    expect((await chargesOf(control.enrollmentId)).map((charge) => charge.amount)).toEqual([
      regular,
      regular,
      regular,
      regular,
    ]);
  });
});
