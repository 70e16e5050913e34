// The gateway scenario: create + confirm a PaymentIntent through the official `stripe` SDK
// against the sandbox payment provider that the server under test runs in-process, so its
// cost includes the signed webhooks the sandbox delivers to the server for each payment.
// autocannon cannot chain two dependent requests, so this loop measures the pair itself.
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import type { LoadSettings, Measurement } from './measure.js';

export const GATEWAY_SCENARIO = 'gateway: PaymentIntent create+confirm (SDK)';
const SECRET_KEY = 'sk_test_lectern_sandbox';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(
  stripe: Stripe,
  customer: string,
  paymentMethod: string,
  seconds: number,
  connections: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const intent = await stripe.paymentIntents.create({
        amount: 1999,
        currency: 'usd',
        customer,
        payment_method: paymentMethod,
        allowed_payment_method_types: ['card'],
      });
      const confirmed = await stripe.paymentIntents.confirm(intent.id, { off_session: true });
      if (confirmed.status !== 'succeeded') throw new Error(`payment ${intent.id} is ${confirmed.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return latencies;
}

async function pendingWebhooks(sandboxUrl: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/v1/sandbox/webhook_deliveries`, {
    headers: { authorization: `Bearer ${SECRET_KEY}` },
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
}

/** The server takes the sandbox's webhooks at its own pace; report how long the backlog takes. */
async function reportWebhookBacklog(sandboxUrl: string): Promise<void> {
  const started = Date.now();
  const backlog = await pendingWebhooks(sandboxUrl);
  let pending = backlog;
  while (pending > 0 && Date.now() - started < 60_000) {
    await sleep(1000);
    pending = await pendingWebhooks(sandboxUrl);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `  webhooks: ${backlog} pending when the load stopped, ${backlog - pending} delivered to the server in ${seconds.toFixed(0)} s` +
      (pending > 0 ? ` (${pending} still pending)` : ''),
  );
}

/**
 * Measures create+confirm pairs per second and their latency. Returns nothing when BENCH_ONLY
 * names another scenario.
 */
export async function measureGateway(
  sandboxUrl: string,
  settings: LoadSettings,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !GATEWAY_SCENARIO.includes(only)) return [];
  console.log(
    `measuring ${GATEWAY_SCENARIO} (${settings.warmup}s warm-up, ${settings.duration}s, ${settings.connections} concurrent payments)`,
  );
  const url = new URL(sandboxUrl);
  const stripe = new Stripe(SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const customer = await stripe.customers.create({ email: 'bench@example.com' });
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  if (settings.warmup > 0) await run(stripe, customer.id, card.id, settings.warmup, settings.connections);
  await sleep(500);
  const latencies = (await run(stripe, customer.id, card.id, settings.duration, settings.connections)).sort(
    (a, b) => a - b,
  );
  const pairsPerSec = latencies.length / settings.duration;
  await reportWebhookBacklog(sandboxUrl);
  console.log(
    `  ${pairsPerSec.toFixed(0)} payments/s = ${(2 * pairsPerSec).toFixed(0)} SDK requests/s; p99 of a create+confirm pair ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  return [
    {
      scenario: `${GATEWAY_SCENARIO}, per pair`,
      requestsPerSec: pairsPerSec,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      requests: latencies.length,
    },
  ];
}
