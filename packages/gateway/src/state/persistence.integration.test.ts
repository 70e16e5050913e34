import { createHmac } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox.js';
import { sandboxApi, waitFor } from '../testing/sandbox-api.js';

const SECRET = 'whsec_persistence_test';
const folders: string[] = [];
const running: Sandbox[] = [];
const servers: Server[] = [];

afterEach(async () => {
  while (running.length) await running.pop()!.close();
  while (servers.length) await new Promise((resolve) => servers.pop()!.close(resolve));
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-sandbox-state-'));
  folders.push(dir);
  return dir;
}

async function start(stateDir: string, options: SandboxOptions = {}) {
  const sandbox = await startSandbox({ stateDir, settlementDelayMs: 300, ...options });
  running.push(sandbox);
  return { sandbox, api: sandboxApi(sandbox) };
}

async function stop(sandbox: Sandbox) {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
}

/** A webhook receiver on `port` (0: any) that records what it gets. */
async function receiver(port = 0) {
  const received: { body: string; signature: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature']) });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

/** A local URL where nothing listens (yet). */
async function deadUrl(): Promise<{ url: string; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return { url: `http://127.0.0.1:${port}/hooks`, port };
}

function signedBySecret({ body, signature }: { body: string; signature: string }): boolean {
  const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
  return createHmac('sha256', SECRET).update(`${parts.t}.${body}`).digest('hex') === parts.v1;
}

describe('persisted sandbox (stateDir)', () => {
  it('keeps what a provider remembers across close() and a start on the same folder', async () => {
    const dir = folder();
    const first = await start(dir);
    let { api } = first;
    const customer = (await api.post('/v1/customers', { email: 'ada@example.com', name: 'Ada' })).body;
    const saved = (await api.post('/v1/payment_methods/pm_card_visa/attach', { customer: customer.id })).body;
    const gone = (await api.post('/v1/customers', { email: 'gone@example.com' })).body;
    await api.delete(`/v1/customers/${gone.id}`);
    const create = {
      amount: '4200',
      currency: 'eur',
      customer: customer.id,
      payment_method: saved.id,
      confirm: 'true',
      metadata: { payment_attempt_id: 'att_1' },
    };
    const paid = await api.post('/v1/payment_intents', create, { 'idempotency-key': 'attempt-att_1' });
    expect(paid.body.status).toBe('succeeded');
    const open = (await api.post('/v1/payment_intents', { amount: '900', currency: 'usd' })).body;
    const setup = (
      await api.post('/v1/setup_intents', {
        customer: customer.id,
        payment_method: 'pm_card_visa',
        confirm: 'true',
      })
    ).body;
    const endpoint = (
      await api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'] })
    ).body;
    await api.post('/v1/sandbox/method_status', { type: 'ideal', status: 'down' });
    const key = (await api.get('/v1/sandbox/encryption_key')).body;
    const eventsBefore = (await api.get('/v1/events', { limit: 100 })).body.data;
    await stop(first.sandbox);

    ({ api } = await start(dir));
    const retrieved = (await api.get(`/v1/payment_intents/${paid.body.id}`)).body;
    expect(retrieved).toEqual(paid.body);
    // What the app compares with its payment attempt:
    expect(retrieved).toMatchObject({
      amount: 4200,
      currency: 'eur',
      customer: customer.id,
      metadata: { payment_attempt_id: 'att_1' },
      status: 'succeeded',
    });
    expect((await api.get(`/v1/payment_intents/${open.id}`)).body.status).toBe('requires_payment_method');
    expect((await api.get(`/v1/setup_intents/${setup.id}`)).body.status).toBe('succeeded');
    expect((await api.get(`/v1/customers/${customer.id}`)).body).toMatchObject({ email: 'ada@example.com' });
    expect((await api.get(`/v1/customers/${gone.id}`)).body).toMatchObject({ deleted: true });
    const methods = (await api.get(`/v1/customers/${customer.id}/payment_methods`)).body.data;
    expect(methods.map((pm: { id: string }) => pm.id)).toContain(saved.id);
    expect((await api.get(`/v1/charges/${paid.body.latest_charge}`)).body.status).toBe('succeeded');
    expect((await api.get(`/v1/webhook_endpoints/${endpoint.id}`)).body.url).toBe('http://127.0.0.1:9/hooks');
    const statuses = (await api.get('/v1/sandbox/method_status')).body.data;
    expect(statuses.find((s: { type: string }) => s.type === 'ideal').status).toBe('down');
    expect((await api.get('/v1/sandbox/encryption_key')).body).toEqual(key);
    // Newest first, as before.
    expect((await api.get('/v1/events', { limit: 100 })).body.data).toEqual(eventsBefore);

    // A retried request with the same key replays the first answer; it charges nothing new.
    const replay = await api.post('/v1/payment_intents', create, { 'idempotency-key': 'attempt-att_1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(paid.body);
    const other = await api.post(
      '/v1/payment_intents',
      { ...create, amount: '1' },
      { 'idempotency-key': 'attempt-att_1' },
    );
    expect(other.body.error.type).toBe('idempotency_error');
  });

  it('refunds a payment, Stripe-compatibly, and keeps the refunds', async () => {
    const dir = folder();
    const first = await start(dir);
    let { api } = first;
    const pi = (
      await api.post('/v1/payment_intents', {
        amount: '5000',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
      })
    ).body;
    const partial = await api.post(
      '/v1/refunds',
      { payment_intent: pi.id, amount: '1500', metadata: { order: 'ord_1' } },
      { 'idempotency-key': 'refund-ord_1' },
    );
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({
      object: 'refund',
      amount: 1500,
      currency: 'usd',
      status: 'succeeded',
      payment_intent: pi.id,
      charge: pi.latest_charge,
      metadata: { order: 'ord_1' },
    });
    const refundEvents = (await api.get('/v1/events', { type: 'charge.refunded' })).body.data;
    expect(refundEvents[0].data.object).toMatchObject({ id: pi.latest_charge, amount_refunded: 1500 });
    expect((await api.get('/v1/events', { type: 'refund.created' })).body.data[0].data.object.id).toBe(
      partial.body.id,
    );
    await stop(first.sandbox);

    ({ api } = await start(dir));
    const replay = await api.post(
      '/v1/refunds',
      { payment_intent: pi.id, amount: '1500', metadata: { order: 'ord_1' } },
      { 'idempotency-key': 'refund-ord_1' },
    );
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(partial.body.id);
    const rest = (await api.post('/v1/refunds', { payment_intent: pi.id })).body;
    expect(rest).toMatchObject({ amount: 3500, status: 'succeeded' });
    expect((await api.get(`/v1/refunds/${partial.body.id}`)).body).toEqual(partial.body);
    const list = (await api.get('/v1/refunds', { payment_intent: pi.id })).body;
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([rest.id, partial.body.id]);
    // The payment keeps what it received; the charge says what went back.
    expect((await api.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({
      status: 'succeeded',
      amount_received: 5000,
    });
    expect((await api.get(`/v1/charges/${pi.latest_charge}`)).body).toMatchObject({
      amount_refunded: 5000,
      refunded: true,
    });
    expect((await api.post('/v1/refunds', { payment_intent: pi.id })).body.error.code).toBe(
      'charge_already_refunded',
    );
  });

  it('ignores a torn last journal line with a warning', async () => {
    const dir = folder();
    const first = await start(dir);
    const pi = (await first.api.post('/v1/payment_intents', { amount: '700', currency: 'usd' })).body;
    await stop(first.sandbox);
    const journal = readdirSync(dir).find((name) => name.startsWith('journal-'))!;
    appendFileSync(path.join(dir, journal), '[["payment_intents","pi_torn",{"id":"pi_torn","amount":');

    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const { api } = await start(dir, { logger: { level: 'warn', stream } });
    expect((await api.get(`/v1/payment_intents/${pi.id}`)).body.status).toBe('requires_payment_method');
    expect((await api.get('/v1/payment_intents/pi_torn')).status).toBe(404);
    expect(logged).toMatch(/torn last journal line/);
  });

  it('delivers after a restart the webhooks still pending, on their retry schedule', async () => {
    const dir = folder();
    const down = await deadUrl();
    const webhooks = [{ url: down.url, secret: SECRET, events: ['payment_intent.succeeded'] }];
    const webhookRetry = { initialDelayMs: 50, maxDelayMs: 200, attemptTimeoutMs: 1000 };
    const first = await start(dir, { webhooks, webhookRetry });
    const pi = (
      await first.api.post('/v1/payment_intents', {
        amount: '1000',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
      })
    ).body;
    const event = (await first.api.get('/v1/events', { type: 'payment_intent.succeeded' })).body.data[0];
    // Two attempts ended (an attempt counts when it starts, but is stored when it has failed and
    // its retry is scheduled): a second one still in flight at the stop would not be stored.
    await waitFor(() => {
      const delivery = first.sandbox.deliveries(event.id)[0];
      return (delivery && delivery.attempts >= 2 && delivery.nextAttemptAt !== null) || undefined;
    });
    await stop(first.sandbox);

    const hook = await receiver(down.port);
    const second = await start(dir, { webhooks, webhookRetry });
    const got = await waitFor(() => hook.received.find((r) => r.body.includes(pi.id)));
    expect(signedBySecret(got)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ id: event.id, type: 'payment_intent.succeeded' });
    await waitFor(() => (second.sandbox.deliveries(event.id)[0]?.state === 'delivered' ? true : undefined));
    expect(second.sandbox.deliveries(event.id)[0]!.attempts).toBeGreaterThanOrEqual(3);
    expect((await second.api.get(`/v1/events/${event.id}`)).body.pending_webhooks).toBe(0);
    // The endpoint given again at start is the same one, not a second one.
    expect((await second.api.get('/v1/webhook_endpoints')).body.data).toHaveLength(1);
    expect(hook.received.filter((r) => r.body.includes(pi.id))).toHaveLength(1);
  });

  it('settles after a restart a payment that was processing', async () => {
    const dir = folder();
    const first = await start(dir, { settlementDelayMs: 400 });
    const pi = (
      await first.api.post('/v1/payment_intents', {
        amount: '5000',
        currency: 'eur',
        confirm: 'true',
        payment_method_data: {
          type: 'sepa_debit',
          sepa_debit: { iban: 'DE89370400440532013000' },
          billing_details: { name: 'Jenny Rosen', email: 'jenny@example.com' },
        },
      })
    ).body;
    expect(pi.status).toBe('processing');
    await stop(first.sandbox);

    const { api } = await start(dir, { settlementDelayMs: 400 });
    expect((await api.get(`/v1/payment_intents/${pi.id}`)).body.status).toBe('processing');
    const settled = await waitFor(async () => {
      const current = (await api.get(`/v1/payment_intents/${pi.id}`)).body;
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(settled.amount_received).toBe(5000);
  });

  it('compacts while running and still finds everything', async () => {
    const dir = folder();
    const first = await start(dir, { stateCompactAfterBytes: 8 * 1024 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const pi = (
        await first.api.post('/v1/payment_intents', {
          amount: String(100 + i),
          currency: 'usd',
          payment_method: 'pm_card_visa',
          confirm: 'true',
        })
      ).body;
      ids.push(pi.id);
    }
    const journals = readdirSync(dir).filter((name) => name.startsWith('journal-'));
    expect(journals).toHaveLength(1);
    expect(Number(/journal-(\d+)/.exec(journals[0]!)![1])).toBeGreaterThan(2);
    await stop(first.sandbox);

    const { api } = await start(dir);
    const listed = (await api.get('/v1/payment_intents', { limit: 100 })).body.data.map(
      (pi: { id: string }) => pi.id,
    );
    expect(listed).toEqual([...ids].reverse());
  });

  it('stays in memory without stateDir', async () => {
    const sandbox = await startSandbox();
    running.push(sandbox);
    expect(sandbox.stateDir).toBeNull();
  });
});
