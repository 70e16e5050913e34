import { createHmac } from 'node:crypto';
import type { StaffRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import {
  cardTokenSubmit,
  createCheckoutKit,
  PAID_A,
  PAID_B,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { sandboxControl, type Sandbox } from '../../test-support/payments-sandbox.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { NASTY_STRINGS } from '../../platform/openapi/schema-arbitraries.js';
import { GATEWAY_WEBHOOK_PATH } from '../payments/payments.routes.js';

const WEBHOOK_SECRET = 'whsec_admin_orders_test';
const DAY_MS = 24 * 60 * 60 * 1000;
const ORDERS = '/api-2.0/admin/orders/';
const REFUNDS = '/api-2.0/admin/refunds/';
const DASHBOARD = '/api-2.0/admin/dashboard/';
const SUBMIT = '/payment/checkout-submit/';

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer, ownedCourseIds } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: WEBHOOK_SECRET }));
});
// The clock moves a month late in the file: the server may have catch-up work to finish at close.
afterAll(() => close(), 180_000);

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));

/** A new signed-in user with a staff role (a row in staff_members, as the staff module keeps them). */
async function staffMember(role: StaffRole): Promise<{ client: TestClient; id: number; email: string }> {
  const { client, id } = await newBuyer();
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${id}, ${role})`);
  return { client, id, email: await emailOf(id) };
}

const emailOf = async (userId: number) =>
  (await rows<{ email: string }>(sql`select email from users where id = ${userId}`))[0]!.email;

/** A buyer who bought `courses` by card (Seattle, tax on top); answers the order id. */
async function purchase(courses: number[], card = 'pm_card_visa') {
  const buyer = await newBuyer();
  const submitted = await buyer.client.post(SUBMIT, cardTokenSubmit(courses, card));
  expect(submitted.data.status).toBe('succeeded');
  const [order] = await rows<{ id: number; gateway_payment_id: string }>(
    sql`select id, gateway_payment_id from orders where user_id = ${buyer.id} order by id desc limit 1`,
  );
  return {
    ...buyer,
    email: await emailOf(buyer.id),
    orderId: Number(order!.id),
    paymentId: order!.gateway_payment_id,
  };
}

const providerRefundsOf = async (paymentId: string) => {
  const response = await fetch(`${sandbox.url}/v1/refunds?payment_intent=${paymentId}&limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  });
  return ((await response.json()) as { data: { id: string; amount: number; status: string }[] }).data;
};

const auditOf = (orderId: number) =>
  rows<{ action: string; actor_id: number; reason: string | null; summary: string; after: unknown }>(
    sql`select action, actor_id, reason, summary, after from admin_audit_events
      where object_type = 'order' and object_id = ${String(orderId)} order by id`,
  );

let owner: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  owner = await staffMember('owner');
});

describe('access', () => {
  it('a visitor gets 401, a learner 403, a catalog member may read but not refund', async () => {
    const bought = await purchase([PAID_A]);
    const visitor = createTestClient(server.app);
    for (const path of [ORDERS, `${ORDERS}${bought.orderId}/`, REFUNDS, DASHBOARD]) {
      expect((await visitor.get(path)).statusCode).toBe(401);
      expect((await bought.client.get(path)).statusCode).toBe(403);
    }
    const body = { line_ids: 'all', reason: 'Customer asked' };
    expect((await bought.client.post(`${ORDERS}${bought.orderId}/refunds/`, body)).statusCode).toBe(403);
    const catalog = await staffMember('catalog');
    expect((await catalog.client.get(`${ORDERS}${bought.orderId}/`)).statusCode).toBe(200);
    const refused = await catalog.client.post(`${ORDERS}${bought.orderId}/refunds/`, body);
    expect(refused.statusCode).toBe(403);
    expect((await catalog.client.post(`${REFUNDS}1/retry/`)).statusCode).toBe(403);
    expect(await ownedCourseIds(bought.client)).toEqual([PAID_A]);
  });
});

describe('GET /api-2.0/admin/orders/', () => {
  it('searches by order number, e-mail, card last 4 and provider payment id', async () => {
    const visa = await purchase([PAID_A]);
    const mastercard = await purchase([PAID_B], 'pm_card_mastercard');
    const search = async (q: string) => {
      const page = await owner.client.get(`${ORDERS}?q=${encodeURIComponent(q)}&page_size=100`);
      expect(page.statusCode).toBe(200);
      return page.data;
    };
    const byId = await search(`#${visa.orderId}`);
    expect(byId.results.map((row: { id: number }) => row.id)).toContain(visa.orderId);
    const byEmail = await search(visa.email.toUpperCase());
    expect(byEmail).toMatchObject({ count: 1, page: 1, page_size: 100 });
    expect(byEmail.results[0]).toMatchObject({
      id: visa.orderId,
      status: 'paid',
      buyer: { id: visa.id, email: visa.email },
      payment_method: { type: 'card', label: 'Visa ****4242', last4: '4242' },
      country: 'US',
      line_count: 1,
      refunded_lines: 0,
    });
    expect(byEmail.results[0].gross.amount).toBeGreaterThan(0);
    expect((await search(visa.email.split('@')[0]!)).results.map((row: { id: number }) => row.id)).toEqual([
      visa.orderId,
    ]);
    const byPayment = await search(mastercard.paymentId);
    expect(byPayment.results.map((row: { id: number }) => row.id)).toEqual([mastercard.orderId]);
    const byLast4 = await search('4444');
    expect(byLast4.results.map((row: { id: number }) => row.id)).toContain(mastercard.orderId);
    expect(byLast4.results.map((row: { id: number }) => row.id)).not.toContain(visa.orderId);
    expect((await search('nobody-at-all@example.com')).count).toBe(0);
  });

  it('filters by status, method, country, dates and code; sorts; pages', async () => {
    const two = await purchase([PAID_A, PAID_B]);
    const scoped = async (query: string) => {
      const page = await owner.client.get(`${ORDERS}?q=${encodeURIComponent(two.email)}&${query}`);
      expect(page.statusCode, page.body).toBe(200);
      return page.data;
    };
    const today = server.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(server.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
    expect((await scoped('status=paid&method=card&country=us')).count).toBe(1);
    expect((await scoped('method=account_credit')).count).toBe(0);
    expect((await scoped('country=DE')).count).toBe(0);
    expect((await scoped(`from=${today}&to=${today}`)).count).toBe(1);
    expect((await scoped(`to=${yesterday}`)).count).toBe(0);
    expect((await scoped('code=NOSUCHCODE')).count).toBe(0);
    // One line refunded: partially refunded.
    const detail = await owner.client.get(`${ORDERS}${two.orderId}/`);
    const refunded = await owner.client.post(`${ORDERS}${two.orderId}/refunds/`, {
      line_ids: [detail.data.lines[0].id],
      reason: 'Duplicate purchase',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect((await scoped('status=paid')).count).toBe(0);
    expect((await scoped('status=partially_refunded')).results[0]).toMatchObject({
      id: two.orderId,
      status: 'partially_refunded',
      refunded_lines: 1,
    });
    // Sorting and pages over all orders.
    const ascending = await owner.client.get(`${ORDERS}?sort=total&page_size=5`);
    const totals = ascending.data.results.map((row: { gross: { amount: number } }) => row.gross.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const newest = await owner.client.get(`${ORDERS}?page_size=2&page=1`);
    const next = await owner.client.get(`${ORDERS}?page_size=2&page=2`);
    expect(newest.data.count).toBeGreaterThan(2);
    expect(newest.data.results[0].id).toBeGreaterThan(next.data.results[0].id);
    const bad = await owner.client.get(`${ORDERS}?sort=email&page_size=500&status=lost&from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['from', 'page_size', 'sort', 'status']);
  });
});

describe('GET /api-2.0/admin/orders/:id/', () => {
  it('shows lines, totals, the payment attempt, provider events, the invoice; 404 for none', async () => {
    const bought = await purchase([PAID_A, PAID_B]);
    // The provider's webhooks about the payment arrive and are stored.
    await expect
      .poll(
        async () =>
          (await owner.client.get(`${ORDERS}${bought.orderId}/`)).data.provider_events.length as number,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const { data: order, statusCode } = await owner.client.get(`${ORDERS}${bought.orderId}/`);
    expect(statusCode).toBe(200);
    expect(order).toMatchObject({
      id: bought.orderId,
      status: 'paid',
      buyer: { id: bought.id, email: bought.email, anonymised: false },
      tax_mode: 'tax_added',
      payment_method: { type: 'card', label: 'Visa ****4242', last4: '4242' },
      gateway_payment_id: bought.paymentId,
      refund_window_open: true,
      refunds: [],
      invoice: { kind: 'invoice', url: `/api-2.0/admin/purchase-documents/order/${bought.orderId}/` },
    });
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0]).toMatchObject({ refund: null, refund_refusal: null, course: { id: PAID_A } });
    expect(order.lines[0].course.title).not.toMatch(/^Course #/);
    const paid = order.lines.reduce(
      (sum: number, line: { paid: { amount: number } }) => sum + line.paid.amount,
      0,
    );
    expect(paid).toBe(order.gross.amount);
    expect(order.tax.amount).toBeGreaterThan(0);
    expect(order.payment_attempts).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        gateway_payment_id: bought.paymentId,
        made_the_order: true,
      }),
    ]);
    expect(order.provider_events[0]).toMatchObject({
      gateway_type: expect.stringMatching(/^payment_intent\./),
    });
    const pdf = await owner.client.get(order.invoice.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await bought.client.get(order.invoice.url)).statusCode).toBe(403);
    expect((await owner.client.get(`${ORDERS}2147483647/`)).statusCode).toBe(404);
    expect((await owner.client.get(`${ORDERS}2147483648/`)).statusCode).toBe(400);
    expect((await owner.client.get('/api-2.0/admin/purchase-documents/refund/2147483647/')).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api-2.0/admin/orders/:id/refunds/', () => {
  it('refunds the whole order once under 20 concurrent clicks: one refund per line, audited', async () => {
    const bought = await purchase([PAID_A, PAID_B]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.client.post(`${ORDERS}${bought.orderId}/refunds/`, {
          line_ids: 'all',
          reason: 'Customer wrote to support',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    const created = answers.find((answer) => answer.statusCode === 201)!.data;
    expect(created.refunds).toHaveLength(2);
    expect(created.refunds[0]).toMatchObject({
      status: 'refunded',
      reason: 'staff',
      comment: 'Customer wrote to support',
      staff: { id: owner.id, email: owner.email },
    });
    expect(answers.find((answer) => answer.statusCode === 409)!.data.code).toBe('already_refunded');
    const stored = await rows<{ n: number }>(
      sql`select count(*)::int as n from course_refunds where order_id = ${bought.orderId}`,
    );
    expect(Number(stored[0]!.n)).toBe(2);
    // One provider refund per line, adding up to what the provider took.
    const provider = await providerRefundsOf(bought.paymentId);
    expect(provider).toHaveLength(2);
    const detail = (await owner.client.get(`${ORDERS}${bought.orderId}/`)).data;
    expect(provider.reduce((sum, refund) => sum + refund.amount, 0)).toBe(detail.total.amount);
    expect(detail.status).toBe('refunded');
    expect(detail.lines.map((line: { refund_refusal: string }) => line.refund_refusal)).toEqual([
      'already_refunded',
      'already_refunded',
    ]);
    expect(await ownedCourseIds(bought.client)).toEqual([]);
    const audit = await auditOf(bought.orderId);
    expect(audit.map((entry) => entry.action)).toEqual(['order.refunded', 'order.refunded']);
    expect(audit[0]).toMatchObject({ actor_id: owner.id, reason: 'Customer wrote to support' });
    // The credit notes open for staff.
    const creditNote = await owner.client.get(detail.refunds[0].credit_note.url);
    expect(creditNote.statusCode).toBe(200);
  });

  it('a one-line order clicked 20 times: one provider refund', async () => {
    const bought = await purchase([PAID_B]);
    const detail = (await owner.client.get(`${ORDERS}${bought.orderId}/`)).data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.client.post(`${ORDERS}${bought.orderId}/refunds/`, {
          line_ids: [detail.lines[0].id],
          reason: 'Double click test',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await providerRefundsOf(bought.paymentId)).toHaveLength(1);
  });

  it('validates the body: a reason of 3 to 500 characters, lines of this order', async () => {
    const bought = await purchase([PAID_A]);
    const path = `${ORDERS}${bought.orderId}/refunds/`;
    const bad = await owner.client.post(path, { line_ids: [], reason: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['line_ids', 'reason']);
    const foreign = await owner.client.post(path, { line_ids: [2147483647], reason: 'Wrong line' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.data.field_errors.line_ids).toBeDefined();
    expect(
      (await owner.client.post(`${ORDERS}2147483647/refunds/`, { line_ids: 'all', reason: 'None' }))
        .statusCode,
    ).toBe(404);
    expect(await ownedCourseIds(bought.client)).toEqual([PAID_A]);
    expect(await auditOf(bought.orderId)).toEqual([]);
  });

  it('a support member refunds up to the owner’s limit; beyond it 403 and nothing stored', async () => {
    const support = await staffMember('support');
    const bought = await purchase([PAID_A]);
    const [settings] = await rows<{ limits: unknown }>(
      sql`select support_refund_limits as limits from back_office_settings where id = 1`,
    );
    try {
      await server.db.execute(
        sql`update back_office_settings set support_refund_limits = '{"USD": 100}'::jsonb where id = 1`,
      );
      const refused = await support.client.post(`${ORDERS}${bought.orderId}/refunds/`, {
        line_ids: 'all',
        reason: 'Over the limit',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.data).toMatchObject({ code: 'refund_limit_exceeded' });
      expect(refused.data.detail).toMatch(/at most \$1\.00/);
      expect(await auditOf(bought.orderId)).toEqual([]);
      expect(await ownedCourseIds(bought.client)).toEqual([PAID_A]);
      await server.db.execute(
        sql`update back_office_settings set support_refund_limits = '{"USD": 1000000}'::jsonb where id = 1`,
      );
      const allowed = await support.client.post(`${ORDERS}${bought.orderId}/refunds/`, {
        line_ids: 'all',
        reason: 'Within the limit',
      });
      expect(allowed.statusCode).toBe(201);
      expect((await auditOf(bought.orderId))[0]).toMatchObject({ actor_id: support.id });
    } finally {
      await server.db.execute(
        sql`update back_office_settings set support_refund_limits = ${JSON.stringify(settings!.limits)}::jsonb where id = 1`,
      );
    }
  });
});

describe('nasty input from staff', () => {
  it('never answers 5xx to odd query values, ids or bodies, and every refusal follows the error contract', async () => {
    const bought = await purchase([PAID_A]);
    const lists: [string, string[]][] = [
      [ORDERS, ['q', 'page', 'page_size', 'sort', 'status', 'method', 'country', 'from', 'to', 'code']],
      [REFUNDS, ['q', 'page', 'page_size', 'sort', 'status', 'older_than_minutes']],
    ];
    const seen: number[] = [];
    // A lone surrogate has no UTF-8: sent as the bytes of one (invalid UTF-8 in the URL).
    const encode = (value: string) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
      }
    };
    for (const [path, keys] of lists) {
      for (const key of keys) {
        for (const value of NASTY_STRINGS) {
          const answer = await owner.client.get(`${path}?${key}=${encode(value)}`);
          seen.push(answer.statusCode);
          expect(answer.statusCode, `${path} ${key}=${JSON.stringify(value).slice(0, 40)}`).toBeLessThan(500);
          if (answer.statusCode >= 400) expect(answer.data).toMatchObject({ detail: expect.any(String) });
        }
      }
    }
    expect(seen).toContain(400);
    for (const value of NASTY_STRINGS) {
      const segment = encode(value) || '%20';
      for (const path of [`${ORDERS}${segment}/`, `/api-2.0/admin/purchase-documents/order/${segment}/`]) {
        expect((await owner.client.get(path)).statusCode, path).toBeLessThan(500);
      }
      const body = { line_ids: [value], reason: value, allow_outside_window: value };
      expect((await owner.client.post(`${ORDERS}${bought.orderId}/refunds/`, body)).statusCode).toBeLessThan(
        500,
      );
      expect(
        (await owner.client.post(`${ORDERS}${bought.orderId}/refunds/`, { line_ids: 'all', reason: value }))
          .statusCode,
      ).toBeLessThan(500);
    }
  }, 120_000);
});

describe('refunds that need staff', () => {
  /** A signed provider event, as the provider's webhook sends it. */
  async function deliver(event: Record<string, unknown>) {
    const body = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
    const response = await createTestClient(server.app).post(GATEWAY_WEBHOOK_PATH, undefined, {
      rawBody: body,
      csrf: false,
      headers: { 'stripe-signature': `t=${timestamp},v1=${v1}` },
    });
    expect(response.statusCode).toBe(200);
  }

  it('a failed refund is listed, counted on the dashboard, and a retry sends it again under a new key', async () => {
    const bought = await purchase([PAID_A]);
    const path = `${ORDERS}${bought.orderId}/refunds/`;
    // The provider is down when staff refund: the refund stays pending, the course is taken away.
    await sandboxControl(sandbox, 'faults', { fail_next: 50, fail_status: 503 });
    let pending;
    try {
      pending = await owner.client.post(path, { line_ids: 'all', reason: 'Support ticket 77' });
    } finally {
      await sandboxControl(sandbox, 'faults', { fail_next: 0 });
    }
    expect(pending.statusCode).toBe(201);
    const refund = pending.data.refunds[0];
    expect(refund.status).toBe('pending');
    // A pending refund whose job still runs is not retried by hand.
    const early = await owner.client.post(`${REFUNDS}${refund.id}/retry/`);
    expect(early.statusCode).toBe(409);
    expect(early.data.code).toBe('refund_in_progress');
    // The provider then reports the refund failed: the buyer gets the course back.
    await deliver({
      id: `evt_failed_${refund.id}_${Date.now()}`,
      object: 'event',
      type: 'refund.updated',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `re_failed_${refund.id}`,
          object: 'refund',
          amount: refund.provider_amount.amount,
          currency: 'usd',
          payment_intent: bought.paymentId,
          status: 'failed',
          reason: 'requested_by_customer',
          metadata: { course_refund_id: String(refund.id), order_id: String(bought.orderId) },
          created: Math.floor(Date.now() / 1000),
        },
      },
    });
    const failedList = await owner.client.get(`${REFUNDS}?status=failed&q=${bought.orderId}`);
    expect(failedList.data).toMatchObject({ count: 1, results: [{ id: refund.id, status: 'failed' }] });
    expect(failedList.data.results[0]).toMatchObject({
      buyer: { email: bought.email },
      course: { id: PAID_A },
    });
    expect((await owner.client.get(`${REFUNDS}?q=${bought.orderId}`)).data.count).toBe(1);
    expect(await ownedCourseIds(bought.client)).toEqual([PAID_A]);
    const dashboard = (await owner.client.get(DASHBOARD)).data;
    expect(dashboard.alerts.failed_refunds).toBeGreaterThanOrEqual(1);
    expect((await owner.client.get(`${ORDERS}${bought.orderId}/`)).data.status).toBe('refund_failed');

    const catalog = await staffMember('read_only');
    expect((await catalog.client.post(`${REFUNDS}${refund.id}/retry/`)).statusCode).toBe(403);
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => owner.client.post(`${REFUNDS}${refund.id}/retry/`)),
    );
    expect(retries.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const retried = retries.find((answer) => answer.statusCode === 200)!.data.refund;
    expect(retried).toMatchObject({ id: refund.id, status: 'refunded', retries: 1, failure_code: null });
    const [stored] = await rows<{ provider_key: string }>(
      sql`select provider_key from course_refunds where id = ${refund.id}`,
    );
    expect(stored!.provider_key).toBe(`course-refund:${refund.id}:retry-1`);
    expect(await providerRefundsOf(bought.paymentId)).toHaveLength(1);
    expect(await ownedCourseIds(bought.client)).toEqual([]);
    expect((await auditOf(bought.orderId)).map((entry) => entry.action)).toEqual([
      'order.refunded',
      'refund.retried',
    ]);
    const again = await owner.client.post(`${REFUNDS}${refund.id}/retry/`);
    expect(again.statusCode).toBe(409);
    expect(again.data.code).toBe('already_refunded');
  });

  it('a pending refund whose job ran out of attempts is stuck until a retry submits it again', async () => {
    const bought = await purchase([PAID_B]);
    await sandboxControl(sandbox, 'faults', { fail_next: 10_000, fail_status: 503 });
    let refundId: number;
    try {
      const pending = await owner.client.post(`${ORDERS}${bought.orderId}/refunds/`, {
        line_ids: 'all',
        reason: 'Provider outage test',
      });
      expect(pending.statusCode).toBe(201);
      refundId = pending.data.refunds[0].id;
      // The job tries until its last attempt (back-off up to an hour between tries).
      for (let attempt = 0; attempt < 13; attempt += 1) {
        await server.clock.advance(2 * 60 * 60 * 1000);
        await server.queue.runDue();
      }
    } finally {
      await sandboxControl(sandbox, 'faults', { fail_next: 0 });
    }
    const [job] = await rows<{ status: string; attempts: number }>(
      sql`select status, attempts from jobs where kind = 'refunds.submit' and key = ${`refund:${refundId}`}`,
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 12 });
    const stuck = await owner.client.get(`${REFUNDS}?status=stuck`);
    expect(stuck.data.results.map((row: { id: number }) => row.id)).toContain(refundId);
    expect(stuck.data.results.find((row: { id: number }) => row.id === refundId)).toMatchObject({
      status: 'pending',
      stuck: true,
    });
    const attention = await owner.client.get(`${REFUNDS}?q=${bought.orderId}`);
    expect(attention.data.results[0]).toMatchObject({ id: refundId, stuck: true });
    expect(
      (await owner.client.get(`${REFUNDS}?status=pending&older_than_minutes=60&q=${bought.orderId}`)).data
        .count,
    ).toBe(1);
    expect((await owner.client.get(DASHBOARD)).data.alerts.stuck_refunds).toBeGreaterThanOrEqual(1);

    const retried = await owner.client.post(`${REFUNDS}${refundId}/retry/`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.data.refund).toMatchObject({ status: 'refunded', retries: 1, stuck: false });
    const [stored] = await rows<{ provider_key: string | null }>(
      sql`select provider_key from course_refunds where id = ${refundId}`,
    );
    // The same provider key as the lost tries: a refund the provider made is answered, not made twice.
    expect(stored!.provider_key).toBeNull();
    expect(await providerRefundsOf(bought.paymentId)).toHaveLength(1);
    expect(
      (await owner.client.get(`${REFUNDS}?status=stuck`)).data.results.map((row: { id: number }) => row.id),
    ).not.toContain(refundId);
  }, 120_000);
});

describe('the 30-day window and the dashboard', () => {
  it('after 30 days staff refund only with allow_outside_window', async () => {
    const bought = await purchase([PAID_A]);
    const path = `${ORDERS}${bought.orderId}/refunds/`;
    await server.clock.advance(31 * DAY_MS);
    const detail = (await owner.client.get(`${ORDERS}${bought.orderId}/`)).data;
    expect(detail).toMatchObject({ refund_window_open: false });
    expect(detail.lines[0]).toMatchObject({
      refund_refusal: 'refund_window_closed',
      refund_refusal_overridable: true,
    });
    const refused = await owner.client.post(path, { line_ids: 'all', reason: 'Late request' });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.code).toBe('refund_window_closed');
    expect(await ownedCourseIds(bought.client)).toEqual([PAID_A]);
    const refunded = await owner.client.post(path, {
      line_ids: 'all',
      reason: 'Goodwill refund after 30 days',
      allow_outside_window: true,
    });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.data.refunds[0].status).toBe('refunded');
    expect(await ownedCourseIds(bought.client)).toEqual([]);
    const [entry] = await auditOf(bought.orderId);
    expect(entry).toMatchObject({ action: 'order.refunded', reason: 'Goodwill refund after 30 days' });
    expect(entry!.after).toMatchObject({ outside_window: true });
    expect(entry!.summary).toContain('outside the 30-day window');
    // Already refunded stays refused even outside the window.
    const twice = await owner.client.post(path, {
      line_ids: 'all',
      reason: 'Again',
      allow_outside_window: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.data.code).toBe('already_refunded');
  });

  it("shows today's and the last 30 days' figures and the newest orders", async () => {
    const bought = await purchase([PAID_B]);
    const { data, statusCode } = await owner.client.get(DASHBOARD);
    expect(statusCode).toBe(200);
    expect(data.role).toBe('owner');
    expect(data.today.orders).toBeGreaterThanOrEqual(1);
    expect(
      data.today.gross.find((amount: { currency: string }) => amount.currency === 'USD').amount,
    ).toBeGreaterThan(0);
    expect(data.last_30_days.orders).toBeGreaterThanOrEqual(data.today.orders);
    expect(data.newest_orders).toHaveLength(5);
    expect(data.newest_orders[0]).toMatchObject({ id: bought.orderId, buyer: { email: bought.email } });
    const readOnly = await staffMember('read_only');
    expect((await readOnly.client.get(DASHBOARD)).data.role).toBe('read_only');
  });
});
