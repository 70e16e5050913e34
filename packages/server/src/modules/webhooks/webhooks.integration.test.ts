// Outgoing webhooks (issue 33) against a real server, the sandbox provider and a local receiver:
// staff register endpoints (the secret shown once, every change audited), a bought course, a
// refund and a Personal Plan's life with the movable clock arrive signed, once each and in order;
// a change that rolls back sends nothing; a 500 is retried by the back-off schedule while the
// endpoint's next delivery waits; a delivery is re-sent; production refuses private addresses.
import { ADMIN_WEBHOOKS_API_PATH, type StaffRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import {
  cardTokenSubmit,
  createCheckoutKit,
  PAID_A,
  PAID_B,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import type { TestClient } from '../../test-support/test-client.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import type { LecternServer } from '../../app.js';
import { CHECKOUT_PATHS } from '../checkout/checkout.routes.js';
import { createAdminAudit } from '../admin-audit/admin-audit.service.js';
import { postWebhook } from './webhook-http.js';
import { verifyWebhookSignature } from './webhook-signature.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-test-receiver.js';
import { WEBHOOKS_DELIVER_JOB } from './webhooks.module.js';
import { createWebhooksRepository } from './webhooks.repository.js';
import { createWebhooks } from './webhooks.service.js';

const GRAPHQL = '/api/2022-03/graphql/';
const DAY = 86_400_000;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const receivers: WebhookReceiver[] = [];
const { newBuyer } = createCheckoutKit(() => server);
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));

async function staffMember(role: StaffRole): Promise<{ client: TestClient; id: number }> {
  const { client, id } = await newBuyer();
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${id}, ${role})`);
  return { client, id };
}

let owner: TestClient;

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_webhooks_test' }));
  owner = (await staffMember('owner')).client;
});
afterAll(async () => {
  await close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}

/** Registers an endpoint for `events` at the receiver; its id and secret. */
async function register(target: WebhookReceiver, events: string[], description = 'test') {
  const response = await owner.post(ADMIN_WEBHOOKS_API_PATH, { url: target.url, events, description });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.data.endpoint.id as number, secret: response.data.secret as string };
}

/** Runs the sender until `done` holds (the listening server's own runs may get there first). */
async function deliverUntil(done: () => boolean) {
  await expect
    .poll(
      async () => {
        await server.jobs.runNow(WEBHOOKS_DELIVER_JOB);
        return done();
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
}

/** Every request verifies with `secret`, at the time it was signed. */
function expectSigned(received: ReceivedWebhook[], secret: string) {
  for (const request of received) {
    const header = String(request.headers['lectern-signature']);
    const timestamp = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(verifyWebhookSignature(header, request.body, secret, { nowSeconds: timestamp }), header).toBe(
      true,
    );
    expect(verifyWebhookSignature(header, request.body, 'whsec_wrong', { nowSeconds: timestamp })).toBe(
      false,
    );
    expect(request.headers['lectern-event-id']).toBe(request.event.id);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
  }
}

async function advanceBy(client: TestClient, ms: number) {
  const target = new Date(server.clock.now().getTime() + ms);
  const response = await client.post(DEV_CLOCK_PATH, { advance_to: target.toISOString() });
  expect(response.statusCode, response.body).toBe(200);
}

async function currentPlan(client: TestClient) {
  const response = await client.post(
    GRAPHQL,
    { query: '{ currentSubscriptionEnrollment { id status billing { currentPeriodEndDate } } }' },
    { headers: { accept: 'application/graphql-response+json' } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.data.data.currentSubscriptionEnrollment as {
    id: string;
    status: string;
    billing: { currentPeriodEndDate: string };
  };
}

describe('endpoints in the back office', () => {
  it('refuses bad input with field errors, and read-only staff may look but not register', async () => {
    const bad = await owner.post(ADMIN_WEBHOOKS_API_PATH, {
      url: 'ftp://example.com',
      events: ['order.lost'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['events.0', 'url'].sort());
    const none = await owner.post(ADMIN_WEBHOOKS_API_PATH, { url: 'https://example.com/x', events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.data.field_errors.events).toEqual(['Choose at least one event.']);
    const credentials = await owner.post(ADMIN_WEBHOOKS_API_PATH, {
      url: 'https://user:pw@example.com/x',
      events: ['order.paid'],
    });
    expect(credentials.data.field_errors.url).toEqual(['Leave the user name and password out of the URL.']);

    const reader = (await staffMember('read_only')).client;
    expect((await reader.get(ADMIN_WEBHOOKS_API_PATH)).statusCode).toBe(200);
    const refused = await reader.post(ADMIN_WEBHOOKS_API_PATH, {
      url: 'https://example.com/x',
      events: ['order.paid'],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('shows the secret once, audits every change and never reads the secret back', async () => {
    const target = await receiver();
    const created = await owner.post(ADMIN_WEBHOOKS_API_PATH, {
      url: target.url,
      events: ['order.refunded', 'order.paid', 'order.paid'],
      description: 'Accounting',
      enabled: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Deduplicated, in the domain's order.
    expect(endpoint).toMatchObject({
      events: ['order.paid', 'order.refunded'],
      enabled: false,
      secret_hint: secret.slice(-4),
      pending: 0,
    });
    const read = await owner.get(`${ADMIN_WEBHOOKS_API_PATH}${endpoint.id}/`);
    expect(read.body).not.toContain(secret);
    expect((await owner.get(ADMIN_WEBHOOKS_API_PATH)).body).not.toContain(secret);

    const patched = await owner.patch(`${ADMIN_WEBHOOKS_API_PATH}${endpoint.id}/`, { enabled: true });
    expect(patched.data.enabled).toBe(true);
    const empty = await owner.patch(`${ADMIN_WEBHOOKS_API_PATH}${endpoint.id}/`, {});
    expect(empty.statusCode).toBe(400);
    const rolled = await owner.post(`${ADMIN_WEBHOOKS_API_PATH}${endpoint.id}/roll-secret/`);
    expect(rolled.statusCode).toBe(200);
    expect(rolled.data.secret).not.toBe(secret);
    expect(rolled.data.endpoint.previous_secret_expires_at).not.toBeNull();
    const removed = await owner.delete(`${ADMIN_WEBHOOKS_API_PATH}${endpoint.id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await owner.get(`${ADMIN_WEBHOOKS_API_PATH}${endpoint.id}/`)).statusCode).toBe(404);

    const audit = await rows<{ action: string; after: unknown; before: unknown }>(
      sql`select action, after, before from admin_audit_events
        where object_type = 'webhook_endpoint' and object_id = ${String(endpoint.id)} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.enabled',
      'webhook_endpoint.secret_rolled',
      'webhook_endpoint.deleted',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain(rolled.data.secret);
  });
});

describe('deliveries', () => {
  it('sends a purchase, a refund and a plan’s life signed, once each and in order', async () => {
    const target = await receiver();
    const { id: endpointId, secret } = await register(target, [
      'customer.created',
      'order.paid',
      'order.refunded',
      'subscription.created',
      'subscription.renewed',
      'subscription.cancelled',
      'subscription.expired',
    ]);
    // An endpoint not subscribed to orders gets none of them.
    const other = await receiver();
    await register(other, ['gift.redeemed']);

    const buyer = await newBuyer();
    const bought = await buyer.client.post(CHECKOUT_PATHS.submit, cardTokenSubmit([PAID_A, PAID_B]));
    expect(bought.data.status, bought.body).toBe('succeeded');
    const [order] = await rows<{ id: number }>(
      sql`select id from orders where user_id = ${buyer.id} and status = 'completed'`,
    );
    const [line] = await rows<{ id: number }>(
      sql`select id from order_lines where order_id = ${order!.id} and course_id = ${PAID_B}`,
    );
    const refund = await buyer.client.post(`/api-2.0/users/me/purchases/${line!.id}/refund/`, {
      reason: 'other',
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    await server.catchUp();

    const started = await buyer.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_visa'),
    );
    expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
    const trial = await currentPlan(buyer.client);
    expect(trial.status).toBe('TRIAL');
    // The trial converts (the first paid period), then the plan renews once.
    await advanceBy(
      buyer.client,
      Date.parse(trial.billing.currentPeriodEndDate) - server.clock.now().getTime() + 60_000,
    );
    const active = await currentPlan(buyer.client);
    expect(active.status).toBe('ACTIVE');
    await advanceBy(
      buyer.client,
      Date.parse(active.billing.currentPeriodEndDate) - server.clock.now().getTime() + 60_000,
    );
    const cancelled = await buyer.client.post(
      GRAPHQL,
      {
        query: 'mutation($id: ID!) { subscriptionEnrollmentCancel(id: $id) { id status } }',
        variables: { id: active.id },
      },
      { headers: { accept: 'application/graphql-response+json' } },
    );
    expect(cancelled.data.data.subscriptionEnrollmentCancel.status, cancelled.body).toBe('CANCELED');
    const renewed = await currentPlan(buyer.client);
    await advanceBy(
      buyer.client,
      Date.parse(renewed.billing.currentPeriodEndDate) - server.clock.now().getTime() + 60_000,
    );

    const ofBuyer = () =>
      target.received.filter((request) => {
        const object = request.event.data.object as {
          id?: number;
          customer?: { id: number };
          subscription?: { customer?: { id: number } };
        };
        return (
          object.customer?.id === buyer.id ||
          object.subscription?.customer?.id === buyer.id ||
          (request.event.type === 'customer.created' && object.id === buyer.id)
        );
      });
    const expected = [
      'customer.created',
      'order.paid',
      'order.refunded',
      'subscription.created',
      'subscription.renewed',
      'subscription.renewed',
      'subscription.cancelled',
      'subscription.expired',
    ];
    await deliverUntil(() => ofBuyer().length >= expected.length);
    // Nothing more comes: each event once.
    await server.jobs.runNow(WEBHOOKS_DELIVER_JOB);
    const mine = ofBuyer();
    expect(mine.map((request) => request.event.type)).toEqual(expected);
    expect(new Set(target.received.map((request) => request.event.id)).size).toBe(target.received.length);
    expectSigned(target.received, secret);
    // The endpoint's deliveries arrived in the order their changes committed.
    const created = target.received.map((request) => request.event.created);
    expect([...created].sort((a, b) => a - b)).toEqual(created);

    const paid = mine[1]!.event;
    expect(paid).toMatchObject({ object: 'event', type: 'order.paid' });
    expect(paid.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(paid.data.object).toMatchObject({
      object: 'order',
      id: order!.id,
      currency: 'USD',
      customer: { id: buyer.id },
    });
    expect((paid.data.object.lines as { course: { id: number } }[]).map((l) => l.course.id)).toEqual([
      PAID_A,
      PAID_B,
    ]);
    expect(mine[2]!.event.data.object).toMatchObject({
      object: 'refund',
      order_line_id: line!.id,
      course: { id: PAID_B },
    });
    expect(mine[4]!.event.data.object).toMatchObject({
      object: 'subscription_charge',
      kind: 'first_period',
      status: 'succeeded',
      subscription: { id: Number(active.id), status: 'active', plan: { price_option: 'personal-monthly' } },
    });
    expect(mine[5]!.event.data.object).toMatchObject({ kind: 'renewal' });
    expect(mine[7]!.event.data.object).toMatchObject({ object: 'subscription', status: 'expired' });
    expect(other.received).toEqual([]);

    // The back office lists them, newest first, each with its answer and timing.
    const list = await owner.get(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/deliveries/?page_size=100`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.data.count).toBe(target.received.length);
    expect(list.data.results[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_attempt: { number: 1, response_status: 200, response_body: 'ok', error: null },
    });
    const filtered = await owner.get(
      `${ADMIN_WEBHOOKS_API_PATH}${endpointId}/deliveries/?event_type=order.paid&status=succeeded`,
    );
    expect(filtered.data.results.map((row: { event: { id: string } }) => row.event.id)).toContain(paid.id);
    const detail = await owner.get(`/api-2.0/admin/webhook-deliveries/${list.data.results[0].id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.data.request.body).toBe(target.received.at(-1)!.body);
    expect(detail.data.attempts_list).toHaveLength(1);
    expect(detail.data.attempts_list[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('announces a declined plan payment and a redeemed gift', async () => {
    const target = await receiver();
    const { secret } = await register(target, ['subscription.payment_failed', 'gift.redeemed']);
    const learner = await newBuyer();
    const started = await learner.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('personal-monthly')], 'pm_card_chargeCustomerFail'),
    );
    expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
    const trial = await currentPlan(learner.client);
    await advanceBy(
      learner.client,
      Date.parse(trial.billing.currentPeriodEndDate) - server.clock.now().getTime() + 60_000,
    );

    // A gift of an order line the learner bought, redeemed by someone else (the gifts feature's
    // redemption writes the same columns).
    const recipient = await newBuyer();
    const bought = await learner.client.post(CHECKOUT_PATHS.submit, cardTokenSubmit([PAID_A]));
    expect(bought.data.status, bought.body).toBe('succeeded');
    const [line] = await rows<{ id: number; order_id: number }>(
      sql`select l.id, l.order_id from order_lines l join orders o on o.id = l.order_id
        where o.user_id = ${learner.id} and l.course_id = ${PAID_A}`,
    );
    const [gift] = await rows<{ id: number }>(
      sql`insert into gifts (order_id, order_line_id, buyer_id, course_id, recipient_email, deliver_at, code_hash)
        values (${line!.order_id}, ${line!.id}, ${learner.id}, ${PAID_A}, 'friend@example.com', now(),
          ${`hash-${Date.now()}`}) returning id`,
    );
    await server.db.execute(
      sql`update gifts set redeemed_by = ${recipient.id}, redeemed_at = now() where id = ${gift!.id}`,
    );

    await deliverUntil(() => target.received.length >= 2);
    expect(target.received.map((request) => request.event.type)).toEqual([
      'subscription.payment_failed',
      'gift.redeemed',
    ]);
    expect(target.received[0]!.event.data.object).toMatchObject({
      object: 'subscription_charge',
      status: 'failed',
      kind: 'first_period',
      failure_code: expect.any(String),
      subscription: { status: 'past_due', customer: { id: learner.id } },
    });
    expect(target.received[1]!.event.data.object).toMatchObject({
      object: 'gift',
      id: gift!.id,
      buyer: { id: learner.id },
      redeemed_by: { id: recipient.id },
      recipient_email: 'friend@example.com',
    });
    expectSigned(target.received, secret);
  });

  it('writes nothing for a change that rolls back', async () => {
    const target = await receiver();
    await register(target, ['customer.created', 'order.paid']);
    const email = `rolled-back-${Date.now()}@example.com`;
    await expect(
      server.db.transaction(async (tx) => {
        await tx.execute(sql`insert into users (encrypted_id, email, password_hash, name)
          values (${`rb${Date.now()}`}, ${email}, 'x', 'Rolled Back')`);
        const [order] = rowsOf<{ id: number }>(
          await tx.execute(sql`select id from orders where status = 'completed' order by id limit 1`),
        );
        await tx.execute(sql`update orders set status = 'pending' where id = ${order!.id}`);
        await tx.execute(sql`update orders set status = 'completed' where id = ${order!.id}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from webhook_events where data::text like ${`%${email}%`}`,
    );
    expect(Number(events[0]!.n)).toBe(0);
    await server.jobs.runNow(WEBHOOKS_DELIVER_JOB);
    expect(target.received.filter((request) => request.body.includes(email))).toEqual([]);
  });

  it('retries a 500 by the back-off schedule, holding the endpoint’s next delivery until it succeeds', async () => {
    const target = await receiver((_, index) =>
      index === 0 ? { status: 500, body: 'database down' } : { status: 200 },
    );
    const { id: endpointId, secret } = await register(target, ['customer.created']);
    const first = await newBuyer();
    await deliverUntil(() => target.received.length >= 1);
    const second = await newBuyer();
    // The first is waiting for its retry: the second may not overtake it.
    await server.jobs.runNow(WEBHOOKS_DELIVER_JOB);
    expect(target.received).toHaveLength(1);
    const [waiting] = (
      await owner.get(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/deliveries/`)
    ).data.results.slice(-1);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_attempt: { response_status: 500, response_body: 'database down' },
    });
    const wait = Date.parse(waiting.next_attempt_at) - Date.parse(waiting.last_attempt.started_at);
    expect(wait).toBeGreaterThanOrEqual(60_000);
    expect(wait).toBeLessThan(70_000);

    await server.clock.advance(61_000);
    await deliverUntil(() => target.received.length >= 3);
    expect(target.received.map((request) => request.event.data.object.id)).toEqual([
      first.id,
      first.id,
      second.id,
    ]);
    expectSigned(target.received, secret);
    const detail = await owner.get(`/api-2.0/admin/webhook-deliveries/${waiting.id}/`);
    expect(detail.data).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(
      detail.data.attempts_list.map((attempt: { response_status: number }) => attempt.response_status),
    ).toEqual([500, 200]);
  });

  it('marks a delivery failed after three days of retries', async () => {
    const target = await receiver(() => ({ status: 503 }));
    const { id: endpointId } = await register(target, ['customer.created']);
    await newBuyer();
    await deliverUntil(() => target.received.length >= 1);
    for (let day = 0; day < 4; day += 1) {
      for (let step = 0; step < 4; step += 1) {
        await server.clock.advance(6 * 60 * 60 * 1000 + 1000);
        await server.jobs.runNow(WEBHOOKS_DELIVER_JOB);
      }
    }
    const [delivery] = (await owner.get(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/deliveries/`)).data.results;
    expect(delivery.status).toBe('failed');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts).toBe(target.received.length);
    expect(Date.parse(delivery.completed_at) - Date.parse(delivery.created_at)).toBeLessThanOrEqual(
      3 * DAY + 60_000,
    );
    await owner.patch(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/`, { enabled: false });
  });

  it('re-sends a delivery as a new one of the same event, and signs with both secrets after a roll', async () => {
    // Made first: their sign-up is no event of the endpoint below.
    const finance = (await staffMember('finance')).client;
    const target = await receiver();
    const { id: endpointId, secret } = await register(target, ['customer.created']);
    await newBuyer();
    await deliverUntil(() => target.received.length >= 1);
    const [sent] = (await owner.get(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/deliveries/`)).data.results;
    const rolled = await owner.post(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/roll-secret/`);
    expect((await finance.post(`/api-2.0/admin/webhook-deliveries/${sent.id}/resend/`)).statusCode).toBe(403);
    const resent = await owner.post(`/api-2.0/admin/webhook-deliveries/${sent.id}/resend/`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.data).toMatchObject({
      status: 'pending',
      resend_of: sent.id,
      event: { id: sent.event.id },
    });
    await deliverUntil(() => target.received.length >= 2);
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.event.id).toBe(target.received[0]!.event.id);
    expect(target.received[1]!.body).toBe(target.received[0]!.body);
    expectSigned(target.received, secret);
    expectSigned(target.received.slice(1), rolled.data.secret);
    const [audit] = await rows<{ action: string }>(
      sql`select action from admin_audit_events where object_type = 'webhook_endpoint'
        and object_id = ${String(endpointId)} order by id desc limit 1`,
    );
    expect(audit!.action).toBe('webhook_delivery.resent');
  });

  it('queues nothing for a disabled endpoint, and sends what waited once it is enabled again', async () => {
    const target = await receiver();
    const { id: endpointId } = await register(target, ['customer.created']);
    const before = await newBuyer();
    await owner.patch(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/`, { enabled: false });
    await newBuyer();
    await server.jobs.runNow(WEBHOOKS_DELIVER_JOB);
    expect(target.received).toEqual([]);
    await owner.patch(`${ADMIN_WEBHOOKS_API_PATH}${endpointId}/`, { enabled: true });
    await deliverUntil(() => target.received.length >= 1);
    expect(target.received[0]!.event.data.object.id).toBe(before.id);
  });
});

describe('addresses (SSRF)', () => {
  it('refuses loopback, private and plain http endpoints in production, at registration and at sending', async () => {
    const target = await receiver();
    const production = createWebhooks({
      db: server.db,
      clock: server.clock,
      audit: createAdminAudit(),
      repository: createWebhooksRepository(server.db),
      log: server.app.log,
      production: true,
    });
    const staff = { userId: 1, email: 'owner@example.com', role: 'owner' as const };
    const refusal = (url: string) =>
      production.create(staff, { url, description: '', events: ['order.paid'], enabled: true }).then(
        () => null,
        (error: { statusCode: number; fieldErrors?: Record<string, string[]> }) => error,
      );
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://[::1]/hooks',
      'https://10.1.2.3/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:192.168.0.1]/hooks',
      'https://0.0.0.0/hooks',
    ]) {
      const refused = await refusal(url);
      expect(refused, url).toMatchObject({ statusCode: 400 });
    }
    expect(await refusal('http://93.184.215.14/hooks')).toMatchObject({ statusCode: 400 });

    // At sending, after resolving: the local receiver is never reached.
    const answer = await postWebhook({
      url: target.url.replace('127.0.0.1', 'localhost'),
      headers: {},
      body: '{}',
      timeoutMs: 2000,
      allowPrivate: false,
    });
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/private, loopback or reserved/);
    expect(target.received).toEqual([]);
    const allowed = await postWebhook({
      url: target.url,
      headers: {},
      body: '{}',
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(allowed.status).toBe(200);
  });
});
