// Two server instances on one PostgreSQL database send the same outbox at once (issue 33): every
// delivery is claimed and posted once, each endpoint gets its events one at a time and in order,
// whichever instance sends them. Runs only where a cluster exists (vitest.config.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../test-support/checkout-kit.js';
import { createOwnDatabase } from '../../test-support/own-database.js';
import { startTestServer } from '../../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-test-receiver.js';
import { WEBHOOKS_DELIVER_JOB } from './webhooks.module.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let first: Server;
let second: Server;
const cleanups: (() => Promise<void>)[] = [];
const EVENTS = 40;

beforeAll(async () => {
  const database = await createOwnDatabase('webhook_instances');
  cleanups.push(database.cleanup);
  first = await startTestServer({ database: database.config });
  cleanups.push(() => first.stop());
  second = await startTestServer({ database: database.config });
  cleanups.push(() => second.stop());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

it('sends each delivery once, one at a time per endpoint and in order, from two instances', async () => {
  // Answers that take a moment, so the instances' runs overlap.
  const pause = () =>
    new Promise<{ status: number }>((resolve) => setTimeout(() => resolve({ status: 200 }), 15));
  const receivers: WebhookReceiver[] = [];
  for (let index = 0; index < 3; index += 1) {
    const receiver = await startWebhookReceiver(pause);
    cleanups.push(() => receiver.close());
    receivers.push(receiver);
    await first.db.execute(sql`insert into webhook_endpoints (url, events, secret)
      values (${receiver.url}, ${'{customer.created}'}, ${`whsec_instances_${index}`})`);
  }
  const stamp = Date.now();
  for (let index = 0; index < EVENTS; index += 1) {
    await first.db.execute(sql`insert into users (encrypted_id, email, password_hash, name)
      values (${`wi${stamp}${index}`}, ${`instances-${stamp}-${index}@example.com`}, 'x', 'Instance')`);
  }
  const ids = rowsOf<{ id: number }>(
    await first.db.execute(sql`select id from users where email like ${`instances-${stamp}-%`} order by id`),
  ).map((row) => Number(row.id));

  await expect
    .poll(
      async () => {
        await Promise.all([
          first.jobs.runNow(WEBHOOKS_DELIVER_JOB),
          second.jobs.runNow(WEBHOOKS_DELIVER_JOB),
        ]);
        return Math.min(...receivers.map((receiver) => receiver.received.length));
      },
      { timeout: 60_000, interval: 20 },
    )
    .toBeGreaterThanOrEqual(EVENTS);
  await Promise.all([first.jobs.runNow(WEBHOOKS_DELIVER_JOB), second.jobs.runNow(WEBHOOKS_DELIVER_JOB)]);

  for (const receiver of receivers) {
    expect(receiver.received.map((request) => request.event.data.object.id)).toEqual(ids);
    expect(receiver.mostAtOnce()).toBe(1);
  }
  const [attempts] = rowsOf<{ deliveries: number; attempts: number }>(
    await first.db.execute(sql`select count(distinct d.id)::int as deliveries, count(a.id)::int as attempts
      from webhook_deliveries d join webhook_delivery_attempts a on a.delivery_id = d.id
      where d.status = 'succeeded'`),
  );
  expect(attempts).toEqual({ deliveries: EVENTS * 3, attempts: EVENTS * 3 });
});
