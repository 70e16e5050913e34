import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { profileForTestCard } from '../cards/card-number.js';
import { findTestCard } from '../cards/test-cards.js';
import type { SandboxContext } from '../context.js';
import type { PaymentIntent, PaymentMethod, SetupIntent } from '../core/objects.js';
import { invalidRequest, resourceMissing } from '../core/stripe-error.js';
import { dokuChannelOf, WALLET_TYPES, type DokuChannel } from '../payments/method-types.js';
import type { ActionKind, PendingAction } from '../payments/actions.js';
import type { ActionVerdict } from '../payments/payment-flow.js';
import { createCardPaymentMethod, parseBillingDetails } from '../resources/payment-method-factory.js';
import { testCardOptions } from './card-options.js';
import { html, sendPage, type Raw } from './html.js';

const PAGE_KIND: Record<string, ActionKind> = {
  '3ds': 'three_d_secure',
  bnpl: 'bnpl',
  bank: 'bank',
  voucher: 'voucher',
};

const VERDICTS: Record<ActionKind, readonly ActionVerdict[]> = {
  three_d_secure: ['complete', 'fail'],
  bnpl: ['approve', 'decline'],
  bank: ['approve', 'decline'],
  voucher: ['paid', 'expire'],
};

const METHOD_NAMES: Record<string, string> = {
  affirm: 'Affirm-style instalments (sandbox)',
  afterpay_clearpay: 'Afterpay-style pay in 4 (sandbox)',
  ideal: 'iDEAL test bank',
  sofort: 'Sofort test bank',
  paypal: 'PayPal-style wallet (sandbox)',
  netbanking: 'Net banking test bank',
  upi: 'UPI test app',
  boleto: 'Boleto',
  oxxo: 'OXXO',
  pix: 'Pix',
  doku: 'DOKU',
};

/** How each doku channel is paid: a code at the store's cashier, or a bank transfer to a virtual account. */
const DOKU_CHANNEL_COPY: Record<DokuChannel, { title: string; label: string }> = {
  alfamart: {
    title: 'Alfamart payment code',
    label: 'Payment code (show it at any Alfamart cashier)',
  },
  bca_va: {
    title: 'BCA virtual account',
    label: 'Virtual account number (pay by transfer from a BCA ATM or BCA mobile banking)',
  },
  mandiri_va: {
    title: 'Mandiri virtual account',
    label: 'Virtual account number (pay by transfer from a Mandiri ATM or Mandiri mobile banking)',
  },
  permata_lite_atm: {
    title: 'Permata virtual account',
    label: 'Virtual account number (pay by transfer from a PermataBank ATM)',
  },
};

interface VoucherCopy {
  title: string;
  /** What the reference is, shown above it. */
  label: string;
  /** What the customer pays, in "nobody pays the …". */
  thing: string;
  note: string | null;
}

function voucherCopy(methodType: string, method: string, channel: DokuChannel | null): VoucherCopy {
  if (methodType === 'pix') {
    return { title: `${method} payment code`, label: 'Pix copy-and-paste code', thing: 'code', note: null };
  }
  if (methodType === 'doku') {
    const copy = channel ? DOKU_CHANNEL_COPY[channel] : { title: 'DOKU payment code', label: 'Payment code' };
    return {
      ...copy,
      thing: channel === 'alfamart' || !channel ? 'code' : 'virtual account',
      // Checkout §9: Indonesian local methods confirm the payment up to 30 minutes after it is made.
      note: 'Your payment is confirmed up to 30 minutes after you pay.',
    };
  }
  return { title: `${method} voucher`, label: 'Voucher number', thing: 'voucher', note: null };
}

export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** The app origin a framed page may post its result to, if it is one we serve. */
function parentOrigin(ctx: SandboxContext, request: FastifyRequest): string {
  const origin = (request.query as { origin?: string }).origin;
  if (typeof origin !== 'string' || !/^https?:\/\/[^/]+$/.test(origin)) return '';
  const own = new URL(ctx.publicUrl).origin;
  return ctx.appOrigins.includes('*') || ctx.appOrigins.includes(origin) || origin === own ? origin : '';
}

function describe(intent: PaymentIntent | SetupIntent): string {
  return intent.object === 'payment_intent'
    ? formatAmount(intent.amount, intent.currency)
    : 'Saving a payment method for later';
}

function buttons(kind: ActionKind): Raw {
  const labels: Record<ActionVerdict, string> = {
    complete: 'Complete authentication',
    fail: 'Fail authentication',
    approve: 'Approve payment',
    decline: 'Decline payment',
    paid: 'Mark as paid',
    expire: 'Expire now',
  };
  const [yes, no] = VERDICTS[kind];
  // Disabled until the page's script has attached its handlers: a click before would do nothing.
  return html`<div class="actions">
    <button type="button" class="primary" data-verdict="${yes!}" disabled>${labels[yes!]}</button>
    <button type="button" class="secondary" data-verdict="${no!}" disabled>${labels[no!]}</button>
  </div>`;
}

/** The frame every action page shares: its action id, the parent origin, the live result region. */
function sheet(action: PendingAction, origin: string, content: Raw): Raw {
  return html`<main class="sheet" data-action="${action.id}" data-parent-origin="${origin}">
    <p class="badge">Lectern sandbox — test mode, no real money moves</p>
    ${content}
    <p class="result" role="status" aria-live="polite"></p>
  </main>`;
}

function pageBody(
  action: PendingAction,
  intent: PaymentIntent | SetupIntent,
  origin: string,
  paymentMethod: PaymentMethod | undefined,
): { title: string; body: Raw } {
  const amount = describe(intent);
  const method = METHOD_NAMES[action.methodType] ?? action.methodType;
  switch (action.kind) {
    case 'three_d_secure':
      return {
        title: '3-D Secure authentication',
        body: sheet(
          action,
          origin,
          html`<h1>3-D Secure authentication</h1>
            <p>Your bank asks you to confirm this purchase: <strong>${amount}</strong>.</p>
            <p>This is a test page. Choose the outcome of the authentication.</p>
            ${buttons('three_d_secure')}`,
        ),
      };
    case 'bnpl': {
      const instalments = intent.object === 'payment_intent' ? bnplPlan(intent, action.methodType) : '';
      return {
        title: `Approve your payment with ${method}`,
        body: sheet(
          action,
          origin,
          html`<h1>${method}</h1>
            <p>Pay <strong>${amount}</strong> over time.</p>
            <p>${instalments}</p>
            ${buttons('bnpl')}`,
        ),
      };
    }
    case 'bank':
      return {
        title: `${method}: approve the payment`,
        body: sheet(
          action,
          origin,
          html`<h1>${method}</h1>
            <p>Approve the payment of <strong>${amount}</strong> to the merchant.</p>
            ${buttons('bank')}`,
        ),
      };
    case 'voucher': {
      const expires = new Date((action.expiresAt ?? 0) * 1000);
      const copy = voucherCopy(
        action.methodType,
        method,
        paymentMethod ? dokuChannelOf(paymentMethod) : null,
      );
      return {
        title: copy.title,
        body: sheet(
          action,
          origin,
          html`<h1>${copy.title}</h1>
            <p>Amount: <strong>${amount}</strong></p>
            <p>${copy.label}:</p>
            <p class="reference" data-reference>${action.reference ?? ''}</p>
            <p>Pay before <time datetime="${expires.toISOString()}">${expires.toUTCString()}</time>.</p>
            ${copy.note ? html`<p>${copy.note}</p>` : ''}
            <p>In the sandbox nobody pays the ${copy.thing}: mark it as paid, or let it expire.</p>
            ${buttons('voucher')}
            <div class="actions"><button type="button" class="link" data-close>Done</button></div>`,
        ),
      };
    }
  }
}

function bnplPlan(intent: PaymentIntent, type: string): string {
  const count = type === 'afterpay_clearpay' ? 4 : 3;
  const part = Math.floor(intent.amount / count);
  const first = intent.amount - part * (count - 1);
  const every = type === 'afterpay_clearpay' ? 'every 2 weeks' : 'monthly';
  return `${count} payments ${every}: ${formatAmount(first, intent.currency)} today, then ${count - 1} × ${formatAmount(part, intent.currency)}.`;
}

function notFoundPage(reply: Parameters<typeof sendPage>[0], ctx: SandboxContext) {
  return sendPage(reply, {
    title: 'Page expired',
    status: 404,
    frameAncestors: ctx.appOrigins,
    scripts: [],
    body: html`<main class="sheet">
      <h1>This test page has expired</h1>
      <p>
        It was already used, or the payment it belonged to has moved on. Return to the store and try again.
      </p>
    </main>`,
  });
}

const verdictBody = z.object({
  verdict: z.enum(['complete', 'fail', 'approve', 'decline', 'paid', 'expire']),
});
const walletBody = z.object({
  key: z.string(),
  wallet: z.enum(WALLET_TYPES),
  card: z.string().regex(/^\d{12,19}$/),
  name: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
});

/**
 * Hosted pages (3-D Secure challenge, BNPL approval, bank approval, vouchers and Pix, the
 * wallet pay sheet) and the small JSON API their script calls. Each page's URL carries an
 * unguessable action id, which is its only credential, as with a provider's hosted page.
 */
export function hostedPageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { actions, store, flow } = ctx;

  app.get('/hosted/:kind/:action', async (request, reply) => {
    const { kind, action: actionId } = request.params as { kind: string; action: string };
    const action = actions.get(actionId);
    if (!action || PAGE_KIND[kind] !== action.kind) return notFoundPage(reply, ctx);
    const intent = store.paymentIntents.get(action.intentId) ?? store.setupIntents.get(action.intentId);
    if (!intent) return notFoundPage(reply, ctx);
    const paymentMethod = store.paymentMethods.get(intent.payment_method ?? '');
    const { title, body } = pageBody(action, intent, parentOrigin(ctx, request), paymentMethod);
    return sendPage(reply, {
      title,
      body,
      scripts: ['/hosted/assets/hosted.js'],
      frameAncestors: ctx.appOrigins,
    });
  });

  app.post('/hosted/api/actions/:action', async (request) => {
    const { action: actionId } = request.params as { action: string };
    const action = actions.get(actionId);
    if (!action) throw resourceMissing('action', actionId, 'action');
    const parsed = verdictBody.safeParse(request.body);
    if (!parsed.success || !VERDICTS[action.kind].includes(parsed.data.verdict)) {
      throw invalidRequest(`verdict must be one of ${VERDICTS[action.kind].join(', ')}`, {
        param: 'verdict',
      });
    }
    const { intent, redirectUrl } = flow.completeAction(action, parsed.data.verdict);
    return { object: intent.object, id: intent.id, status: intent.status, redirect_url: redirectUrl };
  });

  app.get('/hosted/pay-sheet', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const wallet = WALLET_TYPES.find((w) => w === query.wallet) ?? 'google_pay';
    const amount = Number(query.amount ?? 0);
    const currency = /^[a-z]{3}$/i.test(query.currency ?? '') ? query.currency! : 'usd';
    const label = (query.label ?? 'Total').slice(0, 100);
    const body = html`<main
      class="sheet"
      data-wallet-sheet
      data-key="${query.key ?? ''}"
      data-wallet="${wallet}"
      data-parent-origin="${parentOrigin(ctx, request)}"
    >
      <p class="badge">Lectern sandbox — test mode, no real money moves</p>
      <h1>${wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay'} (sandbox)</h1>
      <p>${label}: <strong>${Number.isSafeInteger(amount) ? formatAmount(amount, currency) : ''}</strong></p>
      <label for="wallet-card">Card in the wallet</label>
      <select id="wallet-card" name="card">
        ${testCardOptions(
          (card) => card.threeDSecure === 'none',
          (card) => `${card.description} (•••• ${card.number.slice(-4)})`,
        )}
      </select>
      <div class="actions">
        <button type="button" class="primary" data-wallet-pay disabled>Pay</button>
        <button type="button" class="secondary" data-wallet-cancel>Cancel</button>
      </div>
      <p class="result" role="status" aria-live="polite"></p>
    </main>`;
    return sendPage(reply, {
      title: 'Sandbox pay sheet',
      body,
      scripts: ['/hosted/assets/hosted.js'],
      frameAncestors: ctx.appOrigins,
    });
  });

  app.post('/hosted/api/wallet', async (request) => {
    const parsed = walletBody.safeParse(request.body);
    if (!parsed.success) throw invalidRequest('Invalid wallet payment request.');
    if (parsed.data.key !== ctx.keys.publishableKey)
      throw invalidRequest('Invalid publishable key.', { param: 'key' });
    if (ctx.methods.get(parsed.data.wallet) === 'down') {
      throw invalidRequest(`${parsed.data.wallet} is currently unavailable.`, {
        code: 'payment_method_unavailable',
      });
    }
    const card = findTestCard(parsed.data.card);
    if (!card) throw invalidRequest('Choose one of the sandbox test cards.', { param: 'card' });
    const billing = parseBillingDetails(undefined);
    billing.name = parsed.data.name ?? null;
    billing.email = parsed.data.email ?? null;
    const pm = createCardPaymentMethod(
      ctx,
      profileForTestCard(card, ctx.fingerprintSecret),
      billing,
      {},
      {
        type: parsed.data.wallet,
        dynamic_last4: card.number.slice(-4),
      },
    );
    return pm;
  });
}
