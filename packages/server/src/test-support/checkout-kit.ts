import { sql } from 'drizzle-orm';
import type { LecternServer } from '../app.js';
import type { Database } from '../platform/db/database.js';
import { rowsOf } from '../platform/db/query-result.js';
import { createTestClient, type TestClient } from './test-client.js';

// What the checkout's integration tests share: buyers, request bodies and a few reads.

/** Seeded catalog: courses 2 and 3 are paid, 5 is free; new users own none of them. */
export const PAID_A = 2;
export const PAID_B = 3;
export const FREE_COURSE = 5;

export { rowsOf } from '../platform/db/query-result.js';
export const course = (id: number) => ({ buyable: { id, buyable_object_type: 'course' as const } });
/** The provider's payment id inside a client secret. */
export const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

let refCounter = 0;
/** A browser-drawn checkout_ref, new per purchase attempt. */
export const newRef = () => `ref-${Date.now()}-${++refCounter}`;

export interface BillingInput {
  country_code: string;
  secondary_location_info?: string | null;
}

export function infoBody(ids: number[], billing?: BillingInput) {
  return {
    requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
    shopping_info: { items: ids.map(course) },
    checkout_environment: 'Marketplace',
    checkout_event: 'Info',
    ...(billing ? { billing_address: billing } : {}),
  };
}

/** A submit of any method: its identity, credentials and the billing address. */
export function methodSubmit(
  ids: number[],
  method: { method_id: number; vendor: string; type: string },
  credentials: Record<string, unknown>,
  billing: BillingInput,
  extra: Record<string, unknown> = {},
) {
  return {
    checkout_environment: 'Marketplace',
    checkout_event: 'Submit',
    checkout_ref: newRef(),
    shopping_info: { items: ids.map(course) },
    billing_address: billing,
    payment_info: {
      method_id: method.method_id,
      payment_vendor: method.vendor,
      payment_method: method.type,
      credentials,
      ...extra,
    },
  };
}

/**
 * A card submit as the US checkout page sends it: a sandbox test card's payment method
 * (`pm_card_visa`, `pm_card_threeDSecure2Required`…), a Seattle ZIP, a fresh checkout_ref.
 */
export function cardTokenSubmit(ids: number[], card = 'pm_card_visa', extra: Record<string, unknown> = {}) {
  return {
    checkout_environment: 'Marketplace',
    checkout_event: 'Submit',
    checkout_ref: newRef(),
    shopping_info: { items: ids.map(course) },
    billing_address: { country_code: 'US', secondary_location_info: '98101' },
    payment_info: {
      method_id: 2,
      payment_vendor: 'CardToken',
      payment_method: 'card',
      credentials: { payment_method_id: card },
    },
    ...extra,
  };
}

/**
 * A buyer's money, counted on both sides: what the provider charged (and refunded) for their
 * attempts, and the orders, enrollments and still-open attempts we recorded. The checkout's
 * invariant is charges − refunds = orders, with nothing left open.
 */
export async function moneyLedger(
  db: Database,
  provider: { url: string; secretKey: string },
  userId: number,
): Promise<{ charges: number; refunds: number; orders: number; enrollments: number; open: number }> {
  const get = async <T>(path: string): Promise<T> =>
    (await fetch(`${provider.url}${path}`, {
      headers: { authorization: `Bearer ${provider.secretKey}` },
    }).then((response) => response.json())) as T;
  const attempts = new Set(
    rowsOf<{ id: string }>(
      await db.execute(sql`select id from payment_attempts where user_id = ${userId}`),
    ).map((row) => row.id),
  );
  const intents = await get<{ data: { id: string; status: string; metadata: Record<string, string> }[] }>(
    '/v1/payment_intents?limit=100',
  );
  const charged = intents.data.filter(
    (intent) => intent.status === 'succeeded' && attempts.has(intent.metadata.payment_attempt_id ?? ''),
  );
  const refunds = await get<{ data: { payment_intent: string; status: string }[] }>('/v1/refunds?limit=100');
  const refunded = charged.filter((intent) =>
    refunds.data.some((refund) => refund.payment_intent === intent.id && refund.status === 'succeeded'),
  );
  const [counts] = rowsOf<{ orders: number; enrollments: number; open: number }>(
    await db.execute(sql`select
      (select count(*)::int from orders where user_id = ${userId}) as orders,
      (select count(*)::int from enrollments where user_id = ${userId}) as enrollments,
      (select count(*)::int from payment_attempts where user_id = ${userId}
        and status in ('created', 'processing', 'requires_action')) as open`),
  );
  return {
    charges: charged.length,
    refunds: refunded.length,
    orders: Number(counts!.orders),
    enrollments: Number(counts!.enrollments),
    open: Number(counts!.open),
  };
}

/** The body of `PATCH /payment/checkout-submit/{id}/` after an action or a provider page. */
export const resultBody = (paymentIntentId: string, actionResult = 'succeeded') => ({
  checkout_environment: 'Marketplace',
  checkout_event: 'Result',
  payment_info: { credentials: { payment_intent_id: paymentIntentId, action_result: actionResult } },
});

export function createCheckoutKit(server: () => LecternServer) {
  let userCounter = 0;
  return {
    /** A fresh signed-up buyer in `country` (their price country decides the currency). */
    async newBuyer(country = 'US'): Promise<{ client: TestClient; id: number }> {
      userCounter += 1;
      const client = createTestClient(server().app, {
        ip: `10.9.${Math.floor(userCounter / 200)}.${userCounter % 200}`,
      });
      client.jar.set('price_country', country);
      const email = `buyer-${userCounter}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await client.post('/api-2.0/auth/signup/', {
        name: `Buyer ${userCounter}`,
        email,
        password: 'checkout-buyer-password',
      });
      if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
      const [row] = rowsOf<{ id: number }>(
        await server().db.execute(sql`select id from users where email = ${email}`),
      );
      return { client, id: Number(row!.id) };
    },

    async ownedCourseIds(client: TestClient): Promise<number[]> {
      const response = await client.get('/api-2.0/users/me/subscribed-courses/');
      if (response.statusCode !== 200) throw new Error(`my courses answered ${response.statusCode}`);
      return response.data.results.map((result: { id: number }) => result.id);
    },

    async orderCount(userId: number): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await server().db.execute(sql`select count(*)::int as n from orders where user_id = ${userId}`),
      );
      return Number(row!.n);
    },
  };
}
