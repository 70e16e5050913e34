import type { Money } from '@lectern/domain';

/**
 * The payment provider as Lectern sees it: a public contract in our own types, so no SDK type
 * leaks into features and another provider can be plugged in behind it. One implementation,
 * on the official `stripe` SDK (stripe-gateway.ts), talks to the sandbox by default and to
 * Stripe in production.
 *
 * Rules every implementation keeps:
 * - Every call that changes something takes an idempotency key (design §4); repeating a call
 *   with the same key and input must not charge, attach or refund twice.
 * - A card decline is an outcome, not an exception: confirming returns the intent back in
 *   `requires_payment_method` with `lastError` set. Exceptions are `GatewayError`s.
 * - Fail closed: a status, type or action the contract does not know is a
 *   `GatewayError('protocol')`, never guessed into a known value.
 */
export interface PaymentGateway {
  /** Short name for logs and metrics, e.g. "stripe". */
  readonly name: string;
  /** The browser-side key (the SDK, hosted pages). */
  readonly publishableKey: string;
  /** Where browsers load the provider's SDK from. */
  readonly browserSdkUrl: string;

  createCustomer(input: CreateCustomerInput, options: RequestOptions): Promise<GatewayCustomer>;
  retrieveCustomer(id: string): Promise<GatewayCustomer>;

  /** Server-side creation: from the browser's encrypted card (JWE) or a non-card method's details. */
  createPaymentMethod(
    input: CreatePaymentMethodInput,
    options: RequestOptions,
  ): Promise<GatewayPaymentMethod>;
  retrievePaymentMethod(id: string): Promise<GatewayPaymentMethod>;
  /** Runs the provider's card check; a failing card throws `GatewayError('card_declined')`. */
  attachPaymentMethod(id: string, customerId: string, options: RequestOptions): Promise<GatewayPaymentMethod>;
  detachPaymentMethod(id: string, options: RequestOptions): Promise<GatewayPaymentMethod>;
  /** The customer's saved methods, newest first (methods of unknown types are left out). */
  listPaymentMethods(customerId: string, type?: GatewayMethodType): Promise<GatewayPaymentMethod[]>;

  createPayment(input: CreatePaymentInput, options: RequestOptions): Promise<GatewayPayment>;
  confirmPayment(id: string, input: ConfirmPaymentInput, options: RequestOptions): Promise<GatewayPayment>;
  retrievePayment(id: string): Promise<GatewayPayment>;
  /**
   * The payment whose metadata names `attemptId`, created at or after `since`, if any: finds
   * a payment the provider made but whose id never reached our database (a crash between the
   * provider's answer and our write). Scans newest first and stops at `since`.
   */
  findPaymentOfAttempt(attemptId: string, since: Date): Promise<GatewayPayment | null>;
  cancelPayment(id: string, options: RequestOptions): Promise<GatewayPayment>;

  createSetup(input: CreateSetupInput, options: RequestOptions): Promise<GatewaySetup>;
  confirmSetup(id: string, input: ConfirmSetupInput, options: RequestOptions): Promise<GatewaySetup>;
  retrieveSetup(id: string): Promise<GatewaySetup>;

  refund(input: RefundInput, options: RequestOptions): Promise<GatewayRefund>;

  /** Availability per method type (checkout §4 gateway status); types not reported are up. */
  methodStatuses(): Promise<Partial<Record<GatewayStatusKey, GatewayMethodStatus>>>;
  /** The public key browsers encrypt card fields with (`encrypted_data`), if the provider has one. */
  cardEncryptionKey(): Promise<CardEncryptionKey | null>;

  /** Maps a webhook body whose signature was already verified; not an event: `GatewayError('protocol')`. */
  parseEvent(payload: unknown): GatewayEvent;
}

export const GATEWAY_METHOD_TYPES = [
  'card',
  'affirm',
  'afterpay_clearpay',
  'ideal',
  'sepa_debit',
  'sofort',
  'boleto',
  'oxxo',
  'pix',
  'upi',
  'netbanking',
  'paypal',
  /** Indonesian payment codes and virtual accounts (a sandbox type; the store or bank is its `channel`). */
  'doku',
] as const;
export type GatewayMethodType = (typeof GATEWAY_METHOD_TYPES)[number];

export const GATEWAY_WALLETS = ['apple_pay', 'google_pay'] as const;
export type GatewayWallet = (typeof GATEWAY_WALLETS)[number];
export type GatewayStatusKey = GatewayMethodType | GatewayWallet;

export const GATEWAY_METHOD_STATUSES = ['up', 'degraded', 'down'] as const;
export type GatewayMethodStatus = (typeof GATEWAY_METHOD_STATUSES)[number];

export const GATEWAY_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
/** The intent state machine of the provider (payments and setups share it). */
export type GatewayIntentStatus = (typeof GATEWAY_INTENT_STATUSES)[number];

/** An RSA public key as a JWK (`kty: "RSA"`, `n`, `e`), for RSA-OAEP-256 + A256CBC-HS512 JWE. */
export interface CardEncryptionKey {
  kty: string;
  n?: string;
  e?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

export interface RequestOptions {
  /** Derived from what is being done (e.g. the payment attempt), never random per retry. */
  idempotencyKey: string;
}

export interface GatewayAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface GatewayBillingDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: GatewayAddress;
}

export interface GatewayCustomer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
}

export interface GatewayCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** First six digits (checkout §3 `card_bin`), when the provider shares them. */
  bin: string | null;
  country: string | null;
  funding: string | null;
  fingerprint: string | null;
  wallet: GatewayWallet | null;
  cvcCheck: 'pass' | 'fail' | 'unavailable' | 'unchecked' | null;
}

export interface GatewayPaymentMethod {
  id: string;
  type: GatewayMethodType;
  customerId: string | null;
  /** Cards only; we keep brand, last four, expiry and BIN, never the number (design §6). */
  card: GatewayCard | null;
  billingDetails: GatewayBillingDetails;
  created: Date;
}

/** What the customer must do next. */
export type GatewayNextAction =
  /** Send the browser to `url` (3-D Secure, BNPL approval, bank); it comes back to `returnUrl`. */
  | { type: 'redirect_to_url'; url: string; returnUrl: string | null }
  /** The browser SDK handles it in place (`handleCardAction` / `confirmCardPayment`). */
  | { type: 'use_sdk'; url: string | null }
  /** A voucher, Pix code or doku payment code / virtual account to pay before `expiresAt`. */
  | {
      type: 'display_voucher';
      voucher: 'boleto' | 'oxxo' | 'pix' | 'doku';
      url: string;
      reference: string;
      expiresAt: Date;
    };

/** Why the last attempt failed (a decline, a failed authentication, an expired voucher). */
export interface GatewayFailure {
  /** Provider error code: `card_declined`, `expired_card`, `authentication_required`, … */
  code: string;
  /** Issuer reason for declines: `insufficient_funds`, `lost_card`, … */
  declineCode: string | null;
  message: string;
  /** `card_error` for issuer declines; others for authentication and provider failures. */
  type: 'card_error' | 'invalid_request_error' | 'api_error';
}

export interface GatewayPayment {
  id: string;
  status: GatewayIntentStatus;
  amount: Money;
  /** Minor units actually received. */
  amountReceived: number;
  customerId: string | null;
  paymentMethodId: string | null;
  /** Present when the provider returned the method with the payment. */
  paymentMethod: GatewayPaymentMethod | null;
  /** Hand to the browser SDK only for this payment's own confirmation. */
  clientSecret: string;
  confirmationMethod: 'automatic' | 'manual';
  setupFutureUsage: 'on_session' | 'off_session' | null;
  nextAction: GatewayNextAction | null;
  lastError: GatewayFailure | null;
  latestChargeId: string | null;
  metadata: Record<string, string>;
  created: Date;
}

export interface GatewaySetup {
  id: string;
  status: GatewayIntentStatus;
  customerId: string | null;
  paymentMethodId: string | null;
  paymentMethod: GatewayPaymentMethod | null;
  clientSecret: string;
  usage: 'on_session' | 'off_session';
  nextAction: GatewayNextAction | null;
  lastError: GatewayFailure | null;
  metadata: Record<string, string>;
  created: Date;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: Money;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  /** What the refund was created with (a course refund names itself: `course_refund_id`). */
  metadata: Record<string, string>;
  created: Date;
}

export interface CreateCustomerInput {
  email?: string;
  name?: string;
  metadata?: Record<string, string>;
}

export type CreatePaymentMethodInput =
  /** The browser's JWE of the card fields (checkout §3 `encrypted_data`). */
  | { type: 'card'; encryptedCard: string; billingDetails?: Partial<GatewayBillingDetails> }
  /** Raw card fields: accepted by the sandbox in test mode only, for tests and tools. */
  | { type: 'card'; testCard: { number: string; expMonth: number; expYear: number; cvc?: string } }
  | {
      type: Exclude<GatewayMethodType, 'card'>;
      /**
       * Type-specific fields, e.g. `{ iban }` for sepa_debit, `{ tax_id }` for boleto,
       * `{ channel }` for doku (alfamart, bca_va, mandiri_va, permata_lite_atm).
       */
      details?: Record<string, string>;
      billingDetails?: Partial<GatewayBillingDetails>;
    };

export interface CreatePaymentInput {
  amount: Money;
  customerId?: string;
  paymentMethodId?: string;
  /** Allowed method types; default every type that takes the currency. */
  methodTypes?: GatewayMethodType[];
  /** Confirm in the same call (server-side confirmation). */
  confirm?: boolean;
  /** The customer is not present (renewals): no 3-D Secure is possible. Needs `confirm`. */
  offSession?: boolean;
  /** Save the method on the customer for later payments. */
  setupFutureUsage?: 'on_session' | 'off_session';
  /** Where hosted pages send the customer back to. Needs `confirm`. */
  returnUrl?: string;
  /** `manual`: after 3-D Secure the payment waits in `requires_confirmation` for the server. */
  confirmationMethod?: 'automatic' | 'manual';
  description?: string;
  receiptEmail?: string;
  metadata?: Record<string, string>;
}

export interface ConfirmPaymentInput {
  paymentMethodId?: string;
  returnUrl?: string;
  offSession?: boolean;
  setupFutureUsage?: 'on_session' | 'off_session';
}

export interface CreateSetupInput {
  customerId?: string;
  paymentMethodId?: string;
  methodTypes?: GatewayMethodType[];
  usage?: 'on_session' | 'off_session';
  confirm?: boolean;
  returnUrl?: string;
  metadata?: Record<string, string>;
}

export interface ConfirmSetupInput {
  paymentMethodId?: string;
  returnUrl?: string;
}

export interface RefundInput {
  paymentId: string;
  /** Default: what is left to refund. */
  amount?: Money;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  metadata?: Record<string, string>;
}

/** The events other modules subscribe to (payments.events.ts), each with its mapped object. */
export type GatewayEvent =
  | { id: string; created: Date; gatewayType: string; type: PaymentEventType; payment: GatewayPayment }
  | { id: string; created: Date; gatewayType: string; type: SetupEventType; setup: GatewaySetup }
  | {
      id: string;
      created: Date;
      gatewayType: string;
      type: 'refund.created' | 'refund.updated';
      refund: GatewayRefund;
    }
  | {
      id: string;
      created: Date;
      gatewayType: string;
      type: 'payment_method.attached' | 'payment_method.detached';
      paymentMethod: GatewayPaymentMethod;
    }
  /** Stored, not dispatched: a type we do not act on, or an object we could not read (fail closed). */
  | {
      id: string;
      created: Date;
      gatewayType: string;
      type: 'ignored';
      reason: 'unhandled_type' | 'unreadable';
      detail: string;
    };

export type PaymentEventType =
  | 'payment.created'
  | 'payment.requires_action'
  | 'payment.processing'
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.canceled';

export type SetupEventType =
  'setup.created' | 'setup.requires_action' | 'setup.succeeded' | 'setup.failed' | 'setup.canceled';

export type GatewayErrorKind =
  /** The card check or charge was declined (attach; declines on confirm are outcomes). */
  | 'card_declined'
  /** Our request was wrong (bad parameters, wrong state). Not retryable as is. */
  | 'invalid_request'
  | 'not_found'
  /** Wrong API key. */
  | 'authentication'
  /** The idempotency key was reused with other parameters, or is still in flight. */
  | 'idempotency_conflict'
  /** The method type is down at the provider (checkout gateway status `down`). */
  | 'method_unavailable'
  | 'rate_limited'
  /** No answer or a 5xx: the outcome is unknown; retry with the same idempotency key. */
  | 'unavailable'
  /** The provider answered something this contract does not know (fail closed). */
  | 'protocol';

export class GatewayError extends Error {
  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    readonly details: {
      code?: string | null;
      declineCode?: string | null;
      param?: string | null;
      status?: number;
    } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
