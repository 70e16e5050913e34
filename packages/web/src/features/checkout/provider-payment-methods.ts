import {
  CHECKOUT_MESSAGES,
  type BillingAddressInput,
  type BnplAddressInput,
  type CheckoutCredentials,
} from '@lectern/domain';
import { digitsOf, fieldOfProviderCode, parseExpiry, type CardInput } from './card-fields';
import { CheckoutFailure, methodProblem } from './checkout-failure';
import type { ProviderPaymentMethod, ProviderSdk } from './provider-sdk';

/**
 * The provider's card payment method for the card typed in the form (card and local card).
 * Country and ZIP go with it only when the billing information is valid (checkout §5).
 */
export async function createCardPaymentMethod(
  sdk: ProviderSdk,
  card: CardInput,
  billing: BillingAddressInput | null,
): Promise<ProviderPaymentMethod> {
  const expiry = parseExpiry(card.expiry);
  const address =
    billing === null
      ? undefined
      : {
          country: billing.country_code,
          ...(billing.country_code === 'US' && billing.secondary_location_info
            ? { postal_code: billing.secondary_location_info }
            : {}),
        };
  const created = await sdk.createPaymentMethod({
    type: 'card',
    card: {
      number: digitsOf(card.number),
      exp_month: expiry?.month ?? 0,
      exp_year: expiry?.year ?? 0,
      cvc: card.cvc,
    },
    billing_details: { name: card.name.trim(), ...(address ? { address } : {}) },
  });
  if (created.error || !created.paymentMethod) {
    const code = created.error?.code ?? '';
    const field = fieldOfProviderCode(code);
    throw new CheckoutFailure(
      CHECKOUT_MESSAGES.invalidCardOnCreation,
      10_000,
      field ? { name: field, code } : null,
    );
  }
  return created.paymentMethod;
}

/** The card's brand data the payment context carries (checkout §3). */
export function cardDetails(paymentMethod: ProviderPaymentMethod, card: CardInput) {
  return {
    ...(paymentMethod.card ? { last_4_digits: paymentMethod.card.last4 } : {}),
    card_bin: digitsOf(card.number).slice(0, 6),
    user_agent: navigator.userAgent,
  };
}

export interface BnplMethodInput {
  kind: 'bnplAddress' | 'bnplFieldless';
  address: BnplAddressInput | undefined;
  billing: BillingAddressInput | null;
  buyer: { name: string; email: string } | undefined;
}

/**
 * Checkout §4 buy-now-pay-later: the payment method is created with the SDK first, and its
 * id is what the server charges. The address-based one carries the form's address (in the
 * US the postal code is the billing ZIP, checkout §5) and the buyer's name and e-mail, which
 * the provider requires; its credentials repeat that address for the server's checks.
 */
export async function createBnplCredentials(
  sdk: ProviderSdk,
  { kind, address, billing, buyer }: BnplMethodInput,
): Promise<CheckoutCredentials> {
  if (kind === 'bnplFieldless') {
    const created = await sdk.createPaymentMethod({ type: 'affirm' });
    if (created.error || !created.paymentMethod) throw methodProblem();
    return { payment_method_id: created.paymentMethod.id };
  }
  if (!address || !billing || !buyer) throw methodProblem();
  const country = billing.country_code;
  const fields = {
    line1: address.line1.trim(),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
    country,
    postal_code: (country === 'US' ? (billing.secondary_location_info ?? '') : address.zip).trim(),
  };
  const created = await sdk.createPaymentMethod({
    type: 'afterpay_clearpay',
    billing_details: { name: buyer.name, email: buyer.email, address: fields },
  });
  if (created.error || !created.paymentMethod) throw methodProblem();
  return {
    payment_method_id: created.paymentMethod.id,
    name: buyer.name,
    address_line1: fields.line1,
    city: fields.city,
    state: fields.state,
    country: fields.country,
    postal_code: fields.postal_code,
  };
}
