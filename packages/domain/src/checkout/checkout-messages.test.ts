import { describe, expect, it } from 'vitest';
import {
  CARD_FIELD_DEFAULT_CODES,
  CHECKOUT_MESSAGES,
  cardFieldErrorMessage,
  paymentErrorCodeOf,
  paymentErrorMessage,
} from './checkout-messages.js';

describe('checkout messages quoted by the spec (checkout §2, §5, §8)', () => {
  it.each([
    ['secureTooltipTitle', 'Secure and encrypted'],
    [
      'secureTooltipText',
      'We use 256-bit encryption to protect your payment method against unauthorized access.',
    ],
    [
      'regionUnavailable',
      'Unfortunately, we are currently not able to accept payments in your region. We apologize for the inconvenience.',
    ],
    ['subscriptionCardStored', 'This card will be stored on your account'],
    ['paymentMethodsTitle', 'Payment methods'],
    ['paymentMethodsSubtitle', 'Your saved payment methods'],
    ['paymentMethodsEmpty', "You don't have any saved payment method"],
    ['selectAvailableMethod', 'Please select an available payment method'],
    ['invalidZip', 'Please enter a valid ZIP Code.'],
    ['selectProvince', 'Please select a province.'],
    ['selectState', 'Please select a state.'],
    ['selectEmirate', 'Please select an emirate.'],
    ['selectBillingCountry', 'Please select billing country.'],
    ['cardNameInvalid', 'Please enter your name exactly as it appears on your card.'],
    ['selectInstallments', 'Please select number of installments.'],
    ['invalidCpfCnpj', 'Please enter a valid CPF/CNPJ'],
    ['invalidCurp', 'Please enter a valid CURP'],
    ['enterCpf', 'Please enter your CPF.'],
    ['checkSecurityCode', 'Please double-check your security code.'],
    ['checkAddress', 'Please enter or check your address.'],
    ['checkCity', 'Please enter or check your city.'],
    ['checkBnplState', 'Please enter or check your state.'],
    ['checkZipCode', 'Please enter or check your zip code.'],
    ['storedMethodInvalid', 'Payment method information is not valid.'],
    ['storedMethodLoadFailed', 'Failed to get stored payment method information'],
    ['configLoadFailed', "We couldn't complete this purchase. Please try again."],
    ['orderProblem', 'There is a problem with your order. Please try again later.'],
    ['methodProblem', 'There was a problem with the payment method. Please try a different one.'],
    ['noMethod', 'Please select a payment method'],
    ['missingMethodFields', 'Please select/fill all of the required fields of the selected payment method'],
    ['checkFields', 'Please check all the required fields'],
    ['billingAddress', 'Please select/enter your billing address'],
    ['billingCountryAndLocation', 'Please select/enter country and secondary location.'],
    ['billingRequired', 'Please enter required billing information.'],
    ['expiredCard', 'Your card is expired, please update your payment method and try again.'],
    [
      'declined',
      'Your card was declined. Please contact your bank, or try a different card or payment method.',
    ],
    ['mandatePending', 'Please wait 5-10 minutes for your new payment method to be updated on e-mandate.'],
    [
      'invalidCardOnCreation',
      'Invalid card details. You have not been charged. Please enter card details exactly as they appear on your card and try again.',
    ],
    ['removalSucceeded', 'Payment method successfully deleted'],
    ['removalFailed', 'Payment method cannot be removed right now. Please try again later'],
    ['settingFailed', 'Setting cannot be updated right now. Please try again later'],
    ['pageProblem', 'There was a problem. Please reload this page to fix this problem.'],
    ['cardAboutToExpire', 'Your card is about to expire. Please update your payment info.'],
    ['cardExpired', 'Your card is expired. Please update your payment info.'],
    ['formValidationFailed', 'Failed to validate form data'],
    ['submitUrlNotFound', 'submitUrl has not been found'],
    ['actionNotHandled', 'Action can not be handled'],
    ['invalidGatewayStatus', 'Invalid status'],
  ] as const)('%s is the quoted text', (key, text) => {
    expect(CHECKOUT_MESSAGES[key]).toBe(text);
  });

  it('completes the two gateway texts from the beginnings the spec shows', () => {
    expect(CHECKOUT_MESSAGES.gatewayDegraded).toMatch(
      /^The payments vendor is currently experiencing intermittent issues\b/,
    );
    expect(CHECKOUT_MESSAGES.gatewayDown).toMatch(/^The payments vendor is temporarily offline\b/);
  });

  it('has a sentence for every message the spec only names', () => {
    for (const key of [
      'usedBySubscription',
      'purchaseCompleted',
      'subscriptionStarted',
      'billingUpdated',
      'paymentInfoUpdated',
      'licensesAdded',
    ] as const) {
      expect(CHECKOUT_MESSAGES[key]).toMatch(/^[A-Z].+\.$/);
    }
  });
});

describe('payment error messages (checkout §8)', () => {
  const cardDetails = paymentErrorMessage('invalid_number');
  const defaultMessage = paymentErrorMessage('n/a');

  it.each([
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
  ])('%s asks to confirm the card details, for 10 s', (code) => {
    expect(paymentErrorMessage(code)).toEqual({ text: cardDetails.text, displayMs: 10000 });
  });

  it('card details: confirm them and contact support if it persists', () => {
    expect(cardDetails.text).toMatch(/confirm/i);
    expect(cardDetails.text).toMatch(/support/i);
  });

  it('an expired card: seems expired or not allowed, try another method, for 10 s', () => {
    const message = paymentErrorMessage('card_error:expired_card:expired_card');
    expect(message.displayMs).toBe(10000);
    expect(message.text).toMatch(/expired/);
    expect(message.text).toMatch(/different payment method/);
  });

  it.each([
    'card_declined',
    'card_error:card_declined',
    'generic_decline',
    'lost_card',
    'stolen_card',
    'card_automatically_updated',
    'stored_payment_method_not_found',
  ])('%s is the generic decline suggesting another method, for 15 s', (code) => {
    expect(paymentErrorMessage(code)).toEqual({ text: CHECKOUT_MESSAGES.declined, displayMs: 15000 });
  });

  it.each([
    ['insufficient_funds', /insufficient funds/, 15000],
    ['initial_authentication_or_charge_for_subscription_failed', /authorization .* not completed/, 15000],
    ['payment_intent_authentication_failure', /authorization .* not completed/, 15000],
    ['card_error:processing_error', /trouble connecting to the payment provider/, 10000],
    ['missing_tax_config', /check your card details/, 10000],
    ['invalid_tax_info', /check your card details/, 10000],
    ['user-marked-as-fraud', /security reasons.*contact support/, 10000],
    ['too_many_failed_attempts', /security reasons.*contact support/, 10000],
    ['international_card_not_allowed', /Only cards issued in India/, 15000],
  ] as const)('%s: its message, for its time', (code, text, displayMs) => {
    const message = paymentErrorMessage(code);
    expect(message.text).toMatch(text);
    expect(message.displayMs).toBe(displayMs);
  });

  it('the free-trial limit is quoted, for 10 s', () => {
    expect(paymentErrorMessage('card_already_used_for_free_trial')).toEqual({
      text: 'Free Trial Limit Reached. Our records indicate that you have already initiated a free trial on another account.',
      displayMs: 10000,
    });
  });

  it('a subscription checkout beaten to the plan says so, not "check your card details"', () => {
    for (const code of ['already_subscribed', 'license_limit_reached']) {
      const message = paymentErrorMessage(code);
      expect(message.text).not.toBe(defaultMessage.text);
      expect(message.text).toMatch(/nothing was charged/);
    }
    expect(paymentErrorMessage('already_subscribed').text).toMatch(/already have this subscription/);
  });

  it('card_velocity_exceeded, n/a and unknown codes get the default, for 5 s', () => {
    expect(defaultMessage.displayMs).toBe(5000);
    expect(defaultMessage.text).toMatch(/check your card details/);
    expect(paymentErrorMessage('card_velocity_exceeded')).toEqual(defaultMessage);
    expect(paymentErrorMessage('something_new')).toEqual(defaultMessage);
    expect(paymentErrorMessage('')).toEqual(defaultMessage);
    expect(paymentErrorMessage('constructor')).toEqual(defaultMessage);
  });

  it('gives each family its own text', () => {
    const texts = new Set(
      [
        'invalid_number',
        'card_error:expired_card:expired_card',
        'card_declined',
        'insufficient_funds',
        'initial_authentication_or_charge_for_subscription_failed',
        'card_error:processing_error',
        'missing_tax_config',
        'too_many_failed_attempts',
        'card_already_used_for_free_trial',
        'international_card_not_allowed',
        'n/a',
      ].map((code) => paymentErrorMessage(code).text),
    );
    expect(texts.size).toBe(11);
  });

  it('hands out copies, so a caller cannot change the table', () => {
    const message = paymentErrorMessage('card_declined');
    message.text = 'changed';
    expect(paymentErrorMessage('card_declined').text).toBe(CHECKOUT_MESSAGES.declined);
  });
});

describe('paymentErrorCodeOf: provider failures to checkout §8 codes', () => {
  it.each([
    [{ type: 'card_error', code: 'card_declined', declineCode: 'generic_decline' }, 'generic_decline'],
    [{ type: 'card_error', code: 'card_declined', declineCode: 'insufficient_funds' }, 'insufficient_funds'],
    [{ type: 'card_error', code: 'card_declined', declineCode: 'lost_card' }, 'lost_card'],
    [{ type: 'card_error', code: 'card_declined', declineCode: 'stolen_card' }, 'stolen_card'],
    [
      { type: 'card_error', code: 'expired_card', declineCode: 'expired_card' },
      'card_error:expired_card:expired_card',
    ],
    [
      { type: 'card_error', code: 'incorrect_cvc', declineCode: 'incorrect_cvc' },
      'card_error:incorrect_cvc:incorrect_cvc',
    ],
    [
      { type: 'card_error', code: 'processing_error', declineCode: 'processing_error' },
      'card_error:processing_error',
    ],
    [{ type: 'card_error', code: 'incorrect_number', declineCode: null }, 'card_error:incorrect_number'],
    [{ type: 'card_error', code: 'card_declined', declineCode: 'fraudulent' }, 'card_error:card_declined'],
    [
      { type: 'card_error', code: 'card_declined', declineCode: 'card_velocity_exceeded' },
      'card_velocity_exceeded',
    ],
    [
      { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', declineCode: null },
      'payment_intent_authentication_failure',
    ],
    [{ type: 'api_error', code: 'rate_limit', declineCode: null }, 'rate_limit'],
  ])('%o → %s', (failure, code) => {
    expect(paymentErrorCodeOf(failure)).toBe(code);
  });

  it('lands declines on the messages of their §8 family', () => {
    const code = paymentErrorCodeOf({
      type: 'card_error',
      code: 'expired_card',
      declineCode: 'expired_card',
    });
    expect(paymentErrorMessage(code).displayMs).toBe(10000);
    const velocity = paymentErrorCodeOf({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'card_velocity_exceeded',
    });
    expect(paymentErrorMessage(velocity).displayMs).toBe(5000);
  });
});

describe('card field errors (checkout §5, §8)', () => {
  it('has the default codes of incomplete fields after blur', () => {
    expect(CARD_FIELD_DEFAULT_CODES).toEqual({
      number: 'invalid_number',
      expiry: 'invalid_expiry',
      cvc: 'invalid_cvc',
      name: 'invalid_name_on_card',
    });
  });

  it.each([
    ['invalid_number', 'Please enter a valid card number'],
    ['invalid_name_on_card', 'Please enter your cardholder name'],
    ['invalid_cvc', 'Please enter a valid CVC'],
    ['invalid_expiry', 'Please enter a valid expiration date'],
    ['invalid_expiry_month', 'Please enter a valid expiration date'],
    ['invalid_expiry_year', 'Please enter a valid expiration date'],
    ['invalid_expiry_month_past', 'Please enter a valid expiration date'],
    ['invalid_expiry_year_past', 'Please enter a valid expiration date'],
    ['incomplete_number', 'Please enter the full card number'],
    ['incomplete_expiry', 'Please enter the full expiration date'],
    ['incomplete_cvc', 'Please enter the full CVC'],
    ['processing_error', 'Please enter valid card information'],
    ['toString', 'Please enter valid card information'],
  ])('%s → %s', (code, text) => {
    expect(cardFieldErrorMessage(code)).toBe(text);
  });

  it('gives each default code its field message', () => {
    expect(cardFieldErrorMessage(CARD_FIELD_DEFAULT_CODES.number)).toBe('Please enter a valid card number');
    expect(cardFieldErrorMessage(CARD_FIELD_DEFAULT_CODES.name)).toBe('Please enter your cardholder name');
  });
});
