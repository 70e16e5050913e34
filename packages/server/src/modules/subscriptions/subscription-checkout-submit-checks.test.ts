import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import type { HttpError } from '../../platform/http/http-error.js';
import { assertEventAllowed, assertPriceAccepted, cardOf } from './subscription-checkout-submit-checks.js';
import type { SubscriptionCheckoutSubmitRequest } from './subscription-checkout.schemas.js';
import type { SubscriptionPrice } from './subscription-pricing.js';
import type { Purchase } from './subscription-purchase.js';
import type { EnrollmentRow, PriceOptionRow } from './subscriptions.repository.js';

type Event = SubscriptionCheckoutSubmitRequest['checkout_event'];

// Only the fields the checks read.
const purchase = (over: {
  productType?: Purchase['productType'];
  country?: string;
  status?: string | null;
  licenses?: number;
  licensed?: boolean;
  storedCard?: string | null;
}): Purchase =>
  ({
    productType: over.productType ?? 'TEAM',
    location: { country: over.country ?? 'US', secondaryLocation: null, taxNumber: null },
    enrollment: over.status ? ({ id: 1, status: over.status, licenseCount: 5 } as EnrollmentRow) : null,
    option: (over.licensed
      ? { maximumLicenses: 10, minimumLicenses: 5, defaultLicenses: 5 }
      : { maximumLicenses: null }) as PriceOptionRow,
    licenses: over.licenses ?? 5,
    profile: over.storedCard === undefined ? null : { paymentMethodId: over.storedCard },
  }) as Purchase;

const price = (due: number, taxError: string | null = null) =>
  ({ today: { total: { amount: due } }, quote: { currency: 'USD' }, taxError }) as SubscriptionPrice;

const refusal = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    const { statusCode, code, fieldErrors } = error as HttpError;
    return { status: statusCode, code, fields: fieldErrors };
  }
  return expect.unreachable('the submit was accepted');
};

describe('assertEventAllowed', () => {
  it('sells no team plan where it is restricted, while its card and billing can still change', () => {
    const india = purchase({ country: 'IN', status: 'ACTIVE' });
    expect(refusal(() => assertEventAllowed(purchase({ country: 'IN' }), 'Submit', 'Lectern'))).toMatchObject(
      {
        status: 400,
        code: 'region_restricted',
      },
    );
    expect(refusal(() => assertEventAllowed(india, 'UpsellSubmit', 'Lectern')).code).toBe(
      'region_restricted',
    );
    for (const event of ['Update', 'UpdateBilling'] as const) {
      expect(() => assertEventAllowed(india, event, 'Lectern')).not.toThrow();
    }
    expect(() =>
      assertEventAllowed(
        purchase({ productType: 'CONSUMERSUBSCRIPTION', country: 'IN' }),
        'Submit',
        'Lectern',
      ),
    ).not.toThrow();
  });

  it('allows a new plan beside an expired one only, and a resubscribe of an expired plan only', () => {
    expect(refusal(() => assertEventAllowed(purchase({ status: 'TRIAL' }), 'Submit', 'L')).code).toBe(
      'already_subscribed',
    );
    expect(() => assertEventAllowed(purchase({ status: 'EXPIRED' }), 'Submit', 'L')).not.toThrow();
    for (const status of ['ACTIVE', null]) {
      expect(refusal(() => assertEventAllowed(purchase({ status }), 'ResubscribeSubmit', 'L')).code).toBe(
        'not_expired',
      );
    }
    expect(() => assertEventAllowed(purchase({ status: 'EXPIRED' }), 'ResubscribeSubmit', 'L')).not.toThrow();
  });

  it('changes no expired plan, and adds licenses in trial or active only', () => {
    for (const event of ['UpsellSubmit', 'Update', 'UpdateBilling'] as Event[]) {
      expect(refusal(() => assertEventAllowed(purchase({ status: 'EXPIRED' }), event, 'L')).code).toBe(
        'subscription_expired',
      );
    }
    expect(
      refusal(() => assertEventAllowed(purchase({ status: 'PAST_DUE' }), 'UpsellSubmit', 'L')).code,
    ).toBe('not_upsellable');
    expect(() => assertEventAllowed(purchase({ status: 'TRIAL' }), 'UpsellSubmit', 'L')).not.toThrow();
  });

  it("keeps a new plan's licenses within its option's counts", () => {
    expect(
      refusal(() => assertEventAllowed(purchase({ licensed: true, licenses: 3 }), 'Submit', 'L')).fields,
    ).toEqual({ 'shopping_info.items.0.requested_seat_count': ['Please choose at least 5 licenses.'] });
    expect(() => assertEventAllowed(purchase({ licensed: true, licenses: 6 }), 'Submit', 'L')).not.toThrow();
  });
});

describe('assertPriceAccepted', () => {
  it('needs a location that can be taxed only where tax is due or billing is stored', () => {
    const noBilling = { billing_address: undefined };
    expect(() =>
      assertPriceAccepted(purchase({}), price(0, 'Enter a valid ZIP code.'), noBilling, false),
    ).not.toThrow();
    expect(
      refusal(() =>
        assertPriceAccepted(purchase({}), price(900, 'Enter a valid ZIP code.'), noBilling, false),
      ).fields,
    ).toEqual({
      'billing_address.secondary_location_info': ['Enter a valid ZIP code.'],
    });
  });

  it('refuses a total other than the one the buyer agreed to', () => {
    const seen = (amount: number, currency = 'usd') => ({ expected_total: { amount, currency } });
    expect(() => assertPriceAccepted(purchase({}), price(900), seen(900), false)).not.toThrow();
    expect(refusal(() => assertPriceAccepted(purchase({}), price(900), seen(800), false))).toMatchObject({
      status: 409,
      code: 'price_changed',
    });
    expect(refusal(() => assertPriceAccepted(purchase({}), price(900), seen(900, 'EUR'), false)).code).toBe(
      'price_changed',
    );
  });
});

describe('cardOf', () => {
  const submitted = (
    event: Event,
    credentials?:
      { payment_method_id: string } | { stored_payment_method_id: string } | Record<string, never>,
  ) => ({
    checkout_event: event,
    payment_info: credentials && {
      method_id: 1,
      payment_vendor: 'CardToken' as const,
      payment_method: 'card',
      credentials,
    },
  });

  it('pays a new plan with the entered card, or the stored one when asked for and there is one', () => {
    expect(cardOf(purchase({}), price(900), submitted('Submit', { payment_method_id: 'pm_new' }))).toEqual({
      enteredCard: 'pm_new',
      needsCard: true,
    });
    expect(
      cardOf(
        purchase({ storedCard: 'pm_old' }),
        price(900),
        submitted('Submit', { stored_payment_method_id: 'x' }),
      ),
    ).toEqual({ enteredCard: null, needsCard: true });
    expect(
      refusal(() => cardOf(purchase({ storedCard: 'pm_old' }), price(900), submitted('Submit', {}))).fields,
    ).toEqual({
      'payment_info.credentials': [CHECKOUT_MESSAGES.noMethod],
    });
    expect(
      refusal(() =>
        cardOf(purchase({}), price(900), submitted('ResubscribeSubmit', { stored_payment_method_id: 'x' })),
      ).fields,
    ).toEqual({
      'payment_info.credentials': ['There is no stored card on this subscription; enter a card.'],
    });
  });

  it('charges a paid upsell to the stored card unless another is entered; a free one or a billing change needs none', () => {
    expect(cardOf(purchase({ storedCard: 'pm_old' }), price(900), submitted('UpsellSubmit'))).toEqual({
      enteredCard: null,
      needsCard: true,
    });
    expect(refusal(() => cardOf(purchase({}), price(900), submitted('UpsellSubmit'))).code).toBe(
      'validation_error',
    );
    expect(cardOf(purchase({}), price(0), submitted('UpsellSubmit'))).toEqual({
      enteredCard: null,
      needsCard: false,
    });
    expect(cardOf(purchase({}), price(0), submitted('UpdateBilling'))).toEqual({
      enteredCard: null,
      needsCard: false,
    });
  });
});
