import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox.js';
import { sandboxApi, waitFor } from '../testing/sandbox-api.js';
import { ASSETS_DIR } from './assets.js';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxApi>;
// The browser SDK's public surface, as the tests use it.
let sdk: any; // eslint-disable-line @typescript-eslint/no-explicit-any

interface FakeElement {
  src?: string;
  contentWindow: object;
  removed: boolean;
}

/**
 * Just enough of a page for the SDK's modal: the overlays and frames it opens (their `src`)
 * and the `message` listeners it adds, so a test can answer a hosted page and post its result.
 */
const page = {
  overlays: [] as FakeElement[],
  frames: [] as FakeElement[],
  listeners: new Set<(event: { source: object; origin: string; data: unknown }) => void>(),
  /** What a framed hosted page posts to the app once answered. */
  post(frame: FakeElement, data: unknown) {
    for (const listener of [...page.listeners]) {
      listener({ source: frame.contentWindow, origin: new URL(sandbox.url).origin, data });
    }
  },
};

function fakeElement(tag: string): FakeElement & Record<string, unknown> {
  const element = {
    contentWindow: {},
    removed: false,
    style: {},
    setAttribute: () => undefined,
    appendChild: () => undefined,
    remove: () => {
      element.removed = true;
    },
  };
  (tag === 'iframe' ? page.frames : page.overlays).push(element);
  return element;
}

/** Loads the real SDK file with Node's fetch and WebCrypto standing in for the browser's. */
function loadSdk(): unknown {
  const code = readFileSync(path.join(ASSETS_DIR, 'sdk/lectern-sandbox.js'), 'utf8');
  const win: Record<string, unknown> = {
    crypto: globalThis.crypto,
    fetch: globalThis.fetch.bind(globalThis),
    addEventListener: (_type: string, listener: Parameters<typeof page.listeners.add>[0]) =>
      page.listeners.add(listener),
    removeEventListener: (_type: string, listener: Parameters<typeof page.listeners.add>[0]) =>
      page.listeners.delete(listener),
  };
  const document = {
    currentScript: { src: `${sandbox.url}/sdk/v1/lectern-sandbox.js` },
    createElement: fakeElement,
    body: { appendChild: () => undefined },
  };
  const location = { origin: 'http://app.test', href: 'http://app.test/checkout/' };
  new Function('window', 'document', 'location', code)(win, document, location);
  return win.LecternSandbox;
}

beforeAll(async () => {
  sandbox = await startSandbox({ appOrigins: ['http://app.test'] });
  api = sandboxApi(sandbox);
  sdk = (loadSdk() as (key: string) => unknown)(sandbox.publishableKey);
});
afterAll(() => sandbox.close());

describe('the browser SDK', () => {
  it('is served as a script the app origin may load', async () => {
    const response = await fetch(`${sandbox.url}/sdk/v1/lectern-sandbox.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await response.text()).toContain('LecternSandbox');
  });

  it('creates payment methods and confirms card payments with the publishable key', async () => {
    const created = await sdk.createPaymentMethod({
      type: 'card',
      card: { number: '5555555555554444', exp_month: 12, exp_year: 2040, cvc: '123' },
      billing_details: { name: 'Ada' },
    });
    expect(created.paymentMethod).toMatchObject({
      type: 'card',
      card: { brand: 'mastercard', last4: '4444' },
    });

    const intent = (await api.post('/v1/payment_intents', { amount: '1234', currency: 'usd' })).body;
    const paid = await sdk.confirmCardPayment(intent.client_secret, {
      payment_method: created.paymentMethod.id,
    });
    expect(paid.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' });

    const another = (await api.post('/v1/payment_intents', { amount: '1234', currency: 'usd' })).body;
    const declined = await sdk.confirmCardPayment(another.client_secret, {
      payment_method: { card: { number: '4000000000009995', exp_month: 12, exp_year: 2040 } },
    });
    expect(declined.error).toMatchObject({ type: 'card_error', decline_code: 'insufficient_funds' });
    expect(declined.error.payment_intent.status).toBe('requires_payment_method');

    const bad = await sdk.createPaymentMethod({
      type: 'card',
      card: { number: '4242424242424241', exp_month: 12, exp_year: 2040 },
    });
    expect(bad.error).toMatchObject({ code: 'incorrect_number' });
  });

  it('encrypts card fields into a JWE the sandbox decrypts when the server forwards it', async () => {
    const key = await sdk.getEncryptionKey();
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc' });
    const jwe: string = await sdk.encryptCard(key, {
      number: '4000000760000002',
      expiryMonth: '03',
      expiryYear: '2040',
      cvc: '737',
      holderName: 'Joana Silva',
    });
    expect(jwe.split('.')).toHaveLength(5);
    expect(JSON.parse(Buffer.from(jwe.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'RSA-OAEP-256',
      enc: 'A256CBC-HS512',
      kid: key.kid,
    });
    const pm = await api.post('/v1/payment_methods', { type: 'card', card: { encrypted_data: jwe } });
    expect(pm.status).toBe(200);
    expect(pm.body.card).toMatchObject({
      brand: 'visa',
      last4: '0002',
      country: 'BR',
      exp_month: 3,
      exp_year: 2040,
    });

    const parts = jwe.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    const tampered = await api.post('/v1/payment_methods', {
      type: 'card',
      card: { encrypted_data: parts.join('.') },
    });
    expect(tampered.body.error).toMatchObject({
      code: 'encrypted_data_invalid',
      param: 'card[encrypted_data]',
    });
  });

  it('refuses encrypted card data generated too long ago', async () => {
    const key = (await api.get('/v1/sandbox/encryption_key')).body.jwk;
    const publicKey = await importJWK(key, 'RSA-OAEP-256');
    const fields = {
      number: '4242424242424242',
      expiryMonth: '12',
      expiryYear: '2040',
      generationtime: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
    };
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(fields)))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256CBC-HS512', kid: key.kid })
      .encrypt(publicKey);
    const response = await api.post('/v1/payment_methods', { type: 'card', card: { encrypted_data: jwe } });
    expect(response.body.error.code).toBe('encrypted_data_expired');
  });

  it('confirms a DOKU payment and shows its payment code until the buyer is done', async () => {
    const intent = (await api.post('/v1/payment_intents', { amount: '15000000', currency: 'idr' })).body;
    const billing_details = { name: 'Budi Santoso', email: 'budi@example.com' };
    const confirming = sdk.confirmDokuPayment(intent.client_secret, {
      payment_method: { doku: { channel: 'permata_lite_atm' }, billing_details },
    });
    const frame = await waitFor(() => page.frames.at(-1));
    expect(frame.src).toMatch(/\/hosted\/voucher\/act_\w+\?origin=http%3A%2F%2Fapp\.test$/);
    const voucher = await (await fetch(frame.src!)).text();
    expect(voucher).toContain('Permata virtual account');
    expect(voucher).toContain('data-parent-origin="http://app.test"');
    await api.answer(frame.src!.split('?')[0]!, 'paid');
    page.post(frame, { type: 'lectern-sandbox:action', status: 'succeeded' });
    const result = await confirming;
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(page.overlays.at(-1)!.removed).toBe(true);
    expect(page.listeners.size).toBe(0);

    const another = (await api.post('/v1/payment_intents', { amount: '15000000', currency: 'idr' })).body;
    const pending = await sdk.confirmDokuPayment(
      another.client_secret,
      { payment_method: { doku: { channel: 'alfamart' }, billing_details } },
      { handleActions: false },
    );
    expect(pending.paymentIntent).toMatchObject({
      status: 'requires_action',
      payment_method: { type: 'doku', doku: { channel: 'alfamart' } },
      next_action: { doku_display_details: { channel: 'alfamart' } },
    });
  });

  it('answers canMakePayment from the wallet statuses', async () => {
    const request = sdk.paymentRequest({
      country: 'US',
      currency: 'usd',
      total: { label: 'Course', amount: 1999 },
    });
    expect(await request.canMakePayment()).toEqual({ applePay: true, googlePay: true, sandboxPay: true });
    await api.post('/v1/sandbox/method_status', { type: 'apple_pay', status: 'down' });
    expect(await request.canMakePayment()).toMatchObject({ applePay: false, googlePay: true });
    await api.post('/v1/sandbox/method_status', { type: 'google_pay', status: 'down' });
    expect(await request.canMakePayment()).toBeNull();
    await api.post('/v1/sandbox/reset');
  });
});

describe('hosted pages', () => {
  it('serve the 3-D Secure challenge under a strict CSP, framable by the app only', async () => {
    const pi = (
      await api.post('/v1/payment_intents', {
        amount: '2000',
        currency: 'usd',
        confirm: 'true',
        payment_method: 'pm_card_threeDSecure2Required',
      })
    ).body;
    const url = pi.next_action.use_stripe_sdk.stripe_js;
    const response = await fetch(`${url}?origin=http://app.test`);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self' http://app.test");
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail authentication');
    expect(html).toContain('data-parent-origin="http://app.test"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html.match(/<\/main>/g)).toHaveLength(1);
    expect(html).toMatch(/<main[^>]*>[\s\S]*Fail authentication[\s\S]*role="status"[\s\S]*<\/main>/);
    expect(html).not.toMatch(/\sstyle=/);

    const foreign = await (await fetch(`${url}?origin=http://evil.test`)).text();
    expect(foreign).toContain('data-parent-origin=""');
    expect((await fetch(`${sandbox.url}/hosted/3ds/act_unknown`)).status).toBe(404);
  });

  it('serve the test page in test mode only', async () => {
    const page = await fetch(`${sandbox.url}/test/`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('/sdk/v1/lectern-sandbox.js');
    // The card picker, grouped as Stripe's testing page.
    expect(text).toMatch(/<optgroup label="By country: Europe and Middle East">[\s\S]*4000002760000016/);
    expect(text).toMatch(
      /<optgroup label="3-D Secure">[\s\S]*<option value="4000003800000446">[^<]*4000 0038 0000 0446/,
    );
    expect(text).toContain('American Express: succeeds (3782 822463 10005)');
    // The app's developer clock and mailbox, on the first app origin.
    expect(text).toContain('<a href="http://app.test/dev/clock/">Server clock</a>');
    expect(text).toContain('<a href="http://app.test/dev/mailbox/">Mailbox</a>');
    const anyOrigin = await startSandbox();
    try {
      // Any origin (`*`): no app to link to.
      expect(await (await fetch(`${anyOrigin.url}/test/`)).text()).not.toContain('data-app-dev-tools');
    } finally {
      await anyOrigin.close();
    }
    const sheet = await (await fetch(`${sandbox.url}/hosted/pay-sheet?wallet=google_pay`)).text();
    expect(sheet).toMatch(/<optgroup label="Co-branded \(Cartes Bancaires, eftpos\)">/);
    expect(sheet).toContain('Mastercard: succeeds (•••• 4444)');
    expect(sheet).not.toContain('4000003800000446');
    const live = await startSandbox({ secretKey: 'sk_live_lectern', publishableKey: 'pk_live_lectern' });
    try {
      expect((await fetch(`${live.url}/test/`)).status).toBe(404);
      const raw = await sandboxApi(live).post('/v1/payment_methods', {
        type: 'card',
        card: { number: '4242424242424242', exp_month: '12', exp_year: '2040' },
      });
      expect(raw.status).toBe(400);
    } finally {
      await live.close();
    }
  });
});
