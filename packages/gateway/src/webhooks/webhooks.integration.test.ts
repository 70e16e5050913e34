import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox.js';
import { sandboxApi, waitFor } from '../testing/sandbox-api.js';

const SECRET = 'whsec_receiver_test';

interface Received {
  body: string;
  signature: string;
}

/** A webhook receiver that answers with whatever status `answer` says. */
async function receiver(answer: (count: number) => number) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature']) });
      response.statusCode = answer(received.length);
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function verify(received: Received): boolean {
  const parts = Object.fromEntries(
    received.signature.split(',').map((p) => p.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', SECRET).update(`${parts.t}.${received.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let sandbox: Sandbox;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    webhookRetry: { initialDelayMs: 40, maxDelayMs: 200, attemptTimeoutMs: 1000 },
  });
});
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
afterAll(() => sandbox.close());

describe('webhooks', () => {
  it('signs each event t=…,v1=HMAC-SHA256(secret, t.body) and delivers it', async () => {
    const hook = await receiver(() => 200);
    closers.push(hook.close);
    const endpoint = sandbox.addWebhookEndpoint({
      url: hook.url,
      secret: SECRET,
      events: ['payment_intent.succeeded'],
    });
    const api = sandboxApi(sandbox);
    const pi = (
      await api.post('/v1/payment_intents', {
        amount: '1500',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
      })
    ).body;
    const got = await waitFor(() => hook.received.find((r) => r.body.includes(pi.id)));
    expect(verify(got)).toBe(true);
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: pi.id, status: 'succeeded' } },
    });
    expect(Math.abs(Number(/t=(\d+)/.exec(got.signature)![1]) - Date.now() / 1000)).toBeLessThan(5);
    await api.delete(`/v1/webhook_endpoints/${endpoint.id}`);
  });

  it('delivers the outcome of a voucher the buyer pays on its hosted page (DOKU)', async () => {
    const hook = await receiver(() => 200);
    closers.push(hook.close);
    const endpoint = sandbox.addWebhookEndpoint({
      url: hook.url,
      secret: SECRET,
      events: ['payment_intent.requires_action', 'payment_intent.succeeded'],
    });
    const api = sandboxApi(sandbox);
    const pi = (
      await api.post('/v1/payment_intents', {
        amount: '15000000',
        currency: 'idr',
        confirm: 'true',
        payment_method_data: {
          type: 'doku',
          doku: { channel: 'bca_va' },
          billing_details: { name: 'Budi Santoso', email: 'budi@example.com' },
        },
      })
    ).body;
    const waiting = await waitFor(() =>
      hook.received.find((r) => r.body.includes(pi.id) && r.body.includes('payment_intent.requires_action')),
    );
    expect(JSON.parse(waiting.body).data.object.next_action.doku_display_details.channel).toBe('bca_va');
    await api.answer(pi.next_action.doku_display_details.hosted_voucher_url, 'paid');
    const paid = await waitFor(() =>
      hook.received.find((r) => r.body.includes(pi.id) && r.body.includes('payment_intent.succeeded')),
    );
    expect(verify(paid)).toBe(true);
    expect(JSON.parse(paid.body).data.object).toMatchObject({ id: pi.id, status: 'succeeded' });
    await api.delete(`/v1/webhook_endpoints/${endpoint.id}`);
  });

  it('retries with backoff after a 500 until the receiver answers 2xx', async () => {
    const hook = await receiver((count) => (count < 3 ? 500 : 200));
    closers.push(hook.close);
    const endpoint = sandbox.addWebhookEndpoint({
      url: hook.url,
      secret: SECRET,
      events: ['customer.created'],
    });
    const customer = (await sandboxApi(sandbox).post('/v1/customers', { email: 'retry@example.com' })).body;
    await waitFor(() => (hook.received.length >= 3 ? true : undefined));
    const [event] = (await sandboxApi(sandbox).get('/v1/events', { type: 'customer.created', limit: '1' }))
      .body.data;
    expect(event.data.object.id).toBe(customer.id);
    const deliveries = await waitFor(() => {
      const records = sandbox.deliveries(event.id);
      return records[0]?.state === 'delivered' ? records : undefined;
    });
    expect(deliveries[0]).toMatchObject({ attempts: 3, lastStatus: 200 });
    expect(hook.received.every(verify)).toBe(true);
    expect(new Set(hook.received.map((r) => JSON.parse(r.body).id))).toEqual(new Set([event.id]));
    await sandboxApi(sandbox).delete(`/v1/webhook_endpoints/${endpoint.id}`);
  });

  it('keeps an event while the receiver is down and delivers it when it is back', async () => {
    const first = await receiver(() => 200);
    const port = first.port;
    await first.close();
    const endpoint = sandbox.addWebhookEndpoint({
      url: `http://127.0.0.1:${port}/hooks`,
      secret: SECRET,
      events: ['customer.created'],
    });
    const customer = (await sandboxApi(sandbox).post('/v1/customers', { email: 'down@example.com' })).body;
    const [event] = (await sandboxApi(sandbox).get('/v1/events', { type: 'customer.created', limit: '1' }))
      .body.data;
    await waitFor(() => (sandbox.deliveries(event.id)[0]?.attempts ?? 0) >= 2 || undefined);
    expect(sandbox.deliveries(event.id)[0]).toMatchObject({ state: 'pending', lastStatus: null });

    const received: string[] = [];
    const back = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => back.close(() => resolve())));
    await waitFor(() => received.find((body) => body.includes(customer.id)));
    await waitFor(() => (sandbox.deliveries(event.id)[0]?.state === 'delivered' ? true : undefined));
    await sandboxApi(sandbox).delete(`/v1/webhook_endpoints/${endpoint.id}`);
  });

  it('creates webhook endpoints through the API, returning the secret once', async () => {
    const api = sandboxApi(sandbox);
    const created = await api.post('/v1/webhook_endpoints', {
      url: 'http://127.0.0.1:9/hooks',
      enabled_events: ['*'],
    });
    expect(created.body).toMatchObject({ object: 'webhook_endpoint', status: 'enabled' });
    expect(created.body.secret).toMatch(/^whsec_/);
    const fetched = await api.get(`/v1/webhook_endpoints/${created.body.id}`);
    expect(fetched.body.secret).toBeUndefined();
    expect((await api.delete(`/v1/webhook_endpoints/${created.body.id}`)).body).toMatchObject({
      deleted: true,
    });
  });
});
