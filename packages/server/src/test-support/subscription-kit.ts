import { newRef } from './checkout-kit.js';

/** A subscription price option in `shopping_info.items` (checkout §7), for `seats` licenses of plan `ref`. */
export const planItem = (id: string, seats?: number, ref?: string) => ({
  buyable: {
    id,
    buyable_object_type: 'subscription_plan_price_option',
    ...(ref ? { checkout_ref: ref } : {}),
  },
  ...(seats === undefined ? {} : { requested_seat_count: seats }),
});

/** Seattle (98101): a US address the built-in tax table taxes. */
export const seattleBilling = (extra: Record<string, string> = {}) => ({
  country_code: 'US',
  secondary_location_info: '98101',
  address_line1: '1 Main Street',
  customer_name: 'Initech',
  ...extra,
});

/**
 * A Subscription checkout submit: `credentials` is the card (a payment method id such as
 * `pm_card_visa`, or the whole credentials object), null for an event that charges nothing new.
 */
export const subscriptionSubmit = (
  event: string,
  items: unknown[],
  credentials: string | Record<string, unknown> | null,
  extra: Record<string, unknown> = {},
) => ({
  checkout_environment: 'Subscription',
  checkout_event: event,
  checkout_ref: newRef(),
  shopping_info: { items },
  billing_address: seattleBilling(),
  ...(credentials
    ? {
        payment_info: {
          method_id: 2,
          payment_vendor: 'CardToken',
          payment_method: 'card',
          credentials: typeof credentials === 'string' ? { payment_method_id: credentials } : credentials,
        },
      }
    : {}),
  ...extra,
});
