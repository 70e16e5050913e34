import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { invalidRequest } from '../core/stripe-error.js';
import { SDK_PATH } from './assets.js';
import { formatCardNumber, testCardOptions } from './card-options.js';
import { html, sendPage } from './html.js';

const intentBody = z.object({
  amount: z.coerce.number().int().min(1).max(99_999_999).default(2000),
  currency: z
    .string()
    .regex(/^[a-z]{3}$/)
    .default('usd'),
  kind: z.enum(['payment', 'setup']).default('payment'),
});

/** The app's developer pages (outside production) the test page links to, on the app's origin. */
const APP_DEV_PAGES = [
  {
    path: '/dev/clock/',
    label: 'Server clock',
    hint: 'move the app’s clock to renew, retry or expire plans',
  },
  { path: '/dev/mailbox/', label: 'Mailbox', hint: 'the mails the app has sent' },
] as const;

/** The first app origin the sandbox serves (none when it allows any, `*`). */
function appOrigin(ctx: SandboxContext): string | null {
  const first = ctx.appOrigins[0];
  return first && first !== '*' ? first : null;
}

/**
 * A small page for trying the SDK by hand and for the browser test (test mode only): a
 * picker of the test cards (grouped as on Stripe's testing page) that fills the card fields,
 * "Create payment method", "Pay" (3-D Secure in the SDK's modal), "Save card",
 * "Encrypt card", "Pay with a wallet" (the sandbox pay sheet). Its tiny back end creates intents with the secret key, like a merchant's.
 * When the sandbox knows the app's origin, it links to the app's developer clock and mailbox.
 */
export function testPageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/test/', async (_request, reply) => {
    const year = new Date().getUTCFullYear() + 4;
    const origin = appOrigin(ctx);
    const field = (name: string, label: string, value: string, extra = '') =>
      html`<p>
        <label for="${name}">${label}</label>
        <input
          id="${name}"
          name="${name}"
          value="${value}"
          autocomplete="off"
          ${extra ? html`inputmode="numeric"` : ''}
        />
      </p>`;
    const body = html`<main class="sheet wide" data-test-page data-key="${ctx.keys.publishableKey}">
      <p class="badge">Lectern sandbox — test mode</p>
      <h1>Sandbox test page</h1>
      <form id="card-form">
        <p>
          <label for="test_card">Test card</label>
          <select id="test_card" name="test_card">
            <option value="">Choose one to fill the number…</option>
            ${testCardOptions(
              () => true,
              (card) => `${card.description} (${formatCardNumber(card.number)})`,
            )}
          </select>
        </p>
        ${field('number', 'Card number', '4242 4242 4242 4242', 'numeric')}
        ${field('exp_month', 'Expiry month', '12', 'numeric')}
        ${field('exp_year', 'Expiry year', String(year), 'numeric')} ${field('cvc', 'CVC', '123', 'numeric')}
        ${field('amount', 'Amount in cents', '2000', 'numeric')}
        <div class="actions">
          <button type="button" class="secondary" data-run="create">Create payment method</button>
          <button type="button" class="primary" data-run="pay">Pay</button>
          <button type="button" class="secondary" data-run="setup">Save card</button>
          <button type="button" class="secondary" data-run="encrypt">Encrypt card</button>
          <button type="button" class="secondary" data-run="wallet">Pay with a wallet</button>
        </div>
      </form>
      <p class="result" id="result" role="status" aria-live="polite"></p>
      <pre class="details" id="details"></pre>
      ${
        origin
          ? html`<nav aria-labelledby="app-dev-tools" data-app-dev-tools>
              <h2 id="app-dev-tools">App developer tools</h2>
              <ul>
                ${APP_DEV_PAGES.map(
                  (page) => html`<li><a href="${origin}${page.path}">${page.label}</a> — ${page.hint}</li>`,
                )}
              </ul>
            </nav>`
          : ''
      }
    </main>`;
    return sendPage(reply, {
      title: 'Sandbox test page',
      body,
      scripts: [SDK_PATH, '/test/assets/test-page.js'],
      frameAncestors: [],
    });
  });

  app.post('/test/api/intents', async (request) => {
    const parsed = intentBody.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidRequest('amount, currency or kind is not valid.');
    const { amount, currency, kind } = parsed.data;
    const response = await app.inject({
      method: 'POST',
      url: kind === 'payment' ? '/v1/payment_intents' : '/v1/setup_intents',
      headers: {
        authorization: `Bearer ${ctx.keys.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload:
        kind === 'payment'
          ? `amount=${amount}&currency=${currency}&allowed_payment_method_types[0]=card`
          : 'allowed_payment_method_types[0]=card',
    });
    const intent = response.json() as { id: string; client_secret: string };
    return { id: intent.id, client_secret: intent.client_secret };
  });
}
