/**
 * The payment-method types the sandbox knows and how each one completes:
 * - `card`: immediate, or 3-D Secure first (see the test cards);
 * - `bnpl`: the customer approves on the provider's page (affirm-like, afterpay-like);
 * - `redirect`: the customer approves at their bank or wallet; `settlesAsync` ones are
 *   `processing` for a while after approval (sofort);
 * - `debit`: no customer action, `processing` until the debit settles (sepa_debit);
 * - `voucher`: the customer pays a voucher (boleto, oxxo), a Pix code or an Indonesian payment
 *   code / virtual account (doku) before it expires.
 */
export type MethodFlow = 'card' | 'bnpl' | 'redirect' | 'debit' | 'voucher';

export interface MethodTypeInfo {
  type: string;
  flow: MethodFlow;
  /** Lower-case ISO currencies; empty means any. */
  currencies: readonly string[];
  settlesAsync?: boolean;
  /** billing_details fields that must be present at creation. */
  requiredBilling?: readonly ('name' | 'email' | 'address')[];
  /** Default lifetime of a voucher, in seconds. */
  voucherLifetime?: number;
}

const DAY = 24 * 60 * 60;

export const METHOD_TYPES: readonly MethodTypeInfo[] = [
  { type: 'card', flow: 'card', currencies: [] },
  { type: 'affirm', flow: 'bnpl', currencies: ['usd', 'cad'] },
  {
    type: 'afterpay_clearpay',
    flow: 'bnpl',
    currencies: ['usd', 'cad', 'aud', 'nzd', 'gbp'],
    requiredBilling: ['name', 'email', 'address'],
  },
  { type: 'ideal', flow: 'redirect', currencies: ['eur'] },
  { type: 'sofort', flow: 'redirect', currencies: ['eur'], settlesAsync: true },
  { type: 'paypal', flow: 'redirect', currencies: [] },
  { type: 'netbanking', flow: 'redirect', currencies: ['inr'] },
  { type: 'upi', flow: 'redirect', currencies: ['inr'] },
  { type: 'sepa_debit', flow: 'debit', currencies: ['eur'], requiredBilling: ['name', 'email'] },
  {
    type: 'boleto',
    flow: 'voucher',
    currencies: ['brl'],
    // Stripe asks for the payer's address too; the course checkout only knows the billing
    // country, so the sandbox takes a boleto without one (the CPF/CNPJ tax_id stays required).
    requiredBilling: ['name', 'email'],
    voucherLifetime: 5 * DAY,
  },
  {
    type: 'oxxo',
    flow: 'voucher',
    currencies: ['mxn'],
    requiredBilling: ['name', 'email'],
    voucherLifetime: 3 * DAY,
  },
  { type: 'pix', flow: 'voucher', currencies: ['brl'], voucherLifetime: DAY },
  // Indonesian local methods (DOKU-like): one type, the store or bank is `doku[channel]`.
  // Checkout §9: they are paid within 48 hours.
  {
    type: 'doku',
    flow: 'voucher',
    currencies: ['idr'],
    requiredBilling: ['name', 'email'],
    voucherLifetime: 2 * DAY,
  },
];

/**
 * Where a doku voucher is paid: a payment code at Alfamart stores, or a bank virtual account
 * (BCA, Mandiri, Permata through its ATMs).
 */
export const DOKU_CHANNELS = ['alfamart', 'bca_va', 'mandiri_va', 'permata_lite_atm'] as const;
export type DokuChannel = (typeof DOKU_CHANNELS)[number];

/** The channel of a doku payment method (`pm.doku.channel`), or null for other types. */
export function dokuChannelOf(pm: { type: string; [key: string]: unknown }): DokuChannel | null {
  if (pm.type !== 'doku') return null;
  const channel = (pm.doku as { channel?: unknown } | undefined)?.channel;
  return DOKU_CHANNELS.find((c) => c === channel) ?? null;
}

const byType = new Map(METHOD_TYPES.map((info) => [info.type, info]));

export const METHOD_TYPE_NAMES = METHOD_TYPES.map((info) => info.type);

/** Wallets are cards underneath; their availability has its own status switch. */
export const WALLET_TYPES = ['apple_pay', 'google_pay'] as const;

export function methodType(type: string): MethodTypeInfo | undefined {
  return byType.get(type);
}
