import {
  BILLING_INFO_LIMITS,
  isCheckoutReference,
  PAYMENT_VENDORS,
  REQUESTED_CONFIGS,
  SUBSCRIPTION_BUYABLE_TYPE,
  SUBSCRIPTION_INFO_EVENTS,
  SUBSCRIPTION_SUBMIT_EVENTS,
} from '@lectern/domain';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';

const referenceMessage = 'checkout_ref must be the reference of a subscription, such as LSC-42.';
/** Team-plan §9: `LSC-<enrollment id>` exactly, the id within the database-id rule. */
export const checkoutReference = z
  .string({ error: referenceMessage })
  .max(32, referenceMessage)
  .refine(isCheckoutReference, referenceMessage);

/** Checkout §7 / team-plan §3: one plan item, its licenses, and the enrollment it changes. */
const subscriptionItem = z.object({
  buyable: z.strictObject({
    id: z
      .string({ error: 'id must be a price option id.' })
      .regex(/^[a-z0-9-]{1,64}$/, 'id must be a price option id.'),
    buyable_object_type: z.literal(SUBSCRIPTION_BUYABLE_TYPE, {
      error: `buyable_object_type must be ${SUBSCRIPTION_BUYABLE_TYPE}.`,
    }),
    checkout_ref: checkoutReference.optional(),
  }),
  requested_seat_count: z
    .number({ error: 'requested_seat_count must be a number of licenses.' })
    .int('requested_seat_count must be a whole number of licenses.')
    .min(0, 'requested_seat_count cannot be negative.')
    .max(100_000, 'requested_seat_count is at most 100,000.')
    .optional(),
});

const shoppingInfo = z.object({
  items: z.array(subscriptionItem).length(1, 'A subscription checkout buys exactly one plan.'),
  is_cart: z.boolean().optional(),
});

const line = (what: string) =>
  z.string().max(BILLING_INFO_LIMITS.addressLine, `${what} is at most 256 characters.`).nullish();

/** Checkout §2 / team-plan §5 billing address of the Subscription environment. */
export const subscriptionBillingAddress = z.object({
  country_code: z
    .string({ error: 'Please select billing country.' })
    .regex(/^[A-Za-z]{2}$/, 'Please select billing country.'),
  secondary_location_info: z.string().max(10, 'At most 10 characters.').nullish(),
  address_line1: line('Address line 1'),
  address_line2: line('Address line 2'),
  customer_name: z
    .string()
    .max(BILLING_INFO_LIMITS.name, 'The company name is at most 256 characters.')
    .nullish(),
  tax_number: z
    .string()
    .max(BILLING_INFO_LIMITS.taxNumber, `The tax ID is at most ${BILLING_INFO_LIMITS.taxNumber} characters.`)
    .nullish(),
});

export const subscriptionInfoBody = z.object({
  requested_configs: z
    .array(z.enum(REQUESTED_CONFIGS, { error: `Ask for ${REQUESTED_CONFIGS.join(', ')}.` }))
    .min(1, 'Ask for at least one config.'),
  shopping_info: shoppingInfo,
  checkout_environment: z.literal('Subscription'),
  checkout_event: z.enum([...SUBSCRIPTION_INFO_EVENTS, ...SUBSCRIPTION_SUBMIT_EVENTS]),
  billing_address: subscriptionBillingAddress.optional(),
});
export type SubscriptionCheckoutInfoRequest = z.infer<typeof subscriptionInfoBody>;

const token = z.string().min(1).max(255);

export const subscriptionSubmitBody = z.object({
  checkout_environment: z.literal('Subscription'),
  checkout_event: z.enum(SUBSCRIPTION_SUBMIT_EVENTS),
  checkout_ref: z
    .string({ error: 'checkout_ref is required.' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'checkout_ref must be 8 to 64 letters, digits or hyphens.'),
  shopping_info: shoppingInfo,
  billing_address: subscriptionBillingAddress.optional(),
  expected_total: z
    .strictObject({
      amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      currency: z.string().regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code.'),
    })
    .optional(),
  payment_info: z
    .object({
      method_id: databaseId('method_id must be the id of a payment method offered.', { zero: true }),
      payment_vendor: z.enum(PAYMENT_VENDORS),
      payment_method: z.string().min(1).max(64),
      credentials: z.union([
        z.strictObject({
          payment_method_id: token,
          card_country: z.string().max(2).optional(),
          card_bin: z.string().max(8).optional(),
        }),
        z.strictObject({ stored_payment_method_id: token }),
        z.strictObject({}),
      ]),
      remember_me: z.boolean().optional(),
      last_4_digits: z.string().max(4).optional(),
      card_bin: z.string().max(8).optional(),
    })
    .optional(),
});
export type SubscriptionCheckoutSubmitRequest = z.infer<typeof subscriptionSubmitBody>;

export const subscriptionResultBody = z.object({
  checkout_environment: z.literal('Subscription'),
  checkout_event: z.enum([
    'Result',
    'UpsellResult',
    'UpsellMandateResult',
    'UpdateResult',
    'ResubscribeResult',
  ]),
  payment_info: z.object({
    credentials: z.union([
      z.strictObject({ payment_intent_id: token, action_result: z.string().max(64) }),
      z.strictObject({
        payment_method_id: token,
        action_result: z.string().max(64),
        checkout_ref: z.string().max(64).optional(),
      }),
    ]),
  }),
});
export type SubscriptionResultRequest = z.infer<typeof subscriptionResultBody>;
