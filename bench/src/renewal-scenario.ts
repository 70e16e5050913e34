// The renewal run (issue: Subscriptions II): 10,000 monthly Team Plans whose period ends at
// the same moment, renewed when the developer clock steps past it. The step runs every due job
// before it answers, so its duration is the run's; each renewal's own time is from its invoice
// (the period-end job) to its receipt, both written by the server. Every plan charges the same
// stored sandbox card: the provider is in-process, and a customer per plan would only add set-up
// time. Afterwards the provider's succeeded payments per invoice must all be exactly one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Measurement } from './measure.js';
import { logIn } from './session.js';

export const RENEWAL_RUN_SCENARIO = 'renewal run (off-session charges at one clock step)';
const PLANS = Number(process.env.BENCH_RENEWALS ?? 10_000);
const SANDBOX_SECRET_KEY = process.env.PAYMENTS_SECRET_KEY ?? 'sk_test_lectern_sandbox';

async function sandboxPost(sandboxUrl: string, path: string, body: Record<string, string>) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SANDBOX_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** A customer with a card set up for off-session charges, shared by every plan. */
async function storedCard(sandboxUrl: string): Promise<{ customer: string; card: string }> {
  const customer = await sandboxPost(sandboxUrl, '/v1/customers', { name: 'Bench Organizations' });
  const card = await sandboxPost(sandboxUrl, '/v1/payment_methods/pm_card_visa/attach', {
    customer: customer.id,
  });
  return { customer: customer.id, card: card.id };
}

/** Plans whose period ends within the next hour: organizations with an owner, a billing profile with the card. */
async function createDuePlans(client: pg.Client, stored: { customer: string; card: string }): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  await client.query(
    `with numbers as (select generate_series(1, $1::int) as n),
     owners as (
       insert into users (encrypted_id, email, password_hash, name, surname, country, language, locale)
       select md5(random()::text || n), 'bench-renewal-' || $2 || '-' || n || '@example.com', u.password_hash,
              'Bench', 'Owner', 'US', u.language, u.locale
       from numbers, (select * from users where email = 'learner@example.com') u
       returning id, email),
     orgs as (
       insert into organizations (name, type)
       select 'Renewal ' || $2 || ' ' || n, 'Team' from numbers returning id, name),
     pairs as (
       select o.id as owner_id, g.id as org_id
       from (select id, row_number() over (order by id) as r from owners) o
       join (select id, row_number() over (order by id) as r from orgs) g using (r)),
     members as (
       insert into organization_members (user_id, organization_id, role)
       select owner_id, org_id, 'owner' from pairs),
     profiles as (
       insert into subscription_billing_profiles (subscriber_type, subscriber_id, gateway_customer_id,
         payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year, customer_name,
         address_line1, country, secondary_location)
       select 'organization', org_id, $3, $4, 'visa', '4242', 12, 2034, 'Bench', '1 Bench Street', 'US', '98101'
       from pairs)
     insert into subscription_enrollments (subscriber_type, subscriber_id, price_option_id, status, license_count,
       currency, unit_price, charge_amount, tax_amount, tax_rate, tax_mode, current_period_start, current_period_end)
     select 'organization', org_id, 'team-monthly', 'ACTIVE', 5, 'USD', 4000, 20000, 0, 0, 'tax_exclusive',
       now() - interval '29 days', now() + interval '1 hour'
     from pairs`,
    [PLANS, tag, stored.customer, stored.card],
  );
}

/** Succeeded provider payments per invoice of the run (the sandbox's own list, paged). */
async function paymentsPerInvoice(sandboxUrl: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let after: string | undefined;
  for (;;) {
    const url = new URL('/v1/payment_intents', sandboxUrl);
    url.searchParams.set('limit', '100');
    if (after) url.searchParams.set('starting_after', after);
    const page = (await fetch(url, { headers: { authorization: `Bearer ${SANDBOX_SECRET_KEY}` } }).then((r) =>
      r.json(),
    )) as { data: { id: string; status: string; metadata: Record<string, string> }[]; has_more: boolean };
    for (const intent of page.data) {
      const invoice = intent.metadata.subscription_invoice_id;
      if (invoice && intent.status === 'succeeded') counts.set(invoice, (counts.get(invoice) ?? 0) + 1);
    }
    if (!page.has_more || page.data.length === 0) return counts;
    after = page.data.at(-1)!.id;
  }
}

/** The renewal run; nothing when BENCH_ONLY names another scenario. */
export async function measureRenewalRun(
  baseUrl: string,
  sandboxUrl: string,
  databaseUrl: string,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !RENEWAL_RUN_SCENARIO.includes(only)) return [];
  console.log(`measuring ${RENEWAL_RUN_SCENARIO} (${PLANS} plans due at one step)`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await createDuePlans(client, await storedCard(sandboxUrl));
    const session = await logIn(baseUrl, 'learner@example.com', 'lectern-demo');
    const started = performance.now();
    const step = await fetch(`${baseUrl}/api-2.0/dev/clock/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        cookie: session.cookie,
        'x-csrftoken': session.csrfToken,
      },
      body: JSON.stringify({ advance_days: 1 }),
    });
    const elapsedMs = performance.now() - started;
    if (!step.ok) throw new Error(`the clock step answered ${step.status}: ${await step.text()}`);
    const { rows } = await client.query<{ renewed: number; p50: number; p99: number; doubles: number }>(
      `select count(*)::int as renewed,
         percentile_cont(0.5) within group (order by extract(epoch from c.created_at - i.created_at) * 1000) as p50,
         percentile_cont(0.99) within group (order by extract(epoch from c.created_at - i.created_at) * 1000) as p99,
         (select count(*)::int from (select invoice_id from subscription_charges where status = 'succeeded'
            and invoice_id is not null group by invoice_id having count(*) > 1) d) as doubles
       from subscription_invoices i join subscription_charges c on c.invoice_id = i.id and c.status = 'succeeded'
       where i.kind = 'renewal' and i.licenses = 5 and i.unit_price = 4000`,
    );
    const result = rows[0]!;
    const provider = await paymentsPerInvoice(sandboxUrl);
    const providerDoubles = [...provider.values()].filter((count) => count > 1).length;
    console.log(
      `renewed ${result.renewed} of ${PLANS} in ${(elapsedMs / 1000).toFixed(1)} s; double receipts ${result.doubles}, invoices the provider charged twice ${providerDoubles}`,
    );
    if (result.renewed !== PLANS || result.doubles > 0 || providerDoubles > 0) {
      throw new Error('the renewal run did not renew every plan exactly once');
    }
    return [
      {
        scenario: `${RENEWAL_RUN_SCENARIO}, ${PLANS} plans`,
        requestsPerSec: (result.renewed / elapsedMs) * 1000,
        p50Ms: Number(result.p50),
        p99Ms: Number(result.p99),
        requests: result.renewed,
      },
    ];
  } finally {
    await client.end();
  }
}
