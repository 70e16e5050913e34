import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox.js';
import { sandboxApi, waitFor } from '../testing/sandbox-api.js';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxApi>;
const RETURN = 'http://app.test/checkout/return/';

beforeAll(async () => {
  sandbox = await startSandbox({ settlementDelayMs: 60, degradedDelayMs: 10 });
  api = sandboxApi(sandbox);
});
afterEach(() => api.post('/v1/sandbox/reset'));
afterAll(() => sandbox.close());

const retrieve = async (id: string) => (await api.get(`/v1/payment_intents/${id}`)).body;

async function confirmWith(
  currency: string,
  paymentMethodData: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const response = await api.post('/v1/payment_intents', {
    amount: '5000',
    currency,
    confirm: 'true',
    payment_method_data: paymentMethodData,
    ...extra,
  });
  return response.body;
}

const sepaBilling = { name: 'Jenny Rosen', email: 'jenny@example.com' };
const fullBilling = {
  name: 'Jenny Rosen',
  email: 'jenny@example.com',
  address: { line1: 'Rua A 1', city: 'São Paulo', country: 'BR', postal_code: '01000-000' },
};

describe('asynchronous and redirect methods', () => {
  it('SEPA debit is processing, then succeeds (or fails for the failing IBAN)', async () => {
    const ok = await confirmWith('eur', {
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE89370400440532013000' },
      billing_details: sepaBilling,
    });
    expect(ok.status).toBe('processing');
    await waitFor(async () => ((await retrieve(ok.id)).status === 'succeeded' ? true : undefined));
    const bad = await confirmWith('eur', {
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE62370400440532013001' },
      billing_details: sepaBilling,
    });
    const failed = await waitFor(async () => {
      const pi = await retrieve(bad.id);
      return pi.status === 'requires_payment_method' ? pi : undefined;
    });
    expect(failed.last_payment_error.code).toBe('payment_method_provider_decline');
    const invalid = await api.post('/v1/payment_methods', {
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE00123' },
      billing_details: sepaBilling,
    });
    expect(invalid.body.error.param).toBe('sepa_debit[iban]');
  });

  it.each([
    ['affirm', 'usd', {}],
    [
      'afterpay_clearpay',
      'usd',
      { billing_details: { ...fullBilling, address: { ...fullBilling.address, country: 'US' } } },
    ],
    ['ideal', 'eur', {}],
    ['paypal', 'usd', {}],
    ['netbanking', 'inr', {}],
    ['upi', 'inr', {}],
  ])('%s redirects for approval and succeeds when approved', async (type, currency, data) => {
    const pi = await confirmWith(currency, { type, ...data }, { return_url: RETURN });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action.type).toBe('redirect_to_url');
    const page = await fetch(pi.next_action.redirect_to_url.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Approve payment');
    const answer = await api.answer(pi.next_action.redirect_to_url.url, 'approve');
    expect(answer.body.status).toBe('succeeded');
    expect(answer.body.redirect_url).toMatch(
      /^http:\/\/app\.test\/checkout\/return\/\?payment_intent=pi_.+&redirect_status=succeeded$/,
    );
  });

  it('a declined approval returns the payment to requires_payment_method', async () => {
    const pi = await confirmWith('usd', { type: 'affirm' }, { return_url: RETURN });
    const answer = await api.answer(pi.next_action.redirect_to_url.url, 'decline');
    expect(answer.body.redirect_url).toContain('redirect_status=failed');
    expect((await retrieve(pi.id)).last_payment_error.code).toBe('payment_method_provider_decline');
  });

  it('Sofort is processing after the bank approves, then succeeds', async () => {
    const pi = await confirmWith(
      'eur',
      { type: 'sofort', sofort: { country: 'DE' } },
      { return_url: RETURN },
    );
    const answer = await api.answer(pi.next_action.redirect_to_url.url, 'approve');
    expect(answer.body.status).toBe('processing');
    await waitFor(async () => ((await retrieve(pi.id)).status === 'succeeded' ? true : undefined));
  });

  it('redirect methods need a return_url and the right currency', async () => {
    const noReturn = await api.post('/v1/payment_intents', {
      amount: '5000',
      currency: 'eur',
      confirm: 'true',
      payment_method_data: { type: 'ideal' },
    });
    expect(noReturn.body.error).toMatchObject({ param: 'return_url' });
    const wrongCurrency = await api.post('/v1/payment_intents', {
      amount: '5000',
      currency: 'usd',
      payment_method_types: ['ideal'],
      confirm: 'true',
      return_url: RETURN,
      payment_method_data: { type: 'ideal' },
    });
    expect(wrongCurrency.body.error).toMatchObject({ param: 'currency' });
  });
});

describe('vouchers and Pix', () => {
  it('Boleto shows a voucher valid 5 days; marking it paid succeeds', async () => {
    const pi = await confirmWith('brl', {
      type: 'boleto',
      boleto: { tax_id: '000.000.000-00' },
      billing_details: fullBilling,
    });
    expect(pi.status).toBe('requires_action');
    const details = pi.next_action.boleto_display_details;
    expect(details.expires_at - Date.now() / 1000).toBeGreaterThan(5 * 86400 - 60);
    const page = await (await fetch(details.hosted_voucher_url)).text();
    expect(page).toContain(details.number);
    expect(page).toContain('Mark as paid');
    expect((await api.answer(details.hosted_voucher_url, 'paid')).body.status).toBe('succeeded');
  });

  it('OXXO vouchers last 3 days and can expire', async () => {
    const pi = await confirmWith('mxn', { type: 'oxxo', billing_details: sepaBilling });
    const details = pi.next_action.oxxo_display_details;
    expect(Math.round((details.expires_after - Date.now() / 1000) / 86400)).toBe(3);
    await api.answer(details.hosted_voucher_url, 'expire');
    expect((await retrieve(pi.id)).last_payment_error.code).toBe('payment_intent_payment_attempt_expired');
  });

  it('Boleto needs no billing address (the checkout only knows the country), but name, email and the CPF/CNPJ', async () => {
    const pi = await confirmWith('brl', {
      type: 'boleto',
      boleto: { tax_id: '00.000.000/0001-91' },
      billing_details: { ...sepaBilling, address: { country: 'BR' } },
    });
    expect(pi.next_action.type).toBe('boleto_display_details');
    const noTaxId = await api.post('/v1/payment_methods', {
      type: 'boleto',
      boleto: { tax_id: '123' },
      billing_details: sepaBilling,
    });
    expect(noTaxId.body.error.param).toBe('boleto[tax_id]');
    const noEmail = await api.post('/v1/payment_methods', {
      type: 'boleto',
      boleto: { tax_id: '000.000.000-00' },
      billing_details: { name: 'Jenny Rosen' },
    });
    expect(noEmail.body.error.param).toBe('billing_details[email]');
  });

  it('a Pix code expires by itself at its expiry', async () => {
    const pi = await confirmWith(
      'brl',
      { type: 'pix' },
      { payment_method_options: { pix: { expires_after_seconds: '1' } } },
    );
    expect(pi.next_action.pix_display_qr_code.data).toMatch(/^000201/);
    const expired = await waitFor(async () => {
      const current = await retrieve(pi.id);
      return current.status === 'requires_payment_method' ? current : undefined;
    }, 4000);
    expect(expired.last_payment_error.code).toBe('payment_intent_payment_attempt_expired');
  });
});

describe('DOKU (Indonesian payment codes and virtual accounts)', () => {
  const dokuBilling = { name: 'Budi Santoso', email: 'budi@example.com' };
  const eventsOf = async (type: string, intentId: string) =>
    ((await api.get('/v1/events', { type })).body.data as { data: { object: { id: string } } }[]).filter(
      (event) => event.data.object.id === intentId,
    );

  it.each([
    ['alfamart', 'Alfamart payment code'],
    ['bca_va', 'BCA virtual account'],
    ['mandiri_va', 'Mandiri virtual account'],
    ['permata_lite_atm', 'Permata virtual account'],
  ])('%s shows its number on a hosted page, valid 48 hours', async (channel, title) => {
    const pi = await confirmWith('idr', { type: 'doku', doku: { channel }, billing_details: dokuBilling });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action.type).toBe('doku_display_details');
    const details = pi.next_action.doku_display_details;
    expect(details).toMatchObject({ channel, number: expect.stringMatching(/^\d{16}$/) });
    expect(Math.round((details.expires_at - Date.now() / 1000) / 3600)).toBe(48);
    const page = await (await fetch(details.hosted_voucher_url)).text();
    expect(page).toContain(title);
    expect(page).toContain(details.number);
    expect(page).toContain('up to 30 minutes');
    expect(page).toContain('Mark as paid');
    expect(page).toContain('Expire now');
    const pm = (await api.get(`/v1/payment_methods/${pi.payment_method}`)).body;
    expect(pm).toMatchObject({ type: 'doku', doku: { channel } });
  });

  it('succeeds when the code is paid, with its events, and sends the buyer back', async () => {
    const pi = await confirmWith(
      'idr',
      { type: 'doku', doku: { channel: 'bca_va' }, billing_details: dokuBilling },
      { return_url: RETURN },
    );
    expect(await eventsOf('payment_intent.requires_action', pi.id)).toHaveLength(1);
    const answer = await api.answer(pi.next_action.doku_display_details.hosted_voucher_url, 'paid');
    expect(answer.body.status).toBe('succeeded');
    expect(answer.body.redirect_url).toContain('redirect_status=succeeded');
    expect(await retrieve(pi.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 5000,
      next_action: null,
    });
    expect(await eventsOf('payment_intent.succeeded', pi.id)).toHaveLength(1);
    const [charge] = (await api.get('/v1/events', { type: 'charge.succeeded' })).body.data;
    expect(charge.data.object).toMatchObject({
      payment_intent: pi.id,
      payment_method_details: { type: 'doku' },
    });
  });

  it('fails when the code expires, by the button or by itself', async () => {
    const pi = await confirmWith(
      'idr',
      { type: 'doku', doku: { channel: 'alfamart' }, billing_details: dokuBilling },
      { return_url: RETURN },
    );
    const answer = await api.answer(pi.next_action.doku_display_details.hosted_voucher_url, 'expire');
    expect(answer.body.status).toBe('requires_payment_method');
    expect(answer.body.redirect_url).toContain('redirect_status=failed');
    expect((await retrieve(pi.id)).last_payment_error.code).toBe('payment_intent_payment_attempt_expired');
    expect(await eventsOf('payment_intent.payment_failed', pi.id)).toHaveLength(1);

    const short = await confirmWith(
      'idr',
      { type: 'doku', doku: { channel: 'mandiri_va' }, billing_details: dokuBilling },
      { payment_method_options: { doku: { expires_after_seconds: '1' } } },
    );
    const expired = await waitFor(async () => {
      const current = await retrieve(short.id);
      return current.status === 'requires_payment_method' ? current : undefined;
    }, 4000);
    expect(expired.last_payment_error.code).toBe('payment_intent_payment_attempt_expired');
  });

  it('needs a known channel, the name and email, and rupiah', async () => {
    const noChannel = await api.post('/v1/payment_methods', { type: 'doku', billing_details: dokuBilling });
    expect(noChannel.body.error.param).toBe('doku');
    const unknown = await api.post('/v1/payment_methods', {
      type: 'doku',
      doku: { channel: 'bni_va' },
      billing_details: dokuBilling,
    });
    expect(unknown.body.error.param).toBe('doku[channel]');
    const noEmail = await api.post('/v1/payment_methods', {
      type: 'doku',
      doku: { channel: 'alfamart' },
      billing_details: { name: 'Budi Santoso' },
    });
    expect(noEmail.body.error.param).toBe('billing_details[email]');
    const dollars = await api.post('/v1/payment_intents', {
      amount: '5000',
      currency: 'usd',
      payment_method_types: ['doku'],
      confirm: 'true',
      payment_method_data: { type: 'doku', doku: { channel: 'alfamart' }, billing_details: dokuBilling },
    });
    expect(dollars.body.error).toMatchObject({ param: 'currency' });
  });
});

describe('test cards', () => {
  const year = String(new Date().getUTCFullYear() + 3);
  const cardMethod = async (number: string, extra: Record<string, unknown> = {}) =>
    (
      await api.post('/v1/payment_methods', {
        type: 'card',
        card: { number, exp_month: '12', exp_year: year, ...extra },
      })
    ).body;
  const pay = (payment_method: string, extra: Record<string, unknown> = {}) =>
    api.post('/v1/payment_intents', {
      amount: '1500',
      currency: 'eur',
      confirm: 'true',
      payment_method,
      ...extra,
    });

  it('4000003800000446 authenticates on session and pays off session without any setup', async () => {
    const customer = (await api.post('/v1/customers', { email: 'renewal@example.com' })).body;
    const pm = await cardMethod('4000003800000446');
    await api.post(`/v1/payment_methods/${pm.id}/attach`, { customer: customer.id });

    const renewal = await pay(pm.id, { customer: customer.id, off_session: 'true' });
    expect(renewal.body).toMatchObject({ status: 'succeeded', amount_received: 1500 });

    const onSession = await pay(pm.id, { customer: customer.id, return_url: RETURN });
    expect(onSession.body).toMatchObject({ status: 'requires_action' });

    const alias = await pay('pm_card_authenticationRequiredSetupForOffSession', {
      customer: customer.id,
      off_session: 'true',
    });
    expect(alias.body.status).toBe('succeeded');

    // 4000002500003155 is different: off session it needs a setup first.
    const unlessSetUp = await cardMethod('4000002500003155');
    await api.post(`/v1/payment_methods/${unlessSetUp.id}/attach`, { customer: customer.id });
    const declined = await pay(unlessSetUp.id, { customer: customer.id, off_session: 'true' });
    expect(declined.body.error).toMatchObject({ code: 'authentication_required' });
  });

  it('co-branded cards list their regional network and honour the preferred one', async () => {
    const cb = await cardMethod('4000002500001001');
    expect(cb.card).toMatchObject({
      brand: 'visa',
      display_brand: 'visa',
      country: 'FR',
      networks: { available: ['visa', 'cartes_bancaires'], preferred: null },
    });
    const chosen = await cardMethod('5555552500001001', { networks: { preferred: 'cartes_bancaires' } });
    expect(chosen.card).toMatchObject({
      brand: 'mastercard',
      display_brand: 'cartes_bancaires',
      networks: { available: ['mastercard', 'cartes_bancaires'], preferred: 'cartes_bancaires' },
    });
    const paid = (await pay(chosen.id)).body;
    expect(paid.status).toBe('succeeded');
    const charge = (await api.get(`/v1/charges/${paid.latest_charge}`)).body;
    expect(charge.payment_method_details.card).toMatchObject({
      brand: 'mastercard',
      network: 'cartes_bancaires',
    });

    const wrong = await cardMethod('4000002500001001', { networks: { preferred: 'mastercard' } });
    expect(wrong.card.networks.preferred).toBe('invalid_preference');
    const updated = await api.post(`/v1/payment_methods/${wrong.id}`, {
      card: { networks: { preferred: 'cartes_bancaires' } },
    });
    expect(updated.body.card).toMatchObject({
      display_brand: 'cartes_bancaires',
      networks: { preferred: 'cartes_bancaires' },
    });
    const refused = await api.post('/v1/payment_methods', {
      type: 'card',
      card: { number: '4000002500001001', exp_month: '12', exp_year: year, networks: { preferred: 'amex' } },
    });
    expect(refused.status).toBe(400);

    const eftpos = (await pay('pm_card_mastercard_debit_eftposAuCoBranded', { currency: 'aud' })).body;
    expect(eftpos.status).toBe('succeeded');
    const eftposPm = (await api.get(`/v1/payment_methods/${eftpos.payment_method}`)).body;
    expect(eftposPm.card).toMatchObject({
      brand: 'mastercard',
      funding: 'debit',
      country: 'AU',
      networks: { available: ['mastercard', 'eftpos_au'] },
    });
  });

  it.each([
    ['4000001240000000', 'CA', 'visa', 'credit'],
    ['4000058260000005', 'GB', 'visa', 'debit'],
    ['5555558265554449', 'GB', 'mastercard', 'credit'],
    ['3530111333300000', 'JP', 'jcb', 'credit'],
    ['5200007840000022', 'AE', 'mastercard', 'credit'],
    ['4000057640000008', 'TH', 'visa', 'debit'],
  ])('the country card %s (%s) pays', async (number, country, brand, funding) => {
    const pm = await cardMethod(number);
    expect(pm.card).toMatchObject({ country, brand, funding, last4: number.slice(-4) });
    expect((await pay(pm.id)).body.status).toBe('succeeded');
  });

  it('Radar blocks the highest-risk card and lets the elevated-risk one pay', async () => {
    const highest = await pay('pm_card_riskLevelHighest');
    expect(highest.body.error).toMatchObject({ code: 'card_declined', decline_code: 'fraudulent' });
    expect((await pay((await cardMethod('4000000000009235')).id)).body.status).toBe('succeeded');
  });

  it('lists the test cards by heading', async () => {
    const list = (await api.get('/v1/sandbox/test_cards')).body.data;
    expect(list.find((card: { number: string }) => card.number === '4000003800000446')).toMatchObject({
      group: '3-D Secure',
      three_d_secure: 'on_session_only',
      payment_method: 'pm_card_authenticationRequiredSetupForOffSession',
    });
    expect(list.find((card: { number: string }) => card.number === '4000050360000001')).toMatchObject({
      group: 'Co-branded (Cartes Bancaires, eftpos)',
      networks: ['visa', 'eftpos_au'],
    });
  });
});

describe('refunds and cancellation', () => {
  it('refunds in parts up to the amount paid', async () => {
    const pi = (
      await api.post('/v1/payment_intents', {
        amount: '3000',
        currency: 'usd',
        confirm: 'true',
        payment_method: 'pm_card_visa',
      })
    ).body;
    const partial = await api.post('/v1/refunds', { payment_intent: pi.id, amount: '1000' });
    expect(partial.body).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: pi.id,
    });
    const tooMuch = await api.post('/v1/refunds', { payment_intent: pi.id, amount: '2500' });
    expect(tooMuch.body.error.code).toBe('amount_too_large');
    const rest = await api.post('/v1/refunds', { payment_intent: pi.id });
    expect(rest.body.amount).toBe(2000);
    const charge = (await api.get(`/v1/charges/${pi.latest_charge}`)).body;
    expect(charge).toMatchObject({ amount_refunded: 3000, refunded: true });
    expect((await api.post('/v1/refunds', { payment_intent: pi.id })).body.error.code).toBe(
      'charge_already_refunded',
    );
  });

  it('cancels an open payment, not a succeeded one', async () => {
    const open = (await api.post('/v1/payment_intents', { amount: '100', currency: 'usd' })).body;
    const canceled = await api.post(`/v1/payment_intents/${open.id}/cancel`, {
      cancellation_reason: 'abandoned',
    });
    expect(canceled.body).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(
      (await api.post(`/v1/payment_intents/${open.id}/confirm`, { payment_method: 'pm_card_visa' })).body
        .error.code,
    ).toBe('payment_intent_unexpected_state');
    const paid = (
      await api.post('/v1/payment_intents', {
        amount: '100',
        currency: 'usd',
        confirm: 'true',
        payment_method: 'pm_card_visa',
      })
    ).body;
    expect((await api.post(`/v1/payment_intents/${paid.id}/cancel`)).body.error.code).toBe(
      'payment_intent_unexpected_state',
    );
  });
});

describe('fault controls', () => {
  it('fails the next N requests, then recovers', async () => {
    await api.post('/v1/sandbox/faults', { fail_next: '2', fail_status: '503' });
    expect((await api.get('/v1/customers')).status).toBe(503);
    expect((await api.get('/v1/customers')).body.error.type).toBe('api_error');
    expect((await api.get('/v1/customers')).status).toBe(200);
  });

  it('slows every answer down', async () => {
    await api.post('/v1/sandbox/faults', { slow_ms: '150' });
    const started = Date.now();
    await api.get('/v1/customers');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('times out the next request', async () => {
    await api.post('/v1/sandbox/faults', { timeout_next: '1', hang_ms: '200' });
    await expect(api.get('/v1/customers')).rejects.toThrow();
    expect((await api.get('/v1/customers')).status).toBe(200);
  });

  it('reports and switches method statuses; the controls need the secret key', async () => {
    await api.post('/v1/sandbox/method_status', { type: 'boleto', status: 'down' });
    const list = await sandboxApi(sandbox, sandbox.publishableKey).get('/v1/sandbox/method_status');
    expect(list.body.data).toContainEqual({
      object: 'sandbox.method_status',
      type: 'boleto',
      status: 'down',
    });
    expect(
      (await sandboxApi(sandbox, sandbox.publishableKey).post('/v1/sandbox/faults', { fail_next: '1' }))
        .status,
    ).toBe(401);
  });
});
