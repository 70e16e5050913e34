// Checkout §4 and §5 rules about the offered payment methods and their gateway status.
import { CHECKOUT_MESSAGES } from './checkout-messages.js';
import { GATEWAY_STATUSES, type GatewayStatus, type PaymentMethodConfig } from './checkout-contract.js';

export interface GatewayStatusBanner {
  type: 'warning' | 'error';
  text: string;
}

/**
 * Checkout §2/§4: the banner of a method panel: none when up, a warning above the form when
 * degraded, an error (and no form) when down. Any other status throws 'Invalid status'.
 */
export function gatewayStatusBanner(status: string): GatewayStatusBanner | null {
  if (!(GATEWAY_STATUSES as readonly string[]).includes(status)) {
    throw new Error(CHECKOUT_MESSAGES.invalidGatewayStatus);
  }
  switch (status as GatewayStatus) {
    case 'up':
      return null;
    case 'degraded':
      return { type: 'warning', text: CHECKOUT_MESSAGES.gatewayDegraded };
    case 'down':
      return { type: 'error', text: CHECKOUT_MESSAGES.gatewayDown };
  }
}

/** Checkout §4: a method whose gateway is down is unavailable. */
export function isPaymentMethodAvailable(method: Pick<PaymentMethodConfig, 'gateway_status'>): boolean {
  return method.gateway_status !== 'down';
}

/** Checkout §2/§4: no method offered, or all of them down: payments are unavailable here. */
export function isCheckoutUnavailable(
  methods: readonly Pick<PaymentMethodConfig, 'gateway_status'>[],
): boolean {
  return !methods.some(isPaymentMethodAvailable);
}

/**
 * Checkout §5/§8 before paying: 'Please select a payment method' when none is selected,
 * 'Please select an available payment method' when its gateway is down; null when fine.
 */
export function paymentMethodSelectionError(
  method: Pick<PaymentMethodConfig, 'gateway_status'> | null | undefined,
): string | null {
  if (!method) return CHECKOUT_MESSAGES.noMethod;
  return isPaymentMethodAvailable(method) ? null : CHECKOUT_MESSAGES.selectAvailableMethod;
}

/**
 * Checkout §4/§5: a stored method needs its saved card and a non-stored method of the same
 * vendor and type to pay through; else 'Payment method information is not valid.'
 */
export function storedPaymentMethodError(
  method: Pick<PaymentMethodConfig, 'vendor' | 'type' | 'mode' | 'options'>,
  methods: readonly Pick<PaymentMethodConfig, 'vendor' | 'type' | 'mode'>[],
): string | null {
  if (method.mode !== 'stored') return null;
  const related = methods.some(
    (other) => other.mode !== 'stored' && other.vendor === method.vendor && other.type === method.type,
  );
  return method.options.stored_payment_method && related ? null : CHECKOUT_MESSAGES.storedMethodInvalid;
}
