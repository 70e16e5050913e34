import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox.js';
import { sandboxApi } from '../testing/sandbox-api.js';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxApi>;

beforeAll(async () => {
  sandbox = await startSandbox({ appOrigins: ['http://app.test'] });
  api = sandboxApi(sandbox);
});
afterAll(() => sandbox.close());

describe("Stripe's wire format", () => {
  it('reads bracket-nested form bodies and answers objects with id, object and request-id', async () => {
    const response = await api.post('/v1/customers', {
      email: 'wire@example.com',
      metadata: { order: '42' },
      address: { line1: 'Main St 1', country: 'US' },
      preferred_locales: ['en', 'pt-BR'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      object: 'customer',
      email: 'wire@example.com',
      metadata: { order: '42' },
      address: { line1: 'Main St 1', country: 'US', city: null },
      preferred_locales: ['en', 'pt-BR'],
      livemode: false,
    });
    expect(response.body.id).toMatch(/^cus_/);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(response.headers.get('stripe-version')).toBeTruthy();
  });

  it("answers errors in Stripe's shape with Stripe's statuses", async () => {
    const unknown = await api.post('/v1/customers', { emali: 'typo@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'emali',
    });

    const missing = await api.post('/v1/payment_intents', { currency: 'usd' });
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'amount' });

    const invalid = await api.post('/v1/payment_intents', { amount: 'ten', currency: 'usd' });
    expect(invalid.body.error).toMatchObject({ code: 'parameter_invalid', message: 'Invalid integer: ten' });

    const notFound = await api.get('/v1/payment_intents/pi_nope');
    expect(notFound.status).toBe(404);
    expect(notFound.body.error).toMatchObject({ code: 'resource_missing', param: 'id' });

    const url = await api.get('/v1/charges/ch_1/nothing');
    expect(url.status).toBe(404);
    expect(url.body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\/ch_1\/nothing\)/);

    const card = await api.post('/v1/payment_methods', {
      type: 'card',
      card: { number: '4242424242424241', exp_month: '12', exp_year: '2040' },
    });
    expect(card.status).toBe(402);
    expect(card.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
  });

  it('checks API keys; the publishable key only reaches browser routes', async () => {
    const none = await sandboxApi(sandbox, '').get('/v1/customers');
    expect(none.status).toBe(401);
    expect(none.body.error.message).toMatch(/did not provide an API key/);
    const wrong = await sandboxApi(sandbox, 'sk_test_wrong_key_123').get('/v1/customers');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/^Invalid API Key provided: sk_test_/);
    expect(wrong.body.error.message).not.toContain('wrong_key');

    const browser = sandboxApi(sandbox, sandbox.publishableKey);
    expect((await browser.get('/v1/customers')).status).toBe(401);
    const pm = await browser.post('/v1/payment_methods', {
      type: 'card',
      card: { number: '4242424242424242', exp_month: '12', exp_year: '2040', cvc: '123' },
    });
    expect(pm.status).toBe(200);
    expect(pm.body.card).toMatchObject({ brand: 'visa', last4: '4242', checks: { cvc_check: 'pass' } });
    expect(JSON.stringify(pm.body)).not.toContain('4242424242424242');
  });

  it('lets the browser reach an intent only with its client secret', async () => {
    const intent = (await api.post('/v1/payment_intents', { amount: '1000', currency: 'usd' })).body;
    const browser = sandboxApi(sandbox, sandbox.publishableKey);
    expect((await browser.get(`/v1/payment_intents/${intent.id}`)).body.error.code).toBe('parameter_missing');
    const wrong = await browser.get(`/v1/payment_intents/${intent.id}`, {
      client_secret: `${intent.id}_secret_wrong`,
    });
    expect(wrong.status).toBe(400);
    const right = await browser.get(`/v1/payment_intents/${intent.id}`, {
      client_secret: intent.client_secret,
    });
    expect(right.body).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect((await browser.post(`/v1/payment_intents/${intent.id}/cancel`)).status).toBe(401);
  });

  it('lists newest first with cursors, and expands ids into objects', async () => {
    const customer = (await api.post('/v1/customers', { email: 'list@example.com' })).body;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const pm = (await api.post('/v1/payment_methods/pm_card_visa/attach', { customer: customer.id })).body;
      ids.push(pm.id);
    }
    const page = await api.get('/v1/payment_methods', {
      customer: customer.id,
      limit: '2',
      expand: ['data.customer'],
    });
    expect(page.body).toMatchObject({ object: 'list', has_more: true, url: '/v1/payment_methods' });
    expect(page.body.data.map((pm: { id: string }) => pm.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.data[0].customer).toMatchObject({ id: customer.id, object: 'customer' });
    const next = await api.get('/v1/payment_methods', { customer: customer.id, starting_after: ids[1] });
    expect(next.body.data.map((pm: { id: string }) => pm.id)).toEqual([ids[0]]);
    expect(next.body.has_more).toBe(false);

    const bad = await api.get(`/v1/customers/${customer.id}`, { expand: ['email'] });
    expect(bad.status).toBe(400);
  });

  it('replays idempotent requests and refuses a reused key with other parameters', async () => {
    const headers = { 'idempotency-key': `wire-${Date.now()}` };
    const first = await api.post('/v1/customers', { email: 'idem@example.com' }, headers);
    const replay = await api.post('/v1/customers', { email: 'idem@example.com' }, headers);
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const conflict = await api.post('/v1/customers', { email: 'other@example.com' }, headers);
    expect(conflict.status).toBe(400);
    expect(conflict.body.error.type).toBe('idempotency_error');
    const otherPath = await api.post('/v1/payment_intents', { amount: '1', currency: 'usd' }, headers);
    expect(otherPath.body.error.type).toBe('idempotency_error');
  });

  it('allows the app origin by CORS, and no other', async () => {
    const preflight = (origin: string) =>
      fetch(`${sandbox.url}/v1/payment_methods`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('http://app.test');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.test');
    const denied = await preflight('http://evil.test');
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });
});
