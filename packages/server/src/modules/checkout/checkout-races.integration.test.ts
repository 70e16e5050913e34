// The money races of the hardening issue, each reproduced as it was found: concurrent
// submits for one course, card checkouts racing for the same credit, a total that changed
// after the buyer saw it, a provider object that does not match its attempt, a charge that
// can no longer become an order. Each test ends by counting charges, orders and enrollments.
import { money } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import {
  cardTokenSubmit,
  createCheckoutKit,
  infoBody,
  intentOf,
  moneyLedger,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { answerHostedPage, type Sandbox } from '../../test-support/payments-sandbox.js';
import { createCouponsService } from '../coupons/coupons.service.js';
import { createCreditService } from '../credit/credit.service.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

const SECRET = 'whsec_checkout_races';
const BILLING = { country_code: 'US', secondary_location_info: '98101' };
const { newBuyer } = createCheckoutKit(() => server);

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
let paidCourses: number[];

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: SECRET }));
  paidCourses = rowsOf<{ id: number }>(
    await server.db.execute(sql`select c.id from courses c
      join price_tier_amounts a on a.tier_id = c.price_tier_id and a.currency = 'USD'
      where a.amount > 0 and c.is_published and not c.is_private order by c.id limit 8`),
  ).map((row) => Number(row.id));
});
afterAll(() => close());

const cardSubmit = (ids: number[], extra: Record<string, unknown> = {}, card = 'pm_card_visa') =>
  cardTokenSubmit(ids, card, extra);
const ledgerOf = (userId: number) => moneyLedger(server.db, sandbox, userId);

describe('checkout races', () => {
  it('20 concurrent submits of one course (fresh checkout_ref each): one charge, one order, one enrollment', async () => {
    const { client, id } = await newBuyer('US');
    const [courseId] = paidCourses;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post(CHECKOUT_PATHS.submit, cardSubmit([courseId!]))),
    );
    const succeeded = answers.filter(
      (answer) => answer.statusCode === 200 && answer.data.status === 'succeeded',
    );
    // Refused before any money moved: held by the winner (409), or, priced once it had won,
    // already owned (400).
    const refused = answers.filter((answer) => answer.statusCode === 409 || answer.statusCode === 400);
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(['purchase_in_progress', 'already_owned', 'validation_error']).toContain(answer.data.code);
      expect(answer.data.detail).toMatch(/nothing was charged|cannot be bought again/);
    }
    expect(await ledgerOf(id)).toEqual({ charges: 1, refunds: 0, orders: 1, enrollments: 1, open: 0 });

    // Once owned, a new checkout of it is refused by pricing (400), still before any charge.
    const again = await client.post(CHECKOUT_PATHS.submit, cardSubmit([courseId!]));
    expect(again.statusCode).toBe(400);
    expect((await ledgerOf(id)).charges).toBe(1);
  });

  it('card checkouts racing for the same credit: only one holds it, every charge has its order', async () => {
    const { client, id } = await newBuyer('US');
    await createCreditService(server.db).grant(id, money(5_00, 'USD'), 'goodwill');
    const courses = paidCourses.slice(0, 6);
    const answers = await Promise.all(
      courses.map((courseId) => client.post(CHECKOUT_PATHS.submit, cardSubmit([courseId]))),
    );
    const succeeded = answers.filter(
      (answer) => answer.statusCode === 200 && answer.data.status === 'succeeded',
    );
    const refused = answers.filter((answer) => answer.statusCode === 409);
    // Priced before another took the credit: refused before any charge. Priced after: paid
    // by card alone. Either way the credit is spent once and every charge has its order.
    expect(succeeded.length + refused.length).toBe(courses.length);
    for (const answer of refused) {
      expect(answer.data.code).toBe('insufficient_credit');
      expect(answer.data.detail).toMatch(/nothing was charged/);
    }
    const spends = rowsOf<{ amount: number }>(
      await server.db.execute(
        sql`select amount from credit_entries where user_id = ${id} and kind = 'spend'`,
      ),
    );
    expect(spends.map((spend) => Number(spend.amount))).toEqual([-5_00]);
    const credit = createCreditService(server.db);
    expect((await credit.balanceOf(id, 'USD')).amount).toBe(0);
    expect(await ledgerOf(id)).toEqual({
      charges: succeeded.length,
      refunds: 0,
      orders: succeeded.length,
      enrollments: succeeded.length,
      open: 0,
    });

    // Without credit now, each refused checkout is paid by card alone when tried again.
    const refusedCourses = courses.filter((_, index) => answers[index]!.statusCode === 409);
    for (const courseId of refusedCourses) {
      const retried = await client.post(CHECKOUT_PATHS.submit, cardSubmit([courseId]));
      expect(retried.data.status).toBe('succeeded');
    }
    expect(await ledgerOf(id)).toEqual({
      charges: courses.length,
      refunds: 0,
      orders: courses.length,
      enrollments: courses.length,
      open: 0,
    });
  });

  it('a total that changed after the buyer saw it (a one-use code taken by another buyer): 409 price_changed, nothing charged', async () => {
    const code = `ONCE${Date.now()}`;
    await createCouponsService(server.db).create({
      code,
      discount: { kind: 'percentage', percent: 50 },
      usageLimit: 1,
    });
    const [courseId] = paidCourses.slice(6);
    const alice = await newBuyer('US');
    const bob = await newBuyer('US');
    for (const buyer of [alice, bob]) {
      await server.db.execute(
        sql`insert into carts (user_id, version, discount_codes) values (${buyer.id}, ${`v-${buyer.id}`}, ${`{${code}}`})`,
      );
    }
    const seen = (await alice.client.post(CHECKOUT_PATHS.info, infoBody([courseId!], BILLING))).data.data
      .order_summary;
    expect(seen.lines[0].discount_code).toBe(code);

    const bobPaid = await bob.client.post(CHECKOUT_PATHS.submit, cardSubmit([courseId!]));
    expect(bobPaid.data.status).toBe('succeeded');

    const expected_total = { amount: seen.total.amount, currency: seen.total.currency };
    const refused = await alice.client.post(
      CHECKOUT_PATHS.submit,
      cardSubmit([courseId!], { expected_total }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.data.code).toBe('price_changed');
    expect(refused.data.detail).toMatch(/changed from \$[\d.]+ to \$[\d.]+.*nothing was charged/);
    expect(await ledgerOf(alice.id)).toEqual({ charges: 0, refunds: 0, orders: 0, enrollments: 0, open: 0 });

    // The page shows the new total; submitting that one pays it.
    const now = (await alice.client.post(CHECKOUT_PATHS.info, infoBody([courseId!], BILLING))).data.data
      .order_summary;
    expect(now.total.amount).toBeGreaterThan(seen.total.amount);
    const paid = await alice.client.post(
      CHECKOUT_PATHS.submit,
      cardSubmit([courseId!], { expected_total: { amount: now.total.amount, currency: now.total.currency } }),
    );
    expect(paid.data.status).toBe('succeeded');
    expect(await ledgerOf(alice.id)).toEqual({ charges: 1, refunds: 0, orders: 1, enrollments: 1, open: 0 });
  });

  it('a signed event whose payment does not match its attempt is not fulfilled, and is recorded', async () => {
    const { client, id } = await newBuyer('US');
    const [courseId] = paidCourses;
    // A 3-D Secure card leaves the attempt waiting for the buyer.
    const started = await client.post(
      CHECKOUT_PATHS.submit,
      cardSubmit([courseId!], {}, 'pm_card_threeDSecure2Required'),
    );
    expect(started.data.status).toBe('action_required');
    const attemptId = started.data.data.payment_attempt_id as string;
    // Another payment, of another amount, that names this attempt in its metadata.
    const foreign = await server.payments.gateway.createPayment(
      {
        amount: money(1, 'USD'),
        paymentMethodId: 'pm_card_visa',
        confirm: true,
        metadata: { payment_attempt_id: attemptId },
      },
      { idempotencyKey: `foreign-${attemptId}` },
    );
    expect(foreign.status).toBe('succeeded');
    await expect
      .poll(
        async () =>
          rowsOf<{ n: number }>(
            await server.db.execute(
              sql`select count(*)::int as n from payment_discrepancies where attempt_id = ${attemptId}`,
            ),
          ).map((row) => Number(row.n))[0],
      )
      .toBe(1);
    const [discrepancy] = rowsOf<{ action: string; differences: { field: string }[] }>(
      await server.db.execute(
        sql`select action, differences from payment_discrepancies where attempt_id = ${attemptId}`,
      ),
    );
    expect(discrepancy!.action).toBe('ignored');
    expect(discrepancy!.differences.map((difference) => difference.field)).toEqual(
      expect.arrayContaining(['id', 'amount']),
    );
    const attempt = await client.get(`${CHECKOUT_PATHS.submit}${attemptId}/`);
    expect(attempt.data.status).toBe('action_required');
    const ledger = await ledgerOf(id);
    expect(ledger.orders).toBe(0);
    expect(ledger.enrollments).toBe(0);
  });

  it("an order the webhook recorded first (its event names only the card's id) gets the card from the buyer's answer", async () => {
    const { client, id } = await newBuyer('US');
    const [, courseId] = paidCourses;
    const started = await client.post(
      CHECKOUT_PATHS.submit,
      cardSubmit([courseId!], {}, 'pm_card_threeDSecure2Required'),
    );
    expect(started.data.status).toBe('action_required');
    const attemptId = started.data.data.payment_attempt_id as string;
    const intentId = intentOf(started.data.data.client_secret);
    await answerHostedPage(started.data.data.action_data.url, 'complete');
    const cardOfOrder = async () =>
      rowsOf<{ card_brand: string | null; card_last4: string | null }>(
        await server.db.execute(sql`select card_brand, card_last4 from orders where user_id = ${id}`),
      );
    // The provider's event reaches us before the buyer comes back: the order has no card yet.
    await expect.poll(cardOfOrder).toEqual([{ card_brand: null, card_last4: null }]);
    const result = await client.patch(`${CHECKOUT_PATHS.submit}${attemptId}/`, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: intentId, action_result: 'succeeded' } },
    });
    expect(result.data.status).toBe('succeeded');
    expect(await cardOfOrder()).toEqual([
      { card_brand: 'visa', card_last4: expect.stringMatching(/^\d{4}$/) },
    ]);
    expect(await ledgerOf(id)).toEqual({ charges: 1, refunds: 0, orders: 1, enrollments: 1, open: 0 });
  });

  it('a charge that can no longer become an order (the course was granted meanwhile) is refunded in full and the buyer told', async () => {
    const { client, id } = await newBuyer('US');
    const [courseId] = paidCourses;
    const started = await client.post(
      CHECKOUT_PATHS.submit,
      cardSubmit([courseId!], {}, 'pm_card_threeDSecure2Required'),
    );
    expect(started.data.status).toBe('action_required');
    const attemptId = started.data.data.payment_attempt_id as string;
    // While the buyer authenticates, an operator grants them the course.
    await server.db.execute(
      sql`insert into enrollments (user_id, course_id, source) values (${id}, ${courseId!}, 'gift')`,
    );
    const intentId = intentOf(started.data.data.client_secret);
    await answerHostedPage(started.data.data.action_data.url, 'complete');
    const result = await client.patch(`${CHECKOUT_PATHS.submit}${attemptId}/`, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: intentId, action_result: 'succeeded' } },
    });
    expect(result.data.status).toBe('failed');
    expect(result.data.error_code).toBe('payment_refunded');
    expect(result.data.message).toMatch(/refunded in full/);
    const receipt = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    expect(receipt.data.failure).toMatchObject({ error_code: 'payment_refunded' });
    expect(await ledgerOf(id)).toEqual({ charges: 1, refunds: 1, orders: 0, enrollments: 1, open: 0 });
  });
});
