// Reconciliation (design §4): attempts left open when the provider's answer never reached us
// are finished exactly once by the job, from what the provider says. The sandbox sends no
// webhooks here, so only reconciliation can finish them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTokenSubmit, createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { paymentsConfigFor, startTestSandbox, type Sandbox } from '../../test-support/payments-sandbox.js';
import { startTestServer } from '../../test-support/test-server.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

let sandbox: Sandbox;
let server: Awaited<ReturnType<typeof startTestServer>>;
const { newBuyer } = createCheckoutKit(() => server);
const PAID = 2;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Every open attempt is due at once: the job is run by hand below.
  server = await startTestServer({ payments: paymentsConfigFor(sandbox) }, { reconcileAfterMs: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await server.stop();
});

const cardSubmit = (ids: number[]) => cardTokenSubmit(ids);

/** The next `count` provider calls hang and drop: `after` the work is done, or `before` it. */
async function loseAnswers(count: number, mode: 'before' | 'after') {
  const response = await fetch(`${sandbox.url}/v1/sandbox/faults`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ timeout_next: String(count), timeout_mode: mode, hang_ms: '20' }),
  });
  expect(response.ok).toBe(true);
}

async function attemptOf(id: string) {
  const [row] = rowsOf<{ status: string; error_code: string | null; order_id: number | null }>(
    await server.db.execute(sql`select status, error_code, order_id from payment_attempts where id = ${id}`),
  );
  return row!;
}

describe('reconciliation of open attempts', () => {
  it('a charge whose answer was lost: the attempt stays open, then the job finds the payment and fulfils it once', async () => {
    const { client, id } = await newBuyer('US');
    // The SDK tries three times with the same idempotency key; every answer is lost.
    await loseAnswers(3, 'after');
    const submitted = await client.post(CHECKOUT_PATHS.submit, cardSubmit([PAID]));
    expect(submitted.statusCode).toBe(200);
    // Outcome unknown: never "failed" (a retry could then pay twice); the success page follows it.
    expect(submitted.data.status).toBe('redirect');
    const attemptId = submitted.data.data.payment_attempt_id as string;
    expect((await attemptOf(attemptId)).status).toBe('processing');
    // The course is held: a second checkout of it cannot charge meanwhile.
    const second = await client.post(CHECKOUT_PATHS.submit, cardSubmit([PAID]));
    expect(second.statusCode).toBe(409);
    expect(second.data.code).toBe('purchase_in_progress');

    expect(await server.jobs.runNow('checkout.reconcile')).toBe(true);
    const done = await attemptOf(attemptId);
    expect(done.status).toBe('succeeded');
    expect(done.order_id).not.toBeNull();
    // Again: nothing more happens.
    await server.jobs.runNow('checkout.reconcile');
    const [counts] = rowsOf<{ orders: number; enrollments: number }>(
      await server.db.execute(sql`select
        (select count(*)::int from orders where user_id = ${id}) as orders,
        (select count(*)::int from enrollments where user_id = ${id}) as enrollments`),
    );
    expect(counts).toEqual({ orders: 1, enrollments: 1 });
    const receipt = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    expect(receipt.data.status).toBe('succeeded');
  });

  it('a charge that never reached the provider: the job ends the attempt and gives the course back to buy', async () => {
    const { client } = await newBuyer('US');
    await loseAnswers(3, 'before');
    const submitted = await client.post(CHECKOUT_PATHS.submit, cardSubmit([PAID]));
    expect(submitted.data.status).toBe('redirect');
    const attemptId = submitted.data.data.payment_attempt_id as string;

    await server.jobs.runNow('checkout.reconcile');
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'failed', error_code: 'payment_expired' });
    const receipt = await client.get(`${CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
    expect(receipt.data.failure.message).toMatch(/not completed in time/);

    const again = await client.post(CHECKOUT_PATHS.submit, cardSubmit([PAID]));
    expect(again.data.status).toBe('succeeded');
  });

  it('a repeated submit of an attempt left open is reconciled at once instead of waiting', async () => {
    const { client } = await newBuyer('US');
    await loseAnswers(3, 'after');
    const body = cardSubmit([PAID]);
    const first = await client.post(CHECKOUT_PATHS.submit, body);
    expect(first.data.status).toBe('redirect');
    // The same checkout_ref again (a retry after the lost answer): the provider's truth.
    const repeat = await client.post(CHECKOUT_PATHS.submit, body);
    expect(repeat.data.status).toBe('succeeded');
    expect(repeat.data.data.payment_attempt_id).toBe(first.data.data.payment_attempt_id);
  });
});
