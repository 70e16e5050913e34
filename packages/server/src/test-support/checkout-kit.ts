import { sql } from 'drizzle-orm';
import type { LecternServer } from '../app.js';
import { createTestClient, type TestClient } from './test-client.js';

// What the checkout's integration tests share: buyers, request bodies and a few reads.

/** Seeded catalog: courses 2 and 3 are paid, 5 is free; new users own none of them. */
export const PAID_A = 2;
export const PAID_B = 3;
export const FREE_COURSE = 5;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
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
