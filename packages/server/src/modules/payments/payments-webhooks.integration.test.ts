import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { money } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { createTestClient } from '../../test-support/test-client.js';
import {
  answerHostedPage,
  paymentsConfigFor,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { startTestServer } from '../../test-support/test-server.js';
import type { GatewayPayment } from './payment-gateway.js';
import { GATEWAY_WEBHOOK_PATH } from './payments.routes.js';

const SECRET = 'whsec_webhook_test';
let sandbox: Sandbox;
let server: LecternServer & { stop(): Promise<void> };

async function until<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer({
    port: 0,
    host: '127.0.0.1',
    payments: paymentsConfigFor(sandbox, SECRET),
  });
  const url = await server.listen();
  sandbox.addWebhookEndpoint({ url: `${url}${GATEWAY_WEBHOOK_PATH}`, secret: SECRET });
});
afterAll(async () => {
  await sandbox.close();
  await server.stop();
});

function signed(body: string, timestamp = Math.floor(Date.now() / 1000), secret = SECRET) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function post(body: string, signature: string | undefined) {
  return createTestClient(server.app).post(GATEWAY_WEBHOOK_PATH, undefined, {
    rawBody: body,
    csrf: false,
    headers: signature ? { 'stripe-signature': signature } : {},
  });
}

/** The sandbox's event of `type` about the payment `paymentId`. */
async function sandboxEventOf(type: string, paymentId: string): Promise<{ id: string }> {
  const events = await fetch(`${sandbox.url}/v1/events?type=${type}&limit=50`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  }).then((r) => r.json() as Promise<{ data: { id: string; data: { object: { id: string } } }[] }>);
  return events.data.find((e) => e.data.object.id === paymentId)!;
}

/** The sandbox's delivery records of an event, once its delivery has succeeded. */
const deliveredRecords = (eventId: string) =>
  until(() => {
    const records = sandbox.deliveries(eventId);
    return records[0]?.state === 'delivered' ? records : undefined;
  });

const eventBody = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_x' } },
  });

describe('gateway webhooks reaching the server', () => {
  it('delivers signed events that the server verifies, stores once and hands to subscribers', async () => {
    const seen: GatewayPayment[] = [];
    const unsubscribe = server.payments.events.on('payment.succeeded', (payment) => {
      seen.push(payment);
    });
    try {
      const payment = await server.payments.gateway.createPayment(
        { amount: money(1999, 'USD'), paymentMethodId: 'pm_card_visa', confirm: true },
        { idempotencyKey: `webhook-${Date.now()}` },
      );
      const delivered = await until(() => seen.find((p) => p.id === payment.id));
      expect(delivered).toMatchObject({ status: 'succeeded', amount: { amount: 1999, currency: 'USD' } });
    } finally {
      unsubscribe();
    }
  });

  it('maps the events of a DOKU voucher (a sandbox type) instead of ignoring them', async () => {
    const waiting: GatewayPayment[] = [];
    const paid: GatewayPayment[] = [];
    const unsubscribe = [
      server.payments.events.on('payment.requires_action', (payment) => {
        waiting.push(payment);
      }),
      server.payments.events.on('payment.succeeded', (payment) => {
        paid.push(payment);
      }),
    ];
    try {
      const { gateway } = server.payments;
      const pm = await gateway.createPaymentMethod(
        {
          type: 'doku',
          details: { channel: 'mandiri_va' },
          billingDetails: { name: 'Budi', email: 'b@example.com' },
        },
        { idempotencyKey: `doku-pm-${Date.now()}` },
      );
      const payment = await gateway.createPayment(
        { amount: money(15_000_000, 'IDR'), paymentMethodId: pm.id, methodTypes: ['doku'], confirm: true },
        { idempotencyKey: `doku-${Date.now()}` },
      );
      const pending = await until(() => waiting.find((p) => p.id === payment.id));
      const voucher = pending.nextAction;
      if (voucher?.type !== 'display_voucher') throw new Error(`no voucher: ${JSON.stringify(voucher)}`);
      expect(voucher.voucher).toBe('doku');
      await answerHostedPage(voucher.url, 'paid');
      const done = await until(() => paid.find((p) => p.id === payment.id));
      expect(done).toMatchObject({ status: 'succeeded', amount: { amount: 15_000_000, currency: 'IDR' } });
    } finally {
      for (const off of unsubscribe) off();
    }
  });

  it('stores a redelivered event once and does not run subscribers twice', async () => {
    let calls = 0;
    const unsubscribe = server.payments.events.on('payment.canceled', () => {
      calls += 1;
    });
    try {
      const payment = await server.payments.gateway.createPayment(
        { amount: money(500, 'USD') },
        { idempotencyKey: `cancel-${Date.now()}` },
      );
      await server.payments.gateway.cancelPayment(payment.id, { idempotencyKey: `cancel-it-${payment.id}` });
      await until(() => (calls > 0 ? true : undefined));
      const events = await fetch(`${sandbox.url}/v1/events?type=payment_intent.canceled&limit=1`, {
        headers: { authorization: `Bearer ${sandbox.secretKey}` },
      }).then((r) => r.json() as Promise<{ data: { id: string }[] }>);
      const event = await fetch(`${sandbox.url}/v1/events/${events.data[0]!.id}`, {
        headers: { authorization: `Bearer ${sandbox.secretKey}` },
      }).then((r) => r.text());
      const replay = await post(event, signed(event));
      expect(replay.statusCode).toBe(200);
      expect(replay.data).toMatchObject({ received: true, duplicate: true });
      expect(calls).toBe(1);
      expect(await server.payments.storedEventCount(events.data[0]!.id)).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it('rejects a bad signature, an old timestamp and a missing header, storing nothing', async () => {
    const body = eventBody('evt_forged_1');
    const wrongSecret = await post(body, signed(body, undefined, 'whsec_other'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.data).toMatchObject({ code: 'webhook_signature_invalid' });

    const old = await post(body, signed(body, Math.floor(Date.now() / 1000) - 6 * 60));
    expect(old.statusCode).toBe(400);
    expect(old.data.detail).toMatch(/5-minute tolerance/);

    const tampered = await post(body.replace('cus_x', 'cus_y'), signed(body));
    expect(tampered.statusCode).toBe(400);

    expect((await post(body, undefined)).statusCode).toBe(400);
    expect(await server.payments.storedEventCount('evt_forged_1')).toBe(0);
  });

  it('accepts a good signature on an event type it does not act on, and stores it', async () => {
    const body = eventBody('evt_customer_1');
    const response = await post(body, signed(body));
    expect(response.statusCode).toBe(200);
    expect((await server.payments.storedEvent('evt_customer_1'))?.type).toBe('ignored');
  });

  it('answers 500 when a subscriber fails, so the sandbox retries until it is processed', async () => {
    let attempts = 0;
    const unsubscribe = server.payments.events.on('payment.created', (payment) => {
      if (payment.metadata.test !== 'retry') return;
      attempts += 1;
      if (attempts === 1) throw new Error('fulfilment briefly unavailable');
    });
    try {
      const payment = await server.payments.gateway.createPayment(
        { amount: money(800, 'USD'), metadata: { test: 'retry' } },
        { idempotencyKey: `retry-${Date.now()}` },
      );
      await until(() => (attempts >= 2 ? true : undefined));
      const event = await sandboxEventOf('payment_intent.created', payment.id);
      const deliveries = await deliveredRecords(event.id);
      expect(deliveries[0]).toMatchObject({ attempts: 2, lastStatus: 200 });
      const stored = await server.payments.storedEvent(event.id);
      expect(stored?.processedAt).toBeInstanceOf(Date);
      expect(stored?.attempts).toBe(2);
    } finally {
      unsubscribe();
    }
  });
});

/** A provider event as JSON, to be re-sent edited. */
interface StripeEventJson {
  id: string;
  data: { object: { amount: number; metadata: Record<string, string> } };
}

describe('events that can never be processed (hardening)', () => {
  /** A real signed-shape event of the sandbox's, for a payment made here, to re-send edited. */
  async function realPaymentEvent(tag: string): Promise<StripeEventJson> {
    const payment = await server.payments.gateway.createPayment(
      { amount: money(700, 'USD'), metadata: { test: tag } },
      { idempotencyKey: `${tag}-${Date.now()}` },
    );
    const found = await sandboxEventOf('payment_intent.created', payment.id);
    return (await fetch(`${sandbox.url}/v1/events/${found.id}`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    }).then((r) => r.json())) as StripeEventJson;
  }

  it('an event id longer than the table holds is acknowledged and kept under a digest, never a 500', async () => {
    const body = eventBody(`evt_${'x'.repeat(400)}`);
    const response = await post(body, signed(body));
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      received: true,
      event: expect.stringMatching(/^unusable:[0-9a-f]{64}$/),
    });
    expect((await server.payments.storedEvent(response.data.event))?.type).toBe('ignored');
  });

  it('a re-sent event is processed as first stored, not with the new body', async () => {
    const event = await realPaymentEvent('resend-source');
    event.id = `evt_resend_${Date.now()}`;
    event.data.object.metadata = { test: 'resend' };
    const seen: number[] = [];
    const unsubscribe = server.payments.events.on('payment.created', (payment) => {
      if (payment.metadata.test !== 'resend') return;
      seen.push(payment.amount.amount);
      if (seen.length === 1) throw new Error('briefly unavailable');
    });
    try {
      const first = JSON.stringify(event);
      expect((await post(first, signed(first))).statusCode).toBe(500);
      event.data.object.amount = 1;
      const edited = JSON.stringify(event);
      expect((await post(edited, signed(edited))).statusCode).toBe(200);
      expect(seen).toEqual([700, 700]);
    } finally {
      unsubscribe();
    }
  });

  it('a paid event naming a malformed attempt id is processed at once, not retried for days', async () => {
    const payment = await server.payments.gateway.createPayment(
      {
        amount: money(900, 'USD'),
        paymentMethodId: 'pm_card_visa',
        confirm: true,
        metadata: { payment_attempt_id: "1' or 1=1; --" },
      },
      { idempotencyKey: `malformed-attempt-${Date.now()}` },
    );
    expect(payment.status).toBe('succeeded');
    const event = await sandboxEventOf('payment_intent.succeeded', payment.id);
    const deliveries = await deliveredRecords(event.id);
    expect(deliveries[0]).toMatchObject({ attempts: 1, lastStatus: 200 });
  });

  it('a poison event is acknowledged after 8 failed deliveries and kept with why', async () => {
    const event = await realPaymentEvent('poison-source');
    event.id = `evt_poison_${Date.now()}`;
    event.data.object.metadata = { test: 'poison' };
    const unsubscribe = server.payments.events.on('payment.created', (payment) => {
      if (payment.metadata.test === 'poison') throw new Error('this event can never be processed');
    });
    try {
      const body = JSON.stringify(event);
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await post(body, signed(body))).statusCode);
      expect(statuses).toEqual([500, 500, 500, 500, 500, 500, 500, 200, 200]);
      const stored = await server.payments.storedEvent(event.id);
      expect(stored?.processedAt).toBeInstanceOf(Date);
      expect(stored?.attempts).toBe(8);
    } finally {
      unsubscribe();
    }
  });
});
