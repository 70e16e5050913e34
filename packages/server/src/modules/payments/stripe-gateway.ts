import Stripe from 'stripe';
import type {
  CardEncryptionKey,
  ConfirmPaymentInput,
  ConfirmSetupInput,
  CreateCustomerInput,
  CreatePaymentInput,
  CreatePaymentMethodInput,
  CreateSetupInput,
  GatewayBillingDetails,
  GatewayMethodStatus,
  GatewayPayment,
  GatewaySetup,
  GatewayStatusKey,
  PaymentGateway,
  RefundInput,
  RequestOptions,
} from './payment-gateway.js';
import {
  GATEWAY_METHOD_STATUSES,
  GATEWAY_METHOD_TYPES,
  GATEWAY_WALLETS,
  GatewayError,
} from './payment-gateway.js';
import { declinedIntent, toGatewayError } from './stripe-errors.js';
import { parseStripeEvent } from './stripe-events.js';
import * as map from './stripe-mapping.js';

export interface StripeGatewayConfig {
  /** The provider's API base, e.g. http://127.0.0.1:3001 (the sandbox) or https://api.stripe.com. */
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  /** Where browsers reach the provider (its SDK). */
  publicUrl: string;
  /** SDK retries of connection errors, 409s and 5xx (each with the same idempotency key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Path of the browser SDK on the sandbox; Stripe's own lives at https://js.stripe.com/v3/. */
const SANDBOX_SDK_PATH = '/sdk/v1/lectern-sandbox.js';

function billingParams(details: Partial<GatewayBillingDetails> | undefined) {
  if (!details) return undefined;
  const address = details.address;
  return {
    ...(details.name == null ? {} : { name: details.name }),
    ...(details.email == null ? {} : { email: details.email }),
    ...(details.phone == null ? {} : { phone: details.phone }),
    ...(address
      ? {
          address: {
            ...(address.line1 == null ? {} : { line1: address.line1 }),
            ...(address.line2 == null ? {} : { line2: address.line2 }),
            ...(address.city == null ? {} : { city: address.city }),
            ...(address.state == null ? {} : { state: address.state }),
            ...(address.postalCode == null ? {} : { postal_code: address.postalCode }),
            ...(address.country == null ? {} : { country: address.country }),
          },
        }
      : {}),
  };
}

/**
 * The PaymentGateway on the official `stripe` SDK. Pointed at the sandbox by default and at
 * Stripe in production, by configuration alone (host, port, protocol from `apiUrl`).
 */
export function createStripeGateway(config: StripeGatewayConfig): PaymentGateway {
  const api = new URL(config.apiUrl);
  if (api.pathname !== '/' || (api.protocol !== 'http:' && api.protocol !== 'https:')) {
    throw new Error(`PAYMENTS_API_URL must be an http(s) origin without a path, got ${config.apiUrl}`);
  }
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? '443' : '80'),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 30_000,
    telemetry: false,
    appInfo: { name: 'Lectern' },
  });
  const isStripe = api.hostname === 'api.stripe.com';
  const expand = ['payment_method'];

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  /** Confirmation: a card decline comes back as the intent, not as an error. */
  async function confirming<T>(run: () => Promise<T>, mapDeclined: (raw: unknown) => T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const declined = declinedIntent(error);
      if (declined) return mapDeclined(declined.payment_intent ?? declined.setup_intent);
      throw toGatewayError(error);
    }
  }

  const mapPayment = (raw: unknown): GatewayPayment => map.payment(raw as Stripe.PaymentIntent);
  const mapSetup = (raw: unknown): GatewaySetup => map.setup(raw as Stripe.SetupIntent);

  return {
    name: isStripe ? 'stripe' : 'sandbox',
    publishableKey: config.publishableKey,
    browserSdkUrl: isStripe
      ? 'https://js.stripe.com/v3/'
      : `${config.publicUrl.replace(/\/$/, '')}${SANDBOX_SDK_PATH}`,

    createCustomer: (input: CreateCustomerInput, options: RequestOptions) =>
      call(async () => map.customer(await stripe.customers.create(input, options))),

    retrieveCustomer: (id) =>
      call(async () => {
        const c = await stripe.customers.retrieve(id);
        if ((c as Stripe.DeletedCustomer).deleted)
          throw new GatewayError('not_found', `Customer ${id} was deleted.`);
        return map.customer(c as Stripe.Customer);
      }),

    createPaymentMethod: (input: CreatePaymentMethodInput, options) =>
      call(async () => {
        let params: Record<string, unknown>;
        if ('encryptedCard' in input) {
          // Sandbox extension, like a card processor's client-side encryption (checkout §3).
          params = {
            type: 'card',
            card: { encrypted_data: input.encryptedCard },
            billing_details: billingParams(input.billingDetails),
          };
        } else if ('testCard' in input) {
          const c = input.testCard;
          params = {
            type: 'card',
            card: {
              number: c.number,
              exp_month: c.expMonth,
              exp_year: c.expYear,
              ...(c.cvc ? { cvc: c.cvc } : {}),
            },
          };
        } else {
          // `{type: 'doku', details: {channel}}` goes out as `doku[channel]`, like any type's details.
          params = {
            type: input.type,
            [input.type]: input.details ?? {},
            billing_details: billingParams(input.billingDetails),
          };
        }
        // The params are built per type above; the SDK's types know neither card[encrypted_data]
        // nor the sandbox's doku[channel], hence the cast.
        const pm = await stripe.paymentMethods.create(
          params as unknown as Stripe.PaymentMethodCreateParams,
          options,
        );
        return map.paymentMethod(pm);
      }),

    retrievePaymentMethod: (id) =>
      call(async () => map.paymentMethod(await stripe.paymentMethods.retrieve(id))),

    attachPaymentMethod: (id, customerId, options) =>
      call(async () =>
        map.paymentMethod(await stripe.paymentMethods.attach(id, { customer: customerId }, options)),
      ),

    detachPaymentMethod: (id, options) =>
      call(async () => map.paymentMethod(await stripe.paymentMethods.detach(id, {}, options))),

    listPaymentMethods: (customerId, type) =>
      call(async () => {
        const list = await stripe.customers.listPaymentMethods(customerId, {
          limit: 100,
          ...(type ? { type } : {}),
        });
        return list.data.filter((pm) => map.isKnownMethodType(pm.type)).map(map.paymentMethod);
      }),

    createPayment: (input: CreatePaymentInput, options) =>
      confirming(async () => {
        const params: Stripe.PaymentIntentCreateParams = {
          amount: input.amount.amount,
          currency: input.amount.currency.toLowerCase(),
          expand,
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          ...(input.methodTypes ? { allowed_payment_method_types: input.methodTypes } : {}),
          ...(input.confirm ? { confirm: true } : {}),
          ...(input.offSession ? { off_session: true } : {}),
          ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          ...(input.confirmationMethod ? { confirmation_method: input.confirmationMethod } : {}),
          ...(input.description ? { description: input.description } : {}),
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        };
        return mapPayment(await stripe.paymentIntents.create(params, options));
      }, mapPayment),

    confirmPayment: (id, input: ConfirmPaymentInput, options) =>
      confirming(async () => {
        const params: Stripe.PaymentIntentConfirmParams = {
          expand,
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          ...(input.offSession ? { off_session: true } : {}),
          ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
        };
        return mapPayment(await stripe.paymentIntents.confirm(id, params, options));
      }, mapPayment),

    retrievePayment: (id) =>
      call(async () => mapPayment(await stripe.paymentIntents.retrieve(id, { expand }))),

    findPaymentOfAttempt: (attemptId, since) =>
      call(async () => {
        const floor = Math.floor(since.getTime() / 1000);
        // Newest first; pages stop at `since`, and at 1,000 payments: a crash is recovered within minutes.
        let scanned = 0;
        for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
          if (intent.created < floor || ++scanned > 1000) break;
          if (intent.metadata?.payment_attempt_id === attemptId) return mapPayment(intent);
        }
        return null;
      }),

    cancelPayment: (id, options) =>
      call(async () => mapPayment(await stripe.paymentIntents.cancel(id, { expand }, options))),

    createSetup: (input: CreateSetupInput, options) =>
      confirming(async () => {
        const params: Stripe.SetupIntentCreateParams = {
          expand,
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          ...(input.methodTypes ? { allowed_payment_method_types: input.methodTypes } : {}),
          ...(input.usage ? { usage: input.usage } : {}),
          ...(input.confirm ? { confirm: true } : {}),
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        };
        return mapSetup(await stripe.setupIntents.create(params, options));
      }, mapSetup),

    confirmSetup: (id, input: ConfirmSetupInput, options) =>
      confirming(async () => {
        const params: Stripe.SetupIntentConfirmParams = {
          expand,
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
        };
        return mapSetup(await stripe.setupIntents.confirm(id, params, options));
      }, mapSetup),

    retrieveSetup: (id) => call(async () => mapSetup(await stripe.setupIntents.retrieve(id, { expand }))),

    refund: (input: RefundInput, options) =>
      call(async () => {
        const params: Stripe.RefundCreateParams = {
          payment_intent: input.paymentId,
          ...(input.amount ? { amount: input.amount.amount } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        };
        return map.refund(await stripe.refunds.create(params, options));
      }),

    methodStatuses: () =>
      call(async () => {
        if (isStripe) return {};
        const body = (await stripe.rawRequest('GET', '/v1/sandbox/method_status')) as {
          data?: { type?: unknown; status?: unknown }[];
        };
        const known: readonly string[] = [...GATEWAY_METHOD_TYPES, ...GATEWAY_WALLETS];
        const statuses: Partial<Record<GatewayStatusKey, GatewayMethodStatus>> = {};
        for (const entry of body.data ?? []) {
          if (typeof entry.type !== 'string' || !known.includes(entry.type)) continue;
          const status = GATEWAY_METHOD_STATUSES.find((s) => s === entry.status);
          // Fail closed: a status we do not know counts as down.
          statuses[entry.type as GatewayStatusKey] = status ?? 'down';
        }
        return statuses;
      }),

    cardEncryptionKey: () =>
      call(async () => {
        if (isStripe) return null;
        const body = (await stripe.rawRequest('GET', '/v1/sandbox/encryption_key')) as {
          jwk?: CardEncryptionKey;
        };
        if (!body.jwk) throw new GatewayError('protocol', 'The provider returned no encryption key.');
        return body.jwk;
      }),

    parseEvent: parseStripeEvent,
  };
}
