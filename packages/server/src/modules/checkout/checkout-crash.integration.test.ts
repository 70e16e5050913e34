// Crash tests (hardening issue): the real server, in a child process, is killed with SIGKILL at
// chosen points of a card checkout (a test-only crash point, platform/faults); a server started
// again on the same database reconciles, and then every charge has its order and no attempt is
// left open. The sandbox runs in this process, so it outlives the crashed server as a real
// provider would.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultPoint } from '../../platform/faults/fault-points.js';
import { cardTokenSubmit, rowsOf } from '../../test-support/checkout-kit.js';
import { createOwnDatabase } from '../../test-support/own-database.js';
import {
  paymentsConfigFor,
  paymentsEnvFor,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { createHttpClient, startServerProcess } from '../../test-support/server-process.js';
import { startTestServer } from '../../test-support/test-server.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

let sandbox: Sandbox;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await sandbox.close();
});

/** A database of the test's own, dropped after the tests. */
async function newDatabase() {
  const database = await createOwnDatabase('crash');
  cleanups.push(database.cleanup);
  return database;
}

/** Buys a course with a good card on a server that dies at `point`; what the buyer had sent. */
async function crashAt(point: FaultPoint) {
  const database = await newDatabase();
  const payments = paymentsConfigFor(sandbox);
  const child = await startServerProcess({
    ...database.env,
    ...paymentsEnvFor(payments),
    LECTERN_CRASH_AT: point,
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  const client = createHttpClient(child.url);
  const email = `crash-${point}-${Date.now()}@example.com`;
  const signup = await client.post('/api-2.0/auth/signup/', {
    name: 'Crash Buyer',
    email,
    password: 'crash-test-password',
  });
  expect(signup.status, JSON.stringify(signup.data)).toBe(201);
  const submit = client.post(CHECKOUT_PATHS.submit, cardTokenSubmit([2])).then(
    () => 'answered',
    () => 'connection lost',
  );
  const [ended, answer] = await Promise.all([child.exited, submit]);
  expect(ended.signal, child.output()).toBe('SIGKILL');
  expect(answer).toBe('connection lost');

  // Started again on the same database; every open attempt is due for reconciliation.
  const server = await startTestServer({ database: database.config, payments }, { reconcileAfterMs: 0 });
  cleanups.push(() => server.stop());
  // The killed process ran its recurring jobs from its start; one still running when it died
  // (a slow start on a busy machine) keeps its lease for minutes. A real deployment waits
  // that out; the test lets the dead process's leases go, so reconciliation runs when asked.
  await server.db.execute(sql`update scheduled_jobs set locked_by = null, locked_until = null`);
  const [user] = rowsOf<{ id: number }>(
    await server.db.execute(sql`select id from users where email = ${email}`),
  );
  return { server, userId: Number(user!.id) };
}

async function accountOf(server: Awaited<ReturnType<typeof startTestServer>>, userId: number) {
  const attempts = rowsOf<{ id: string; status: string; error_code: string | null }>(
    await server.db.execute(
      sql`select id, status, error_code from payment_attempts where user_id = ${userId}`,
    ),
  );
  const ids = new Set(attempts.map((attempt) => attempt.id));
  const intents = (await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${sandbox.secretKey}` },
  }).then((response) => response.json())) as { data: { status: string; metadata: Record<string, string> }[] };
  const [counts] = rowsOf<{ orders: number; enrollments: number; holds: number }>(
    await server.db.execute(sql`select
      (select count(*)::int from orders where user_id = ${userId}) as orders,
      (select count(*)::int from enrollments where user_id = ${userId}) as enrollments,
      (select count(*)::int from payment_attempt_holds where user_id = ${userId} and released_at is null) as holds`),
  );
  return {
    attempts: attempts.map((attempt) => attempt.status),
    charges: intents.data.filter(
      (intent) => intent.status === 'succeeded' && ids.has(intent.metadata.payment_attempt_id ?? ''),
    ).length,
    orders: Number(counts!.orders),
    enrollments: Number(counts!.enrollments),
    liveHolds: Number(counts!.holds),
  };
}

describe('kill -9 during a checkout, then restart and reconciliation', () => {
  it('after the reservations, before the charge: the attempt ends unpaid and its holds are released', async () => {
    const { server, userId } = await crashAt('checkout.after_reserve');
    expect((await accountOf(server, userId)).attempts).toEqual(['processing']);
    expect(await server.jobs.runNow('checkout.reconcile')).toBe(true);
    expect(await accountOf(server, userId)).toEqual({
      attempts: ['failed'],
      charges: 0,
      orders: 0,
      enrollments: 0,
      liveHolds: 0,
    });
  });

  it('after the charge, before its answer was recorded: the payment is found and fulfilled once', async () => {
    const { server, userId } = await crashAt('checkout.after_charge');
    expect(await server.jobs.runNow('checkout.reconcile')).toBe(true);
    expect(await server.jobs.runNow('checkout.reconcile')).toBe(true);
    expect(await accountOf(server, userId)).toEqual({
      attempts: ['succeeded'],
      charges: 1,
      orders: 1,
      enrollments: 1,
      liveHolds: 1,
    });
  });

  it('inside the fulfilment transaction: nothing of the order was kept, and it is fulfilled once', async () => {
    const { server, userId } = await crashAt('checkout.before_fulfil_commit');
    const before = await accountOf(server, userId);
    expect(before).toMatchObject({ attempts: ['processing'], charges: 1, orders: 0, enrollments: 0 });
    expect(await server.jobs.runNow('checkout.reconcile')).toBe(true);
    expect(await accountOf(server, userId)).toEqual({
      attempts: ['succeeded'],
      charges: 1,
      orders: 1,
      enrollments: 1,
      liveHolds: 1,
    });
  });
});
