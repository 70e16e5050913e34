// Every fixed text of the checkout (checkout §2, §5, §8, §9). Texts the spec quotes are kept
// verbatim; those it only describes ("not shown") are ours and marked so.
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/subscription-messages.js';

/** Checkout §2, §5, §8 and §9 texts, by use. */
export const CHECKOUT_MESSAGES = {
  // §2 payment method section
  paymentMethodTitle: 'Payment method',
  secureTooltipTitle: 'Secure and encrypted',
  secureTooltipText: 'We use 256-bit encryption to protect your payment method against unauthorized access.',
  regionUnavailable:
    'Unfortunately, we are currently not able to accept payments in your region. We apologize for the inconvenience.',
  subscriptionCardStored: 'This card will be stored on your account',
  // §2 saved payment methods page
  paymentMethodsTitle: 'Payment methods',
  paymentMethodsSubtitle: 'Your saved payment methods',
  paymentMethodsEmpty: "You don't have any saved payment method",
  // §5 validation
  selectAvailableMethod: 'Please select an available payment method',
  invalidZip: 'Please enter a valid ZIP Code.',
  selectProvince: 'Please select a province.',
  selectState: 'Please select a state.',
  selectEmirate: 'Please select an emirate.',
  selectBillingCountry: 'Please select billing country.',
  cardNameInvalid: 'Please enter your name exactly as it appears on your card.',
  selectInstallments: 'Please select number of installments.',
  invalidCpfCnpj: 'Please enter a valid CPF/CNPJ',
  invalidCurp: 'Please enter a valid CURP',
  enterCpf: 'Please enter your CPF.',
  // Ours: §5 names the other countries' documents without wording their messages; they follow
  // the quoted CPF/CURP texts ("Please enter your …." when empty, "Please enter a valid …").
  enterCurp: 'Please enter your CURP.',
  enterEgyptNationalId: 'Please enter your national ID number.',
  invalidEgyptNationalId: 'Please enter a valid national ID number',
  enterNin: 'Please enter your NIN.',
  invalidNin: 'Please enter a valid NIN',
  enterTcKimlik: 'Please enter your T.C. identity number.',
  invalidTcKimlik: 'Please enter a valid T.C. identity number',
  enterCedula: 'Please enter your cédula de ciudadanía.',
  invalidCedula: 'Please enter a valid cédula de ciudadanía',
  enterTaxId: 'Please enter your tax ID.',
  invalidTaxId: 'Please enter a valid tax ID',
  checkSecurityCode: 'Please double-check your security code.',
  checkAddress: 'Please enter or check your address.',
  checkCity: 'Please enter or check your city.',
  checkBnplState: 'Please enter or check your state.',
  checkZipCode: 'Please enter or check your zip code.',
  storedMethodInvalid: 'Payment method information is not valid.',
  storedMethodLoadFailed: 'Failed to get stored payment method information',
  // §8 error catalogue
  configLoadFailed: "We couldn't complete this purchase. Please try again.",
  orderProblem: 'There is a problem with your order. Please try again later.',
  methodProblem: 'There was a problem with the payment method. Please try a different one.',
  noMethod: 'Please select a payment method',
  missingMethodFields: 'Please select/fill all of the required fields of the selected payment method',
  checkFields: 'Please check all the required fields',
  billingAddress: 'Please select/enter your billing address',
  billingCountryAndLocation: 'Please select/enter country and secondary location.',
  billingRequired: 'Please enter required billing information.',
  // Ours: the `missing_tax_config` of §8 when the tax service cannot answer (a sale is never
  // taxed at a guessed 0%).
  taxUnavailable:
    'We could not work out the tax for your billing address just now, so nothing can be charged. Please try again in a few minutes.',
  expiredCard: 'Your card is expired, please update your payment method and try again.',
  declined: 'Your card was declined. Please contact your bank, or try a different card or payment method.',
  mandatePending: 'Please wait 5-10 minutes for your new payment method to be updated on e-mandate.',
  invalidCardOnCreation:
    'Invalid card details. You have not been charged. Please enter card details exactly as they appear on your card and try again.',
  removalSucceeded: 'Payment method successfully deleted',
  removalFailed: 'Payment method cannot be removed right now. Please try again later',
  settingFailed: 'Setting cannot be updated right now. Please try again later',
  pageProblem: 'There was a problem. Please reload this page to fix this problem.',
  cardAboutToExpire: 'Your card is about to expire. Please update your payment info.',
  cardExpired: 'Your card is expired. Please update your payment info.',
  // Ours: the spec shows only the beginnings ("...") of the two gateway texts.
  gatewayDegraded:
    'The payments vendor is currently experiencing intermittent issues. Your payment may take longer or fail; if it does, please try again or use a different payment method.',
  gatewayDown:
    'The payments vendor is temporarily offline. Please try again later or use a different payment method.',
  // Ours: §8 says such a card cannot be removed and links to Subscriptions, without the words.
  usedBySubscription:
    'This payment method is used by a subscription and cannot be removed. To change it, update the payment method of the subscription on Subscriptions.',
  // Ours: §4 success messages, named but not worded.
  purchaseCompleted: 'Your purchase is complete. Your new courses are ready in My courses.',
  subscriptionStarted: 'Your subscription has started.',
  billingUpdated: 'Your billing information has been updated.',
  paymentInfoUpdated: 'Your payment information has been updated.',
  licensesAdded: 'Your subscription has been updated with the additional licenses.',
  // §8 internal errors (logged; the buyer sees a checkout message).
  formValidationFailed: 'Failed to validate form data',
  submitUrlNotFound: 'submitUrl has not been found',
  actionNotHandled: 'Action can not be handled',
  invalidGatewayStatus: 'Invalid status',
} as const;

export type CheckoutMessageKey = keyof typeof CHECKOUT_MESSAGES;

/** Checkout §8/§9: how long a payment error message stays on screen. */
export type PaymentErrorDisplayMs = 5000 | 10000 | 15000;

export interface PaymentErrorMessage {
  text: string;
  displayMs: PaymentErrorDisplayMs;
}

interface PaymentErrorGroup extends PaymentErrorMessage {
  codes: readonly string[];
}

// Checkout §8 groups, in its order. The wording is ours unless the spec quotes it
// (the decline text reuses §8 "Declined"; the free-trial text is quoted).
const PAYMENT_ERROR_GROUPS: readonly PaymentErrorGroup[] = [
  {
    codes: [
      'card_number_in_name_field',
      'incomplete_number',
      'incorrect_number',
      'card_error:incorrect_number',
      'invalid_number',
      'invalid_name',
      'incomplete_expiry',
      'invalid_expiry_month_past',
      'invalid_expiry_year_past',
      'incomplete_cvc',
      'card_error:incorrect_cvc:incorrect_cvc',
      'card_error:invalid_cvc',
    ],
    text: 'Please confirm that your card details are entered exactly as they appear on your card. If the problem persists, please contact support.',
    displayMs: 10000,
  },
  {
    codes: ['card_error:expired_card:expired_card'],
    text: 'Your card seems to be expired or is not allowed for this purchase. Please try a different payment method.',
    displayMs: 10000,
  },
  {
    codes: [
      'card_declined',
      'card_error:card_declined',
      'generic_decline',
      'lost_card',
      'stolen_card',
      'card_automatically_updated',
      'stored_payment_method_not_found',
    ],
    text: CHECKOUT_MESSAGES.declined,
    displayMs: 15000,
  },
  {
    codes: ['insufficient_funds'],
    text: 'Your card has insufficient funds. Please try a different card or payment method.',
    displayMs: 15000,
  },
  {
    // Ours: a failed 3-D Secure authentication (the provider's codes) is the same situation.
    codes: [
      'initial_authentication_or_charge_for_subscription_failed',
      'payment_intent_authentication_failure',
      'authentication_required',
    ],
    text: 'The authorization of your payment was not completed. Please try again.',
    displayMs: 15000,
  },
  {
    codes: ['card_error:processing_error'],
    text: 'We are having trouble connecting to the payment provider. Please try again later.',
    displayMs: 10000,
  },
  {
    codes: ['missing_tax_config', 'invalid_tax_info'],
    text: 'Please check your card details and billing address, and try again.',
    displayMs: 10000,
  },
  {
    codes: ['user-marked-as-fraud', 'too_many_failed_attempts'],
    text: 'For security reasons we could not process this payment. Please contact support.',
    displayMs: 10000,
  },
  {
    codes: ['card_already_used_for_free_trial'],
    text: 'Free Trial Limit Reached. Our records indicate that you have already initiated a free trial on another account.',
    displayMs: 10000,
  },
  // Ours (design §4): a charge that could not become an order is refunded in full at once.
  {
    codes: ['payment_refunded'],
    text: 'We could not complete your order, so your payment has been refunded in full. The refund can take 5 to 10 days to appear on your statement.',
    displayMs: 15000,
  },
  // Ours: the provider's answer did not match the order (amount, currency or customer).
  {
    codes: ['payment_mismatch'],
    text: 'We could not confirm this payment. Nothing was added to your account; any amount taken will be refunded. Please contact support if you have questions.',
    displayMs: 15000,
  },
  // Ours: a subscription checkout that another one beat to the plan (a trial started twice at
  // once, the license ceiling reached meanwhile); nothing was charged.
  { codes: ['already_subscribed'], text: SUBSCRIPTION_MESSAGES.alreadySubscribed, displayMs: 10000 },
  { codes: ['license_limit_reached'], text: SUBSCRIPTION_MESSAGES.licenseLimitReached, displayMs: 10000 },
  // Ours: an attempt left open (a closed tab, a lost connection) is ended by reconciliation.
  {
    codes: ['payment_expired'],
    text: 'This payment was not completed in time. Please try again.',
    displayMs: 10000,
  },
  {
    codes: ['international_card_not_allowed'],
    text: 'Only cards issued in India are accepted for this payment. Please use an Indian card or a different payment method.',
    displayMs: 15000,
  },
];

/** Codes §8 names that show the default message. */
const DEFAULT_MESSAGE_CODES: ReadonlySet<string> = new Set(['card_velocity_exceeded', 'n/a']);

/** Checkout §8: card_velocity_exceeded and every unknown code (n/a included). */
const DEFAULT_PAYMENT_ERROR: PaymentErrorMessage = {
  text: 'Please check your card details and try again, or use a different payment method.',
  displayMs: 5000,
};

const PAYMENT_ERRORS: ReadonlyMap<string, PaymentErrorMessage> = new Map(
  PAYMENT_ERROR_GROUPS.flatMap(({ codes, text, displayMs }) =>
    codes.map((code) => [code, { text, displayMs }]),
  ),
);

/** Checkout §8: the user message of a payment error code and how long it shows. */
export function paymentErrorMessage(code: string): PaymentErrorMessage {
  return { ...(PAYMENT_ERRORS.get(code) ?? DEFAULT_PAYMENT_ERROR) };
}

/**
 * The checkout §8 payment error code of a provider failure (Stripe's `type`, `code` and
 * `decline_code`): the first of decline code, `card_error:<code>:<decline code>`,
 * `card_error:<code>` and code that §8 knows; else the code itself (which shows the default).
 * E.g. expired_card → `card_error:expired_card:expired_card`, insufficient_funds → itself.
 */
export function paymentErrorCodeOf(failure: {
  type: string;
  code: string;
  declineCode: string | null;
}): string {
  const { type, code, declineCode } = failure;
  const candidates = [
    declineCode,
    type === 'card_error' && declineCode ? `card_error:${code}:${declineCode}` : null,
    type === 'card_error' ? `card_error:${code}` : null,
    code,
  ];
  return (
    candidates.find(
      (candidate) =>
        candidate !== null && (PAYMENT_ERRORS.has(candidate) || DEFAULT_MESSAGE_CODES.has(candidate)),
    ) ?? code
  );
}

/** Checkout §5: the provider code a card field gets when it is left incomplete after blur. */
export const CARD_FIELD_DEFAULT_CODES = {
  number: 'invalid_number',
  expiry: 'invalid_expiry',
  cvc: 'invalid_cvc',
  name: 'invalid_name_on_card',
} as const;

export type CardField = keyof typeof CARD_FIELD_DEFAULT_CODES;

const INVALID_EXPIRY = 'Please enter a valid expiration date';

const CARD_FIELD_ERRORS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    invalid_number: 'Please enter a valid card number',
    invalid_name_on_card: 'Please enter your cardholder name',
    invalid_cvc: 'Please enter a valid CVC',
    invalid_expiry: INVALID_EXPIRY,
    invalid_expiry_month: INVALID_EXPIRY,
    invalid_expiry_year: INVALID_EXPIRY,
    invalid_expiry_month_past: INVALID_EXPIRY,
    invalid_expiry_year_past: INVALID_EXPIRY,
    // Ours: §8 names the 'full' variants without quoting them.
    incomplete_number: 'Please enter the full card number',
    incomplete_expiry: 'Please enter the full expiration date',
    incomplete_cvc: 'Please enter the full CVC',
  }),
);

/** Checkout §8: the message under a card field for a provider error code. */
export function cardFieldErrorMessage(code: string): string {
  return CARD_FIELD_ERRORS.get(code) ?? 'Please enter valid card information';
}
