/**
 * The payment-method types the sandbox knows and how each one completes:
 * - `card`: immediate, or 3-D Secure first (see the test cards);
 * - `bnpl`: the customer approves on the provider's page (affirm-like, afterpay-like);
 * - `redirect`: the customer approves at their bank or wallet; `settlesAsync` ones are
 *   `processing` for a while after approval (sofort);
 * - `debit`: no customer action, `processing` until the debit settles (sepa_debit);
 * - `voucher`: the customer pays a voucher (boleto, oxxo) or a Pix code before it expires.
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
    requiredBilling: ['name', 'email', 'address'],
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
];

const byType = new Map(METHOD_TYPES.map((info) => [info.type, info]));

export const METHOD_TYPE_NAMES = METHOD_TYPES.map((info) => info.type);

/** Wallets are cards underneath; their availability has its own status switch. */
export const WALLET_TYPES = ['apple_pay', 'google_pay'] as const;

export function methodType(type: string): MethodTypeInfo | undefined {
  return byType.get(type);
}
