// The checkout submit scenario: a full `POST /payment/checkout-submit/` with a good card
// (pm_card_visa) through the server, which prices the order, charges the in-process sandbox
// and fulfils it (order, enrollment, cart) before answering; the sandbox's webhooks arrive
// too. Every submit buys a course its buyer does not own yet: the buyers are bench users
// (copied from the demo learner in the database, then logged in), each course bought once by each.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { closedLoop, openLoop, percentile } from './load-loops.js';
import type { LoadSettings, Measurement } from './measure.js';
import { logIn, type Session } from './session.js';

export const CHECKOUT_SUBMIT_SCENARIO = 'checkout submit, good card';
/** Concurrent buyers of the saturation run: a purchase is not a hot read, so fewer than the read scenarios' connections. */
const CONCURRENT_BUYERS = 10;
/**
 * Buyers created: each can buy every paid course once, and the runs together need more
 * purchases than 10 buyers have courses. Consecutive purchases go to different buyers.
 */
const BUYER_POOL = 40;
const PASSWORD = 'lectern-demo';

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

interface Purchase {
  session: Session;
  courseId: number;
}

/** Every (buyer, course) pair once, buyers interleaved, so concurrent submits rarely share a buyer. */
function purchaseQueue(sessions: Session[], courses: number[]): Purchase[] {
  return courses.flatMap((courseId) => sessions.map((session) => ({ session, courseId })));
}

/**
 * Full submits: first their capacity (requests/s of 10 buyers in a closed loop, whose
 * latencies are mostly queueing: 10 submits always in flight on 2 cores), then their latency
 * at half that capacity in an open loop. Nothing when BENCH_ONLY names another scenario.
 */
export async function measureCheckoutSubmit(
  baseUrl: string,
  databaseUrl: string,
  settings: LoadSettings,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !CHECKOUT_SUBMIT_SCENARIO.includes(only)) return [];
  console.log(
    `measuring ${CHECKOUT_SUBMIT_SCENARIO} (${settings.warmup}s warm-up, ${settings.duration}s closed loop of ${CONCURRENT_BUYERS} buyers, then ${settings.duration}s open loop at half that rate)`,
  );
  const { emails, courses } = await createBuyers(databaseUrl, BUYER_POOL);
  const sessions: Session[] = [];
  // One login at a time: each is an argon2 verification, and the server has 2 cores.
  for (const email of emails) sessions.push(await logIn(baseUrl, email, PASSWORD));
  const queue = purchaseQueue(sessions, courses);

  const buy = (purchase: Purchase) => submit(baseUrl, purchase.session, purchase.courseId);
  if (settings.warmup > 0) await closedLoop(queue, buy, CONCURRENT_BUYERS, settings.warmup);
  const saturated = await closedLoop(queue, buy, CONCURRENT_BUYERS, settings.duration);
  const closed = saturated.latencies.sort((a, b) => a - b);
  const capacity = closed.length / Math.min(settings.duration, saturated.elapsed);

  const rate = Math.max(1, Math.round(capacity / 2));
  const open = (await openLoop(queue, buy, rate, settings.duration)).sort((a, b) => a - b);
  return [
    {
      scenario: `${CHECKOUT_SUBMIT_SCENARIO}, ${CONCURRENT_BUYERS} buyers closed loop`,
      requestsPerSec: capacity,
      p50Ms: percentile(closed, 50),
      p99Ms: percentile(closed, 99),
      requests: closed.length,
    },
    {
      scenario: `${CHECKOUT_SUBMIT_SCENARIO}, open loop at ${rate}/s (½ capacity)`,
      requestsPerSec: open.length / settings.duration,
      p50Ms: percentile(open, 50),
      p99Ms: percentile(open, 99),
      requests: open.length,
    },
  ];
}
