// Two server instances on one PostgreSQL database run the same due renewals at once (issue:
// Subscriptions II): every period is charged exactly once, whichever instance claims it, and
// both instances take part (a claim takes at most half of what is due, issue 37). Runs only
// where a cluster exists (vitest.config.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { createOwnDatabase } from '../../test-support/own-database.js';
import { paymentsConfigFor, startTestSandbox, type Sandbox } from '../../test-support/payments-sandbox.js';
import { startTestServer } from '../../test-support/test-server.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let sandbox: Sandbox;
let first: Server;
let second: Server;
const cleanups: (() => Promise<void>)[] = [];
const { newBuyer } = createCheckoutKit(() => first);
const PLANS = 12;
const METRICS_TOKEN = 'renewal-instances-metrics';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  cleanups.push(() => sandbox.close());
  const database = await createOwnDatabase('renewal_instances');
  cleanups.push(database.cleanup);
  const payments = paymentsConfigFor(sandbox);
  // The first migrates and seeds; the second starts on the ready database.
  const metrics = { port: null, token: METRICS_TOKEN };
  first = await startTestServer({ database: database.config, payments, metrics });
  cleanups.push(() => first.stop());
  second = await startTestServer({ database: database.config, payments, metrics });
  cleanups.push(() => second.stop());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A monthly Team Plan paid now (no trial), so its renewal is due in a month. */
async function paidPlan(index: number) {
  const owner = await newBuyer();
  expect(
    (await owner.client.post('/api-2.0/business/sign-up/', { organization_name: `Org ${index}` })).statusCode,
  ).toBe(201);
  const plans = rowsOf<{ id: number }>(
    await first.db.execute(sql`select id from subscription_plans where product_type = 'TEAM'`),
  );
  await owner.client.post('/payment/skip-free-trial/', {
    subscription_plan_id: Number(plans[0]!.id),
    enabled: true,
  });
  const paid = await owner.client.post(
    '/payment/checkout-submit/',
    subscriptionSubmit('Submit', [planItem('team-monthly', 5)], 'pm_card_visa'),
  );
  expect(paid.data, paid.body).toMatchObject({ status: 'succeeded' });
}

/** The renewals (period ends) this instance ran, from its own /metrics. */
async function periodEndsRunBy(server: Server): Promise<number> {
  const metrics = await server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = metrics.body
    .split('\n')
    .find((text) =>
      /^lectern_job_runs_total\{(?=[^}]*kind="subscriptions\.period_end")(?=[^}]*outcome="succeeded")/.test(
        text,
      ),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('two instances renewing the same due plans', () => {
  it('charges every period once, records one receipt per renewal, and both instances renew', async () => {
    for (let index = 0; index < PLANS; index += 1) await paidPlan(index);
    // What the purchases queued (their documents) runs first, so only the renewals are raced for.
    await first.catchUp();
    const [before] = rowsOf<{ n: number }>(
      await first.db.execute(
        // (The demo's past-due plan has a declined attempt on record: only paid renewals count.)
        sql`select count(*)::int as n from subscription_charges
            where invoice_id is not null and status = 'succeeded'`,
      ),
    );
    await first.clock.advance(32 * 86_400_000);
    // Both instances sweep and drain at the same moment.
    const [ranFirst, ranSecond] = await Promise.all([first.catchUp(), second.catchUp()]);
    expect(ranFirst + ranSecond).toBeGreaterThanOrEqual(PLANS);
    // Each instance ran some of the period ends (these plans' and the seed's), together each one once.
    const [renewedByFirst, renewedBySecond] = [await periodEndsRunBy(first), await periodEndsRunBy(second)];
    expect(renewedByFirst, 'period ends run by the first instance').toBeGreaterThan(0);
    expect(renewedBySecond, 'period ends run by the second instance').toBeGreaterThan(0);
    const [periodEnds] = rowsOf<{ n: number }>(
      await first.db.execute(sql`select count(*)::int as n from jobs
        where kind = 'subscriptions.period_end' and status = 'succeeded'`),
    );
    expect(Number(periodEnds!.n)).toBeGreaterThanOrEqual(PLANS);
    expect(renewedByFirst + renewedBySecond).toBe(Number(periodEnds!.n));

    const renewed = rowsOf<{ invoice_id: number; n: number }>(
      await first.db.execute(sql`select invoice_id, count(*)::int as n from subscription_charges
        where kind = 'renewal' and status = 'succeeded' and invoice_id is not null group by invoice_id`),
    );
    expect(renewed.length).toBeGreaterThanOrEqual(PLANS);
    expect(renewed.every((row) => Number(row.n) === 1)).toBe(true);
    const invoiceIds = new Set(renewed.map((row) => String(row.invoice_id)));
    const intents = (await fetch(`${sandbox.url}/v1/payment_intents?limit=100`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    }).then((response) => response.json())) as {
      data: { status: string; metadata: Record<string, string> }[];
    };
    const paidPerInvoice = new Map<string, number>();
    for (const intent of intents.data) {
      const invoice = intent.metadata.subscription_invoice_id;
      if (intent.status === 'succeeded' && invoice && invoiceIds.has(invoice))
        paidPerInvoice.set(invoice, (paidPerInvoice.get(invoice) ?? 0) + 1);
    }
    expect(paidPerInvoice.size).toBe(invoiceIds.size);
    expect([...paidPerInvoice.values()].every((count) => count === 1)).toBe(true);
    expect(Number(before!.n)).toBe(0);
  });
});
