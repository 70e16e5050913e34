// The lifecycle engine end to end (issue: Subscriptions II): the real server and the sandbox
// provider, the clock moved forward through the developer clock route, which runs every job
// that became due before it answers.
import { DUNNING_RETRY_DAYS, checkoutReferenceOf } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { answerHostedPage, type Sandbox } from '../../test-support/payments-sandbox.js';
import type { TestClient } from '../../test-support/test-client.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { RENEWAL_PATHS } from './subscription-billing.routes.js';
import { RECEIPT_PATHS } from './subscription-receipts.js';

const GRAPHQL = '/api/2022-03/graphql/';
const DAY = 86_400_000;
let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_lifecycle' }));
});
afterAll(() => close());

const item = planItem;
const submit = (event: string, items: unknown[], card: string | null) =>
  subscriptionSubmit(event, items, card);

const CURRENT = `{ currentSubscriptionEnrollment { id checkoutReference status licenseCount
  billing { chargePrice { amount currency } taxPrice { amount } currentPeriodStartDate currentPeriodEndDate }
  paymentIssue { status amount { amount } message nextAttemptDate authenticateUrl } } }`;

async function currentOf(client: TestClient) {
  const response = await client.post(
    GRAPHQL,
    { query: CURRENT },
    { headers: { accept: 'application/graphql-response+json' } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.data.data.currentSubscriptionEnrollment;
}

/** A new organization owner with a Team Plan trial on `card` (5 monthly licenses). */
async function teamTrial(card: string) {
  const owner = await newBuyer();
  const signUp = await owner.client.post('/api-2.0/business/sign-up/', { organization_name: 'Initech' });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const started = await owner.client.post(
    '/payment/checkout-submit/',
    submit('Submit', [item('team-monthly', 5)], card),
  );
  expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
  const enrollment = await currentOf(owner.client);
  expect(enrollment.status).toBe('TRIAL');
  return { ...owner, enrollment, email: await emailOf(owner.id) };
}

async function emailOf(userId: number): Promise<string> {
  const [row] = rowsOf<{ email: string }>(
    await server.db.execute(sql`select email from users where id = ${userId}`),
  );
  return row!.email;
}

/** Moves the server's clock to `at` (plus a minute) through the developer route; every due job runs. */
async function advanceTo(client: TestClient, at: string | Date) {
  const target = new Date(new Date(at).getTime() + 60_000);
  const response = await client.post(DEV_CLOCK_PATH, { advance_to: target.toISOString() });
  expect(response.statusCode, response.body).toBe(200);
  return response.data as { now: string; jobs_run: number };
}

async function chargesOf(enrollmentId: number) {
  return rowsOf<{
    kind: string;
    status: string;
    amount: string;
    receipt_number: string | null;
    failure_code: string | null;
  }>(
    await server.db.execute(
      sql`select kind, status, amount, receipt_number, failure_code from subscription_charges
          where enrollment_id = ${enrollmentId} order by id`,
    ),
  );
}

async function mailsTo(email: string): Promise<string[]> {
  const rows = rowsOf<{ kind: string }>(
    await server.db.execute(sql`select kind from mail_outbox where recipient = ${email} order by id`),
  );
  return rows.map((row) => row.kind);
}

/** Succeeded provider payments of an enrollment's invoices, per invoice. */
async function providerPaymentsPerInvoice(enrollmentId: number): Promise<Map<string, number>> {
  const invoices = rowsOf<{ id: number }>(
    await server.db.execute(sql`select id from subscription_invoices where enrollment_id = ${enrollmentId}`),
  ).map((row) => String(row.id));
  const list = (await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  }).then((r) => r.json())) as { data: { status: string; metadata: Record<string, string> }[] };
  const counts = new Map<string, number>();
  for (const intent of list.data) {
    const invoice = intent.metadata.subscription_invoice_id;
    if (intent.status === 'succeeded' && invoice && invoices.includes(invoice))
      counts.set(invoice, (counts.get(invoice) ?? 0) + 1);
  }
  return counts;
}

describe('the developer clock', () => {
  it('answers now, refuses a move backwards or an empty body with field errors, and moves forward', async () => {
    const { client } = await newBuyer();
    const before = await client.get(DEV_CLOCK_PATH);
    expect(before.statusCode).toBe(200);
    const now = Date.parse(before.data.now);
    expect(Math.abs(now - (Date.now() + before.data.offset_ms))).toBeLessThan(5_000);

    const empty = await client.post(DEV_CLOCK_PATH, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.data.field_errors ?? empty.data.errors ?? empty.data).toBeTruthy();
    const backwards = await client.post(DEV_CLOCK_PATH, { advance_to: new Date(now - DAY).toISOString() });
    expect(backwards.statusCode).toBe(400);
    const tooFar = await client.post(DEV_CLOCK_PATH, { advance_days: 5000 });
    expect(tooFar.statusCode).toBe(400);
    expect((await client.get(DEV_CLOCK_PATH)).data.offset_ms).toBe(before.data.offset_ms);

    const moved = await client.post(DEV_CLOCK_PATH, { advance_days: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Date.parse(moved.data.now) - now).toBeGreaterThanOrEqual(DAY);
    expect(moved.data.offset_ms - before.data.offset_ms).toBe(DAY);
  });
});

describe('the clock and checkouts in progress', () => {
  it('does not end a checkout waiting for 3-D Secure when the clock moves (its age is wall-clock time)', async () => {
    const learner = await newBuyer();
    const answer = await learner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('personal-annual')], 'pm_card_authenticationRequiredOnSetup'),
    );
    expect(answer.data, answer.body).toMatchObject({ status: 'action_required' });
    await learner.client.post(DEV_CLOCK_PATH, { advance_days: 30 });
    await server.jobs.runNow('subscriptions.reconcile');
    const [row] = rowsOf<{ status: string }>(
      await server.db.execute(
        sql`select status from subscription_checkouts where id = ${answer.data.data.payment_attempt_id}`,
      ),
    );
    expect(row!.status).toBe('requires_action');
  });
});

describe('trial → paid → renewal → failure → past due → new card → renewed', () => {
  it('charges each period once off-session, retries with the new card at once, and mails every step', async () => {
    const owner = await teamTrial('pm_card_visa');
    const enrollmentId = Number(owner.enrollment.id);
    const trialEnd = owner.enrollment.billing.currentPeriodEndDate as string;
    expect(await mailsTo(owner.email)).toEqual(['trial_started']);

    // Three days before the end: the reminder.
    await advanceTo(owner.client, new Date(Date.parse(trialEnd) - 3 * DAY + 60_000));
    expect(await mailsTo(owner.email)).toEqual(['trial_started', 'trial_ending']);
    expect((await currentOf(owner.client)).status).toBe('TRIAL');

    // Trial end: the first period (5 × $40 plus Seattle's tax) is charged; ACTIVE for a month.
    await advanceTo(owner.client, trialEnd);
    const paid = await currentOf(owner.client);
    expect(paid.status).toBe('ACTIVE');
    expect(paid.paymentIssue).toBeNull();
    expect(paid.billing.currentPeriodStartDate).toBe(trialEnd);
    const firstEnd = paid.billing.currentPeriodEndDate as string;
    expect(Date.parse(firstEnd) - Date.parse(trialEnd)).toBeGreaterThanOrEqual(28 * DAY);
    const [first] = await chargesOf(enrollmentId);
    expect(first).toMatchObject({ kind: 'first_period', status: 'succeeded' });
    expect(Number(first!.amount)).toBe(20000 + paid.billing.taxPrice.amount);
    expect(paid.billing.taxPrice.amount).toBeGreaterThan(0);
    expect(Number(first!.receipt_number)).toBeGreaterThan(0);
    expect(await mailsTo(owner.email)).toContain('payment_receipt');

    // Period end: renewed the same way.
    await advanceTo(owner.client, firstEnd);
    const renewed = await currentOf(owner.client);
    expect(renewed.billing.currentPeriodStartDate).toBe(firstEnd);
    const secondEnd = renewed.billing.currentPeriodEndDate as string;
    const afterRenewal = await chargesOf(enrollmentId);
    expect(afterRenewal.map((c) => `${c.kind}:${c.status}`)).toEqual([
      'first_period:succeeded',
      'renewal:succeeded',
    ]);
    expect(Number(afterRenewal[1]!.receipt_number)).toBeGreaterThan(Number(afterRenewal[0]!.receipt_number));

    // The card on file becomes one that attaches but fails every charge (4000 0000 0000 0341).
    const reference = checkoutReferenceOf(enrollmentId);
    expect(reference).toBe(owner.enrollment.checkoutReference);
    const toFailing = await owner.client.post(
      '/payment/checkout-submit/',
      submit('Update', [item('team-monthly', undefined, reference)], 'pm_card_chargeCustomerFail'),
    );
    expect(toFailing.data, toFailing.body).toMatchObject({ status: 'succeeded' });
    await advanceTo(owner.client, secondEnd);
    const pastDue = await currentOf(owner.client);
    expect(pastDue.status).toBe('ACTIVE');
    expect(pastDue.paymentIssue).toMatchObject({ status: 'PAST_DUE', message: 'Your card was declined.' });
    expect(pastDue.paymentIssue.nextAttemptDate).toBe(
      new Date(Date.parse(secondEnd) + DUNNING_RETRY_DAYS[0] * DAY).toISOString(),
    );
    expect(pastDue.billing.currentPeriodStartDate).toBe(firstEnd);
    expect((await mailsTo(owner.email)).at(-1)).toBe('payment_failed');

    // A new card: charged at once, without waiting for the scheduled retry.
    const toGood = await owner.client.post(
      '/payment/checkout-submit/',
      submit('Update', [item('team-monthly', undefined, reference)], 'pm_card_mastercard'),
    );
    expect(toGood.data, toGood.body).toMatchObject({ status: 'succeeded' });
    await server.catchUp();
    const back = await currentOf(owner.client);
    expect(back.paymentIssue).toBeNull();
    expect(back.billing.currentPeriodStartDate).toBe(secondEnd);
    expect((await chargesOf(enrollmentId)).map((c) => `${c.kind}:${c.status}`)).toEqual([
      'first_period:succeeded',
      'renewal:succeeded',
      'renewal:failed',
      'renewal:succeeded',
    ]);
    // The scheduled retries find the invoice paid and charge nothing more.
    await advanceTo(owner.client, new Date(Date.parse(secondEnd) + 6 * DAY));
    const perInvoice = await providerPaymentsPerInvoice(enrollmentId);
    expect([...perInvoice.values()]).toEqual([1, 1, 1]);
    expect((await chargesOf(enrollmentId)).filter((c) => c.status === 'succeeded')).toHaveLength(3);

    // The billing history lists receipts and the failed attempt, newest first; each receipt opens.
    const history = await owner.client.get(`${RECEIPT_PATHS.history}?page_size=3`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.data).toMatchObject({ total_pages: 2, count: 4 });
    expect(history.data.results.map((r: { status: string }) => r.status)).toEqual([
      'succeeded',
      'failed',
      'succeeded',
    ]);
    expect(history.data.results[1]).toMatchObject({
      invoice_url: null,
      failure_message: 'Your card was declined.',
    });
    expect(history.data.results[0]).toMatchObject({
      subscription_plan_description: 'Team Plan',
      payment_method: '•••• 4444',
      brand: 'mastercard',
    });
    const receipt = await owner.client.get(history.data.results[0].invoice_url);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.data).toMatchObject({
      quantity: 5,
      unit_price: { amount: 4000, currency: 'USD' },
      period_start: secondEnd,
      card_type: 'mastercard',
      card_last4: '4444',
      amount: { total_amount: 20000 + paid.billing.taxPrice.amount, has_tax_record: true },
      sold_to: { name: 'Initech', address: '1 Main Street' },
    });
    expect(receipt.data.ref).toMatch(/^R-\d{6}$/);
    expect(receipt.data.amount.tax_exclusive_amount + receipt.data.amount.tax_amount).toBe(
      receipt.data.amount.total_amount,
    );
    const stranger = await newBuyer();
    expect((await stranger.client.get(history.data.results[0].invoice_url)).statusCode).toBe(404);
    expect((await stranger.client.get(RECEIPT_PATHS.history)).data).toMatchObject({ results: [], count: 0 });
  });
});

describe('a Personal Plan', () => {
  it('lives by the same engine: its trial converts and the learner gets the receipt', async () => {
    const learner = await newBuyer();
    const started = await learner.client.post(
      '/payment/checkout-submit/',
      submit('Submit', [item('personal-monthly')], 'pm_card_discover'),
    );
    expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
    const trial = await currentOf(learner.client);
    expect(trial.status).toBe('TRIAL');
    await advanceTo(learner.client, trial.billing.currentPeriodEndDate);
    const active = await currentOf(learner.client);
    expect(active.status).toBe('ACTIVE');
    expect(active.billing.currentPeriodStartDate).toBe(trial.billing.currentPeriodEndDate);
    const charges = await chargesOf(Number(active.id));
    expect(charges).toHaveLength(1);
    expect(Number(charges[0]!.amount)).toBe(3000 + active.billing.taxPrice.amount);
    expect(await mailsTo(await emailOf(learner.id))).toEqual(['trial_started', 'payment_receipt']);
  });
});

describe('cancellation and dunning end the plan', () => {
  it('expires a cancelled plan at its period end without charging it', async () => {
    const owner = await teamTrial('pm_card_amex');
    const cancel = await owner.client.post(
      GRAPHQL,
      {
        query: 'mutation($id: ID!) { subscriptionEnrollmentCancel(id: $id) { id status } }',
        variables: { id: String(owner.enrollment.id) },
      },
      { headers: { accept: 'application/graphql-response+json' } },
    );
    expect(cancel.data.data.subscriptionEnrollmentCancel.status, cancel.body).toBe('CANCELED');
    await advanceTo(owner.client, owner.enrollment.billing.currentPeriodEndDate);
    expect((await currentOf(owner.client)).status).toBe('EXPIRED');
    expect(await chargesOf(owner.enrollment.id)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([
      'trial_started',
      'subscription_cancelled',
      'subscription_expired',
    ]);
  });

  it('renews a plan that was cancelled and then reactivated before its end', async () => {
    const owner = await teamTrial('pm_card_jcb');
    const mutate = (name: string) =>
      owner.client.post(
        GRAPHQL,
        {
          query: `mutation($id: ID!) { ${name}(id: $id) { status } }`,
          variables: { id: String(owner.enrollment.id) },
        },
        { headers: { accept: 'application/graphql-response+json' } },
      );
    expect((await mutate('subscriptionEnrollmentCancel')).data.data.subscriptionEnrollmentCancel.status).toBe(
      'CANCELED',
    );
    expect(
      (await mutate('subscriptionEnrollmentReactivate')).data.data.subscriptionEnrollmentReactivate.status,
    ).toBe('TRIAL');
    await advanceTo(owner.client, owner.enrollment.billing.currentPeriodEndDate);
    expect((await currentOf(owner.client)).status).toBe('ACTIVE');
    expect((await chargesOf(owner.enrollment.id)).map((c) => c.status)).toEqual(['succeeded']);
    expect(await mailsTo(owner.email)).toEqual([
      'trial_started',
      'subscription_cancelled',
      'subscription_reactivated',
      'payment_receipt',
    ]);
  });

  it("records the bank's own reason: insufficient funds (4000 0000 0000 9995)", async () => {
    const owner = await teamTrial('pm_card_visa_chargeDeclinedInsufficientFunds');
    await advanceTo(owner.client, owner.enrollment.billing.currentPeriodEndDate);
    const pastDue = await currentOf(owner.client);
    expect(pastDue.paymentIssue).toMatchObject({
      status: 'PAST_DUE',
      message: 'Your card has insufficient funds.',
    });
    expect(await chargesOf(owner.enrollment.id)).toMatchObject([
      { status: 'failed', failure_code: 'insufficient_funds' },
    ]);
  });

  it('retries a failing card 1, 3 and 5 days after the due date, then expires the plan', async () => {
    const owner = await teamTrial('pm_card_chargeCustomerFail');
    const due = Date.parse(owner.enrollment.billing.currentPeriodEndDate);
    await advanceTo(owner.client, new Date(due));
    expect((await currentOf(owner.client)).paymentIssue.status).toBe('PAST_DUE');
    await advanceTo(owner.client, new Date(due + 1 * DAY));
    expect((await chargesOf(owner.enrollment.id)).length).toBe(2);
    await advanceTo(owner.client, new Date(due + 3 * DAY));
    expect((await currentOf(owner.client)).status).toBe('ACTIVE');
    await advanceTo(owner.client, new Date(due + 5 * DAY));
    const expired = await currentOf(owner.client);
    expect(expired.status).toBe('EXPIRED');
    expect((await chargesOf(owner.enrollment.id)).map((c) => c.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(await mailsTo(owner.email)).toEqual([
      // The clock jumped past the reminder's window: no reminder for a trial that has ended.
      'trial_started',
      'payment_failed',
      'payment_failed',
      'payment_failed',
      'subscription_expired',
    ]);
    const [invoice] = rowsOf<{ status: string }>(
      await server.db.execute(
        sql`select status from subscription_invoices where enrollment_id = ${owner.enrollment.id}`,
      ),
    );
    expect(invoice!.status).toBe('void');
  });
});

describe('a renewal the bank wants authenticated', () => {
  it('asks the admin to authenticate (4000 0027 6000 3184), then completes the charge once', async () => {
    const owner = await teamTrial('pm_card_visa_debit');
    // The card on file becomes one that always needs 3-D Secure, even off-session: attached
    // to the organization's customer directly (its setup would need the browser's 3-D Secure).
    const [profile] = rowsOf<{ gateway_customer_id: string; subscriber_id: number }>(
      await server.db.execute(
        sql`select gateway_customer_id, e.subscriber_id from subscription_billing_profiles
            join subscription_enrollments e on e.subscriber_id = subscription_billing_profiles.subscriber_id
              and e.subscriber_type = subscription_billing_profiles.subscriber_type
            where e.id = ${owner.enrollment.id}`,
      ),
    );
    const attached = await server.payments.gateway.attachPaymentMethod(
      'pm_card_authenticationRequired',
      profile!.gateway_customer_id,
      { idempotencyKey: `test-attach-${owner.enrollment.id}` },
    );
    await server.db.execute(
      sql`update subscription_billing_profiles set payment_method_id = ${attached.id}
          where subscriber_type = 'organization' and subscriber_id = ${profile!.subscriber_id}`,
    );

    await advanceTo(owner.client, owner.enrollment.billing.currentPeriodEndDate);
    const waiting = await currentOf(owner.client);
    expect(waiting.paymentIssue).toMatchObject({ status: 'ACTION_REQUIRED' });
    expect(waiting.paymentIssue.authenticateUrl).toMatch(
      /^\/payment\/subscription-authenticate\/\?invoice=\d+$/,
    );
    expect((await mailsTo(owner.email)).at(-1)).toBe('authentication_required');
    const invoiceId = Number(
      new URL(waiting.paymentIssue.authenticateUrl, 'http://x').searchParams.get('invoice'),
    );

    // Another organization's admin cannot touch it.
    const stranger = await newBuyer();
    const refused = await stranger.client.post(RENEWAL_PATHS.authenticate, { invoice_id: invoiceId });
    expect(refused.statusCode).toBe(404);

    const started = await owner.client.post(RENEWAL_PATHS.authenticate, { invoice_id: invoiceId });
    expect(started.data, started.body).toMatchObject({ status: 'action_required' });
    expect(started.data.data.redirect_url).toBeTruthy();
    await answerHostedPage(started.data.data.redirect_url, 'complete');
    const finished = await owner.client.post(RENEWAL_PATHS.authenticate, { invoice_id: invoiceId });
    expect(finished.data, finished.body).toMatchObject({ status: 'succeeded' });
    // The provider's webhook says the same; it is recorded once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const done = await currentOf(owner.client);
    expect(done.status).toBe('ACTIVE');
    expect(done.paymentIssue).toBeNull();
    expect((await chargesOf(owner.enrollment.id)).map((c) => `${c.status}:${c.failure_code}`)).toEqual([
      'failed:authentication_required',
      'succeeded:null',
    ]);
    expect([...(await providerPaymentsPerInvoice(owner.enrollment.id)).values()]).toEqual([1]);
  });
});
