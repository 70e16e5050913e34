import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/database.js';
import { organizations } from '../modules/organizations/organizations.tables.js';
import type { PaymentGateway } from '../modules/payments/payment-gateway.js';
import { subscriptionBillingProfiles } from '../modules/subscriptions/subscriptions.tables.js';

/** The demo organization whose running Team Plan renews on a stored card. */
const DEMO_CARD_ORGANIZATION = 'Acme Learning';

/**
 * Stores a Visa test card (4242) at the payment provider for the demo's running Team Plan, so it
 * renews like a real shop's instead of promising a charge to a card that is not there. Run once,
 * right after the first seed, with the provider reachable (`npm start` starts its sandbox
 * first); the expired, past-due and trial plans keep their own state. A provider that does not
 * answer leaves the plan without a card (logged): the demo still starts.
 */
export async function storeDemoCards({
  db,
  gateway,
  log,
}: {
  db: Database;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, DEMO_CARD_ORGANIZATION));
  if (!organization) return false;
  const subscriber = and(
    eq(subscriptionBillingProfiles.subscriberType, 'organization'),
    eq(subscriptionBillingProfiles.subscriberId, organization.id),
  );
  try {
    const key = `demo-card:organization:${organization.id}`;
    const customer = await gateway.createCustomer(
      { email: 'owner@example.com', metadata: { lectern_organization_id: String(organization.id) } },
      { idempotencyKey: `${key}:customer` },
    );
    const method = await gateway.attachPaymentMethod('pm_card_visa', customer.id, {
      idempotencyKey: `${key}:attach`,
    });
    const card = method.card!;
    await db
      .update(subscriptionBillingProfiles)
      .set({
        gatewayCustomerId: customer.id,
        paymentMethodId: method.id,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        cardUpdatedAt: sql`now()`,
      })
      .where(and(subscriber, isNull(subscriptionBillingProfiles.paymentMethodId)));
    return true;
  } catch (error) {
    log.warn({ err: error }, 'the demo Team Plan got no stored card: the payment provider did not answer');
    return false;
  }
}
