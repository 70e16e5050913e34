import {
  TAX_NUMBER_INPUT_MAX_LENGTH,
  BUYABLE_TYPES,
  CHECKOUT_ENVIRONMENTS,
  calendarDateSchema,
  CHECKOUT_EVENTS,
  PAYMENT_ATTEMPT_OUTCOMES,
  PAYMENT_VENDORS,
  REQUESTED_CONFIGS,
  SHOPPING_LIST_MAX_ITEMS,
  type BnplInfoResponse,
  type CheckoutReceipt,
  type CheckoutResult,
  type StoredPaymentMethodsResponse,
} from '@lectern/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { notAuthenticated } from '../../platform/http/http-error.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { UsersService } from '../users/users.service.js';
import type { ClientMetrics } from '../tracking/client-metrics.js';
import type { SubscriptionCheckoutService } from '../subscriptions/subscription-checkout.service.js';
import {
  subscriptionInfoBody,
  subscriptionResultBody,
  subscriptionSubmitBody,
} from '../subscriptions/subscription-checkout.schemas.js';
import { checkoutInfoJson } from './checkout-info-json.js';
import type { CheckoutBuyer, CheckoutService } from './checkout.service.js';

export const CHECKOUT_PATHS = {
  info: '/payment/checkout-info/',
  submit: '/payment/checkout-submit/',
  attempt: '/payment/checkout-submit/:paymentAttemptId/',
  result: '/payment/checkout-result/',
  bnplInfo: '/payment/checkout-bnpl-info/',
  logPaymentAttempt: '/payment/shopping-cart-log-payment-attempt/',
  storedMethods: '/payment-vendor/stored-payment-method/',
  storedMethod: '/payment-vendor/stored-payment-method/:storedId/',
} as const;

const buyable = z.strictObject({
  id: databaseId('id must be a course id.'),
  buyable_object_type: z.enum(BUYABLE_TYPES, {
    error: `buyable_object_type must be one of ${BUYABLE_TYPES.join(', ')}.`,
  }),
});

// Its rules (the e-mail, lengths, the date's range) are the domain's: checked at submit. A date
// that does not exist is refused here, whatever the event.
const gift = z.strictObject({
  recipient_email: z.string({ error: 'recipient_email is required.' }).max(320, 'At most 320 characters.'),
  recipient_name: z.string().max(1_000, 'At most 1,000 characters.').nullish(),
  message: z.string().max(5_000, 'At most 5,000 characters.').nullish(),
  deliver_on: calendarDateSchema('deliver_on', { orEmpty: true }).nullish(),
});

const shoppingInfo = z.object({
  items: z
    .array(z.object({ buyable, checkout_ref: z.string().max(64).optional(), gift: gift.optional() }), {
      error: 'items must be a list of buyables.',
    })
    .min(1, 'Send at least one item.')
    .max(SHOPPING_LIST_MAX_ITEMS, `Send at most ${SHOPPING_LIST_MAX_ITEMS} items.`),
});

const billingAddress = z.object({
  country_code: z
    .string({ error: 'Please select billing country.' })
    .regex(/^[A-Za-z]{2}$/, 'Please select billing country.'),
  secondary_location_info: z.string().max(10, 'At most 10 characters.').nullish(),
  tax_number: z
    .string()
    .max(TAX_NUMBER_INPUT_MAX_LENGTH, `At most ${TAX_NUMBER_INPUT_MAX_LENGTH} characters.`)
    .nullish(),
  address_line1: z.string().max(50, 'At most 50 characters.').optional(),
  address_line2: z.string().max(50, 'At most 50 characters.').optional(),
});

export const infoBody = z.object({
  requested_configs: z
    .array(z.enum(REQUESTED_CONFIGS, { error: `Ask for ${REQUESTED_CONFIGS.join(', ')}.` }))
    .min(1, 'Ask for at least one config.'),
  shopping_info: shoppingInfo,
  checkout_environment: z.literal('Marketplace'),
  checkout_event: z.enum(CHECKOUT_EVENTS),
  billing_address: billingAddress.optional(),
});

const bnplInfoBody = z.object({
  shopping_info: shoppingInfo,
  billing_address: billingAddress.optional(),
});

const paymentAttemptLogBody = z.strictObject({
  payment_method: z
    .string({ error: 'payment_method is required.' })
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'payment_method must be a method type such as card.'),
  outcome: z.enum(PAYMENT_ATTEMPT_OUTCOMES, {
    error: `outcome must be one of ${PAYMENT_ATTEMPT_OUTCOMES.join(', ')}.`,
  }),
  checkout_ref: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'checkout_ref must be 8 to 64 letters, digits or hyphens.')
    .optional(),
  error_code: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/, 'error_code must be a code such as card_declined.')
    .optional(),
});

const token = z.string().min(1).max(255);
/** A method's id in the offered list (0 is the free pseudo-method), kept in an int4 column. */
const methodId = databaseId('method_id must be the id of a payment method offered.', { zero: true });
const credentials = z.union([
  z.strictObject({
    payment_method_id: token,
    card_country: z.string().max(2).optional(),
    document: z.string().max(25).optional(),
    card_bin: z.string().max(8).optional(),
  }),
  z.strictObject({ encrypted_data: z.string().min(1).max(16_384), card_country: z.string().max(2) }),
  z.strictObject({ stored_payment_method_id: token, encrypted_cvc: z.string().max(4_096).optional() }),
  // The address-based buy-now-pay-later method: its payment method and the address (checkout §3).
  z.strictObject({
    payment_method_id: token,
    card_country: z.string().max(2).optional(),
    name: z.string().max(200),
    address_line1: z.string().max(200),
    city: z.string().max(200),
    state: z.string().max(50),
    country: z.string().max(2),
    postal_code: z.string().max(20),
  }),
  // Hosted and local methods: what their form collected (checkout §9 state data).
  z.strictObject({
    state_data: z.strictObject({
      issuer_id: z.string().max(64).optional(),
      app_id: z.string().max(64).optional(),
      iban: z.string().max(64).optional(),
      holder_name: z.string().max(200).optional(),
      document: z.string().max(25).optional(),
    }),
  }),
  z.strictObject({}),
]);

export const submitBody = z.object({
  expected_total: z
    .strictObject({
      amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      currency: z.string().regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code.'),
    })
    .optional(),
  checkout_environment: z.literal('Marketplace'),
  checkout_event: z.literal('Submit'),
  checkout_ref: z
    .string({ error: 'checkout_ref is required.' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'checkout_ref must be 8 to 64 letters, digits or hyphens.'),
  shopping_info: shoppingInfo,
  billing_address: billingAddress.optional(),
  payment_info: z.object({
    method_id: methodId,
    payment_vendor: z.enum(PAYMENT_VENDORS),
    payment_method: z.string().min(1).max(64),
    remember_me: z.boolean().optional(),
    credentials,
    last_4_digits: z.string().max(4).optional(),
    card_bin: z.string().max(8).optional(),
    installment: z.number().int().optional(),
    avs_result_code: z.string().max(32).optional(),
    cvv_result_code: z.string().max(32).optional(),
    fraud_context: z.record(z.string(), z.string().max(255)).optional(),
    user_agent: z.string().max(1024).optional(),
    session_id: z.string().max(255).optional(),
  }),
});

export const resultBody = z.object({
  checkout_environment: z.literal('Marketplace'),
  checkout_event: z.literal('Result'),
  payment_info: z.object({
    credentials: z.union([
      z.strictObject({ payment_intent_id: token, action_result: z.string().max(64) }),
      z.strictObject({}),
    ]),
  }),
});

/** Checkout §1: the Marketplace (courses) and Subscription environments share the paths. */
const byEnvironment = <M extends z.ZodObject, S extends z.ZodObject>(marketplace: M, subscription: S) =>
  z.discriminatedUnion('checkout_environment', [marketplace, subscription], {
    error: `checkout_environment must be one of ${CHECKOUT_ENVIRONMENTS.join(', ')}.`,
  });

const attemptParams = z.object({ paymentAttemptId: z.string().max(64) });
const resultQuery = z.object({
  payment_attempt_id: z
    .string({ error: 'payment_attempt_id is required.' })
    .min(1, 'payment_attempt_id is required.')
    .max(64, 'payment_attempt_id is at most 64 characters.'),
});
const storedParams = z.object({ storedId: z.string().min(1).max(300) });

/**
 * The checkout API of checkout §7, at the root like the provider webhook. Logged-in buyers
 * only (401 otherwise); CSRF applies to the unsafe methods like everywhere.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  subscriptionCheckout: SubscriptionCheckoutService;
  userContext: UserContextService;
  users: UsersService;
  clientMetrics: ClientMetrics;
}> = async (app, { checkout, subscriptionCheckout, userContext, users, clientMetrics }) => {
  const buyerOf = async (request: FastifyRequest): Promise<CheckoutBuyer> => {
    const user = await users.findById(requireUserId(request));
    if (!user) throw notAuthenticated();
    return { id: user.id, email: user.email, name: user.displayName, timeZone: user.timeZone };
  };
  // Signed-in buyers only: a visitor gets 401 before the body is even read (SIGNED_IN on every route).

  app.post(
    CHECKOUT_PATHS.info,
    { config: SIGNED_IN, schema: { body: byEnvironment(infoBody, subscriptionInfoBody) } },
    async (request, reply): Promise<string> => {
      const [buyer, pricing] = await Promise.all([buyerOf(request), userContext.pricingContextOf(request)]);
      reply.type('application/json; charset=utf-8');
      const body = request.body;
      if (body.checkout_environment === 'Subscription') {
        return JSON.stringify(await subscriptionCheckout.info(buyer, pricing.country, body));
      }
      return checkoutInfoJson(await checkout.info(buyer, pricing, body));
    },
  );

  app.post(
    CHECKOUT_PATHS.submit,
    { config: SIGNED_IN, schema: { body: byEnvironment(submitBody, subscriptionSubmitBody) } },
    async (request): Promise<CheckoutResult> => {
      const [buyer, pricing] = await Promise.all([buyerOf(request), userContext.pricingContextOf(request)]);
      const body = request.body;
      if (body.checkout_environment === 'Subscription')
        return subscriptionCheckout.submit(buyer, pricing.country, body);
      return checkout.submit(buyer, pricing, body);
    },
  );

  app.patch(
    CHECKOUT_PATHS.attempt,
    {
      config: SIGNED_IN,
      schema: { params: attemptParams, body: byEnvironment(resultBody, subscriptionResultBody) },
    },
    async (request): Promise<CheckoutResult> => {
      const body = request.body;
      if (body.checkout_environment === 'Subscription') {
        return subscriptionCheckout.result(requireUserId(request), request.params.paymentAttemptId, body);
      }
      return checkout.result(requireUserId(request), request.params.paymentAttemptId, body);
    },
  );

  app.get(
    CHECKOUT_PATHS.attempt,
    { config: SIGNED_IN, schema: { params: attemptParams } },
    async (request): Promise<CheckoutResult> => {
      const userId = requireUserId(request);
      const id = request.params.paymentAttemptId;
      if (await subscriptionCheckout.owns(userId, id)) return subscriptionCheckout.attempt(userId, id);
      return checkout.attempt(userId, id);
    },
  );

  app.get(
    CHECKOUT_PATHS.result,
    { config: SIGNED_IN, schema: { querystring: resultQuery } },
    async (request): Promise<CheckoutReceipt> => {
      const userId = requireUserId(request);
      const pricing = await userContext.pricingContextOf(request);
      return checkout.receipt(userId, request.query.payment_attempt_id, pricing.intlLocale);
    },
  );

  app.post(
    CHECKOUT_PATHS.bnplInfo,
    { config: SIGNED_IN, schema: { body: bnplInfoBody } },
    async (request): Promise<BnplInfoResponse> => {
      const [buyer, pricing] = await Promise.all([buyerOf(request), userContext.pricingContextOf(request)]);
      return checkout.bnplInfo(buyer, pricing, request.body);
    },
  );

  // The checkout page's account of its payment attempts: counted at /metrics by method and
  // outcome (the browser's counters, bounded series) and logged with the reference for support.
  // Open to guests too; answers 204.
  app.post(
    CHECKOUT_PATHS.logPaymentAttempt,
    { schema: { body: paymentAttemptLogBody } },
    async (request, reply) => {
      const { payment_method: method, outcome, checkout_ref: ref, error_code: code } = request.body;
      clientMetrics.increment(
        'checkout.payment_attempt',
        [`outcome:${outcome}`, `payment_method:${method}`, ...(code ? [`error_code:${code}`] : [])]
          .sort()
          .join(','),
      );
      request.log.info(
        { checkoutRef: ref, method, outcome, code, userId: request.userId },
        'checkout payment attempt',
      );
      return reply.code(204).send();
    },
  );

  app.get(
    CHECKOUT_PATHS.storedMethods,
    { config: SIGNED_IN },
    async (request): Promise<StoredPaymentMethodsResponse> => {
      const userId = requireUserId(request);
      return { results: await checkout.storedMethods(userId) };
    },
  );

  app.delete(
    CHECKOUT_PATHS.storedMethod,
    { config: SIGNED_IN, schema: { params: storedParams } },
    async (request, reply) => {
      await checkout.deleteStoredMethod(requireUserId(request), request.params.storedId);
      return reply.status(204).send();
    },
  );
};
