/**
 * The payment methods that have an icon (checkout §9 "Supported payment icons"): the card
 * brands as the server names them in `options.brand_codes`, then the method types of
 * `PaymentMethodConfig.type` (issue 6).
 */
export const methodIconCodes = [
  'visa',
  'mc',
  'amex',
  'discover',
  'jcb',
  'diners',
  'unionpay',
  'elo',
  'maestro',
  'troy',
  'apple_pay',
  'google_pay',
  'paypal',
  'affirm',
  'afterpay_clearpay',
  'ideal',
  'sepadirectdebit',
  'directEbanking',
  'boleto',
  'oxxo',
  'pix',
  'upi',
  'netbanking',
  'doku_alfamart',
  'doku_bca_va',
  'doku_mandiri_va',
  'doku_permata_lite_atm',
  'bancontact',
  'grabpay',
  // Not a method: the card image shown for a card whose brand has no icon (receipts).
  'card_default',
] as const;

export type MethodIconCode = (typeof methodIconCodes)[number];

const BY_LOWER_CASE = new Map<string, MethodIconCode>(
  methodIconCodes.map((code) => [code.toLowerCase(), code]),
);

// The provider names some brands differently from the server (the sandbox reports
// 'mastercard' where checkout-info says 'mc'), and the methods have everyday names.
const ALIASES: Record<string, MethodIconCode> = {
  mastercard: 'mc',
  american_express: 'amex',
  americanexpress: 'amex',
  diners_club: 'diners',
  dinersclub: 'diners',
  union_pay: 'unionpay',
  applepay: 'apple_pay',
  googlepay: 'google_pay',
  afterpay: 'afterpay_clearpay',
  clearpay: 'afterpay_clearpay',
  sofort: 'directEbanking',
  sepa_debit: 'sepadirectdebit',
};

/**
 * The icon code for a card brand or method type as the server or provider spells it
 * (any case, common aliases), or null when there is no icon for it.
 */
export function methodIconCodeOf(value: string | null | undefined): MethodIconCode | null {
  if (!value) return null;
  // Spaces and hyphens read as underscores: 'American Express' and 'Diners Club' as written.
  const lower = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return BY_LOWER_CASE.get(lower) ?? ALIASES[lower] ?? null;
}
