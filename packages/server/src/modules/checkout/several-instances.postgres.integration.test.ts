// Several instances (hardening issue): two real server processes on one PostgreSQL database
// behind a round-robin balancer, used through the balancer as a browser would. Checkout races,
// a 3-D Secure answer landing on the other instance, cart ETags, session revocation and jobs
// must behave exactly as on one instance. Runs only where a cluster exists (vitest.config.ts).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_WEBHOOK_PATH } from '../payments/payments.routes.js';
import { MAPPED_GATEWAY_EVENTS } from '../payments/stripe-events.js';
import { cardTokenSubmit, moneyLedger, rowsOf } from '../../test-support/checkout-kit.js';
import {
  answerHostedPage,
  paymentsConfigFor,
  startTestSandbox,
  type Sandbox,
} from '../../test-support/payments-sandbox.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../test-support/round-robin-proxy.js';
import {
  createHttpClient,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process.js';
import { adminQuery, createDatabase, postgresTemplate } from '../../test-support/postgres-template.js';
import { startTestServer } from '../../test-support/test-server.js';

const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL!;
const name = `lectern_instances_${randomBytes(6).toString('hex')}`;
let sandbox: Sandbox;
let instances: ServerProcess[] = [];
let proxy: RoundRobinProxy;
/** An in-process handle on the same database, for reading what happened. */
let reader: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  // A copy of the run's migrated, seeded template: neither process migrates or seeds.
  await createDatabase(clusterUrl, name, postgresTemplate());
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  sandbox = await startTestSandbox();
  const payments = paymentsConfigFor(sandbox, 'whsec_instances');
  // The balancer's address is every instance's PUBLIC_URL, as in production.
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: url.toString(),
    PUBLIC_URL: publicUrl,
    PAYMENTS_API_URL: payments.apiUrl,
    PAYMENTS_PUBLIC_URL: payments.publicUrl,
    PAYMENTS_SECRET_KEY: payments.secretKey,
    PAYMENTS_PUBLISHABLE_KEY: payments.publishableKey,
    PAYMENTS_WEBHOOK_SECRET: payments.webhookSecret,
    RECONCILE_AFTER_SECONDS: '1',
  };
  // Both at once; one that started is still stopped afterwards if the other failed.
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  proxy = await startRoundRobinProxy(
    instances.map((instance) => instance.url),
    proxyPort,
  );
  sandbox.addWebhookEndpoint({
    url: `${publicUrl}${GATEWAY_WEBHOOK_PATH}`,
    secret: 'whsec_instances',
    events: [...MAPPED_GATEWAY_EVENTS],
  });
  reader = await startTestServer({
    database: { kind: 'postgres', url: url.toString() },
    seedDemoData: false,
    payments,
  });
});

afterAll(async () => {
  await sandbox?.close();
  for (const instance of instances) instance.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.exited));
  await proxy?.close();
  await reader?.stop();
  await adminQuery(clusterUrl, `drop database if exists ${name} with (force)`);
});

async function newBuyer() {
  const client = createHttpClient(proxy.url);
  const email = `instances-${randomBytes(4).toString('hex')}@example.com`;
  const signup = await client.post('/api-2.0/auth/signup/', {
    name: 'Two Instances',
    email,
    password: 'instances-password',
  });
  expect(signup.status, JSON.stringify(signup.data)).toBe(201);
  const [user] = rowsOf<{ id: number }>(
    await reader.db.execute(sql`select id from users where email = ${email}`),
  );
  return { client, userId: Number(user!.id) };
}

const submitBody = (courseId: number, card = 'pm_card_visa') => cardTokenSubmit([courseId], card);

/** Charges, orders and enrollments of a buyer (nothing refunded or left open in these runs). */
async function ledgerOf(userId: number) {
  const { charges, orders, enrollments } = await moneyLedger(reader.db, sandbox, userId);
  return { charges, orders, enrollments };
}

describe('two instances on one PostgreSQL behind a round-robin balancer', () => {
  it('20 concurrent submits of one course spread over both: one charge, one order, one enrollment', async () => {
    const { client, userId } = await newBuyer();
    const before = [...proxy.served];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/payment/checkout-submit/', submitBody(2))),
    );
    expect(
      answers.filter((answer) => answer.status === 200 && answer.data.status === 'succeeded'),
    ).toHaveLength(1);
    // Refused before any money moved: held by the winner (409), or already owned once it won (400).
    const refused = answers.filter(
      (answer) => answer.status === 409 || (answer.status === 400 && /already own/.test(answer.data.detail)),
    );
    expect(refused, JSON.stringify(answers.map((answer) => answer.status))).toHaveLength(19);
    expect(await ledgerOf(userId)).toEqual({ charges: 1, orders: 1, enrollments: 1 });
    // Both instances took part.
    expect(proxy.served.every((count, index) => count - before[index]! >= 5)).toBe(true);
  });

  it('a 3-D Secure answer sent to the other instance completes the purchase once', async () => {
    const { client, userId } = await newBuyer();
    const started = await client.post(
      '/payment/checkout-submit/',
      submitBody(3, 'pm_card_threeDSecure2Required'),
    );
    expect(started.data.status).toBe('action_required');
    const { payment_attempt_id: attemptId, client_secret: secret, action_data: action } = started.data.data;
    await answerHostedPage(action.url, 'complete');
    // Round robin: the submit went to one instance; these go to the other, then back.
    const results = await Promise.all([
      client.patch(`/payment/checkout-submit/${attemptId}/`, {
        checkout_environment: 'Marketplace',
        checkout_event: 'Result',
        payment_info: {
          credentials: { payment_intent_id: secret.split('_secret_')[0], action_result: 'succeeded' },
        },
      }),
      client.get(`/payment/checkout-submit/${attemptId}/`),
    ]);
    expect(results[0].data.status).toBe('succeeded');
    expect(await ledgerOf(userId)).toEqual({ charges: 1, orders: 1, enrollments: 1 });
  });

  it('cart ETags hold across instances: a stale If-Match is 412 whichever instance answers', async () => {
    const client = createHttpClient(proxy.url);
    const first = await client.request('POST', '/api-2.0/shopping-carts/me/cart/', {
      buyables: [{ id: 2, buyable_object_type: 'course' }],
    });
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    const second = await client.request(
      'POST',
      '/api-2.0/shopping-carts/me/wishlist/',
      {
        buyables: [{ id: 3, buyable_object_type: 'course' }],
      },
      { 'if-match': etag },
    );
    expect(second.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const stale = await client.request(
        'POST',
        '/api-2.0/shopping-carts/me/wishlist/',
        {
          buyables: [{ id: 4, buyable_object_type: 'course' }],
        },
        { 'if-match': etag },
      );
      expect(stale.status).toBe(412);
      expect(stale.headers.get('etag')).toBe(second.headers.get('etag'));
    }
  });

  it('a session ended through one instance is refused by the other at once', async () => {
    const { client } = await newBuyer();
    const me = async () => (await client.get('/api-2.0/contexts/me/?me=True')).data.me.is_authenticated;
    // Round robin: two calls, two instances (each now keeps the session in its cache).
    expect([await me(), await me()]).toEqual([true, true]);
    const session = client.jar.get('sessionid')!;
    expect((await client.post('/api-2.0/auth/logout/', {})).status).toBeLessThan(300);
    // A stolen copy of the cookie is refused by both instances at once.
    client.jar.set('sessionid', session);
    // The other instance hears of it through NOTIFY within milliseconds.
    await expect
      .poll(async () => [await me(), await me()], { timeout: 10_000, interval: 50 })
      .toEqual([false, false]);
  });

  it("a learner's My courses facts, kept by both, follow a change made through either (decision 0034)", async () => {
    const { client } = await newBuyer();
    const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await client.post('/api/2022-03/graphql/', { query, variables });
      expect(response.data.errors, JSON.stringify(response.data)).toBeUndefined();
      return response.data.data;
    };
    const page = async () => {
      const data = await graphql(
        '{ learningReminders(page: 0, size: 10) { items { title } } myLearningCommunities { id title } }',
      );
      return {
        reminders: data.learningReminders.items.map((item: { title: string }) => item.title),
        communities: data.myLearningCommunities.map((community: { title: string }) => community.title),
      };
    };
    // Round robin: two calls, two instances, each now keeping the learner's (empty) facts.
    const empty = { reminders: [], communities: [] };
    expect([await page(), await page()]).toEqual([empty, empty]);

    await graphql(
      `
        mutation ($input: LearningReminderInput!) {
          learningReminderCreate(learningReminder: $input) {
            id
          }
        }
      `,
      {
        input: {
          title: 'Two instances',
          learningProduct: null,
          startDate: '2026-09-07T18:30:00Z',
          durationInMinutes: 30,
          calendarType: 'GOOGLE',
          recurrencePattern: null,
          reminderMethod: 'EMAIL',
          reminderMinutesBefore: 10,
        },
      },
    );
    const created = await graphql(
      `
        mutation ($input: LearningCommunityInput!) {
          learningCommunityCreate(learningCommunity: $input) {
            id
          }
        }
      `,
      { input: { title: 'Both sides', creationReason: { type: 'OTHER', text: 'Balanced.' }, topicIds: [] } },
    );
    const both = { reminders: ['Two instances'], communities: ['Both sides'] };
    await expect
      .poll(async () => [await page(), await page()], { timeout: 10_000, interval: 50 })
      .toEqual([both, both]);

    await graphql('mutation($id: ID!) { learningCommunityDelete(id: $id) }', {
      id: created.learningCommunityCreate.id,
    });
    const withoutCommunity = { reminders: ['Two instances'], communities: [] };
    await expect
      .poll(async () => [await page(), await page()], { timeout: 10_000, interval: 50 })
      .toEqual([withoutCommunity, withoutCommunity]);
  });

  it("an attempt left open by a lost answer is finished once, whichever instance's job or webhook gets there", async () => {
    const { client, userId } = await newBuyer();
    const faults = await fetch(`${sandbox.url}/v1/sandbox/faults`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sandbox.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ timeout_next: '3', timeout_mode: 'after', hang_ms: '20' }),
    });
    expect(faults.ok).toBe(true);
    const submitted = await client.post('/payment/checkout-submit/', submitBody(4));
    expect(submitted.data.status).toBe('redirect');
    // The sandbox's own webhook may settle it first; otherwise the job must.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await reader.db.execute(
      sql`update scheduled_jobs set next_run_at = now() where name = 'checkout.reconcile'`,
    );
    await expect
      .poll(async () => (await ledgerOf(userId)).orders, { timeout: 30_000, interval: 250 })
      .toBe(1);
    expect(await ledgerOf(userId)).toEqual({ charges: 1, orders: 1, enrollments: 1 });
    const [job] = rowsOf<{ locked_by: string | null; last_error: string | null }>(
      await reader.db.execute(
        sql`select locked_by, last_error from scheduled_jobs where name = 'checkout.reconcile'`,
      ),
    );
    expect(job).toEqual({ locked_by: null, last_error: null });
  });
});
