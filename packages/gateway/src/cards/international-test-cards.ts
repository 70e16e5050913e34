import type { TestCard, TestCardGroup } from './test-cards.js';

/**
 * Stripe's test cards by issuing country (https://docs.stripe.com/testing#international-cards):
 * each succeeds without authentication. Visa credit unless told otherwise; the test
 * PaymentMethod id is `pm_card_<country>` where Stripe documents one.
 */

interface Options {
  brand?: TestCard['brand'];
  funding?: TestCard['funding'];
  /** `null`: Stripe documents no test PaymentMethod id for this card. */
  alias?: string | null;
}

const BRAND_LABELS: Partial<Record<TestCard['brand'], string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
};

function card(country: string, name: string, number: string, options: Options = {}): TestCard {
  const brand = options.brand ?? 'visa';
  const funding = options.funding ?? 'credit';
  const alias = options.alias === undefined ? `pm_card_${country.toLowerCase()}` : options.alias;
  const label = BRAND_LABELS[brand] ?? brand;
  return {
    number,
    brand,
    funding,
    country,
    description: `${name} (${country}) ${label}${options.funding ? ` (${funding})` : ''}: succeeds`,
    threeDSecure: 'none',
    ...(alias ? { alias } : {}),
  };
}

const AMERICAS: readonly TestCard[] = [
  card('AR', 'Argentina', '4000000320000021'),
  card('BR', 'Brazil', '4000000760000002'),
  card('CA', 'Canada', '4000001240000000'),
  card('CL', 'Chile', '4000001520000001'),
  card('CO', 'Colombia', '4000001700000003'),
  card('CR', 'Costa Rica', '4000001880000005'),
  card('EC', 'Ecuador', '4000002180000000'),
  card('MX', 'Mexico', '4000004840008001'),
  card('PA', 'Panama', '4000005910000000'),
  card('PY', 'Paraguay', '4000006000000066'),
  card('PE', 'Peru', '4000006040000068'),
  card('UY', 'Uruguay', '4000008580000003'),
];

const EUROPE_AND_MIDDLE_EAST: readonly TestCard[] = [
  card('AE', 'United Arab Emirates', '4000007840000001'),
  card('AE', 'United Arab Emirates', '5200007840000022', {
    brand: 'mastercard',
    alias: 'pm_card_ae_mastercard',
  }),
  card('AT', 'Austria', '4000000400000008'),
  card('BE', 'Belgium', '4000000560000004'),
  card('BG', 'Bulgaria', '4000001000000000'),
  card('BY', 'Belarus', '4000001120000005'),
  card('HR', 'Croatia', '4000001910000009'),
  card('CY', 'Cyprus', '4000001960000008'),
  card('CZ', 'Czech Republic', '4000002030000002'),
  card('DK', 'Denmark', '4000002080000001'),
  card('EE', 'Estonia', '4000002330000009'),
  card('FI', 'Finland', '4000002460000001'),
  card('FR', 'France', '4000002500000003'),
  card('DE', 'Germany', '4000002760000016'),
  card('GI', 'Gibraltar', '4000002920000005'),
  card('GR', 'Greece', '4000003000000030'),
  card('HU', 'Hungary', '4000003480000005'),
  card('IE', 'Ireland', '4000003720000005'),
  card('IT', 'Italy', '4000003800000008'),
  card('LV', 'Latvia', '4000004280000005'),
  card('LI', 'Liechtenstein', '4000004380000004'),
  card('LT', 'Lithuania', '4000004400000000'),
  card('LU', 'Luxembourg', '4000004420000006'),
  card('MT', 'Malta', '4000004700000007'),
  card('NL', 'Netherlands', '4000005280000002'),
  card('NO', 'Norway', '4000005780000007'),
  card('PL', 'Poland', '4000006160000005'),
  card('PT', 'Portugal', '4000006200000007'),
  card('RO', 'Romania', '4000006420000001'),
  card('SA', 'Saudi Arabia', '4000006820000007', { alias: null }),
  card('SI', 'Slovenia', '4000007050000006'),
  card('SK', 'Slovakia', '4000007030000001'),
  card('ES', 'Spain', '4000007240000007'),
  card('SE', 'Sweden', '4000007520000008'),
  card('CH', 'Switzerland', '4000007560000009'),
  card('GB', 'United Kingdom', '4000008260000000'),
  card('GB', 'United Kingdom', '4000058260000005', { funding: 'debit', alias: 'pm_card_gb_debit' }),
  card('GB', 'United Kingdom', '5555558265554449', {
    brand: 'mastercard',
    alias: 'pm_card_gb_mastercard',
  }),
];

const ASIA_PACIFIC: readonly TestCard[] = [
  card('AU', 'Australia', '4000000360000006'),
  card('CN', 'China', '4000001560000002'),
  card('HK', 'Hong Kong', '4000003440000004'),
  card('IN', 'India', '4000003560000008'),
  card('JP', 'Japan', '4000003920000003'),
  // Stripe lists `pm_card_jcb` here too; in the sandbox that id stays the JCB card by brand.
  card('JP', 'Japan', '3530111333300000', { brand: 'jcb', alias: null }),
  card('MY', 'Malaysia', '4000004580000002'),
  card('NZ', 'New Zealand', '4000005540000008'),
  card('SG', 'Singapore', '4000007020000003'),
  card('TW', 'Taiwan', '4000001580000008'),
  card('TH', 'Thailand', '4000007640000003', { funding: 'credit', alias: 'pm_card_th_credit' }),
  card('TH', 'Thailand', '4000057640000008', { funding: 'debit', alias: 'pm_card_th_debit' }),
];

export const INTERNATIONAL_CARD_GROUPS: readonly TestCardGroup[] = [
  { label: 'By country: Americas', cards: AMERICAS },
  { label: 'By country: Europe and Middle East', cards: EUROPE_AND_MIDDLE_EAST },
  { label: 'By country: Asia-Pacific', cards: ASIA_PACIFIC },
];
