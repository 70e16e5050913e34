import { describe, expect, it } from 'vitest';
import {
  gatewayStatusBanner,
  isCheckoutUnavailable,
  isPaymentMethodAvailable,
  paymentMethodSelectionError,
  storedPaymentMethodError,
} from './payment-method-rules.js';

describe('gatewayStatusBanner (checkout §2, §4)', () => {
  it('shows nothing when up, a warning when degraded, an error when down', () => {
    expect(gatewayStatusBanner('up')).toBeNull();
    expect(gatewayStatusBanner('degraded')).toEqual({
      type: 'warning',
      text: expect.stringMatching(/^The payments vendor is currently experiencing intermittent issues/),
    });
    expect(gatewayStatusBanner('down')).toEqual({
      type: 'error',
      text: expect.stringMatching(/^The payments vendor is temporarily offline/),
    });
  });

  it("raises 'Invalid status' for any other value", () => {
    expect(() => gatewayStatusBanner('sideways')).toThrow('Invalid status');
    expect(() => gatewayStatusBanner('')).toThrow('Invalid status');
  });
});

describe('availability (checkout §4, §5)', () => {
  const up = { gateway_status: 'up' as const };
  const degraded = { gateway_status: 'degraded' as const };
  const down = { gateway_status: 'down' as const };

  it('a method is unavailable only when down', () => {
    expect(isPaymentMethodAvailable(up)).toBe(true);
    expect(isPaymentMethodAvailable(degraded)).toBe(true);
    expect(isPaymentMethodAvailable(down)).toBe(false);
  });

  it('checkout is unavailable with no method or all down', () => {
    expect(isCheckoutUnavailable([])).toBe(true);
    expect(isCheckoutUnavailable([down, down])).toBe(true);
    expect(isCheckoutUnavailable([down, degraded])).toBe(false);
  });

  it('asks for a method, and for an available one', () => {
    expect(paymentMethodSelectionError(null)).toBe('Please select a payment method');
    expect(paymentMethodSelectionError(undefined)).toBe('Please select a payment method');
    expect(paymentMethodSelectionError(down)).toBe('Please select an available payment method');
    expect(paymentMethodSelectionError(degraded)).toBeNull();
    expect(paymentMethodSelectionError(up)).toBeNull();
  });
});

describe('storedPaymentMethodError (checkout §4, §5)', () => {
  const card = { vendor: 'CardToken' as const, type: 'card', mode: 'direct' as const, options: {} };
  const savedCard = {
    id: 'CardToken_card_pm_1',
    payment_method_details: {
      card: {
        brand: 'visa',
        last_4_digit: '4242',
        card_holder_name: 'Lena Learner',
        expiry_month: 12,
        expiry_year: 2030,
        card_bin: '424242',
        additional_data: {
          checks: { avs_result: null, cvc_result: null, address_postal_code_check: null, cvc_check: null },
        },
      },
    },
    fraud_context: { bank_country: 'US', bank_name: null, account_holder_name: null },
    is_used_by_subscription: false,
  };
  const stored = { ...card, mode: 'stored' as const, options: { stored_payment_method: savedCard } };

  it('accepts a stored card with its card and a related card method', () => {
    expect(storedPaymentMethodError(stored, [card, stored])).toBeNull();
  });

  it('refuses one without its saved card or without a related method', () => {
    const message = 'Payment method information is not valid.';
    expect(storedPaymentMethodError({ ...stored, options: {} }, [card, stored])).toBe(message);
    expect(storedPaymentMethodError(stored, [stored])).toBe(message);
    expect(storedPaymentMethodError(stored, [{ ...card, vendor: 'CardEncrypted' }, stored])).toBe(message);
  });

  it('has nothing to say about other methods', () => {
    expect(storedPaymentMethodError(card, [card])).toBeNull();
  });
});
