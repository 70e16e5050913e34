// The back office's subscriptions console (issue 33) end to end: the real server, the sandbox
// provider, plans bought through the checkout and made past due with the movable clock.
import type { AdminSubscriptionDetail, StaffRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import type { Sandbox } from '../../test-support/payments-sandbox.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';

const LIST = '/api-2.0/admin/subscriptions/';
const SUBMIT = '/payment/checkout-submit/';
const DAY = 86_400_000;

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({
    webhookSecret: 'whsec_admin_subscriptions',
    // Jobs run when a step says so (the clock, catchUp): a customer's retry job stays queued
    // while staff retry the same invoice, instead of racing them.
    server: { pollJobQueue: false },
  }));
});
afterAll(() => close(), 180_000);

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const emailOf = async (userId: number) =>
  (await rows<{ email: string }>(sql`select email from users where id = ${userId}`))[0]!.email;

async function staffMember(role: StaffRole) {
  const { client, id } = await newBuyer();
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${id}, ${role})`);
  return { client, id, email: await emailOf(id) };
}

/** A new organization (named `name`) whose owner starts a Team Plan trial of 5 monthly licenses on `card`. */
async function teamTrial(name: string, card: string) {
  const owner = await newBuyer();
  const signUp = await owner.client.post('/api-2.0/business/sign-up/', { organization_name: name });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const started = await owner.client.post(
    SUBMIT,
    subscriptionSubmit('Submit', [planItem('team-monthly', 5)], card),
  );
  expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
  const [row] = await rows<{ id: number; current_period_end: Date | string }>(
    sql`select e.id, e.current_period_end from subscription_enrollments e
        join organization_members m on m.organization_id = e.subscriber_id and e.subscriber_type = 'organization'
        where m.user_id = ${owner.id} order by e.id desc limit 1`,
  );
  return {
    ...owner,
    email: await emailOf(owner.id),
    enrollmentId: Number(row!.id),
    periodEnd: new Date(row!.current_period_end).toISOString(),
  };
}

async function advanceTo(client: TestClient, at: string | Date) {
  const target = new Date(new Date(at).getTime() + 60_000);
  const response = await client.post(DEV_CLOCK_PATH, { advance_to: target.toISOString() });
  expect(response.statusCode, response.body).toBe(200);
}

const auditOf = (id: number) =>
  rows<{ action: string; actor_id: number; reason: string | null }>(
    sql`select action, actor_id, reason from admin_audit_events
        where object_type = 'subscription' and object_id = ${String(id)} order by id`,
  );

const detailOf = async (client: TestClient, id: number): Promise<AdminSubscriptionDetail> => {
  const response = await client.get(`${LIST}${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.data as AdminSubscriptionDetail;
};

const providerRefundsOf = async (paymentId: string) => {
  const response = await fetch(`${sandbox.url}/v1/refunds?payment_intent=${paymentId}&limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  });
  return ((await response.json()) as { data: { id: string; amount: number; status: string }[] }).data;
};

let owner: Awaited<ReturnType<typeof staffMember>>;
let support: Awaited<ReturnType<typeof staffMember>>;
let finance: Awaited<ReturnType<typeof staffMember>>;
let readOnly: Awaited<ReturnType<typeof staffMember>>;
/** A Team Plan that fell past due (its card declines) and one in trial, bought after the clock moved. */
let pastDue: Awaited<ReturnType<typeof teamTrial>>;
let trial: Awaited<ReturnType<typeof teamTrial>>;
let personalId: number;

beforeAll(async () => {
  owner = await staffMember('owner');
  support = await staffMember('support');
  finance = await staffMember('finance');
  readOnly = await staffMember('read_only');
  pastDue = await teamTrial('Globex Dunning', 'pm_card_chargeCustomerFail');
  await advanceTo(pastDue.client, pastDue.periodEnd);
  trial = await teamTrial('Initech Trial', 'pm_card_visa');
  const learner = await newBuyer();
  const personal = await learner.client.post(
    SUBMIT,
    subscriptionSubmit('Submit', [planItem('personal-annual')], 'pm_card_discover'),
  );
  expect(personal.data, personal.body).toMatchObject({ status: 'succeeded' });
  personalId = Number(
    (
      await rows<{ id: number }>(
        sql`select id from subscription_enrollments where subscriber_type = 'user' and subscriber_id = ${learner.id}`,
      )
    )[0]!.id,
  );
}, 120_000);

describe('access', () => {
  it('a visitor gets 401, a learner 403; read-only reads but acts on nothing; finance bills but does not cancel', async () => {
    const visitor = createTestClient(server.app);
    const learner = await newBuyer();
    for (const path of [LIST, `${LIST}${trial.enrollmentId}/`]) {
      expect((await visitor.get(path)).statusCode).toBe(401);
      expect((await learner.client.get(path)).statusCode).toBe(403);
      expect((await readOnly.client.get(path)).statusCode).toBe(200);
    }
    const cancel = { when: 'period_end', reason: 'Customer asked' };
    expect((await readOnly.client.post(`${LIST}${trial.enrollmentId}/cancel/`, cancel)).statusCode).toBe(403);
    expect((await finance.client.post(`${LIST}${trial.enrollmentId}/cancel/`, cancel)).statusCode).toBe(403);
    const invoice = (await detailOf(readOnly.client, pastDue.enrollmentId)).dunning!.invoice_id;
    const retry = { expected_attempts: 99, reason: 'Card updated' };
    expect(
      (await readOnly.client.post(`${LIST}${pastDue.enrollmentId}/invoices/${invoice}/retry/`, retry))
        .statusCode,
    ).toBe(403);
    // Finance may retry (the stale attempt count is a conflict, not a refusal of the role).
    expect(
      (await finance.client.post(`${LIST}${pastDue.enrollmentId}/invoices/${invoice}/retry/`, retry))
        .statusCode,
    ).toBe(409);
    expect(await auditOf(trial.enrollmentId)).toEqual([]);
  });
});

describe('the list', () => {
  it('filters past-due plans, trials, plans and intervals, and searches names, e-mails and references', async () => {
    const ids = async (query: string) => {
      const response = await owner.client.get(`${LIST}?page_size=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.data.results as { id: number }[]).map((row) => row.id);
    };
    const pastDueIds = await ids('status=past_due');
    expect(pastDueIds).toContain(pastDue.enrollmentId);
    expect(pastDueIds).not.toContain(trial.enrollmentId);
    const trials = await ids('status=trial');
    expect(trials).toContain(trial.enrollmentId);
    expect(trials).not.toContain(pastDue.enrollmentId);
    expect(await ids('plan=personal')).toContain(personalId);
    expect(await ids('plan=team')).not.toContain(personalId);
    expect(await ids('interval=year')).toContain(personalId);
    expect(await ids('interval=month')).not.toContain(personalId);
    expect(await ids('plan=team&interval=month&licenses_min=5&licenses_max=5&country=US')).toEqual(
      expect.arrayContaining([trial.enrollmentId, pastDue.enrollmentId]),
    );
    expect(await ids('licenses_min=6&plan=team')).not.toContain(trial.enrollmentId);
    expect(await ids('q=globex%20dunning')).toEqual([pastDue.enrollmentId]);
    expect(await ids(`q=${encodeURIComponent(trial.email)}`)).toEqual([trial.enrollmentId]);
    expect(await ids(`q=LSC-${trial.enrollmentId}`)).toEqual([trial.enrollmentId]);
    const renews = new Date(trial.periodEnd).toISOString().slice(0, 10);
    expect(await ids(`renews_from=${renews}&renews_to=${renews}`)).toContain(trial.enrollmentId);
    const sorted = await owner.client.get(`${LIST}?sort=-renewal&page_size=100`);
    const ends = (sorted.data.results as { current_period_end: string }[]).map(
      (row) => row.current_period_end,
    );
    expect([...ends].sort().reverse()).toEqual(ends);
    const row = (await owner.client.get(`${LIST}?q=LSC-${pastDue.enrollmentId}`)).data.results[0];
    expect(row).toMatchObject({
      status: 'past_due',
      plan: { type: 'team', name: 'Team Plan' },
      interval: { type: 'month', count: 1 },
      subscriber: { type: 'organization', name: 'Globex Dunning', email: pastDue.email },
      licenses: 5,
      country: 'US',
    });
  });

  it('refuses bad filters with field errors', async () => {
    const bad = await owner.client.get(
      `${LIST}?status=paused&interval=fortnight&licenses_min=0&renews_from=2026-02-30&sort=name`,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual([
      'interval',
      'licenses_min',
      'renews_from',
      'sort',
      'status',
    ]);
  });
});

describe('the detail', () => {
  it('shows the organization, members, period, the declined attempt with its message, dunning and its mail', async () => {
    const detail = await detailOf(support.client, pastDue.enrollmentId);
    expect(detail).toMatchObject({
      status: 'past_due',
      enrollment_status: 'PAST_DUE',
      subscriber_detail: { name: 'Globex Dunning', owner: { id: pastDue.id, email: pastDue.email } },
      members: [{ user_id: pastDue.id, role: 'owner' }],
      licenses: 5,
      used_licenses: 1,
      license_bounds: { minimum: expect.any(Number), maximum: expect.any(Number) },
      retention_offer: null,
    });
    expect(detail.invoices).toMatchObject([
      { kind: 'first_period', status: 'open', attempts: 1, failure_message: 'Your card was declined.' },
    ]);
    expect(detail.charges).toMatchObject([{ status: 'failed', failure_message: 'Your card was declined.' }]);
    expect(detail.dunning).toMatchObject({ invoice_id: detail.invoices[0]!.id, attempts: 1 });
    expect(detail.dunning!.schedule.map((step) => step.retry)).toEqual([1, 2, 3]);
    expect(detail.dunning!.next_attempt_at).toBe(detail.dunning!.schedule[0]!.at);
    expect(detail.dunning!.mails.map((mail) => mail.kind)).toEqual(['payment_failed']);
    expect(detail.mails.map((mail) => mail.kind)).toEqual(
      expect.arrayContaining(['payment_failed', 'trial_started']),
    );
    expect(detail.actions).toMatchObject({ cancel_now: true, extend: false, reactivate: false });
    expect((await support.client.get(`${LIST}2147483647/`)).statusCode).toBe(404);
    expect((await support.client.get(`${LIST}2147483648/`)).statusCode).toBe(400);
  });
});

describe('lifecycle actions', () => {
  it('cancel at the period end, reactivate, extend the trial, change licenses, cancel now: each once', async () => {
    const base = `${LIST}${trial.enrollmentId}`;
    const cancel = { when: 'period_end', reason: 'Customer asked by phone' };
    const cancelled = await support.client.post(`${base}/cancel/`, cancel);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.data.subscription).toMatchObject({ status: 'cancelled', actions: { reactivate: true } });
    expect((await support.client.post(`${base}/cancel/`, cancel)).statusCode).toBe(409);

    const reactivate = { reason: 'Changed their mind' };
    const back = await support.client.post(`${base}/reactivate/`, reactivate);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.data.subscription.status).toBe('trial');
    const again = await support.client.post(`${base}/reactivate/`, reactivate);
    expect(again.statusCode).toBe(409);
    expect(again.data.detail).toMatch(/cancelled plan/);

    const extend = { days: 7, expected_period_end: trial.periodEnd, reason: 'Onboarding took longer' };
    const extended = await support.client.post(`${base}/extend/`, extend);
    expect(extended.statusCode, extended.body).toBe(200);
    const newEnd = new Date(Date.parse(trial.periodEnd) + 7 * DAY).toISOString();
    expect(extended.data.subscription).toMatchObject({ current_period_end: newEnd, trial_end: newEnd });
    // A trial's extension is free: no credit note.
    expect(extended.data.subscription.charges).toEqual([]);
    const twice = await support.client.post(`${base}/extend/`, extend);
    expect(twice.statusCode).toBe(409);
    expect(twice.data.error_code ?? twice.data.code).toBe('period_changed');
    const badExtend = await support.client.post(`${base}/extend/`, { ...extend, days: 0, reason: '' });
    expect(badExtend.statusCode).toBe(400);
    expect(Object.keys(badExtend.data.field_errors).sort()).toEqual(['days', 'reason']);

    const licenses = await support.client.post(`${base}/licenses/`, { licenses: 8, reason: 'Team grew' });
    expect(licenses.statusCode, licenses.body).toBe(200);
    expect(licenses.data.subscription.licenses).toBe(8);
    // Eight licenses at the plan's price, tax added on top in Seattle.
    expect(licenses.data.subscription.next_charge.amount).toBeGreaterThan(
      licenses.data.subscription.unit_price.amount * 8,
    );
    expect(
      (await support.client.post(`${base}/licenses/`, { licenses: 8, reason: 'Team grew' })).statusCode,
    ).toBe(409);
    expect(
      (await support.client.post(`${base}/licenses/`, { licenses: 1000, reason: 'Team grew' })).statusCode,
    ).toBe(409);

    const now = await support.client.post(`${base}/cancel/`, { when: 'now', reason: 'Fraud suspected' });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.data.subscription.status).toBe('expired');
    expect(
      (await support.client.post(`${base}/cancel/`, { when: 'now', reason: 'Fraud suspected' })).statusCode,
    ).toBe(409);

    expect((await auditOf(trial.enrollmentId)).map((event) => event.action)).toEqual([
      'subscription.cancelled',
      'subscription.reactivated',
      'subscription.extended',
      'subscription.licenses_changed',
      'subscription.cancelled',
    ]);
    expect((await auditOf(trial.enrollmentId)).every((event) => event.actor_id === support.id)).toBe(true);
  });
});

describe('billing actions', () => {
  it('retries a failed invoice now once it can be paid, once; extends the paid period with a credit note; refunds with a credit note, once', async () => {
    const base = `${LIST}${pastDue.enrollmentId}`;
    const before = await detailOf(finance.client, pastDue.enrollmentId);
    const invoiceId = before.dunning!.invoice_id;
    // The customer stores a card that pays; its own retry job waits in the queue.
    const update = await pastDue.client.post(
      SUBMIT,
      subscriptionSubmit(
        'Update',
        [planItem('team-monthly', undefined, `LSC-${pastDue.enrollmentId}`)],
        'pm_card_mastercard',
      ),
    );
    expect(update.data, update.body).toMatchObject({ status: 'succeeded' });
    const retry = { expected_attempts: before.dunning!.attempts, reason: 'Customer updated the card' };
    const retried = await finance.client.post(`${base}/invoices/${invoiceId}/retry/`, retry);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.data.message).toMatch(/was paid/);
    expect(retried.data.subscription).toMatchObject({ status: 'active', dunning: null });
    const repeated = await finance.client.post(`${base}/invoices/${invoiceId}/retry/`, retry);
    expect(repeated.statusCode).toBe(409);
    await server.catchUp();
    const paid = await rows<{ id: number; gateway_payment_id: string; amount: string }>(
      sql`select id, gateway_payment_id, amount from subscription_charges
          where enrollment_id = ${pastDue.enrollmentId} and status = 'succeeded'`,
    );
    expect(paid).toHaveLength(1);

    // A paid period extended: the days given are a credit note.
    const active = await detailOf(support.client, pastDue.enrollmentId);
    const extended = await support.client.post(`${base}/extend/`, {
      days: 3,
      expected_period_end: active.current_period_end,
      reason: 'Service outage',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const credit = (extended.data.subscription as AdminSubscriptionDetail).charges.find(
      (charge) => charge.kind === 'extension_credit',
    )!;
    expect(credit).toMatchObject({ status: 'credited', document: { kind: 'credit_note' } });
    expect(credit.document!.number).toMatch(/^CN-/);
    expect(credit.amount.amount).toBeGreaterThan(0);

    // Refunds: support has no limit set (refused), the owner refunds the days left, once.
    const charge = (extended.data.subscription as AdminSubscriptionDetail).charges.find(
      (row) => row.status === 'succeeded',
    )!;
    expect(charge.refundable).not.toBeNull();
    const refundPath = `${base}/charges/${charge.id}/refund/`;
    const limited = await support.client.post(refundPath, { mode: 'prorated', reason: 'Customer asked' });
    expect(limited.statusCode).toBe(403);
    expect(limited.data.error_code ?? limited.data.code).toBe('refund_limit_exceeded');
    const refunded = await owner.client.post(refundPath, { mode: 'prorated', reason: 'Customer asked' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refund = (refunded.data.subscription as AdminSubscriptionDetail).charges.find(
      (row) => row.kind === 'refund',
    )!;
    expect(refund).toMatchObject({ status: 'refunded', document: { kind: 'credit_note' } });
    expect(refund.amount.amount).toBe(charge.refundable!.prorated.amount);
    expect(refund.amount.amount).toBeLessThanOrEqual(charge.amount.amount);
    expect(
      (await owner.client.post(refundPath, { mode: 'whole', reason: 'Customer asked' })).statusCode,
    ).toBe(409);
    const atProvider = await providerRefundsOf(paid[0]!.gateway_payment_id);
    expect(atProvider.map((row) => row.amount)).toEqual([refund.amount.amount]);
    const pdf = await owner.client.get(refund.document!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const documents = await rows<{ series: string; source: string }>(
      sql`select series, source from purchase_documents where source = 'subscription_credit'
          and source_id in (${credit.id}, ${refund.id})`,
    );
    expect(documents.map((row) => row.series)).toEqual(['CN', 'CN']);
    // The customer's billing history lists charges only.
    const history = await rows<{ count: number }>(
      sql`select count(*)::int as count from subscription_charges where enrollment_id = ${pastDue.enrollmentId}`,
    );
    expect(Number(history[0]!.count)).toBe(4);

    expect((await auditOf(pastDue.enrollmentId)).map((event) => event.action)).toEqual([
      'subscription.invoice_retried',
      'subscription.extended',
      'subscription.refunded',
    ]);
  });

  it('marks an open invoice uncollectible: the plan ends as when retries run out, once', async () => {
    const failing = await teamTrial('Umbrella Unpaid', 'pm_card_visa_chargeDeclinedInsufficientFunds');
    await advanceTo(failing.client, failing.periodEnd);
    const detail = await detailOf(finance.client, failing.enrollmentId);
    expect(detail.status).toBe('past_due');
    const path = `${LIST}${failing.enrollmentId}/invoices/${detail.dunning!.invoice_id}/uncollectible/`;
    const marked = await finance.client.post(path, { reason: 'Company closed' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.data.subscription).toMatchObject({ status: 'expired', dunning: null });
    expect(marked.data.subscription.invoices[0]).toMatchObject({
      status: 'uncollectible',
      next_attempt_at: null,
    });
    expect((await finance.client.post(path, { reason: 'Company closed' })).statusCode).toBe(409);
    // Later retries find nothing to charge.
    await advanceTo(failing.client, new Date(Date.parse(failing.periodEnd) + 6 * DAY));
    const after = await detailOf(finance.client, failing.enrollmentId);
    expect(after.charges.filter((charge) => charge.status === 'failed')).toHaveLength(1);
    expect(after.mails.map((mail) => mail.kind)).toContain('subscription_expired');
    expect((await auditOf(failing.enrollmentId)).map((event) => event.action)).toEqual([
      'subscription.invoice_uncollectible',
    ]);
  });
});
