// Kill -9 in the middle of a renewal (issue: Subscriptions II): the real server, in a child
// process, converts a trial when the developer clock moves past its end and is killed with
// SIGKILL at a chosen point of the charge (a test-only crash point). A server started again on
// the same database takes the renewal over once its job's lease runs out; then the provider
// holds exactly one payment for the period and the database exactly one receipt for it.
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

// A provider of each test's own: both databases number their organizations from 1, and the
// provider's idempotency keys name them (a real provider account serves one database).
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

/** Starts a Team Plan trial on a server that dies at `point` of its conversion; restarts it in process. */
async function crashDuringConversion(point: FaultPoint, card: string) {
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
  const client = createHttpClient(child.url);
  const signup = await client.post('/api-2.0/auth/signup/', {
    name: 'Crash Owner',
    email: `renewal-crash-${point}-${Date.now()}@example.com`,
    password: 'crash-test-password',
  });
  expect(signup.status, JSON.stringify(signup.data)).toBe(201);
  expect((await client.post('/api-2.0/business/sign-up/', { organization_name: 'Crashco' })).status).toBe(
    201,
  );
  const trial = await client.post(
    '/payment/checkout-submit/',
    subscriptionSubmit('Submit', [planItem('team-monthly', 5)], card),
  );
  expect(trial.status, JSON.stringify(trial.data)).toBe(200);
  expect((trial.data as { status: string }).status, JSON.stringify(trial.data)).toBe('succeeded');

  // The trial ends: the conversion runs inside this request and the process dies in it.
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

/** The crashed organization's plan: its invoices, the provider's payments for them, its receipts. */
async function ledgerOf(server: Awaited<ReturnType<typeof startTestServer>>) {
  const [enrollment] = rowsOf<{ id: number; status: string }>(
    await server.db.execute(sql`select e.id, e.status from subscription_enrollments e
      join organizations o on o.id = e.subscriber_id and e.subscriber_type = 'organization'
      where o.name = 'Crashco'`),
  );
  const invoices = rowsOf<{ id: number; status: string }>(
    await server.db.execute(
      sql`select id, status from subscription_invoices where enrollment_id = ${enrollment!.id}`,
    ),
  );
  const ids = new Set(invoices.map((invoice) => String(invoice.id)));
  const intents = (await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  }).then((response) => response.json())) as { data: { status: string; metadata: Record<string, string> }[] };
  const [receipts] = rowsOf<{ count: number }>(
    await server.db.execute(sql`select count(*)::int as count from subscription_charges
      where status = 'succeeded' and enrollment_id = ${enrollment!.id}`),
  );
  return {
    invoices: invoices.map((invoice) => invoice.status),
    providerPayments: intents.data.filter(
      (intent) => intent.status === 'succeeded' && ids.has(intent.metadata.subscription_invoice_id ?? ''),
    ).length,
    receipts: Number(receipts!.count),
    status: enrollment!.status,
  };
}

/** Waits out the dead instance's lease, then runs what is due. */
async function takeOver(server: Awaited<ReturnType<typeof startTestServer>>) {
  await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 200));
  await server.catchUp();
}

describe('kill -9 during a trial conversion, then a restart', () => {
  it('after the attempt was recorded, before the charge: the attempt is made once after the restart', async () => {
    const server = await crashDuringConversion('renewal.before_charge', 'pm_card_visa');
    expect(await ledgerOf(server)).toMatchObject({ invoices: ['open'], providerPayments: 0, receipts: 0 });
    await takeOver(server);
    await server.catchUp();
    expect(await ledgerOf(server)).toEqual({
      invoices: ['paid'],
      providerPayments: 1,
      receipts: 1,
      status: 'ACTIVE',
    });
  });

  it('after the provider charged, before the answer was recorded: the same payment is found, never a second', async () => {
    const server = await crashDuringConversion('renewal.after_charge', 'pm_card_mastercard');
    expect(await ledgerOf(server)).toMatchObject({
      invoices: ['open'],
      providerPayments: 1,
      receipts: 0,
      status: 'TRIAL',
    });
    await takeOver(server);
    await server.catchUp();
    expect(await ledgerOf(server)).toEqual({
      invoices: ['paid'],
      providerPayments: 1,
      receipts: 1,
      status: 'ACTIVE',
    });
  });
});
