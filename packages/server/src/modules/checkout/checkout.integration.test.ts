import { setTimeout as sleep } from 'node:timers/promises';
import { CHECKOUT_MESSAGES, money, paymentErrorMessage } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { answerHostedPage, encryptTestCard, type Sandbox } from '../../test-support/payments-sandbox.js';
import {
  FREE_COURSE,
  PAID_A,
  PAID_B,
  course,
  createCheckoutKit,
  infoBody,
  intentOf,
  newRef,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient } from '../../test-support/test-client.js';
import { createCreditService } from '../credit/credit.service.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

const SECRET = 'whsec_checkout_test';
const INFO = CHECKOUT_PATHS.info;
const SUBMIT = CHECKOUT_PATHS.submit;
const STORED = CHECKOUT_PATHS.storedMethods;
const { newBuyer, ownedCourseIds, orderCount } = createCheckoutKit(() => server);

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({ webhookSecret: SECRET }));
});
afterAll(() => close());

function cardSubmit(
  ids: number[],
  credentials: Record<string, string>,
  extra: { ref?: string; rememberMe?: boolean; zip?: string } = {},
) {
  return {
    checkout_environment: 'Marketplace',
    checkout_event: 'Submit',
    checkout_ref: extra.ref ?? newRef(),
    shopping_info: { items: ids.map(course) },
    billing_address: { country_code: 'US', secondary_location_info: extra.zip ?? '98101' },
    payment_info: {
      method_id: 'stored_payment_method_id' in credentials ? 100 : 2,
      payment_vendor: 'CardToken',
      payment_method: 'card',
      remember_me: extra.rememberMe ?? false,
      credentials,
    },
  };
}

function internalSubmit(ids: number[], vendor: 'Free' | 'Credit', zip = '10001') {
  return {
    checkout_environment: 'Marketplace',
    checkout_event: 'Submit',
    checkout_ref: newRef(),
    shopping_info: { items: ids.map(course) },
    billing_address: { country_code: 'US', secondary_location_info: zip },
    payment_info: {
      method_id: vendor === 'Free' ? 0 : 1,
      payment_vendor: vendor,
      payment_method: vendor === 'Free' ? 'free-method' : 'full-credit',
      credentials: {},
    },
  };
}

describe('POST /payment/checkout-info/', () => {
  it('US: the combined rate of the ZIP code, tax on top, line shares adding up, the card method', async () => {
    const { client } = await newBuyer('US');
    const response = await client.post(
      INFO,
      infoBody([PAID_A, PAID_B], { country_code: 'US', secondary_location_info: '98101' }),
    );
    expect(response.statusCode).toBe(200);
    const { data, status } = response.data;
    expect(status).toBe('succeeded');
    expect(data.tax_config).toMatchObject({
      tax_rate: 10.55,
      tax_breakdown_type: 'tax_exclusive',
      currency: 'USD',
      country_code: 'US',
      secondary_location_info: '98101',
      error: null,
    });
    const summary = data.order_summary;
    const subtotal = summary.lines.reduce(
      (sum: number, line: { price: { amount: number } }) => sum + line.price.amount,
      0,
    );
    // Seattle: the state's 6.5% and the city's 4.05%, each rounded on its own.
    expect(data.tax_config.total_tax_amount).toBe(
      Math.round((subtotal * 6.5) / 100) + Math.round((subtotal * 4.05) / 100),
    );
    expect(
      summary.lines.reduce((sum: number, line: { tax: { amount: number } }) => sum + line.tax.amount, 0),
    ).toBe(data.tax_config.total_tax_amount);
    expect(summary.total.amount).toBe(subtotal + data.tax_config.total_tax_amount);
    expect(summary.subtotal.amount).toBe(subtotal);
    expect(data.billing_config).toEqual({
      country: 'US',
      secondary_location: { kind: 'zip' },
      secondary_location_info: '98101',
    });
    const methods = data.checkout_config.payment_methods;
    expect(methods.map((method: { type: string }) => method.type)).toEqual([
      'express',
      'card',
      'afterpay_clearpay',
      'affirm',
      'paypal',
    ]);
    // The first method is open by default (checkout §2); the browser hides express until a wallet is ready.
    expect(methods.map((method: { selected: boolean }) => method.selected)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(methods[1]).toEqual(
      expect.objectContaining({
        method_id: 2,
        vendor: 'CardToken',
        mode: 'direct',
        type: 'card',
        gateway_status: 'up',
        selected: false,
        options: expect.objectContaining({
          client_publishable_key: sandbox.publishableKey,
          // The browser loads the provider's SDK from the provider itself (design §4).
          client_sdk_url: expect.stringMatching(new RegExp(`^${sandbox.publicUrl}/.+\\.js$`)),
          brand_codes: expect.arrayContaining(['visa', 'mc', 'amex']),
          storing_payment_method_disabled: false,
        }),
      }),
    );
  });

  it('US: a ZIP that matches no state is a tax error on the secondary location; no ZIP yet is no error', async () => {
    const { client } = await newBuyer('US');
    const bad = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'US', secondary_location_info: '00001' }),
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.data.data.tax_config).toMatchObject({
      error: CHECKOUT_MESSAGES.invalidZip,
      total_tax_amount: 0,
    });
    const missing = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'US', secondary_location_info: null }),
    );
    expect(missing.data.data.tax_config).toMatchObject({ error: null, tax_rate: 0 });
    const untaxed = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'US', secondary_location_info: '10001' }),
    );
    expect(untaxed.data.data.tax_config).toMatchObject({ error: null, tax_rate: 0 });
  });

  it.each([
    ['CA', 'ON', 13, 'tax_exclusive'],
    ['CA', 'QC', 14.975, 'tax_exclusive'],
    ['IN', 'MH', 18, 'tax_inclusive'],
    ['AE', 'DU', 5, 'tax_inclusive'],
    ['DE', null, 19, 'tax_inclusive'],
    ['FR', null, 20, 'tax_inclusive'],
  ] as const)('%s %s: %s%% %s', async (country, location, rate, mode) => {
    const { client } = await newBuyer('US');
    const response = await client.post(
      INFO,
      infoBody([PAID_A, PAID_B], { country_code: country, secondary_location_info: location }),
    );
    expect(response.statusCode).toBe(200);
    const { tax_config: tax, order_summary: summary, billing_config: billing } = response.data.data;
    expect(tax).toMatchObject({
      tax_rate: rate,
      tax_breakdown_type: mode,
      country_code: country,
      error: null,
    });
    expect(billing.country).toBe(country);
    const prices = summary.lines.map((line: { price: { amount: number } }) => line.price.amount);
    const subtotal = prices.reduce((a: number, b: number) => a + b, 0);
    const expected =
      mode === 'tax_exclusive'
        ? Math.round((subtotal * rate) / 100)
        : Math.round(subtotal - subtotal / (1 + rate / 100));
    expect(tax.total_tax_amount).toBe(expected);
    expect(summary.total.amount).toBe(mode === 'tax_exclusive' ? subtotal + expected : subtotal);
    expect(summary.subtotal === null).toBe(mode === 'tax_inclusive');
  });

  it('CA, IN and AE ask for their province, state or emirate', async () => {
    const { client } = await newBuyer('US');
    const ca = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'CA', secondary_location_info: 'ZZ' }),
    );
    expect(ca.data.data.tax_config.error).toBe(CHECKOUT_MESSAGES.selectProvince);
    const india = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'IN', secondary_location_info: 'ZZ' }),
    );
    expect(india.data.data.tax_config.error).toBe(CHECKOUT_MESSAGES.selectState);
    const ae = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'AE', secondary_location_info: 'ZZ' }),
    );
    expect(ae.data.data.tax_config.error).toBe(CHECKOUT_MESSAGES.selectEmirate);
    expect(ae.data.data.billing_config.secondary_location.kind).toBe('select');
  });

  it('JP: yen without decimals, 10% included', async () => {
    const { client } = await newBuyer('JP');
    const response = await client.post(INFO, infoBody([PAID_A], { country_code: 'JP' }));
    expect(response.statusCode).toBe(200);
    const { tax_config: tax, order_summary: summary } = response.data.data;
    expect(tax).toMatchObject({ currency: 'JPY', tax_rate: 10, tax_breakdown_type: 'tax_inclusive' });
    const price = summary.lines[0].price.amount;
    expect(Number.isInteger(price)).toBe(true);
    expect(tax.total_tax_amount).toBe(Math.round(price - price / 1.1));
    expect(summary.total.price_string).toMatch(/[¥￥]/);
  });

  it('the billing country decides the currency and the tax, whatever the price country (decision 0017)', async () => {
    // An account priced in rupees (its sign-up cookie) with a US billing address: dollars and US tax.
    const indian = await newBuyer('IN');
    const us = await indian.client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'US', secondary_location_info: '98101' }),
    );
    expect(us.data.data.tax_config).toMatchObject({ currency: 'USD', tax_rate: 10.55, country_code: 'US' });
    const american = await newBuyer('US');
    const usTotal = (
      await american.client.post(
        INFO,
        infoBody([PAID_A], { country_code: 'US', secondary_location_info: '98101' }),
      )
    ).data.data.order_summary.total;
    expect(us.data.data.order_summary.total).toEqual(usTotal);

    // A Japanese-priced account paying with a Dutch bank: euros, as a Dutch buyer pays.
    const { client, id } = await newBuyer('JP');
    const info = await client.post(INFO, infoBody([PAID_A], { country_code: 'NL' }));
    const methods = info.data.data.checkout_config.payment_methods;
    const ideal = methods.find((m: { type: string }) => m.type === 'ideal');
    expect(ideal.options.price_info).toEqual({ representment: null });
    const dutch = await newBuyer('NL');
    const euroInfo = await dutch.client.post(INFO, infoBody([PAID_A], { country_code: 'NL' }));
    expect(info.data.data.order_summary.total).toEqual(euroInfo.data.data.order_summary.total);
    expect(info.data.data.tax_config).toMatchObject({ currency: 'EUR', tax_breakdown_type: 'tax_inclusive' });
    const paid = await client.post(SUBMIT, {
      ...cardSubmit([PAID_A], {}),
      billing_address: { country_code: 'NL' },
      payment_info: {
        method_id: ideal.method_id,
        payment_vendor: 'CardEncrypted',
        payment_method: 'ideal',
        credentials: { state_data: { issuer_id: 'ing' } },
      },
    });
    expect(paid.data.status).toBe('redirect');
    await answerHostedPage(paid.data.data.return_url, 'approve');
    await expect.poll(() => orderCount(id)).toBe(1);
    const [order] = rowsOf<{ currency: string; total_amount: number }>(
      await server.db.execute(sql`select currency, total_amount from orders where user_id = ${id}`),
    );
    expect(order).toMatchObject({ currency: 'EUR' });
    expect(Number(order!.total_amount)).toBe(euroInfo.data.data.order_summary.total.amount);
  });

  it("the page's answers follow changes made elsewhere: credit, cart codes, enrollments (decision 0016)", async () => {
    const { client, id } = await newBuyer('US');
    const billing = { country_code: 'US', secondary_location_info: '10001' };
    const first = await client.post(INFO, infoBody([PAID_A], billing));
    expect(first.data.data.order_summary.credit_used.amount).toBe(0);
    // Written through the pool, as another instance (or an operator) would: only the
    // announcement tells this instance.
    await createCreditService(server.db).grant(id, money(5_00, 'USD'), 'goodwill');
    await expect
      .poll(
        async () =>
          (await client.post(INFO, infoBody([PAID_A], billing))).data.data.order_summary.credit_used.amount,
      )
      .toBe(5_00);
    await server.db.execute(sql`update carts set discount_codes = '{LECTERN10}' where user_id = ${id}`);
    await server.db.execute(
      sql`insert into carts (user_id, version, discount_codes) select ${id}, 'v-test', '{LECTERN10}' where not exists (select 1 from carts where user_id = ${id})`,
    );
    await expect
      .poll(
        async () =>
          (await client.post(INFO, infoBody([PAID_A], billing))).data.data.order_summary.lines[0]
            .discount_code,
      )
      .toBe('LECTERN10');
    await server.db.execute(
      sql`insert into enrollments (user_id, course_id, source) values (${id}, ${PAID_A}, 'gift')`,
    );
    await expect
      .poll(async () => (await client.post(INFO, infoBody([PAID_A], billing))).statusCode)
      .toBe(400);
  });

  it('a free cart offers only the free method; no billing needed', async () => {
    const { client } = await newBuyer('US');
    const response = await client.post(INFO, infoBody([FREE_COURSE]));
    expect(response.statusCode).toBe(200);
    expect(response.data.data.checkout_config.payment_methods).toEqual([
      expect.objectContaining({
        method_id: 0,
        vendor: 'Free',
        mode: 'internal',
        type: 'free-method',
        selected: true,
      }),
    ]);
    expect(response.data.data.order_summary.is_free).toBe(true);
  });

  it('refuses bad bodies, unknown and owned courses with field errors, and visitors with 401', async () => {
    const { client } = await newBuyer('US');
    const empty = await client.post(INFO, { ...infoBody([]), shopping_info: { items: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.data.field_errors).toHaveProperty(['shopping_info.items']);
    const unknown = await client.post(INFO, infoBody([999_999]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data.field_errors).toHaveProperty(['shopping_info.items.0.buyable.id']);
    const badCountry = await client.post(INFO, infoBody([PAID_A], { country_code: 'ZZ' }));
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.data.field_errors['billing_address.country_code']).toEqual([
      CHECKOUT_MESSAGES.selectBillingCountry,
    ]);
    const noCsrf = await client.post(INFO, infoBody([PAID_A]), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const visitor = createTestClient(server.app, { ip: '10.8.0.1' });
    expect((await visitor.post(INFO, infoBody([PAID_A]))).statusCode).toBe(401);
    expect((await visitor.get(STORED)).statusCode).toBe(401);
    const learner = createTestClient(server.app, { ip: '10.8.0.2' });
    await learner.login('learner@example.com');
    const owned = await learner.post(INFO, infoBody([1]));
    expect(owned.statusCode).toBe(400);
    expect(owned.data.field_errors['shopping_info.items.0.buyable.id'][0]).toMatch(/already own/);
  });

  it('unknown paths under the new roots answer JSON 404s', async () => {
    const { client } = await newBuyer('US');
    for (const path of ['/payment-vendor/nothing/', '/payment/checkout-nothing/']) {
      const response = await client.get(path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/json/);
    }
  });
});

describe('POST /payment/checkout-submit/ with cards', () => {
  it('a good card: succeeded, one order, the courses owned and off the cart', async () => {
    const { client, id } = await newBuyer('US');
    const cart = await client.get('/api-2.0/shopping-carts/me/');
    const added = await client.post(
      '/api-2.0/shopping-carts/me/cart/',
      { buyables: [course(PAID_A).buyable, course(PAID_B).buyable] },
      { headers: { 'if-match': cart.headers.etag as string } },
    );
    expect(added.statusCode).toBe(200);
    const response = await client.post(
      SUBMIT,
      cardSubmit([PAID_A, PAID_B], { payment_method_id: 'pm_card_visa' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ status: 'succeeded', error_code: null });
    const attemptId = response.data.data.payment_attempt_id;
    expect(response.data.data.redirect_url).toBe(`/cart/success/${attemptId}/`);
    expect(await ownedCourseIds(client)).toEqual(expect.arrayContaining([PAID_A, PAID_B]));
    expect(await orderCount(id)).toBe(1);
    const receipt = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    expect(receipt.data).toMatchObject({ payment_attempt_id: attemptId, status: 'succeeded' });
    expect(receipt.data.order.lines).toHaveLength(2);
    const after = await client.get('/api-2.0/shopping-carts/me/');
    expect(after.data.cart).toEqual([]);
    const info = await client.get(`${SUBMIT}${attemptId}/`);
    expect(info.data.status).toBe('succeeded');
  });

  it("the cart's code discounts the lines; its use is reserved at submit and consumed on success", async () => {
    const { client, id } = await newBuyer('US');
    const cart = await client.get('/api-2.0/shopping-carts/me/');
    const added = await client.post(
      '/api-2.0/shopping-carts/me/cart/',
      { buyables: [course(PAID_A).buyable, course(PAID_B).buyable] },
      { headers: { 'if-match': cart.headers.etag as string } },
    );
    const coded = await client.post(
      '/api-2.0/shopping-carts/me/discounts/',
      { codes: ['LECTERN10'] },
      { headers: { 'if-match': added.headers.etag as string } },
    );
    expect(coded.statusCode).toBe(200);
    const info = await client.post(
      INFO,
      infoBody([PAID_A, PAID_B], { country_code: 'US', secondary_location_info: '98101' }),
    );
    const summary = info.data.data.order_summary;
    for (const line of summary.lines) {
      expect(line.discount_code).toBe('LECTERN10');
      expect(line.price.amount).toBe(line.list_price.amount - Math.round(line.list_price.amount / 10));
    }
    expect(summary.discount.amount).toBe(summary.original_price.amount - summary.subtotal.amount);
    const response = await client.post(
      SUBMIT,
      cardSubmit([PAID_A, PAID_B], { payment_method_id: 'pm_card_visa' }),
    );
    expect(response.data.status).toBe('succeeded');
    const attemptId = response.data.data.payment_attempt_id;
    const redemptions = rowsOf<{ status: string }>(
      await server.db.execute(
        sql`select status from coupon_redemptions where reference = ${`${attemptId}:LECTERN10`}`,
      ),
    );
    expect(redemptions).toEqual([{ status: 'consumed' }]);
    const [order] = rowsOf<{ total_amount: number; discount_amount: number }>(
      await server.db.execute(sql`select total_amount, discount_amount from orders where user_id = ${id}`),
    );
    expect(Number(order!.total_amount)).toBe(summary.total.amount);
    expect(Number(order!.discount_amount)).toBe(summary.discount.amount);
  });

  it('a declined card releases the reserved coupon use', async () => {
    const { client } = await newBuyer('US');
    const cart = await client.get('/api-2.0/shopping-carts/me/');
    const added = await client.post(
      '/api-2.0/shopping-carts/me/cart/',
      { buyables: [course(PAID_A).buyable] },
      { headers: { 'if-match': cart.headers.etag as string } },
    );
    await client.post(
      '/api-2.0/shopping-carts/me/discounts/',
      { codes: ['LECTERN10'] },
      { headers: { 'if-match': added.headers.etag as string } },
    );
    const response = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa_chargeDeclined' }),
    );
    expect(response.data.status).toBe('failed');
    const redemptions = rowsOf<{ status: string }>(
      await server.db.execute(
        sql`select status from coupon_redemptions where reference = ${`${response.data.data.payment_attempt_id}:LECTERN10`}`,
      ),
    );
    expect(redemptions).toEqual([{ status: 'released' }]);
  });

  it('an encrypted card (encrypted_data + card_country) is decrypted by the provider and charged', async () => {
    const { client, id } = await newBuyer('US');
    const info = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'US', secondary_location_info: '98101' }),
    );
    const key = info.data.data.checkout_config.payment_methods.find(
      (m: { type: string }) => m.type === 'card',
    ).options.encryption_public_key;
    expect(typeof key).toBe('string');
    const encrypted = encryptTestCard(key, {
      number: '4242424242424242',
      expiryMonth: '12',
      expiryYear: String(new Date().getFullYear() + 2),
      cvc: '123',
      holderName: 'Enc Rypted',
    });
    const response = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { encrypted_data: encrypted, card_country: 'US' }),
    );
    expect(response.data.status).toBe('succeeded');
    expect(await orderCount(id)).toBe(1);
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'generic_decline'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_visa_chargeDeclinedLostCard', 'lost_card'],
    ['pm_card_visa_chargeDeclinedStolenCard', 'stolen_card'],
    ['pm_card_chargeDeclinedExpiredCard', 'card_error:expired_card:expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'card_error:incorrect_cvc:incorrect_cvc'],
    ['pm_card_chargeDeclinedProcessingError', 'card_error:processing_error'],
  ])('%s fails with %s and its message, nothing bought', async (card, code) => {
    const { client, id } = await newBuyer('US');
    const response = await client.post(SUBMIT, cardSubmit([PAID_A], { payment_method_id: card }));
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      status: 'failed',
      error_code: code,
      message: paymentErrorMessage(code).text,
    });
    expect(await orderCount(id)).toBe(0);
    expect(await ownedCourseIds(client)).not.toContain(PAID_A);
  });

  it('3-D Secure completed: action_required, then the result succeeds', async () => {
    const { client, id } = await newBuyer('US');
    const first = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { payment_method_id: 'pm_card_threeDSecure2Required' }),
    );
    expect(first.data).toMatchObject({
      status: 'action_required',
      data: { action_data: { type: 'use_sdk' } },
    });
    const { client_secret: secret, payment_attempt_id: attemptId, action_data: action } = first.data.data;
    expect(secret).toMatch(/_secret_/);
    await answerHostedPage(action.url, 'complete');
    const result = await client.patch(`${SUBMIT}${attemptId}/`, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: intentOf(secret), action_result: 'succeeded' } },
    });
    expect(result.statusCode).toBe(200);
    expect(result.data.status).toBe('succeeded');
    expect(await orderCount(id)).toBe(1);
  });

  it('3-D Secure failed: the result fails and nothing is bought', async () => {
    const { client, id } = await newBuyer('US');
    const first = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { payment_method_id: 'pm_card_threeDSecure2Required' }),
    );
    const { client_secret: secret, payment_attempt_id: attemptId, action_data: action } = first.data.data;
    await answerHostedPage(action.url, 'fail');
    const result = await client.patch(`${SUBMIT}${attemptId}/`, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: intentOf(secret), action_result: 'failed' } },
    });
    expect(result.data.status).toBe('failed');
    expect(result.data.message).toBe(paymentErrorMessage(result.data.error_code).text);
    expect(await orderCount(id)).toBe(0);
  });

  it('the webhook arriving before the answer fulfils once; the late answer finds the order', async () => {
    const { client, id } = await newBuyer('US');
    const first = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { payment_method_id: 'pm_card_threeDSecure2Required' }),
    );
    const { client_secret: secret, payment_attempt_id: attemptId, action_data: action } = first.data.data;
    await answerHostedPage(action.url, 'complete');
    // Only the webhook can fulfil now: the receipt reads our database, never the provider.
    let receipt = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    for (let i = 0; i < 200 && receipt.data.status !== 'succeeded'; i++) {
      await sleep(25);
      receipt = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    }
    expect(receipt.data.status).toBe('succeeded');
    const orderId = receipt.data.order.id;
    const late = await client.patch(`${SUBMIT}${attemptId}/`, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: intentOf(secret), action_result: 'succeeded' } },
    });
    expect(late.data.status).toBe('succeeded');
    expect(await orderCount(id)).toBe(1);
    const again = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    expect(again.data.order.id).toBe(orderId);
  });

  it('two concurrent submits of one attempt charge once', async () => {
    const { client, id } = await newBuyer('US');
    const body = cardSubmit([PAID_A, PAID_B], { payment_method_id: 'pm_card_visa' });
    const [a, b] = await Promise.all([client.post(SUBMIT, body), client.post(SUBMIT, body)]);
    expect(a.data.status).toBe('succeeded');
    expect(b.data.status).toBe('succeeded');
    expect(a.data.data.payment_attempt_id).toBe(b.data.data.payment_attempt_id);
    expect(await orderCount(id)).toBe(1);
    const response = await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    });
    const intents = ((await response.json()) as { data: { metadata: Record<string, string> }[] }).data;
    expect(
      intents.filter((intent) => intent.metadata.payment_attempt_id === a.data.data.payment_attempt_id),
    ).toHaveLength(1);
  });

  it('remember me saves the card; the stored card pays the next order and can be deleted', async () => {
    const { client, id } = await newBuyer('US');
    const first = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa' }, { rememberMe: true }),
    );
    expect(first.data.status).toBe('succeeded');
    const stored = await client.get(STORED);
    expect(stored.statusCode).toBe(200);
    expect(stored.data.results).toHaveLength(1);
    const card = stored.data.results[0];
    expect(card).toMatchObject({
      id: expect.stringMatching(/^CardToken_card_/),
      payment_method_details: { card: { brand: 'visa', last_4_digit: '4242' } },
      is_used_by_subscription: false,
    });
    const info = await client.post(
      INFO,
      infoBody([PAID_B], { country_code: 'US', secondary_location_info: '98101' }),
    );
    const methods = info.data.data.checkout_config.payment_methods;
    expect(methods[0]).toMatchObject({ mode: 'stored', options: { stored_payment_method: { id: card.id } } });
    expect(methods[0].options.is_cvc_required_on_saved_card).toBe(false);

    const other = await newBuyer('US');
    const stolen = await other.client.post(
      SUBMIT,
      cardSubmit([PAID_B], { stored_payment_method_id: card.id }),
    );
    expect(stolen.data).toMatchObject({ status: 'failed', error_code: 'stored_payment_method_not_found' });
    expect((await other.client.delete(`${STORED}${card.id}/`)).statusCode).toBe(404);

    const second = await client.post(SUBMIT, cardSubmit([PAID_B], { stored_payment_method_id: card.id }));
    expect(second.data.status).toBe('succeeded');
    expect(await orderCount(id)).toBe(2);

    expect((await client.delete(`${STORED}${card.id}/`)).statusCode).toBe(204);
    expect((await client.get(STORED)).data.results).toEqual([]);
  });

  it('after repeated declines the buyer gets too_many_failed_attempts', async () => {
    const { client } = await newBuyer('US');
    for (let i = 0; i < 5; i++) {
      const declined = await client.post(
        SUBMIT,
        cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa_chargeDeclined' }),
      );
      expect(declined.data.status).toBe('failed');
    }
    const blocked = await client.post(SUBMIT, cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa' }));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.data).toMatchObject({
      code: 'too_many_failed_attempts',
      detail: paymentErrorMessage('too_many_failed_attempts').text,
    });
  });

  it("another user's attempt id is not found", async () => {
    const owner = await newBuyer('US');
    const paid = await owner.client.post(SUBMIT, cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa' }));
    const attemptId = paid.data.data.payment_attempt_id;
    const { client } = await newBuyer('US');
    expect((await client.get(`${SUBMIT}${attemptId}/`)).statusCode).toBe(404);
    expect((await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`)).statusCode).toBe(
      404,
    );
    const patched = await client.patch(`${SUBMIT}${attemptId}/`, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: 'pi_x', action_result: 'succeeded' } },
    });
    expect(patched.statusCode).toBe(404);
  });

  it('refuses bad submit bodies with field errors and charges nothing', async () => {
    const { client, id } = await newBuyer('US');
    const noRef = await client.post(SUBMIT, {
      ...cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa' }),
      checkout_ref: undefined,
    });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.data.field_errors).toHaveProperty(['checkout_ref']);
    const noZip = await client.post(
      SUBMIT,
      cardSubmit([PAID_A], { payment_method_id: 'pm_card_visa' }, { zip: '00001' }),
    );
    expect(noZip.statusCode).toBe(400);
    expect(noZip.data.field_errors['billing_address.secondary_location_info']).toEqual([
      CHECKOUT_MESSAGES.invalidZip,
    ]);
    const wrongMethod = await client.post(SUBMIT, internalSubmit([PAID_A], 'Free'));
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.data.field_errors).toHaveProperty(['payment_info.payment_vendor']);
    expect(await orderCount(id)).toBe(0);
  });
});

describe('POST /payment/checkout-submit/ without a card', () => {
  it('full credit: only the credit method, fulfilled at submit, credit spent', async () => {
    const { client, id } = await newBuyer('US');
    await createCreditService(server.db).grant(id, money(100_00, 'USD'), 'test grant');
    const info = await client.post(
      INFO,
      infoBody([PAID_A], { country_code: 'US', secondary_location_info: '10001' }),
    );
    expect(info.data.data.checkout_config.payment_methods).toEqual([
      expect.objectContaining({ method_id: 1, vendor: 'Credit', type: 'full-credit' }),
    ]);
    const total = info.data.data.order_summary.credit_used.amount;
    const response = await client.post(SUBMIT, internalSubmit([PAID_A], 'Credit'));
    expect(response.data.status).toBe('succeeded');
    expect(await ownedCourseIds(client)).toContain(PAID_A);
    const balance = await createCreditService(server.db).balanceOf(id, 'USD');
    expect(balance.amount).toBe(100_00 - total);
  });

  it('a free cart: the free method, enrolled at once', async () => {
    const { client, id } = await newBuyer('US');
    const response = await client.post(SUBMIT, internalSubmit([FREE_COURSE], 'Free'));
    expect(response.data.status).toBe('succeeded');
    expect(await ownedCourseIds(client)).toContain(FREE_COURSE);
    expect(await orderCount(id)).toBe(1);
  });
});
