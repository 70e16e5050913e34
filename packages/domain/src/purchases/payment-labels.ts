import { cardBrandName } from '../checkout/card-brands.js';

// How a purchase was paid, as the history, documents and refunds name it. Types are the
// provider's method types (and the checkout's own names for orders older than them).
const METHOD_NAMES: Record<string, string> = {
  account_credit: 'Account credit',
  free: 'Free',
  paypal: 'PayPal',
  ideal: 'iDEAL',
  sofort: 'Sofort',
  directEbanking: 'Sofort',
  sepa_debit: 'SEPA Direct Debit',
  sepadirectdebit: 'SEPA Direct Debit',
  boleto: 'Boleto',
  oxxo: 'OXXO',
  pix: 'Pix',
  upi: 'UPI',
  netbanking: 'Net banking',
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay',
  doku: 'Doku',
};

const CARD_TYPES = new Set(['card', 'scheme', 'express']);

/** "Visa ****4242", "iDEAL", "Account credit"; an unknown type is shown as it is. */
export function purchasePaymentLabel(payment: {
  type: string;
  brand: string | null;
  last4: string | null;
}): string {
  if (CARD_TYPES.has(payment.type)) {
    const brand = cardBrandName(payment.brand);
    return payment.last4 ? `${brand} ****${payment.last4}` : brand;
  }
  if (payment.type.startsWith('doku')) return METHOD_NAMES.doku!;
  return METHOD_NAMES[payment.type] ?? payment.type;
}

/** Invoice and credit-note numbers as printed: the series and six digits, "INV-000042". */
export function purchaseDocumentNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}
