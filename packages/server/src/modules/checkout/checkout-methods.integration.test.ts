import { CHECKOUT_MESSAGES, paymentErrorMessage } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import {
  PAID_A,
  createCheckoutKit,
  infoBody,
  intentOf,
  methodSubmit,
  resultBody,
  type BillingInput,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import {
  answerHostedPage,
  sandboxAsBrowser,
  sandboxControl,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import type { TestClient } from '../../test-support/test-client.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

// Issue 6: every method of checkout §1 offered by market and paid through the sandbox to its
// terminal state (succeeded, redirect then succeeded, pending then paid, declined).

const SECRET = 'whsec_checkout_methods_test';
const INFO = CHECKOUT_PATHS.info;
const SUBMIT = CHECKOUT_PATHS.submit;
const RESULT = CHECKOUT_PATHS.result;

let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer, ownedCourseIds, orderCount } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ sandbox, server, close } = await startServerWithSandbox({
    webhookSecret: SECRET,
    sandbox: { settlementDelayMs: 100 },
    // Status changes made by a test show on its next request.
    server: { methodStatusCacheMs: 0 },
  }));
});
afterAll(() => close());

interface Method {
  method_id: number;
  vendor: string;
  mode: string;
  type: string;
  gateway_status: string;
  options: Record<string, unknown>;
}

/** A buyer priced in `country`'s currency, billed there, with the methods offered to them. */
async function buyerIn(country: string, billing: BillingInput = { country_code: country }) {
  const buyer = await newBuyer(country);
  const info = await buyer.client.post(INFO, infoBody([PAID_A], billing));
  expect(info.statusCode).toBe(200);
  const methods: Method[] = info.data.data.checkout_config.payment_methods;
  const method = (type: string, mode?: string) => {
    const found = methods.find((m) => m.type === type && (mode === undefined || m.mode === mode));
    if (!found) throw new Error(`${type} is not offered in ${country}`);
    return found;
  };
  const submit = (type: string, credentials: Record<string, unknown>, extra?: Record<string, unknown>) => {
    const chosen = method(type);
    return buyer.client.post(
      SUBMIT,
      methodSubmit([PAID_A], { ...chosen, vendor: chosen.vendor }, credentials, billing, extra),
    );
  };
  return { ...buyer, methods, method, submit, total: info.data.data.order_summary.total };
}

const receiptOf = (client: TestClient, attemptId: string) =>
  client.get(`${RESULT}?payment_attempt_id=${attemptId}`);

async function expectBought(client: TestClient, id: number) {
  await expect.poll(() => orderCount(id), { timeout: 5_000 }).toBe(1);
  expect(await ownedCourseIds(client)).toContain(PAID_A);
}

describe('methods offered by market (checkout-info)', () => {
  it.each([
    [
      'US',
      { country_code: 'US', secondary_location_info: '10001' },
      ['express', 'card', 'afterpay_clearpay', 'affirm', 'paypal'],
    ],
    ['BR', { country_code: 'BR' }, ['card', 'boleto', 'pix', 'paypal']],
    ['MX', { country_code: 'MX' }, ['card', 'oxxo', 'paypal']],
    [
      'NL',
      { country_code: 'NL' },
      ['express', 'card', 'ideal', 'directEbanking', 'sepadirectdebit', 'paypal'],
    ],
    ['DE', { country_code: 'DE' }, ['express', 'card', 'directEbanking', 'sepadirectdebit', 'paypal']],
    [
      'IN',
      { country_code: 'IN', secondary_location_info: 'MH' },
      ['express', 'card', 'upi', 'netbanking', 'paypal'],
    ],
    [
      'ID',
      { country_code: 'ID' },
      [
        'express',
        'card',
        'doku_alfamart',
        'doku_bca_va',
        'doku_mandiri_va',
        'doku_permata_lite_atm',
        'paypal',
      ],
    ],
    ['JP', { country_code: 'JP' }, ['express', 'card', 'paypal']],
  ] as const)('%s', async (country, billing, expected) => {
    const { methods } = await buyerIn(country, billing);
    expect(methods.map((m) => m.type)).toEqual(expected);
    // Priced in the buyer's own currency, no method needs a representment.
    for (const m of methods) expect(m.options.price_info).toEqual({ representment: null });
  });

  it('local card markets ask for the document and offer instalments where they exist', async () => {
    const brazil = await buyerIn('BR');
    expect(brazil.method('card')).toMatchObject({
      vendor: 'LocalPayments',
      mode: 'direct',
      options: {
        is_ssn_enabled: true,
        installments: { is_enabled: true, options: expect.arrayContaining([1, 12]) },
      },
    });
    const nigeria = await buyerIn('NG');
    expect(nigeria.method('card').options).toMatchObject({
      is_ssn_enabled: true,
      installments: { is_enabled: false },
    });
  });

  it('iDEAL and net banking list their banks; UPI its apps; express its wallets', async () => {
    const dutch = await buyerIn('NL');
    expect(dutch.method('ideal').options.issuers).toContainEqual({ issuer_id: 'ing', name: 'ING' });
    expect(dutch.method('express').options.apps).toEqual([
      { app_id: 'apple_pay', name: 'Apple Pay' },
      { app_id: 'google_pay', name: 'Google Pay' },
    ]);
    const indian = await buyerIn('IN', { country_code: 'IN', secondary_location_info: 'MH' });
    expect(indian.method('netbanking').options.issuers).toContainEqual({
      issuer_id: 'hdfc',
      name: 'HDFC Bank',
    });
    expect(indian.method('upi').options.apps).toContainEqual({ app_id: 'phonepe', name: 'PhonePe' });
  });
});

describe('gateway status (checkout §4, §5)', () => {
  it('degraded and down show in the config; a down method is refused at submit and nothing is stored', async () => {
    await sandboxControl(sandbox, 'method_status', { type: 'ideal', status: 'down' });
    await sandboxControl(sandbox, 'method_status', { type: 'sofort', status: 'degraded' });
    try {
      const dutch = await buyerIn('NL');
      expect(dutch.method('ideal').gateway_status).toBe('down');
      expect(dutch.method('directEbanking').gateway_status).toBe('degraded');
      const refused = await dutch.submit('ideal', { state_data: { issuer_id: 'ing' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.data.field_errors).toEqual({
        'payment_info.payment_vendor': [CHECKOUT_MESSAGES.selectAvailableMethod],
      });
      expect(await orderCount(dutch.id)).toBe(0);
      // A degraded method still takes payments.
      const degraded = await dutch.submit('directEbanking', { state_data: {} });
      expect(degraded.data.status).toBe('redirect');
    } finally {
      await sandboxControl(sandbox, 'method_status', { type: 'ideal', status: 'up' });
      await sandboxControl(sandbox, 'method_status', { type: 'sofort', status: 'up' });
    }
  });

  it('with both wallets down the express method is down; with one down it lists the other', async () => {
    await sandboxControl(sandbox, 'method_status', { type: 'apple_pay', status: 'down' });
    try {
      const one = await buyerIn('JP');
      expect(one.method('express')).toMatchObject({
        gateway_status: 'up',
        options: { apps: [{ app_id: 'google_pay', name: 'Google Pay' }] },
      });
      await sandboxControl(sandbox, 'method_status', { type: 'google_pay', status: 'down' });
      const none = await buyerIn('JP');
      expect(none.method('express')).toMatchObject({ gateway_status: 'down', options: { apps: [] } });
    } finally {
      await sandboxControl(sandbox, 'method_status', { type: 'apple_pay', status: 'up' });
      await sandboxControl(sandbox, 'method_status', { type: 'google_pay', status: 'up' });
    }
  });
});

describe('wallet (express)', () => {
  it("the pay sheet's card pays the order", async () => {
    const buyer = await buyerIn('JP');
    const sheet = await fetch(`${sandbox.url}/hosted/api/wallet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: sandbox.publishableKey, wallet: 'apple_pay', card: '4242424242424242' }),
    });
    const walletCard = (await sheet.json()) as { id: string; card: { wallet: { type: string } } };
    expect(walletCard.card.wallet.type).toBe('apple_pay');
    const paid = await buyer.submit('express', { payment_method_id: walletCard.id });
    expect(paid.data.status).toBe('succeeded');
    await expectBought(buyer.client, buyer.id);
  });
});

describe('buy now, pay later', () => {
  const address = {
    name: 'Ada Buyer',
    address_line1: '12 Main Street',
    city: 'Seattle',
    state: 'WA',
    country: 'US',
    postal_code: '98101',
  };
  const usBilling = { country_code: 'US', secondary_location_info: '98101' };

  /** As the browser does: the payment method first, made with the provider's SDK. */
  const bnplMethod = (type: string, billingDetails?: Record<string, unknown>) =>
    sandboxAsBrowser(sandbox, '/v1/payment_methods', { type, billing_details: billingDetails });

  it('address kind: created, confirmed with the client secret, approved on the hosted page, then bought', async () => {
    const buyer = await buyerIn('US', usBilling);
    const pm = await bnplMethod('afterpay_clearpay', {
      name: address.name,
      email: 'ada@example.com',
      address: {
        line1: address.address_line1,
        city: address.city,
        state: 'WA',
        country: 'US',
        postal_code: '98101',
      },
    });
    const submitted = await buyer.submit('afterpay_clearpay', { payment_method_id: pm.id, ...address });
    expect(submitted.data).toMatchObject({
      status: 'action_required',
      data: { action_data: { type: 'confirm_payment' }, payment_method_id: pm.id },
    });
    const {
      client_secret: secret,
      return_url: returnUrl,
      payment_attempt_id: attemptId,
    } = submitted.data.data;
    expect(returnUrl).toMatch(new RegExp(`/cart/success/${attemptId}/$`));
    const confirmed = await sandboxAsBrowser(sandbox, `/v1/payment_intents/${intentOf(secret)}/confirm`, {
      client_secret: secret,
      payment_method: pm.id,
      return_url: returnUrl,
    });
    const approval = (confirmed.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    const back = await answerHostedPage(approval, 'approve');
    expect(back.redirect_url).toContain(`/cart/success/${attemptId}/?payment_intent=`);
    const result = await buyer.client.patch(`${SUBMIT}${attemptId}/`, resultBody(intentOf(secret)));
    expect(result.data.status).toBe('succeeded');
    await expectBought(buyer.client, buyer.id);
  });

  it('address kind: a bad address is refused with the checkout §5 message before anything is stored', async () => {
    const buyer = await buyerIn('US', usBilling);
    const refused = await buyer.submit('afterpay_clearpay', {
      payment_method_id: 'pm_anything',
      ...address,
      city: 'X1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.field_errors).toEqual({ 'payment_info.credentials': [CHECKOUT_MESSAGES.checkCity] });
    expect(await orderCount(buyer.id)).toBe(0);
  });

  it('fieldless kind: declined on the approval page, the attempt fails and nothing is bought', async () => {
    const buyer = await buyerIn('US', usBilling);
    const pm = await bnplMethod('affirm');
    const submitted = await buyer.submit('affirm', { payment_method_id: pm.id });
    expect(submitted.data.status).toBe('action_required');
    const {
      client_secret: secret,
      return_url: returnUrl,
      payment_attempt_id: attemptId,
    } = submitted.data.data;
    const confirmed = await sandboxAsBrowser(sandbox, `/v1/payment_intents/${intentOf(secret)}/confirm`, {
      client_secret: secret,
      payment_method: pm.id,
      return_url: returnUrl,
    });
    await answerHostedPage(
      (confirmed.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url,
      'decline',
    );
    const result = await buyer.client.patch(`${SUBMIT}${attemptId}/`, resultBody(intentOf(secret), 'failed'));
    expect(result.data.status).toBe('failed');
    const receipt = await receiptOf(buyer.client, attemptId);
    expect(receipt.data.failure).toMatchObject({
      error_code: expect.any(String),
      message: expect.any(String),
    });
    expect(await orderCount(buyer.id)).toBe(0);
  });

  it('is not sold where it does not lend (JP)', async () => {
    const buyer = await buyerIn('JP');
    const refused = await buyer.client.post(
      SUBMIT,
      methodSubmit(
        [PAID_A],
        { method_id: 6, vendor: 'CardToken', type: 'affirm' },
        { payment_method_id: 'pm_x' },
        {
          country_code: 'JP',
        },
      ),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.data.field_errors['payment_info.payment_vendor']).toEqual([
      'This payment method is not offered for this order.',
    ]);
  });
});

describe('redirect methods', () => {
  it.each([
    ['NL', 'ideal', { issuer_id: 'rabobank' }],
    ['IN', 'netbanking', { issuer_id: 'sbi' }],
    ['IN', 'upi', { app_id: 'phonepe' }],
    ['JP', 'paypal', {}],
  ] as const)(
    '%s %s: redirect to the provider, approved, back on the success page, bought',
    async (country, type, state) => {
      const billing =
        country === 'IN' ? { country_code: 'IN', secondary_location_info: 'MH' } : { country_code: country };
      const buyer = await buyerIn(country, billing);
      const submitted = await buyer.submit(type, { state_data: state });
      expect(submitted.data.status).toBe('redirect');
      const back = await answerHostedPage(submitted.data.data.return_url, 'approve');
      const returned = new URL(back.redirect_url!);
      expect(returned.pathname).toBe(`/cart/success/${submitted.data.data.payment_attempt_id}/`);
      const result = await buyer.client.patch(
        `${SUBMIT}${submitted.data.data.payment_attempt_id}/`,
        resultBody(
          returned.searchParams.get('payment_intent')!,
          returned.searchParams.get('redirect_status')!,
        ),
      );
      expect(result.data.status).toBe('succeeded');
      await expectBought(buyer.client, buyer.id);
    },
  );

  it('PayPal declined: failed, nothing bought, the receipt says why', async () => {
    const buyer = await buyerIn('JP');
    const submitted = await buyer.submit('paypal', { state_data: {} });
    await answerHostedPage(submitted.data.data.return_url, 'decline');
    const attemptId = submitted.data.data.payment_attempt_id;
    await expect.poll(async () => (await receiptOf(buyer.client, attemptId)).data.status).toBe('failed');
    expect(await orderCount(buyer.id)).toBe(0);
  });

  it('iDEAL needs a bank from its list (400, nothing stored)', async () => {
    const buyer = await buyerIn('NL');
    const refused = await buyer.submit('ideal', { state_data: { issuer_id: 'not-a-bank' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.field_errors).toEqual({
      'payment_info.credentials.state_data.issuer_id': ['Please select your bank.'],
    });
  });

  it('Sofort settles after approval: pending on the success page, then bought by the webhook', async () => {
    const buyer = await buyerIn('DE');
    const submitted = await buyer.submit('directEbanking', { state_data: {} });
    const attemptId = submitted.data.data.payment_attempt_id;
    await answerHostedPage(submitted.data.data.return_url, 'approve');
    await expectBought(buyer.client, buyer.id);
    expect((await receiptOf(buyer.client, attemptId)).data).toMatchObject({
      status: 'succeeded',
      pending: null,
    });
  });
});

describe('SEPA direct debit', () => {
  it('pending until the debit settles, then bought', async () => {
    const buyer = await buyerIn('DE');
    const submitted = await buyer.submit('sepadirectdebit', {
      state_data: { iban: 'DE89 3704 0044 0532 0130 00', holder_name: 'Erika Mustermann' },
    });
    expect(submitted.data.status).toBe('redirect');
    const attemptId = submitted.data.data.payment_attempt_id;
    expect(submitted.data.data.return_url).toBe(`/cart/success/${attemptId}/`);
    await expectBought(buyer.client, buyer.id);
  });

  it('a bad IBAN is refused with a field error', async () => {
    const buyer = await buyerIn('DE');
    const refused = await buyer.submit('sepadirectdebit', {
      state_data: { iban: 'DE00 1234', holder_name: 'E M' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.field_errors['payment_info.credentials.state_data.iban']).toEqual([
      'Please enter a valid IBAN.',
    ]);
  });
});

describe('vouchers', () => {
  it.each([
    ['BR', 'boleto', { document: '529.982.247-25' }, /within 5 days/],
    ['MX', 'oxxo', {}, /within 3 days/],
    ['BR', 'pix', {}, /Pix/],
    ['ID', 'doku_bca_va', {}, /within 48 hours/],
  ] as const)(
    '%s %s: a pending order with its voucher, bought when the voucher is paid',
    async (country, type, state, text) => {
      const buyer = await buyerIn(country);
      const submitted = await buyer.submit(type, { state_data: state });
      expect(submitted.data.status).toBe('redirect');
      const attemptId = submitted.data.data.payment_attempt_id;
      expect(submitted.data.data.return_url).toBe(`/cart/success/${attemptId}/`);
      const pending = await receiptOf(buyer.client, attemptId);
      expect(pending.data).toMatchObject({
        status: 'requires_action',
        order: null,
        failure: null,
        pending: {
          method_type: type,
          text: expect.stringMatching(text),
          voucher: { url: expect.stringContaining(sandbox.publicUrl), reference: expect.any(String) },
        },
      });
      expect(Date.parse(pending.data.pending.voucher.expires_at)).toBeGreaterThan(Date.now());
      expect(await orderCount(buyer.id)).toBe(0);
      await answerHostedPage(pending.data.pending.voucher.url, 'paid');
      await expectBought(buyer.client, buyer.id);
      expect((await receiptOf(buyer.client, attemptId)).data.pending).toBeNull();
    },
  );

  it('an expired OXXO voucher fails the attempt; nothing is bought', async () => {
    const buyer = await buyerIn('MX');
    const submitted = await buyer.submit('oxxo', { state_data: {} });
    const attemptId = submitted.data.data.payment_attempt_id;
    const pending = await receiptOf(buyer.client, attemptId);
    await answerHostedPage(pending.data.pending.voucher.url, 'expire');
    await expect.poll(async () => (await receiptOf(buyer.client, attemptId)).data.status).toBe('failed');
    expect(await orderCount(buyer.id)).toBe(0);
  });

  it("Boleto needs the payer's CPF/CNPJ", async () => {
    const buyer = await buyerIn('BR');
    const missing = await buyer.submit('boleto', { state_data: {} });
    expect(missing.data.field_errors).toEqual({
      'payment_info.credentials.state_data.document': [CHECKOUT_MESSAGES.enterCpf],
    });
    const wrong = await buyer.submit('boleto', { state_data: { document: '111.111.111-11' } });
    expect(wrong.data.field_errors).toEqual({
      'payment_info.credentials.state_data.document': [CHECKOUT_MESSAGES.invalidCpfCnpj],
    });
  });
});

describe('local-payments cards', () => {
  it('BR: document and instalments checked, then charged like a card', async () => {
    const buyer = await buyerIn('BR');
    const noDocument = await buyer.submit('card', { payment_method_id: 'pm_card_visa' }, { installment: 3 });
    expect(noDocument.statusCode).toBe(400);
    expect(noDocument.data.field_errors['payment_info.credentials.document']).toEqual([
      CHECKOUT_MESSAGES.enterCpf,
    ]);
    const noInstalment = await buyer.submit('card', {
      payment_method_id: 'pm_card_visa',
      document: '52998224725',
    });
    expect(noInstalment.data.field_errors).toEqual({
      'payment_info.installment': [CHECKOUT_MESSAGES.selectInstallments],
    });
    const paid = await buyer.submit(
      'card',
      { payment_method_id: 'pm_card_visa', document: '529.982.247-25', card_bin: '424242' },
      { installment: 3 },
    );
    expect(paid.data.status).toBe('succeeded');
    await expectBought(buyer.client, buyer.id);
  });

  it('MX: an invalid CURP is refused', async () => {
    const buyer = await buyerIn('MX');
    const refused = await buyer.submit(
      'card',
      { payment_method_id: 'pm_card_visa', document: 'NOTACURP' },
      { installment: 1 },
    );
    expect(refused.data.field_errors['payment_info.credentials.document']).toEqual([
      CHECKOUT_MESSAGES.invalidCurp,
    ]);
  });
});

describe('India: domestic cards only', () => {
  const billing = { country_code: 'IN', secondary_location_info: 'MH' };

  it('a card issued abroad fails with international_card_not_allowed and is not charged', async () => {
    const buyer = await buyerIn('IN', billing);
    const refused = await buyer.submit('card', { payment_method_id: 'pm_card_visa' });
    expect(refused.data).toMatchObject({
      status: 'failed',
      error_code: 'international_card_not_allowed',
      message: paymentErrorMessage('international_card_not_allowed').text,
    });
    expect(await orderCount(buyer.id)).toBe(0);
  });

  it('an Indian card pays', async () => {
    const buyer = await buyerIn('IN', billing);
    // Made in the browser with the provider's SDK, as the card form does.
    const card = await sandboxAsBrowser(sandbox, '/v1/payment_methods', {
      type: 'card',
      card: { number: '4000003560000008', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const paid = await buyer.submit('card', { payment_method_id: card.id });
    expect(paid.data).toMatchObject({ status: 'succeeded', error_code: null });
    await expectBought(buyer.client, buyer.id);
  });
});
