/**
 * The public Stripe test-card numbers and their documented outcomes
 * (https://docs.stripe.com/testing). Any other number that passes the Luhn check is treated
 * as a real card used in test mode and declined with `test_mode_live_card`, as Stripe does.
 */

import { INTERNATIONAL_CARD_GROUPS } from './international-test-cards.js';

export interface Decline {
  /** Stripe error `code`: `card_declined`, `expired_card`, `incorrect_cvc`, `processing_error`, … */
  code: string;
  /** Stripe `decline_code`. */
  declineCode: string;
  message: string;
}

/**
 * When 3-D Secure is needed:
 * - `none`: never (also the 3DS-supported card 4000000000003055);
 * - `always`: every payment and setup, on or off session, even once set up;
 * - `required`: every on-session payment and every setup; off-session payments fail with
 *   `authentication_required`;
 * - `on_session_unless_setup`: on-session payments and setups; off-session payments succeed
 *   once the card was set up (a SetupIntent or a payment with setup_future_usage);
 * - `on_session_only`: on-session payments and setups; off-session payments always succeed,
 *   as if the card had been set up before, whether or not it was (4000003800000446).
 */
export type ThreeDSecure = 'none' | 'always' | 'required' | 'on_session_unless_setup' | 'on_session_only';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';
  funding: 'credit' | 'debit' | 'prepaid';
  country: string;
  description: string;
  /** Outcome of a charge (after authentication, when 3DS applies). */
  charge?: Decline;
  /** Outcome of attaching to a customer or confirming a SetupIntent (the card check). */
  attach?: Decline;
  threeDSecure: ThreeDSecure;
  /** Declined only when a CVC was given at creation (cvc_check fails). */
  cvcCheckFails?: boolean;
  /** Stripe's test PaymentMethod id that stands for this card (`pm_card_visa`). */
  alias?: string;
  /**
   * Regional networks a co-branded card carries besides its brand (Cartes Bancaires, eftpos
   * Australia): they join the brand in `card.networks.available`; `brand` stays visa or
   * mastercard, as in Stripe.
   */
  coBrands?: readonly ('cartes_bancaires' | 'eftpos_au')[];
}

/** A heading of the card list, as the test page and the wallet sheet show them. */
export interface TestCardGroup {
  label: string;
  cards: readonly TestCard[];
}

export const DECLINES = {
  generic: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost: { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  stolen: { code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  expired: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processingError: {
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  velocity: {
    code: 'card_declined',
    declineCode: 'card_velocity_exceeded',
    message:
      'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  },
  fraudulent: { code: 'card_declined', declineCode: 'fraudulent', message: 'Your card was declined.' },
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  testModeLiveCard: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://docs.stripe.com/testing.',
  },
} satisfies Record<string, Decline>;

const success = (
  number: string,
  brand: TestCard['brand'],
  funding: TestCard['funding'],
  description: string,
  alias?: string,
  extra: Partial<TestCard> = {},
): TestCard => ({
  number,
  brand,
  funding,
  country: 'US',
  description,
  threeDSecure: 'none',
  ...(alias ? { alias } : {}),
  ...extra,
});

const visa = (number: string, description: string, extra: Partial<TestCard>): TestCard => ({
  number,
  brand: 'visa',
  funding: 'credit',
  country: 'US',
  description,
  threeDSecure: 'none',
  ...extra,
});

const BRAND_CARDS: readonly TestCard[] = [
  success('4242424242424242', 'visa', 'credit', 'Visa: succeeds', 'pm_card_visa'),
  success('4000056655665556', 'visa', 'debit', 'Visa (debit): succeeds', 'pm_card_visa_debit'),
  success('5555555555554444', 'mastercard', 'credit', 'Mastercard: succeeds', 'pm_card_mastercard'),
  success('2223003122003222', 'mastercard', 'credit', 'Mastercard (2-series): succeeds'),
  success(
    '5200828282828210',
    'mastercard',
    'debit',
    'Mastercard (debit): succeeds',
    'pm_card_mastercard_debit',
  ),
  success(
    '5105105105105100',
    'mastercard',
    'prepaid',
    'Mastercard (prepaid): succeeds',
    'pm_card_mastercard_prepaid',
  ),
  success('378282246310005', 'amex', 'credit', 'American Express: succeeds', 'pm_card_amex'),
  success('371449635398431', 'amex', 'credit', 'American Express: succeeds'),
  success('6011111111111117', 'discover', 'credit', 'Discover: succeeds', 'pm_card_discover'),
  success('6011000990139424', 'discover', 'credit', 'Discover: succeeds'),
  success('6011981111111113', 'discover', 'debit', 'Discover (debit): succeeds'),
  success('3056930009020004', 'diners', 'credit', 'Diners Club: succeeds', 'pm_card_diners'),
  success('36227206271667', 'diners', 'credit', 'Diners Club (14 digits): succeeds'),
  success('3566002020360505', 'jcb', 'credit', 'JCB: succeeds', 'pm_card_jcb'),
  success('6200000000000005', 'unionpay', 'credit', 'UnionPay: succeeds', 'pm_card_unionpay'),
  success('6200000000000047', 'unionpay', 'debit', 'UnionPay (debit): succeeds'),
  success('6205500000000000004', 'unionpay', 'credit', 'UnionPay (19 digits): succeeds'),
];

/** Cartes Bancaires (France) and eftpos (Australia) cards, co-branded with Visa or Mastercard. */
const CO_BRANDED_CARDS: readonly TestCard[] = [
  success(
    '4000002500001001',
    'visa',
    'credit',
    'Cartes Bancaires / Visa (FR): succeeds',
    'pm_card_visa_cartesBancaires',
    { country: 'FR', coBrands: ['cartes_bancaires'] },
  ),
  success(
    '5555552500001001',
    'mastercard',
    'credit',
    'Cartes Bancaires / Mastercard (FR): succeeds',
    'pm_card_mastercard_cartesBancaires',
    { country: 'FR', coBrands: ['cartes_bancaires'] },
  ),
  success(
    '4000050360000001',
    'visa',
    'debit',
    'eftpos Australia / Visa (debit, AU): succeeds',
    'pm_card_visa_debit_eftposAuCoBranded',
    { country: 'AU', coBrands: ['eftpos_au'] },
  ),
  success(
    '5555050360000080',
    'mastercard',
    'debit',
    'eftpos Australia / Mastercard (debit, AU): succeeds',
    'pm_card_mastercard_debit_eftposAuCoBranded',
    { country: 'AU', coBrands: ['eftpos_au'] },
  ),
];

/** Health and flexible spending account cards, and cards whose funds skip the pending balance. */
const OTHER_SUCCESS_CARDS: readonly TestCard[] = [
  success(
    '4000051230000072',
    'visa',
    'debit',
    'Visa FSA / HSA (debit): succeeds',
    'pm_card_debit_visaFsaProductCode',
  ),
  success(
    '5200828282828897',
    'mastercard',
    'debit',
    'Mastercard FSA (debit): succeeds',
    'pm_card_mastercard_debit_mastercardFsaProductCode',
  ),
  success(
    '4000000000000077',
    'visa',
    'credit',
    'Succeeds, funds straight to the available balance',
    'pm_card_bypassPending',
  ),
  // Issued in Ireland, like the IE country card (the digits after 400000 are the ISO country).
  success(
    '4000003720000278',
    'visa',
    'credit',
    'Succeeds, funds straight to the available balance (international)',
    'pm_card_bypassPendingInternational',
    { country: 'IE' },
  ),
];

/** Issuer declines. Attaching to a customer runs a card check, which the card-level declines fail. */
const DECLINE_CARDS: readonly TestCard[] = [
  visa('4000000000000002', 'Generic decline', {
    charge: DECLINES.generic,
    attach: DECLINES.generic,
    alias: 'pm_card_visa_chargeDeclined',
  }),
  visa('4000000000009995', 'Insufficient funds decline', {
    charge: DECLINES.insufficientFunds,
    alias: 'pm_card_visa_chargeDeclinedInsufficientFunds',
  }),
  visa('4000000000009987', 'Lost card decline', {
    charge: DECLINES.lost,
    attach: DECLINES.lost,
    alias: 'pm_card_visa_chargeDeclinedLostCard',
  }),
  visa('4000000000009979', 'Stolen card decline', {
    charge: DECLINES.stolen,
    attach: DECLINES.stolen,
    alias: 'pm_card_visa_chargeDeclinedStolenCard',
  }),
  visa('4000000000000069', 'Expired card decline', {
    charge: DECLINES.expired,
    attach: DECLINES.expired,
    alias: 'pm_card_chargeDeclinedExpiredCard',
  }),
  visa('4000000000000127', 'Incorrect CVC decline', {
    charge: DECLINES.incorrectCvc,
    attach: DECLINES.incorrectCvc,
    alias: 'pm_card_chargeDeclinedIncorrectCvc',
  }),
  visa('4000000000000119', 'Processing error decline', {
    charge: DECLINES.processingError,
    attach: DECLINES.processingError,
    alias: 'pm_card_chargeDeclinedProcessingError',
  }),
  visa('4000000000006975', 'Velocity limit exceeded decline', {
    charge: DECLINES.velocity,
    alias: 'pm_card_visa_chargeDeclinedVelocityLimitExceeded',
  }),
  visa('4000000000000341', 'Attaching succeeds, charging the customer fails', {
    charge: DECLINES.generic,
    alias: 'pm_card_chargeCustomerFail',
  }),
];

/** Radar, with its default rules (payments of the highest risk level are blocked). */
const FRAUD_CARDS: readonly TestCard[] = [
  visa('4100000000000019', 'Always blocked as fraudulent', {
    charge: DECLINES.fraudulent,
    alias: 'pm_card_radarBlock',
  }),
  visa('4000000000004954', 'Highest risk: blocked as fraudulent', {
    charge: DECLINES.fraudulent,
    alias: 'pm_card_riskLevelHighest',
  }),
  visa('4000000000009235', 'Elevated risk: succeeds', { alias: 'pm_card_riskLevelElevated' }),
  visa('4000000000000101', 'CVC check fails: declined when a CVC is given', {
    cvcCheckFails: true,
    alias: 'pm_card_cvcCheckFail',
  }),
];

const THREE_D_SECURE_CARDS: readonly TestCard[] = [
  visa('4000002500003155', 'Authentication on session, none off session once set up', {
    threeDSecure: 'on_session_unless_setup',
    alias: 'pm_card_authenticationRequiredOnSetup',
  }),
  visa('4000002760003184', 'Authentication always required, even off session', {
    threeDSecure: 'always',
    alias: 'pm_card_authenticationRequired',
  }),
  visa('4000003800000446', 'Authentication on session, none off session (already set up)', {
    threeDSecure: 'on_session_only',
    alias: 'pm_card_authenticationRequiredSetupForOffSession',
  }),
  visa('4000000000003220', '3-D Secure 2 required', {
    threeDSecure: 'required',
    alias: 'pm_card_threeDSecure2Required',
  }),
  visa('4000008400000027', '3-D Secure 2 required (US-issued)', { threeDSecure: 'required' }),
  visa('4000000000003063', '3-D Secure required', {
    threeDSecure: 'required',
    alias: 'pm_card_threeDSecureRequired',
  }),
  visa('4000008400001629', '3-D Secure required, then declined', {
    threeDSecure: 'required',
    charge: DECLINES.generic,
    alias: 'pm_card_authenticationRequiredChargeDeclined',
  }),
  visa('4000008260003178', '3-D Secure required, then insufficient funds', {
    threeDSecure: 'required',
    charge: DECLINES.insufficientFunds,
    alias: 'pm_card_authenticationRequiredChargeDeclinedInsufficientFunds',
  }),
  visa('4000000000003055', '3-D Secure supported but not required: succeeds', {
    alias: 'pm_card_threeDSecureOptional',
  }),
];

/** Every test card, under the headings of Stripe's testing page. */
export const TEST_CARD_GROUPS: readonly TestCardGroup[] = [
  { label: 'Success by brand', cards: BRAND_CARDS },
  { label: 'Co-branded (Cartes Bancaires, eftpos)', cards: CO_BRANDED_CARDS },
  ...INTERNATIONAL_CARD_GROUPS,
  { label: 'Other successes (HSA / FSA, available balance)', cards: OTHER_SUCCESS_CARDS },
  { label: 'Declines', cards: DECLINE_CARDS },
  { label: 'Fraud prevention', cards: FRAUD_CARDS },
  { label: '3-D Secure', cards: THREE_D_SECURE_CARDS },
];

export const TEST_CARDS: readonly TestCard[] = TEST_CARD_GROUPS.flatMap((group) => group.cards);

/** Documented ids of cards listed above under another id. */
const MORE_ALIASES: Readonly<Record<string, string>> = {
  pm_card_us: '4242424242424242',
  pm_card_debit_visaHsaProductCode: '4000051230000072',
  pm_card_threeDSecureRequiredChargeDeclined: '4000008400001629',
};

const byNumber = new Map(TEST_CARDS.map((card) => [card.number, card]));
const byAlias = new Map([
  ...TEST_CARDS.filter((c) => c.alias).map((card) => [card.alias!, card] as const),
  ...Object.entries(MORE_ALIASES).map(([alias, number]) => [alias, byNumber.get(number)!] as const),
]);

export function findTestCard(number: string): TestCard | undefined {
  return byNumber.get(number);
}

/** `pm_card_visa` and friends: test PaymentMethod ids usable wherever a PaymentMethod id is. */
export function findTestCardAlias(id: string): TestCard | undefined {
  return byAlias.get(id);
}

/** Every test PaymentMethod id, with the card it stands for. */
export function testCardAliases(): [string, TestCard][] {
  return [...byAlias];
}
