// Card brands as people read them (checkout, receipts, mails): one table for the browser and
// the server. The provider names brands in lower case (`visa`, `amex`, `diners`, …).
const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  diners_club: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  union_pay: 'UnionPay',
  troy: 'Troy',
  elo: 'Elo',
  hipercard: 'Hipercard',
  maestro: 'Maestro',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
};

/** A card brand's display name; an unknown brand is capitalised, a missing one is "Card". */
export function cardBrandName(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return CARD_BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
