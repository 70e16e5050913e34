import type { CardDetails } from '../core/objects.js';
import type { TestCard } from './test-cards.js';

/**
 * Card networks as Stripe names them in `card.networks.available` and a charge's
 * `payment_method_details.card.network`: the brands, plus the regional networks that
 * co-branded cards carry besides Visa or Mastercard.
 */
export type CardNetwork = TestCard['brand'] | 'cartes_bancaires' | 'eftpos_au';

/** What `card[networks][preferred]` accepts (anything else is refused as a parameter error). */
export const PREFERRED_NETWORKS = ['cartes_bancaires', 'mastercard', 'visa'] as const;
export type PreferredNetwork = (typeof PREFERRED_NETWORKS)[number];

/** Stripe's `display_brand` names, which differ from `brand` for some networks. */
const DISPLAY_BRANDS: Record<CardNetwork, string> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'american_express',
  discover: 'discover',
  diners: 'diners_club',
  jcb: 'jcb',
  unionpay: 'union_pay',
  cartes_bancaires: 'cartes_bancaires',
  eftpos_au: 'eftpos_australia',
};

export function displayBrand(network: CardNetwork): string {
  return DISPLAY_BRANDS[network];
}

/** The networks a payment with this card can go through: its brand, then any co-brand. */
export function availableNetworks(card: TestCard): CardNetwork[] {
  return [card.brand, ...(card.coBrands ?? [])];
}

/**
 * Records the customer's network choice on a card's details, as Stripe does: a network the
 * card does not have is kept as `invalid_preference`; a valid one also becomes the
 * `display_brand`.
 */
export function preferNetwork(details: CardDetails, preferred: PreferredNetwork): void {
  const valid = details.networks.available.includes(preferred);
  details.networks.preferred = valid ? preferred : 'invalid_preference';
  details.display_brand = displayBrand(valid ? preferred : (details.brand as CardNetwork));
}

/** The network a charge on this card goes through: the valid preferred one, else the brand. */
export function chargeNetwork(details: CardDetails): string {
  const { preferred, available } = details.networks;
  return preferred && available.includes(preferred) ? preferred : details.brand;
}
