import {
  CHECKOUT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  checkoutReferenceOf,
  money,
  paymentErrorMessage,
  prorateSeatIncrease,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { answerHostedPage, type Sandbox } from '../../test-support/payments-sandbox.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { planItem, seattleBilling, subscriptionSubmit } from '../../test-support/subscription-kit.js';

const GRAPHQL = '/api/2022-03/graphql/';
let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_subscriptions' }));
});
afterAll(() => close());

const item = planItem;
const address = seattleBilling;
const submit = subscriptionSubmit;
const info = (event: string, items: unknown[], billing: Record<string, string> | null = address()) => ({
  requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
  checkout_environment: 'Subscription',
  checkout_event: event,
  shopping_info: { items },
  ...(billing ? { billing_address: billing } : {}),
});
const graphql = (client: TestClient, query: string, variables: Record<string, unknown> = {}) =>
  client.post(GRAPHQL, { query, variables }, { headers: { accept: 'application/graphql-response+json' } });
const CURRENT = `{ currentSubscriptionEnrollment { id checkoutReference status licenseCount usedLicenseCount cancelDate
  billing { chargePrice { amount currency } taxPrice { amount } currentPeriodStartDate currentPeriodEndDate } } }`;

/** A new user who founded an organization through the business sign-up. */
async function newOrganizationOwner(name = 'Initech') {
  const buyer = await newBuyer();
  const response = await buyer.client.post('/api-2.0/business/sign-up/', { organization_name: name });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.data.next).toBe('/payment/checkout-teamplan/');
  return buyer;
}

async function currentOf(client: TestClient) {
  const response = await graphql(client, CURRENT);
  expect(response.statusCode, response.body).toBe(200);
  return response.data.data.currentSubscriptionEnrollment;
}

/** Charges of the sandbox for one subscription checkout (by its metadata). */
async function providerCharges(checkoutId: string): Promise<number> {
  const list = (await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  }).then((r) => r.json())) as {
    data: { status: string; amount: number; metadata: Record<string, string> }[];
  };
  return list.data.filter(
    (intent) => intent.status === 'succeeded' && intent.metadata.subscription_checkout_id === checkoutId,
  ).length;
}

describe('plans over GraphQL', () => {
  it('lists the Team Plan and Personal Plan options with trials, licenses, savings and monthly prices', async () => {
    const visitor = createTestClient(server.app);
    const response = await visitor.get(
      `${GRAPHQL}?query=${encodeURIComponent('{ subscriptionPlans { productType name priceOptions { id listPrice { amount currency } renewalInterval { type count } trial { dateInterval { type count } } licenseContext { unitPrice { amount } licenseCount defaultLicenseCount minimumLicenseCount maximumLicenseCount } annualSavings { amount } monthlyPrice { amount } } } }')}`,
      { headers: { accept: 'application/graphql-response+json' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/graphql-response+json');
    const [team, personal] = response.data.data.subscriptionPlans;
    expect(team.productType).toBe('TEAM');
    expect(team.priceOptions[0]).toEqual({
      id: 'team-annual',
      listPrice: { amount: 360000, currency: 'USD' },
      renewalInterval: { type: 'YEAR', count: 1 },
      trial: { dateInterval: { type: 'DAY', count: 14 } },
      licenseContext: {
        unitPrice: { amount: 36000 },
        licenseCount: 10,
        defaultLicenseCount: 10,
        minimumLicenseCount: 5,
        maximumLicenseCount: 20,
      },
      annualSavings: { amount: 120000 },
      monthlyPrice: { amount: 30000 },
    });
    expect(team.priceOptions[1].listPrice).toEqual({ amount: 40000, currency: 'USD' });
    expect(personal).toMatchObject({ productType: 'CONSUMERSUBSCRIPTION', name: 'Personal Plan' });
    expect(personal.priceOptions.map((o: { listPrice: { amount: number } }) => o.listPrice.amount)).toEqual([
      24000, 3000,
    ]);
    expect(personal.priceOptions[0].trial.dateInterval.count).toBe(7);
  });

  it('prices by product type for a license count, in the buyer currency where the catalog has one', async () => {
    const buyer = await newBuyer('DE');
    const response = await graphql(
      buyer.client,
      'query($n: Int) { subscriptionPlansByProductType(productType: TEAM, licenseCount: $n) { priceOptions { id listPrice { amount currency } } } }',
      { n: 7 },
    );
    expect(response.data.data.subscriptionPlansByProductType[0].priceOptions[0].listPrice).toEqual({
      amount: 231000,
      currency: 'EUR',
    });
  });

  it('answers errors with extensions.code and refuses queries that are too deep', async () => {
    const visitor = createTestClient(server.app);
    const unauthenticated = await graphql(visitor, CURRENT);
    expect(unauthenticated.data.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const invalid = await graphql(visitor, '{ nothingHere }');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.data.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const deep = `{ subscriptionPlans { ${'priceOptions { renewalInterval { type } '.repeat(1)}} } }`;
    expect((await graphql(visitor, deep)).statusCode).toBe(200);
    const tooMany = `{ ${Array.from({ length: 520 }, (_, i) => `a${i}: subscriptionPlans { id }`).join(' ')} }`;
    const refused = await graphql(visitor, tooMany);
    expect(refused.data.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const mutationByGet = await visitor.get(
      `${GRAPHQL}?query=${encodeURIComponent('mutation { subscriptionEnrollmentCancel(id: "1") { id } }')}`,
      {
        headers: { accept: 'application/graphql-response+json' },
      },
    );
    expect(mutationByGet.statusCode).toBe(405);
  });
});

describe('Team Plan purchase', () => {
  it('starts a 14-day trial storing the card and charging nothing, then adds licenses for free', async () => {
    const owner = await newOrganizationOwner();
    const infoAnswer = await owner.client.post(
      '/payment/checkout-info/',
      info('Info', [item('team-annual', 10)]),
    );
    expect(infoAnswer.statusCode, infoAnswer.body).toBe(200);
    const summary = infoAnswer.data.data.subscription_summary;
    expect(summary).toMatchObject({
      licenses: 10,
      trial_days: 14,
      due_today: { total: 0 },
      tax_breakdown_type: 'tax_exclusive',
    });
    expect(summary.due_next.subtotal).toBe(360000);
    expect(summary.due_next.total).toBe(360000 + summary.due_next.tax);
    expect(infoAnswer.data.data.checkout_config.payment_methods[0]).toMatchObject({
      vendor: 'CardToken',
      type: 'card',
    });

    const started = await owner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 10)], { payment_method_id: 'pm_card_visa' }),
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.data).toMatchObject({
      status: 'succeeded',
      message: CHECKOUT_MESSAGES.subscriptionStarted,
    });
    expect(await providerCharges(started.data.data.payment_attempt_id)).toBe(0);
    const enrollment = await currentOf(owner.client);
    expect(enrollment).toMatchObject({
      status: 'TRIAL',
      licenseCount: 10,
      usedLicenseCount: 1,
      cancelDate: null,
    });
    expect(enrollment.checkoutReference).toBe(started.data.data.subscription_checkout_ref);
    const days =
      (Date.parse(enrollment.billing.currentPeriodEndDate) -
        Date.parse(enrollment.billing.currentPeriodStartDate)) /
      86_400_000;
    expect(days).toBe(14);

    const upsell = await owner.client.post(
      '/payment/checkout-submit/',
      submit('UpsellSubmit', [item('team-annual', 3, enrollment.checkoutReference)], null),
    );
    expect(upsell.data, upsell.body).toMatchObject({
      status: 'succeeded',
      message: CHECKOUT_MESSAGES.licensesAdded,
    });
    expect(upsell.data.data.proration_payment_attempt_id).toBeNull();
    expect(await providerCharges(upsell.data.data.payment_attempt_id)).toBe(0);
    expect((await currentOf(owner.client)).licenseCount).toBe(13);

    // The same card cannot start a second trial on another account (team-plan §8).
    const other = await newOrganizationOwner('Other');
    const again = await other.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 5)], { payment_method_id: 'pm_card_visa' }),
    );
    expect(again.data).toMatchObject({
      status: 'failed',
      error_code: 'card_already_used_for_free_trial',
      message: paymentErrorMessage('card_already_used_for_free_trial').text,
    });
    expect(await currentOf(other.client)).toBeNull();
    // Instead of the trial again, the page (reloaded) offers to pay now: the same card then starts the plan.
    const priced = await other.client.post('/payment/checkout-info/', info('Info', [item('team-annual', 5)]));
    expect(priced.data.data.subscription_summary).toMatchObject({ trial_days: 0, trial_end: null });
    expect(priced.data.data.subscription_summary.due_today.total).toBeGreaterThan(0);
    const paid = await other.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 5)], { payment_method_id: 'pm_card_visa' }),
    );
    expect(paid.data, paid.body).toMatchObject({ status: 'succeeded' });
    expect(await currentOf(other.client)).toMatchObject({ status: 'ACTIVE', licenseCount: 5 });
  });

  it('charges the first period now when the buyer skips the trial, and a prorated upsell exactly once under 20 retries', async () => {
    const owner = await newOrganizationOwner();
    const plans = await graphql(owner.client, '{ subscriptionPlans { id productType } }');
    const teamPlanId = plans.data.data.subscriptionPlans.find(
      (plan: { productType: string }) => plan.productType === 'TEAM',
    ).id;
    const skip = await owner.client.post('/payment/skip-free-trial/', {
      subscription_plan_id: Number(teamPlanId),
      enabled: true,
    });
    expect(skip.data).toEqual({ subscription_plan_id: Number(teamPlanId), enabled: true });
    expect(
      (await owner.client.get(`/payment/skip-free-trial/?subscription_plan_id=${teamPlanId}`)).data.enabled,
    ).toBe(true);

    const infoAnswer = await owner.client.post(
      '/payment/checkout-info/',
      info('Info', [item('team-monthly', 5)]),
    );
    const summary = infoAnswer.data.data.subscription_summary;
    expect(summary.due_today.subtotal).toBe(20000);
    const paid = await owner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('team-monthly', 5)],
        { payment_method_id: 'pm_card_mastercard' },
        {
          expected_total: { amount: summary.due_today.total, currency: 'USD' },
        },
      ),
    );
    expect(paid.data, paid.body).toMatchObject({ status: 'succeeded' });
    expect(await providerCharges(paid.data.data.payment_attempt_id)).toBe(1);
    const enrollment = await currentOf(owner.client);
    expect(enrollment).toMatchObject({ status: 'ACTIVE', licenseCount: 5 });

    // The upsell's price: the Kill Bill rule on the plan's own period.
    const upsellInfo = await owner.client.post(
      '/payment/checkout-info/',
      info('UpsellInfo', [item('team-monthly', 3, enrollment.checkoutReference)], null),
    );
    const expected = prorateSeatIncrease({
      unitPrice: money(4000, 'USD'),
      addedSeats: 3,
      periodStart: new Date(enrollment.billing.currentPeriodStartDate),
      periodEnd: new Date(enrollment.billing.currentPeriodEndDate),
      changeAt: new Date(),
    });
    expect(upsellInfo.data.data.subscription_summary.due_today.subtotal).toBe(expected.amount);
    expect(upsellInfo.data.data.checkout_config.payment_methods[0].mode).toBe('stored');

    const body = submit('UpsellSubmit', [item('team-monthly', 3, enrollment.checkoutReference)], null);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => owner.client.post('/payment/checkout-submit/', body)),
    );
    const ids = new Set(answers.map((answer) => answer.data.data?.payment_attempt_id));
    expect(answers.map((answer) => answer.data.status)).toEqual(Array(20).fill('succeeded'));
    expect(ids.size).toBe(1);
    const [attempt] = [...ids];
    expect(answers[0]!.data.data.proration_payment_attempt_id).toBe(attempt);
    expect(await providerCharges(attempt!)).toBe(1);
    const after = await currentOf(owner.client);
    expect(after.licenseCount).toBe(8);
    const [charge] = rowsOf<{ amount: number; kind: string }>(
      await server.db.execute(
        sql`select amount::int, kind from subscription_charges where checkout_id = ${attempt}`,
      ),
    );
    expect(charge).toEqual({
      amount: upsellInfo.data.data.subscription_summary.due_today.total,
      kind: 'proration',
    });
  });

  it('lets only one of two racing upsells past the 20-license ceiling', async () => {
    const owner = await newOrganizationOwner();
    await owner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 15)], { payment_method_id: 'pm_card_amex' }),
    );
    const { checkoutReference } = await currentOf(owner.client);
    const [first, second] = await Promise.all([
      owner.client.post(
        '/payment/checkout-submit/',
        submit('UpsellSubmit', [item('team-annual', 4, checkoutReference)], null),
      ),
      owner.client.post(
        '/payment/checkout-submit/',
        submit('UpsellSubmit', [item('team-annual', 4, checkoutReference)], null),
      ),
    ]);
    const statuses = [first!.statusCode, second!.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const refused = first!.statusCode === 400 ? first! : second!;
    expect(refused.data.field_errors['shopping_info.items.0.requested_seat_count']).toEqual([
      'Team Plan only allows for 20 total users.',
    ]);
    expect((await currentOf(owner.client)).licenseCount).toBe(19);
    const over = await owner.client.post(
      '/payment/checkout-submit/',
      submit('UpsellSubmit', [item('team-annual', 2, checkoutReference)], null),
    );
    expect(over.statusCode).toBe(400);
    expect((await currentOf(owner.client)).licenseCount).toBe(19);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const owner = await newOrganizationOwner();
    const bad = await owner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('team-annual', 25)],
        { payment_method_id: 'pm_card_discover' },
        { billing_address: address({ customer_name: '', address_line1: '' }) },
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.data.field_errors).toMatchObject({
      'shopping_info.items.0.requested_seat_count': ['Team Plan only allows for 20 total users.'],
    });
    const noCompany = await owner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('team-annual', 10)],
        { payment_method_id: 'pm_card_discover' },
        { billing_address: address({ customer_name: '', address_line1: '' }) },
      ),
    );
    expect(noCompany.data.field_errors).toEqual({
      'billing_address.customer_name': ['Please enter your company name.'],
      'billing_address.address_line1': ['Please enter your address.'],
    });
    const noZip = await owner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('team-annual', 10)],
        { payment_method_id: 'pm_card_discover' },
        { billing_address: address({ secondary_location_info: '' }) },
      ),
    );
    expect(Object.keys(noZip.data.field_errors)).toEqual(['billing_address.secondary_location_info']);
    expect(await currentOf(owner.client)).toBeNull();
  });

  it('refuses organization purchases billed to India on the server', async () => {
    const owner = await newOrganizationOwner();
    const infoAnswer = await owner.client.post(
      '/payment/checkout-info/',
      info('Info', [item('team-annual', 10)], address({ country_code: 'IN', secondary_location_info: 'KA' })),
    );
    expect(infoAnswer.data.data.subscription_summary.region_restricted).toBe(true);
    const refused = await owner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('team-annual', 10)],
        { payment_method_id: 'pm_card_in' },
        { billing_address: address({ country_code: 'IN', secondary_location_info: 'KA' }) },
      ),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.data).toMatchObject({ code: 'region_restricted' });
    expect(refused.data.detail).toContain(SUBSCRIPTION_MESSAGES.regionRestrictedBody);
    expect(await currentOf(owner.client)).toBeNull();
  });

  it('keeps other organizations and learners out', async () => {
    const demoOwner = createTestClient(server.app);
    await demoOwner.login('owner@example.com');
    const acme = await currentOf(demoOwner);
    expect(acme).toMatchObject({ status: 'ACTIVE', licenseCount: 10, usedLicenseCount: 5 });

    const stranger = await newOrganizationOwner('Stranger');
    const foreign = await stranger.client.get(
      `/payment/teamplan-pricing-info-view/?checkout_ref=${acme.checkoutReference}`,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignUpsell = await stranger.client.post(
      '/payment/checkout-submit/',
      submit('UpsellSubmit', [item('team-annual', 1, acme.checkoutReference)], null),
    );
    expect(foreignUpsell.statusCode).toBe(404);
    const foreignCancel = await graphql(
      stranger.client,
      'mutation($id: ID!) { subscriptionEnrollmentCancel(id: $id) { id } }',
      { id: acme.id },
    );
    expect(foreignCancel.data.errors[0].extensions.code).toBe('NOT_FOUND');

    const student = createTestClient(server.app);
    await student.login('sam@acme.example');
    const forbidden = await graphql(
      student,
      'mutation($id: ID!) { subscriptionEnrollmentCancel(id: $id) { id } }',
      { id: acme.id },
    );
    expect(forbidden.data.errors[0].extensions.code).toBe('FORBIDDEN');
    const studentCheckout = await student.post(
      '/payment/checkout-info/',
      info('Info', [item('team-annual', 10)]),
    );
    expect(studentCheckout.statusCode).toBe(403);

    const mine = await demoOwner.get(
      `/payment/teamplan-pricing-info-view/?checkout_ref=${acme.checkoutReference}`,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.data).toMatchObject({ checkout_ref: acme.checkoutReference, trial_end: null });
    expect(mine.data.shopping_cart.items[0].subscription_context.seat_context).toMatchObject({
      requested_seat_count: 10,
      maximum_seat_count: 20,
    });
    expect(checkoutReferenceOf(Number(acme.id))).toBe(acme.checkoutReference);
  });

  it('cancels to the period end and reactivates with nothing charged', async () => {
    const owner = await newOrganizationOwner();
    await owner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 6)], { payment_method_id: 'pm_card_jcb' }),
    );
    const enrollment = await currentOf(owner.client);
    const cancel = await graphql(
      owner.client,
      'mutation($id: ID!) { subscriptionEnrollmentCancel(id: $id) { id status cancelDate billing { currentPeriodEndDate } } }',
      { id: enrollment.id },
    );
    expect(cancel.data.data.subscriptionEnrollmentCancel).toMatchObject({
      id: enrollment.id,
      status: 'CANCELED',
    });
    expect(cancel.data.data.subscriptionEnrollmentCancel.cancelDate).not.toBeNull();
    expect(cancel.data.data.subscriptionEnrollmentCancel.billing.currentPeriodEndDate).toBe(
      enrollment.billing.currentPeriodEndDate,
    );
    const reactivate = await graphql(
      owner.client,
      'mutation($id: ID!) { subscriptionEnrollmentReactivate(id: $id) { id status cancelDate } }',
      { id: enrollment.id },
    );
    expect(reactivate.data.data.subscriptionEnrollmentReactivate).toEqual({
      id: enrollment.id,
      status: 'TRIAL',
      cancelDate: null,
    });
    const withoutCsrf = await owner.client.post(
      GRAPHQL,
      { query: `mutation { subscriptionEnrollmentCancel(id: "${enrollment.id}") { id } }` },
      { csrf: false },
    );
    expect(withoutCsrf.statusCode).toBe(403);
    expect((await currentOf(owner.client)).status).toBe('TRIAL');
  });

  it('updates the stored card and the billing information with the tax-rate change', async () => {
    const owner = await newOrganizationOwner();
    await owner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 5)], { payment_method_id: 'pm_card_diners' }),
    );
    const { checkoutReference } = await currentOf(owner.client);
    const update = await owner.client.post(
      '/payment/checkout-submit/',
      submit('Update', [item('team-annual', undefined, checkoutReference)], {
        payment_method_id: 'pm_card_unionpay',
      }),
    );
    expect(update.data, update.body).toMatchObject({
      status: 'succeeded',
      message: CHECKOUT_MESSAGES.paymentInfoUpdated,
    });
    const upsellInfo = await owner.client.post(
      '/payment/checkout-info/',
      info('UpsellInfo', [item('team-annual', 1, checkoutReference)], null),
    );
    expect(upsellInfo.data.data.checkout_config.payment_methods.length).toBeGreaterThan(0);

    const billing = await owner.client.post(
      '/payment/checkout-submit/',
      submit('UpdateBilling', [item('team-annual', undefined, checkoutReference)], null, {
        billing_address: address({ secondary_location_info: '97201' }),
      }),
    );
    expect(billing.data, billing.body).toMatchObject({
      status: 'succeeded',
      message: CHECKOUT_MESSAGES.billingUpdated,
    });
    expect(billing.data.data.tax_rate_change).toMatchObject({ new_rate: 0, new_total: 180000 });
    expect(billing.data.data.tax_rate_change.previous_rate).toBeGreaterThan(0);
    const enrollment = await currentOf(owner.client);
    expect(enrollment.billing.chargePrice.amount).toBe(180000);
  });
});

describe('Personal Plan and resubscribe', () => {
  it('starts a learner’s 7-day Personal Plan trial', async () => {
    const learner = await newBuyer();
    const answer = await learner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('personal-monthly')],
        { payment_method_id: 'pm_card_visa_debit' },
        {
          billing_address: {
            country_code: 'US',
            secondary_location_info: '10001',
            address_line1: '5 Fifth Ave',
          },
        },
      ),
    );
    expect(answer.data, answer.body).toMatchObject({ status: 'succeeded' });
    const enrollment = await currentOf(learner.client);
    expect(enrollment).toMatchObject({ status: 'TRIAL', licenseCount: 1 });
    const again = await learner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('personal-annual')], { payment_method_id: 'pm_card_visa_debit' }),
    );
    expect(again.statusCode).toBe(409);
  });

  it('lets the owner of an expired plan resubscribe, on another interval, paying the first period without a trial and landing in the organization admin', async () => {
    const globex = createTestClient(server.app);
    await globex.login('globex@example.com');
    const expired = await currentOf(globex);
    expect(expired.status).toBe('EXPIRED');
    const cancel = await graphql(
      globex,
      'mutation($id: ID!) { subscriptionEnrollmentReactivate(id: $id) { id } }',
      { id: expired.id },
    );
    expect(cancel.data.errors[0].extensions.code).toBe('CONFLICT');
    const answer = await globex.post(
      '/payment/checkout-submit/',
      submit('ResubscribeSubmit', [item('team-annual', 5, expired.checkoutReference)], {
        payment_method_id: 'pm_card_mastercard_debit',
      }),
    );
    expect(answer.data, answer.body).toMatchObject({
      status: 'succeeded',
      data: { redirect_url: '/organization-manage-v2/settings/subscription/' },
    });
    expect(await providerCharges(answer.data.data.payment_attempt_id)).toBe(1);
    const resubscribed = await currentOf(globex);
    expect(resubscribed).toMatchObject({ status: 'ACTIVE', licenseCount: 5 });
    // The expired plan was monthly; the new one runs a year.
    const { currentPeriodStartDate: start, currentPeriodEndDate: end } = resubscribed.billing;
    expect(new Date(end).getUTCFullYear() - new Date(start).getUTCFullYear()).toBe(1);
  });

  it('asks for 3-D Secure when the card needs it and finishes after the browser confirms', async () => {
    const learner = await newBuyer();
    const answer = await learner.client.post(
      '/payment/checkout-submit/',
      submit(
        'Submit',
        [item('personal-annual')],
        { payment_method_id: 'pm_card_authenticationRequiredOnSetup' },
        {
          billing_address: {
            country_code: 'US',
            secondary_location_info: '10001',
            address_line1: '5 Fifth Ave',
          },
        },
      ),
    );
    expect(answer.data, answer.body).toMatchObject({
      status: 'action_required',
      data: { authentication_type: 'setup' },
    });
    expect(await currentOf(learner.client)).toBeNull();
    // The buyer passes the bank's challenge in the browser, then the page sends the result.
    const url = answer.data.data.action_data.url as string;
    expect((await answerHostedPage(url, 'complete')).status).toBe('succeeded');
    const result = await learner.client.patch(
      `/payment/checkout-submit/${answer.data.data.payment_attempt_id}/`,
      {
        checkout_environment: 'Subscription',
        checkout_event: 'Result',
        payment_info: {
          credentials: { payment_method_id: answer.data.data.payment_method_id, action_result: 'succeeded' },
        },
      },
    );
    expect(result.data, result.body).toMatchObject({
      status: 'succeeded',
      message: CHECKOUT_MESSAGES.subscriptionStarted,
    });
    expect(await currentOf(learner.client)).toMatchObject({ status: 'TRIAL' });
  });
});

describe('reconciliation', () => {
  it('ends a checkout a crash left open, so its upsell no longer holds licenses against the ceiling', async () => {
    const owner = await newOrganizationOwner();
    await owner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('team-annual', 18)], { payment_method_id: 'pm_card_mastercard_prepaid' }),
    );
    const enrollment = await currentOf(owner.client);
    // A submit that reserved 2 licenses, then the process died before the provider heard of it.
    const [row] = rowsOf<{ id: string }>(
      await server.db.execute(sql`insert into subscription_checkouts
          (id, user_id, checkout_ref, event, subscriber_type, subscriber_id, enrollment_id, status, quote, updated_at)
        select gen_random_uuid(), ${owner.id}, 'crashed-upsell-1', 'UpsellSubmit', 'organization', subscriber_id, id, 'processing',
          jsonb_build_object('licenses', 2, 'total', 100, 'currency', 'USD'), now() - interval '1 hour'
        from subscription_enrollments where id = ${Number(enrollment.id)} returning id`),
    );
    const held = await owner.client.post(
      '/payment/checkout-submit/',
      submit('UpsellSubmit', [item('team-annual', 1, enrollment.checkoutReference)], null),
    );
    expect(held.statusCode).toBe(400);
    expect(await server.jobs.runNow('subscriptions.reconcile')).toBe(true);
    const [after] = rowsOf<{ status: string; error_code: string }>(
      await server.db.execute(
        sql`select status, error_code from subscription_checkouts where id = ${row!.id}`,
      ),
    );
    expect(after).toEqual({ status: 'failed', error_code: 'card_error:processing_error' });
    const freed = await owner.client.post(
      '/payment/checkout-submit/',
      submit('UpsellSubmit', [item('team-annual', 2, enrollment.checkoutReference)], null),
    );
    expect(freed.data, freed.body).toMatchObject({ status: 'succeeded' });
    expect((await currentOf(owner.client)).licenseCount).toBe(20);
  });
});
