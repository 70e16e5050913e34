import { money, PURCHASE_HISTORY_PATHS, refundPath } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { answerHostedPage, sandboxControl, type Sandbox } from '../../test-support/payments-sandbox.js';
import {
  cardTokenSubmit,
  course,
  createCheckoutKit,
  infoBody,
  methodSubmit,
  newRef,
  PAID_A,
  PAID_B,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { createCouponsService } from '../coupons/coupons.service.js';
import { createCreditService } from '../credit/credit.service.js';

const DATA = PURCHASE_HISTORY_PATHS.data;
const SUBMIT = '/payment/checkout-submit/';
const DAY_MS = 24 * 60 * 60 * 1000;

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer, ownedCourseIds } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_history_test' }));
});
afterAll(() => close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const history = (client: TestClient, dataType: string, page = 1) =>
  client.get(`${DATA}?data_type=${dataType}&page_number=${page}`);

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

/** Buys the courses by card (Seattle, tax on top); answers the order's row in the history. */
async function buyByCard(client: TestClient, ids: number[], card = 'pm_card_visa') {
  const submitted = await client.post(SUBMIT, cardTokenSubmit(ids, card));
  expect(submitted.data.status).toBe('succeeded');
  const page = await history(client, 'courses');
  return page.data.results[0];
}

async function buyWithCredit(client: TestClient, ids: number[]) {
  const submitted = await client.post(SUBMIT, {
    checkout_environment: 'Marketplace',
    checkout_event: 'Submit',
    checkout_ref: newRef(),
    shopping_info: { items: ids.map(course) },
    billing_address: { country_code: 'US', secondary_location_info: '10001' },
    payment_info: { method_id: 1, payment_vendor: 'Credit', payment_method: 'full-credit', credentials: {} },
  });
  expect(submitted.data.status).toBe('succeeded');
  return (await history(client, 'courses')).data.results[0];
}

const providerRefundsOf = async (paymentId: string) => {
  const response = await fetch(`${sandbox.url}/v1/refunds?payment_intent=${paymentId}`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  });
  return ((await response.json()) as { data: { amount: number; status: string }[] }).data;
};
const paymentOfOrder = async (orderId: number) =>
  (
    await rows<{ gateway_payment_id: string }>(
      sql`select gateway_payment_id from orders where id = ${orderId}`,
    )
  )[0]!.gateway_payment_id;

describe('GET /purchase-history/purchase-history-data/', () => {
  it('needs a signed-in user and a known data type (400 with the field)', async () => {
    const visitor = await createTestClient(server.app).get(`${DATA}?data_type=courses`);
    expect(visitor.statusCode).toBe(401);
    const { client } = await newBuyer();
    const bad = await client.get(`${DATA}?data_type=gifts&page_number=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['data_type', 'page_number']);
  });

  it('courses: one row per order with its courses, the card, the invoice link; paged; empty texts', async () => {
    const { client } = await newBuyer();
    const empty = await history(client, 'courses');
    expect(empty.data).toEqual({
      status: 'empty',
      data_type: 'courses',
      results: [],
      total_pages: 1,
      count: 0,
    });
    const row = await buyByCard(client, [PAID_A, PAID_B]);
    expect(row).toMatchObject({
      status: 'completed',
      course_count: 2,
      payment_method: { type: 'card', label: 'Visa ****4242', last4: '4242' },
      invoice: { status: 'available', url: `/api-2.0/purchase-documents/order/${row.id}/` },
    });
    // Seattle taxes on top: each course's price includes its tax share, and they add up.
    const paid = row.courses.reduce(
      (sum: number, line: { price: { amount: number } }) => sum + line.price.amount,
      0,
    );
    expect(paid).toBe(row.total_price.amount);
    expect(row.courses.map((line: { course: { id: number } }) => line.course.id).sort()).toEqual([
      PAID_A,
      PAID_B,
    ]);
    expect(row.courses[0]).toMatchObject({ refund: null, refund_refusal: null });
    const beyond = await history(client, 'courses', 2);
    expect(beyond.data).toMatchObject({ status: 'empty', results: [], total_pages: 1, count: 1 });
  });

  it('refunds and subscriptions are empty for a new learner; the organization tab is for its admins only', async () => {
    const { client } = await newBuyer();
    expect((await history(client, 'refunds')).data.status).toBe('empty');
    expect((await history(client, 'subscriptions')).data.status).toBe('empty');
    const organization = await history(client, 'organization_subscriptions');
    expect(organization.statusCode).toBe(403);
  });

  it("organization_subscriptions: the organization's charges for its owner and admins, with receipts and invoices", async () => {
    const owner = createTestClient(server.app, { ip: '10.77.0.1' });
    await owner.login('owner@example.com');
    const page = await history(owner, 'organization_subscriptions');
    expect(page.statusCode).toBe(200);
    expect(page.data.status).toBe('succeeded');
    const [charge] = page.data.results;
    expect(charge).toMatchObject({
      status: 'succeeded',
      receipt_url: `/organization-manage-v2/settings/payment/${charge.id}/`,
      invoice: { status: 'available', url: `/api-2.0/purchase-documents/subscription_charge/${charge.id}/` },
    });
    const invoice = await owner.get(charge.invoice.url);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain(charge.total_amount.price_string);
    const student = createTestClient(server.app, { ip: '10.77.0.2' });
    await student.login('sam@acme.example');
    expect((await history(student, 'organization_subscriptions')).statusCode).toBe(403);
    expect((await student.get(charge.invoice.url)).statusCode).toBe(403);
    const { client: stranger } = await newBuyer();
    expect((await stranger.get(charge.invoice.url)).statusCode).toBe(404);
    // The owner's own (personal) subscriptions are another list.
    expect((await history(owner, 'subscriptions')).data.status).toBe('empty');
  });
});

describe('invoices and credit notes', () => {
  it('an order’s invoice: numbered without gaps, seller and buyer, lines, tax, totals, the payment', async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_A, PAID_B]);
    const response = await client.get(row.invoice.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Lectern-INV-\d{6}\.pdf"$/,
    );
    const text = await pdfText(response.rawPayload);
    const [document] = await rows<{ number: number }>(
      sql`select number from purchase_documents where source = 'order' and source_id = ${row.id}`,
    );
    const number = `INV-${String(document!.number).padStart(6, '0')}`;
    expect(text).toContain(number);
    for (const line of row.courses) expect(text).toContain(line.course.title);
    expect(text).toContain(row.total_price.price_string);
    expect(text).toContain('6.5%');
    expect(text).toContain('Visa ****4242');
    // Billed to where the buyer said at checkout (Seattle's ZIP), the country by its name.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toMatch(/Billed to .+ Washington 98101 United States/);
    // Items, then the subtotal, the tax on it, the total.
    const subtotal = flat.indexOf('Subtotal');
    expect(subtotal).toBeGreaterThan(flat.indexOf(row.courses[0].course.title));
    expect(flat.indexOf('6.5% on')).toBeGreaterThan(subtotal);
    expect(flat.lastIndexOf('Total ')).toBeGreaterThan(flat.indexOf('6.5% on'));
    // The history now names it; a second download is the same document.
    expect((await history(client, 'courses')).data.results[0].invoice.number).toBe(number);
    expect(await pdfText((await client.get(row.invoice.url)).rawPayload)).toContain(number);
    // Every series runs 1, 2, 3… without gaps or repeats.
    const series = await rows<{ series: string; numbers: number[] }>(
      sql`select series, array_agg(number order by number) as numbers from purchase_documents group by series`,
    );
    for (const { numbers } of series) {
      expect(numbers.map(Number)).toEqual(numbers.map((_, index) => index + 1));
    }
  });

  it("another user's invoice is a 404; a free order has none", async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_A]);
    const { client: other } = await newBuyer();
    expect((await other.get(row.invoice.url)).statusCode).toBe(404);
    expect((await other.get('/api-2.0/purchase-documents/refund/999999/')).statusCode).toBe(404);
    expect((await other.get('/api-2.0/purchase-documents/gift/1/')).statusCode).toBe(400);
  });

  it('invoices are issued by a job queued with the sale', async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_B]);
    await server.queue.runDue();
    const [issued] = await rows<{ n: number }>(
      sql`select count(*)::int as n from purchase_documents where source = 'order' and source_id = ${row.id}`,
    );
    expect(Number(issued!.n)).toBe(1);
    expect((await history(client, 'courses')).data.results[0].invoice.number).toMatch(/^INV-\d{6}$/);
  });
});

describe('refunds', () => {
  it('a card purchase: back to the card, the course gone, a credit note; a second request refused', async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_A, PAID_B]);
    const line = row.courses.find((candidate: { course: { id: number } }) => candidate.course.id === PAID_A);
    const quote = await client.get(refundPath(line.id));
    expect(quote.data).toMatchObject({
      order_line_id: line.id,
      refund_refusal: null,
      price: line.price,
      refund_to: [{ kind: 'original_method', label: 'Visa ****4242', amount: line.price }],
    });
    const refunded = await client.post(refundPath(line.id), {
      reason: 'not_satisfied',
      comment: 'Too basic.',
    });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.data).toMatchObject({
      status: 'refunded',
      amount: line.price,
      course: { id: PAID_A },
      credit_note: { status: 'available' },
    });
    expect(await ownedCourseIds(client)).toEqual([PAID_B]);
    const provider = await providerRefundsOf(await paymentOfOrder(row.id));
    expect(provider).toEqual([expect.objectContaining({ amount: line.price.amount, status: 'succeeded' })]);

    const again = await client.post(refundPath(line.id), { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.data.code).toBe('already_refunded');
    expect((await providerRefundsOf(await paymentOfOrder(row.id))).length).toBe(1);

    const courses = (await history(client, 'courses')).data.results[0];
    expect(courses.status).toBe('partially_refunded');
    expect(courses.courses.find((c: { id: number }) => c.id === line.id)).toMatchObject({
      refund: { status: 'refunded' },
      refund_refusal: 'already_refunded',
    });
    const refunds = await history(client, 'refunds');
    expect(refunds.data).toMatchObject({ status: 'succeeded', count: 1 });
    const creditNote = await client.get(refunds.data.results[0].credit_note.url);
    const text = await pdfText(creditNote.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toMatch(/Corrects invoice INV-\d{6}/);
    expect(text).toContain(line.price.price_string);
    // The buyer is told.
    const [mail] = await rows<{ subject: string }>(
      sql`select subject from mail_outbox where kind = 'refund_completed' order by id desc limit 1`,
    );
    expect(mail!.subject).toMatch(/^Your refund for /);
    // The course can be bought again.
    expect((await client.post(SUBMIT, cardTokenSubmit([PAID_A]))).data.status).toBe('succeeded');
  });

  it('a credit-paid purchase goes back to account credit', async () => {
    const { client, id } = await newBuyer();
    const credit = createCreditService(server.db);
    await credit.grant(id, money(10_000, 'USD'), 'Goodwill');
    const row = await buyWithCredit(client, [PAID_A]);
    expect(row.payment_method).toMatchObject({ type: 'account_credit', label: 'Account credit' });
    const before = await credit.balanceOf(id, 'USD');
    const line = row.courses[0];
    const refunded = await client.post(refundPath(line.id), { reason: 'bought_by_mistake' });
    expect(refunded.data).toMatchObject({
      status: 'refunded',
      refunded_to: [{ kind: 'account_credit', label: 'Account credit', amount: line.price }],
    });
    expect((await credit.balanceOf(id, 'USD')).amount).toBe(before.amount + line.price.amount);
    expect(await ownedCourseIds(client)).toEqual([]);
  });

  it('a purchase paid partly with credit gives each part back where it came from', async () => {
    const { client, id } = await newBuyer();
    const credit = createCreditService(server.db);
    await credit.grant(id, money(500, 'USD'), 'Goodwill');
    const row = await buyByCard(client, [PAID_A]);
    const line = row.courses[0];
    const refunded = await client.post(refundPath(line.id), { reason: 'other' });
    const parts = refunded.data.refunded_to as { kind: string; amount: { amount: number } }[];
    expect(parts.map((part) => part.kind)).toEqual(['original_method', 'account_credit']);
    expect(parts[1]!.amount.amount).toBe(500);
    expect(parts[0]!.amount.amount + 500).toBe(line.price.amount);
    expect((await credit.balanceOf(id, 'USD')).amount).toBe(500);
    const provider = await providerRefundsOf(await paymentOfOrder(row.id));
    expect(provider.map((refund) => refund.amount)).toEqual([parts[0]!.amount.amount]);
  });

  it('a voucher purchase (OXXO) is refunded through the provider', async () => {
    const buyer = await newBuyer('MX');
    const info = await buyer.client.post(
      '/payment/checkout-info/',
      infoBody([PAID_A], { country_code: 'MX' }),
    );
    const oxxo = info.data.data.checkout_config.payment_methods.find(
      (m: { type: string }) => m.type === 'oxxo',
    );
    const submitted = await buyer.client.post(
      SUBMIT,
      methodSubmit([PAID_A], oxxo, { state_data: {} }, { country_code: 'MX' }),
    );
    const receipt = await buyer.client.get(
      `/payment/checkout-result/?payment_attempt_id=${submitted.data.data.payment_attempt_id}`,
    );
    await answerHostedPage(receipt.data.pending.voucher.url, 'paid');
    await expect
      .poll(async () => (await history(buyer.client, 'courses')).data.count, { timeout: 5_000 })
      .toBe(1);
    const row = (await history(buyer.client, 'courses')).data.results[0];
    expect(row.payment_method.label).toBe('OXXO');
    const refunded = await buyer.client.post(refundPath(row.courses[0].id), { reason: 'other' });
    expect(refunded.data).toMatchObject({ status: 'refunded', refunded_to: [{ label: 'OXXO' }] });
    expect((await providerRefundsOf(await paymentOfOrder(row.id))).length).toBe(1);
  });

  it('a refund whose provider call fails stays pending and is retried by its job, once', async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_B]);
    await sandboxControl(sandbox, 'faults', { fail_next: 20, fail_status: 503 });
    let pending;
    try {
      pending = await client.post(refundPath(row.courses[0].id), { reason: 'technical_problems' });
    } finally {
      await sandboxControl(sandbox, 'faults', { fail_next: 0 });
    }
    expect(pending.statusCode).toBe(201);
    expect(pending.data).toMatchObject({ status: 'pending', credit_note: { status: 'pending' } });
    expect(await ownedCourseIds(client)).toEqual([]);
    expect((await history(client, 'refunds')).data.status).toBe('processing');
    // The safety-net job is due 30 s later on the server's clock.
    await server.clock.advance(60_000);
    await server.queue.runDue();
    const done = (await history(client, 'refunds')).data;
    expect(done).toMatchObject({ status: 'succeeded', results: [{ status: 'refunded' }] });
    expect((await providerRefundsOf(await paymentOfOrder(row.id))).length).toBe(1);
  });

  it("a refund whose answer is lost is settled by the provider's webhook, and the job then finds nothing to do", async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_A]);
    // The provider refunds, but none of its answers arrive (the SDK's retries included).
    await sandboxControl(sandbox, 'faults', { timeout_next: 20, timeout_mode: 'after', hang_ms: 20 });
    let requested;
    try {
      requested = await client.post(refundPath(row.courses[0].id), { reason: 'other' });
    } finally {
      await sandboxControl(sandbox, 'faults', { timeout_next: 0 });
    }
    expect(requested.statusCode).toBe(201);
    await expect
      .poll(async () => (await history(client, 'refunds')).data.results[0].status, { timeout: 10_000 })
      .toBe('refunded');
    await server.clock.advance(60_000);
    await server.queue.runDue();
    expect((await providerRefundsOf(await paymentOfOrder(row.id))).length).toBe(1);
    const [entries] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'refund_completed' and dedupe_key = ${`refund_completed:${requested.data.id}`}`,
    );
    expect(Number(entries!.n)).toBe(1);
  });

  it("a limited code's use goes back once every course bought with it is refunded, not before", async () => {
    const code = `TWICE${Date.now()}`;
    await createCouponsService(server.db).create({
      code,
      discount: { kind: 'percentage', percent: 20 },
      usageLimit: 1,
    });
    const { client, id } = await newBuyer();
    await server.db.execute(
      sql`insert into carts (user_id, version, discount_codes) values (${id}, ${`v-${id}`}, ${`{${code}}`})`,
    );
    const row = await buyByCard(client, [PAID_A, PAID_B]);
    const usesTaken = async () =>
      Number(
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from coupon_redemptions r join coupons c on c.id = r.coupon_id
              where c.code = ${code} and r.status = 'consumed'`,
          )
        )[0]!.n,
      );
    expect(await usesTaken()).toBe(1);
    await client.post(refundPath(row.courses[0].id), { reason: 'other' });
    expect(await usesTaken()).toBe(1);
    await client.post(refundPath(row.courses[1].id), { reason: 'other' });
    expect(await usesTaken()).toBe(0);
    expect((await history(client, 'courses')).data.results[0].status).toBe('refunded');
  });

  it('ten concurrent requests for one course: one refund, one provider refund, nine 409s', async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_B]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post(refundPath(row.courses[0].id), { reason: 'other' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await providerRefundsOf(await paymentOfOrder(row.id))).length).toBe(1);
    expect((await history(client, 'refunds')).data.count).toBe(1);
  });

  it("another user's purchase is a 404; bad input is a 400 that changes nothing", async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_A]);
    const { client: other } = await newBuyer();
    const lineId = row.courses[0].id;
    expect((await other.get(refundPath(lineId))).statusCode).toBe(404);
    expect((await other.post(refundPath(lineId), { reason: 'other' })).statusCode).toBe(404);
    const bad = await client.post(refundPath(lineId), { reason: 'because', comment: 'x'.repeat(1001) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['comment', 'reason']);
    expect(
      (await client.post('/api-2.0/users/me/purchases/abc/refund/', { reason: 'other' })).statusCode,
    ).toBe(400);
    expect(await ownedCourseIds(client)).toEqual([PAID_A]);
    expect((await history(client, 'refunds')).data.count).toBe(0);
  });

  it('the 30-day window on the server clock: day 30 allowed, day 31 refused', async () => {
    const { client } = await newBuyer();
    const row = await buyByCard(client, [PAID_A, PAID_B]);
    const [dayThirty, dayThirtyOne] = row.courses;
    const now = server.clock.now();
    const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    // Bought in the last minute of the day 30 days ago: today is its day 30.
    const boughtAt = (daysAgo: number) => new Date(startOfToday - daysAgo * DAY_MS + DAY_MS - 60_000);
    await server.db.execute(
      sql`update orders set completed_at = ${boughtAt(30).toISOString()}::timestamptz where id = ${row.id}`,
    );
    expect((await client.get(refundPath(dayThirty.id))).data.refund_refusal).toBeNull();
    expect((await client.post(refundPath(dayThirty.id), { reason: 'other' })).data.status).toBe('refunded');
    await server.db.execute(
      sql`update orders set completed_at = ${boughtAt(31).toISOString()}::timestamptz where id = ${row.id}`,
    );
    const quote = await client.get(refundPath(dayThirtyOne.id));
    expect(quote.data).toMatchObject({ refund_refusal: 'refund_window_closed', refund_to: [] });
    const refused = await client.post(refundPath(dayThirtyOne.id), { reason: 'other' });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.code).toBe('refund_window_closed');
    expect(await ownedCourseIds(client)).toEqual([PAID_B]);
  });
});

describe('subscriptions', () => {
  it("a learner's Personal Plan charges, with the learner's receipt page and an invoice", async () => {
    const { client } = await newBuyer();
    const started = await client.post('/payment/checkout-submit/', {
      checkout_environment: 'Subscription',
      checkout_event: 'Submit',
      checkout_ref: newRef(),
      shopping_info: {
        items: [
          { buyable: { id: 'personal-monthly', buyable_object_type: 'subscription_plan_price_option' } },
        ],
      },
      billing_address: { country_code: 'US', secondary_location_info: '10001', address_line1: '5 Fifth Ave' },
      payment_info: {
        method_id: 2,
        payment_vendor: 'CardToken',
        payment_method: 'card',
        credentials: { payment_method_id: 'pm_card_mastercard' },
      },
    });
    expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
    // The 7-day trial ends: the first period is charged off-session.
    await server.clock.advance(8 * DAY_MS);
    await server.catchUp();
    const page = await history(client, 'subscriptions');
    expect(page.data).toMatchObject({ status: 'succeeded', count: 1 });
    const [charge] = page.data.results;
    expect(charge).toMatchObject({
      description: 'Personal Plan',
      status: 'succeeded',
      payment_method: { label: 'Mastercard ****4444' },
      receipt_url: `/user/manage-subscriptions/receipts/${charge.id}/`,
      invoice: { status: 'available' },
    });
    const receipt = await client.get(`/api-2.0/subscriptions/receipts/${charge.id}/`);
    expect(receipt.statusCode).toBe(200);
    // 'Sold to' carries the whole billing address: the typed line, the ZIP with its state, the country.
    expect(receipt.data.sold_to).toMatchObject({
      address: '5 Fifth Ave',
      region: 'New York',
      postal_code: '10001',
      country: 'US',
      country_name: 'United States',
    });
    const text = await pdfText((await client.get(charge.invoice.url)).rawPayload);
    expect(text).toContain('Personal Plan');
    expect(text.replace(/\s+/g, ' ')).toMatch(/5 Fifth Ave New York 10001 United States/);
    expect(text).toContain(charge.total_amount.price_string);
    const { client: other } = await newBuyer();
    expect((await other.get(charge.invoice.url)).statusCode).toBe(404);
  });
});
