// The paid upsell scenario: `POST /payment/checkout-submit/` with `UpsellSubmit` adding one
// license to an active annual Team Plan, charged (prorated) to the organization's stored card
// at the in-process sandbox before the answer. Organizations, owners and plans are created in
// the database; each owner stores a card with a first upsell before the measured ones.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { closedLoop, openLoop, percentile } from './load-loops.js';
import type { LoadSettings, Measurement } from './measure.js';
import { logIn, type Session } from './session.js';

export const UPSELL_SUBMIT_SCENARIO = 'paid upsell submit (Team Plan, stored card)';
const CONCURRENT_OWNERS = 10;
/** Each plan starts at 1 license and takes 18 measured upsells before the 20-license ceiling. */
const ORGANIZATIONS = 200;
const PASSWORD = 'lectern-demo';

interface Upsell {
  session: Session;
  reference: string;
}

async function createOrganizations(databaseUrl: string): Promise<{ email: string; reference: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const owners: { email: string; reference: string }[] = [];
    for (let i = 0; i < ORGANIZATIONS; i++) {
      const email = `bench-owner-${i}-${randomBytes(4).toString('hex')}@example.com`;
      const { rows } = await client.query<{ id: number }>(
        `with owner as (
           insert into users (encrypted_id, email, password_hash, name, surname, country, language, locale)
           select $1, $2, password_hash, 'Bench', 'Owner', 'US', language, locale from users where email = 'learner@example.com'
           returning id),
         organization as (insert into organizations (name, type) values ($3, 'Team') returning id),
         member as (insert into organization_members (user_id, organization_id, role)
           select owner.id, organization.id, 'owner' from owner, organization),
         profile as (insert into subscription_billing_profiles (subscriber_type, subscriber_id, customer_name, address_line1, country, secondary_location)
           select 'organization', organization.id, $3, '1 Bench Street', 'US', '98101' from organization)
         insert into subscription_enrollments (subscriber_type, subscriber_id, price_option_id, status, license_count, currency,
           unit_price, charge_amount, tax_amount, tax_rate, tax_mode, current_period_start, current_period_end)
         select 'organization', organization.id, 'team-annual', 'ACTIVE', 1, 'USD', 36000, 36000, 0, 0, 'tax_exclusive',
           now() - interval '30 days', now() + interval '335 days' from organization
         returning id`,
        [randomBytes(16).toString('base64url'), email, `Bench Org ${i}`],
      );
      owners.push({ email, reference: `LSC-${rows[0]!.id}` });
    }
    return owners;
  } finally {
    await client.end();
  }
}

async function upsell(baseUrl: string, { session, reference }: Upsell, card?: string): Promise<void> {
  const response = await fetch(`${baseUrl}/payment/checkout-submit/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrftoken': session.csrfToken },
    body: JSON.stringify({
      checkout_environment: 'Subscription',
      checkout_event: 'UpsellSubmit',
      checkout_ref: randomUUID(),
      shopping_info: {
        items: [
          {
            buyable: {
              id: 'team-annual',
              buyable_object_type: 'subscription_plan_price_option',
              checkout_ref: reference,
            },
            requested_seat_count: 1,
          },
        ],
      },
      ...(card
        ? {
            payment_info: {
              method_id: 2,
              payment_vendor: 'CardToken',
              payment_method: 'card',
              credentials: { payment_method_id: card },
            },
          }
        : {}),
    }),
  });
  const body = (await response.json()) as { status?: string };
  if (!response.ok || body.status !== 'succeeded') {
    throw new Error(`upsell submit answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/**
 * Paid upsells: their capacity (a closed loop of 10 owners), then their latency at half that
 * capacity in an open loop. Nothing when BENCH_ONLY names another scenario.
 */
export async function measureUpsellSubmit(
  baseUrl: string,
  databaseUrl: string,
  settings: LoadSettings,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !UPSELL_SUBMIT_SCENARIO.includes(only)) return [];
  console.log(
    `measuring ${UPSELL_SUBMIT_SCENARIO} (closed loop of ${CONCURRENT_OWNERS} owners, then an open loop at half that rate)`,
  );
  const owners = await createOrganizations(databaseUrl);
  const upsells: Upsell[] = [];
  for (const owner of owners)
    upsells.push({ session: await logIn(baseUrl, owner.email, PASSWORD), reference: owner.reference });
  // The first upsell stores the organization's card; the measured ones charge it.
  for (const first of upsells) await upsell(baseUrl, first, 'pm_card_visa');
  const queue = Array.from({ length: 18 }, () => upsells).flat();
  const run = (item: Upsell) => upsell(baseUrl, item);

  if (settings.warmup > 0) await closedLoop(queue, run, CONCURRENT_OWNERS, settings.warmup);
  const saturated = await closedLoop(queue, run, CONCURRENT_OWNERS, settings.duration);
  const closed = saturated.latencies.sort((a, b) => a - b);
  const capacity = closed.length / Math.min(settings.duration, saturated.elapsed);
  const rate = Math.max(1, Math.round(capacity / 2));
  const open = (await openLoop(queue, run, rate, settings.duration)).sort((a, b) => a - b);
  return [
    {
      scenario: `${UPSELL_SUBMIT_SCENARIO}, ${CONCURRENT_OWNERS} owners closed loop`,
      requestsPerSec: capacity,
      p50Ms: percentile(closed, 50),
      p99Ms: percentile(closed, 99),
      requests: closed.length,
    },
    {
      scenario: `${UPSELL_SUBMIT_SCENARIO}, open loop at ${rate}/s (½ capacity)`,
      requestsPerSec: open.length / settings.duration,
      p50Ms: percentile(open, 50),
      p99Ms: percentile(open, 99),
      requests: open.length,
    },
  ];
}
