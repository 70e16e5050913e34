// The checkout submit scenario: a full `POST /payment/checkout-submit/` with a good card
// (pm_card_visa) through the server, which prices the order, charges the in-process sandbox
// and fulfils it (order, enrollment, cart) before answering; the sandbox's webhooks arrive
// too. Every submit buys a course its buyer does not own yet, so each concurrent buyer is a
// bench user of its own (copied from the demo learner in the database, then logged in).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LoadSettings, Measurement } from './measure.js';
import { logIn, type Session } from './session.js';

export const CHECKOUT_SUBMIT_SCENARIO = 'checkout submit, good card (per buyer loop)';
/** Concurrent buyers: a purchase is not a hot read, so fewer than the read scenarios' connections. */
const BUYERS = 10;
const PASSWORD = 'lectern-demo';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Bench buyers in the US (USD), with the demo learner's password, created straight in the
 * database; and the published paid courses they can buy (free ones go by the free method).
 */
async function createBuyers(
  databaseUrl: string,
  count: number,
): Promise<{ emails: string[]; courses: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const paid = await client.query<{ id: number }>(
      `select c.id from courses c join price_tier_amounts a on a.tier_id = c.price_tier_id
       where a.currency = 'USD' and a.amount > 0 and c.is_published and not c.is_private order by c.id`,
    );
    const emails: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = `bench-buyer-${i}-${randomBytes(4).toString('hex')}@example.com`;
      await client.query(
        `insert into users (encrypted_id, email, password_hash, name, surname, country, language, locale)
         select $1, $2, password_hash, 'Bench', 'Buyer', 'US', language, locale
         from users where email = 'learner@example.com'`,
        [randomBytes(16).toString('base64url'), email],
      );
      emails.push(email);
    }
    return { emails, courses: paid.rows.map((row) => Number(row.id)) };
  } finally {
    await client.end();
  }
}

async function submit(baseUrl: string, session: Session, courseId: number): Promise<void> {
  const response = await fetch(`${baseUrl}/payment/checkout-submit/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrftoken': session.csrfToken },
    body: JSON.stringify({
      checkout_environment: 'Marketplace',
      checkout_event: 'Submit',
      checkout_ref: randomUUID(),
      shopping_info: { items: [{ buyable: { id: courseId, buyable_object_type: 'course' } }] },
      billing_address: { country_code: 'US', secondary_location_info: '98101' },
      payment_info: {
        method_id: 2,
        payment_vendor: 'CardToken',
        payment_method: 'card',
        credentials: { payment_method_id: 'pm_card_visa' },
      },
    }),
  });
  const body = (await response.json()) as { status?: string };
  if (!response.ok || body.status !== 'succeeded') {
    throw new Error(`checkout submit answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/** Measures full submits per second and their latency; nothing when BENCH_ONLY names another scenario. */
export async function measureCheckoutSubmit(
  baseUrl: string,
  databaseUrl: string,
  settings: LoadSettings,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !CHECKOUT_SUBMIT_SCENARIO.includes(only)) return [];
  console.log(
    `measuring ${CHECKOUT_SUBMIT_SCENARIO} (${settings.warmup}s warm-up, ${settings.duration}s, ${BUYERS} concurrent buyers)`,
  );
  const { emails, courses } = await createBuyers(databaseUrl, BUYERS);
  const sessions = await Promise.all(emails.map((email) => logIn(baseUrl, email, PASSWORD)));
  const remaining = sessions.map(() => [...courses]);

  /** Latencies, and the seconds the run really lasted (buyers may run out of courses early). */
  const run = async (seconds: number): Promise<{ latencies: number[]; elapsed: number }> => {
    const latencies: number[] = [];
    const started = Date.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      sessions.map(async (session, buyer) => {
        const courses = remaining[buyer]!;
        while (Date.now() < deadline && courses.length > 0) {
          const started = performance.now();
          await submit(baseUrl, session, courses.shift()!);
          latencies.push(performance.now() - started);
        }
      }),
    );
    if (remaining.some((courses) => courses.length === 0)) {
      console.log('  note: a buyer ran out of courses to buy before the time was up');
    }
    return { latencies, elapsed: (Date.now() - started) / 1000 };
  };

  if (settings.warmup > 0) await run(settings.warmup);
  const measured = await run(settings.duration);
  const latencies = measured.latencies.sort((a, b) => a - b);
  return [
    {
      scenario: CHECKOUT_SUBMIT_SCENARIO,
      requestsPerSec: latencies.length / Math.min(settings.duration, measured.elapsed),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      requests: latencies.length,
    },
  ];
}
