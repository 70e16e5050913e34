// Kill -9 in the middle of a renewal (issue: Subscriptions II): the real server, in a child
// process, converts trials when the developer clock moves past their end and is killed with
// SIGKILL at a chosen point of the charge (a test-only crash point): before it, after one, or
// after a whole batch was charged and before any of it was recorded (issue 37). A server started
// again on the same database takes the renewals over once their jobs' leases run out, repeating
// each interrupted attempt under its idempotency key, so the provider answers with the payment
// it already made; then the provider holds exactly one payment for each period and the database
// exactly one receipt for it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import type { FaultPoint } from '../../platform/faults/fault-points.js';
import { rowsOf } from '../../test-support/checkout-kit.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { createOwnDatabase } from '../../test-support/own-database.js';
import {
  paymentsConfigFor,
  paymentsEnvFor,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { createHttpClient, startServerProcess } from '../../test-support/server-process.js';
import { startTestServer } from '../../test-support/test-server.js';

// A provider of each test's own: every test's database is a copy of one template, so they
// number their invoices alike, and the provider's idempotency keys name them (a real provider
// account serves one database).
let sandbox: Sandbox;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  sandbox = await startTestSandbox();
  const own = sandbox;
  cleanups.push(() => own.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const LEASE_SECONDS = 1;
type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Starts a Team Plan trial for each card (one organization each, named Crashco …: a card starts
 * one free trial) on a server that dies at `point` of their conversion; restarts it in process
 * on the same database.
 */
async function crashDuringConversion(point: FaultPoint, cards: readonly string[]) {
  const database = await createOwnDatabase('renewal-crash');
  cleanups.push(database.cleanup);
  const payments = paymentsConfigFor(sandbox);
  const child = await startServerProcess({
    ...database.env,
    ...paymentsEnvFor(payments),
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    LECTERN_CRASH_AT: point,
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  let client = createHttpClient(child.url);
  for (const [index, card] of cards.entries()) {
    client = createHttpClient(child.url);
    const signup = await client.post('/api-2.0/auth/signup/', {
      name: 'Crash Owner',
      email: `renewal-crash-${point}-${index + 1}-${Date.now()}@example.com`,
      password: 'crash-test-password',
    });
    expect(signup.status, JSON.stringify(signup.data)).toBe(201);
    const organization = await client.post('/api-2.0/business/sign-up/', {
      organization_name: `Crashco ${index + 1}`,
    });
    expect(organization.status, JSON.stringify(organization.data)).toBe(201);
    const trial = await client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('team-monthly', 5)], card),
    );
    expect(trial.status, JSON.stringify(trial.data)).toBe(200);
    expect((trial.data as { status: string }).status, JSON.stringify(trial.data)).toBe('succeeded');
  }

  // The trials end: the conversions run inside this request and the process dies in them.
  const moved = client.post(DEV_CLOCK_PATH, { advance_days: 15 }).then(
    () => 'answered',
    () => 'connection lost',
  );
  const [ended, answer] = await Promise.all([child.exited, moved]);
  expect(ended.signal, child.output()).toBe('SIGKILL');
  expect(answer).toBe('connection lost');

  const server = await startTestServer({
    database: database.config,
    payments,
    jobLeaseMs: LEASE_SECONDS * 1000,
  });
  cleanups.push(() => server.stop());
  return server;
}

/** The crashed organizations' plans: their invoices, the provider's payments for them, their receipts. */
async function ledgerOf(server: Server) {
  const ofCrashco = sql`join subscription_enrollments e on e.id = x.enrollment_id
    join organizations o on o.id = e.subscriber_id and e.subscriber_type = 'organization'
    where o.name like 'Crashco %'`;
  const statuses = rowsOf<{ status: string }>(
    await server.db.execute(sql`select e.status from subscription_enrollments e
      join organizations o on o.id = e.subscriber_id and e.subscriber_type = 'organization'
      where o.name like 'Crashco %' order by e.id`),
  );
  const invoices = rowsOf<{ id: number; status: string }>(
    await server.db.execute(
      sql`select x.id, x.status from subscription_invoices x ${ofCrashco} order by x.id`,
    ),
  );
  const [receipts] = rowsOf<{ count: number }>(
    await server.db.execute(sql`select count(*)::int as count from subscription_charges x ${ofCrashco}
      and x.status = 'succeeded'`),
  );
  const ids = new Set(invoices.map((invoice) => String(invoice.id)));
  const intents = (await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  }).then((response) => response.json())) as { data: { status: string; metadata: Record<string, string> }[] };
  const paid = intents.data.filter(
    (intent) => intent.status === 'succeeded' && ids.has(intent.metadata.subscription_invoice_id ?? ''),
  );
  return {
    invoices: invoices.map((invoice) => invoice.status),
    /** Invoices the provider holds a payment for, and how many payments: equal when none was charged twice. */
    charged: new Set(paid.map((intent) => intent.metadata.subscription_invoice_id)).size,
    providerPayments: paid.length,
    receipts: Number(receipts!.count),
    statuses: statuses.map((row) => row.status),
  };
}

/**
 * Waits until the dead process's claims have run out (their leases, by the database's clock),
 * then runs what is due: the renewals it claimed are taken over.
 */
async function takeOver(server: Server) {
  await expect
    .poll(
      async () => {
        const [held] = rowsOf<{ n: number }>(
          await server.db.execute(
            sql`select count(*)::int as n from jobs where status = 'running' and locked_until >= now()`,
          ),
        );
        return Number(held!.n);
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(0);
  await server.catchUp();
}

describe('kill -9 during a trial conversion, then a restart', () => {
  it('after the attempt was recorded, before the charge: the attempt is made once after the restart', async () => {
    const server = await crashDuringConversion('renewal.before_charge', ['pm_card_visa']);
    expect(await ledgerOf(server)).toMatchObject({ invoices: ['open'], providerPayments: 0, receipts: 0 });
    await takeOver(server);
    await server.catchUp();
    expect(await ledgerOf(server)).toEqual({
      invoices: ['paid'],
      charged: 1,
      providerPayments: 1,
      receipts: 1,
      statuses: ['ACTIVE'],
    });
  });

  it('after the provider charged, before the answer was recorded: the same payment is found, never a second', async () => {
    const server = await crashDuringConversion('renewal.after_charge', ['pm_card_mastercard']);
    expect(await ledgerOf(server)).toMatchObject({
      invoices: ['open'],
      providerPayments: 1,
      receipts: 0,
      statuses: ['TRIAL'],
    });
    await takeOver(server);
    await server.catchUp();
    expect(await ledgerOf(server)).toEqual({
      invoices: ['paid'],
      charged: 1,
      providerPayments: 1,
      receipts: 1,
      statuses: ['ACTIVE'],
    });
  });

  it('a batch charged, none of it recorded: each invoice is recorded paid once, with the payment already made', async () => {
    const cards = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_discover'];
    const server = await crashDuringConversion('renewal.before_record', cards);
    // The first claim takes half of what is due (these four and a seeded plan that ends first):
    // the batch holds two or more of these plans, each charged once, none recorded.
    const crashed = await ledgerOf(server);
    expect(crashed.invoices.length).toBeGreaterThanOrEqual(2);
    expect(crashed).toEqual({
      invoices: crashed.invoices.map(() => 'open'),
      charged: crashed.invoices.length,
      providerPayments: crashed.invoices.length,
      receipts: 0,
      statuses: cards.map(() => 'TRIAL'),
    });
    await takeOver(server);
    await server.catchUp();
    expect(await ledgerOf(server)).toEqual({
      invoices: cards.map(() => 'paid'),
      charged: cards.length,
      providerPayments: cards.length,
      receipts: cards.length,
      statuses: cards.map(() => 'ACTIVE'),
    });
  });
});
