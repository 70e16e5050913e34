/**
 * The wire shapes the sandbox answers with: the subset of Stripe's objects that Lectern's
 * adapter and the browser SDK read, field names and nullability as in Stripe's API.
 */

export type Metadata = Record<string, string>;

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: string | null;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
}

export interface CardDetails {
  brand: string;
  checks: {
    address_line1_check: string | null;
    address_postal_code_check: string | null;
    cvc_check: string | null;
  };
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: string;
  generated_from: null;
  iin: string;
  issuer: string;
  last4: string;
  networks: { available: string[]; preferred: string | null };
  three_d_secure_usage: { supported: boolean };
  wallet: { type: 'apple_pay' | 'google_pay'; dynamic_last4: string } | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'always' | 'limited' | 'unspecified';
  billing_details: BillingDetails;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: string;
  card?: CardDetails;
  /** One key per non-card type (`sepa_debit`, `boleto`, …) with that type's details. */
  [detailsKey: string]: unknown;
}

export interface LastError {
  type: 'card_error' | 'invalid_request_error' | 'api_error';
  code: string;
  decline_code?: string;
  message: string;
  doc_url?: string;
  param?: string;
  charge?: string;
  payment_method?: PaymentMethod;
}

export interface NextAction {
  type: string;
  redirect_to_url?: { url: string; return_url: string | null };
  use_stripe_sdk?: { type: 'three_d_secure_redirect'; stripe_js: string; source: string };
  boleto_display_details?: {
    expires_at: number;
    hosted_voucher_url: string;
    number: string;
    pdf: string;
  };
  oxxo_display_details?: { expires_after: number; hosted_voucher_url: string; number: string };
  pix_display_qr_code?: {
    data: string;
    expires_at: number;
    hosted_instructions_url: string;
  };
  /** Sandbox extension (Stripe has no doku type): the payment code or virtual account to pay. */
  doku_display_details?: {
    expires_at: number;
    hosted_voucher_url: string;
    number: string;
    channel: string;
  };
}

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic' | 'manual';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  excluded_payment_method_types: string[] | null;
  last_payment_error: LastError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: NextAction | null;
  payment_method: string | null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  statement_descriptor: string | null;
  status: IntentStatus;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  allowed_payment_method_types: string[] | null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  excluded_payment_method_types: string[] | null;
  last_setup_error: LastError | null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: NextAction | null;
  payment_method: string | null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  single_use_mandate: null;
  status: IntentStatus;
  usage: 'on_session' | 'off_session';
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: { network_status: string; reason: string | null; seller_message: string; type: string };
  paid: boolean;
  payment_intent: string;
  payment_method: string | null;
  payment_method_details: {
    type: string;
    /** `network`: the network the charge went through (the preferred one of a co-branded card). */
    card?: Partial<CardDetails> & { network?: string };
  } | null;
  refunded: boolean;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  status: 'enabled' | 'disabled';
  url: string;
  /** Only returned when the endpoint is created. */
  secret?: string;
}

export const emptyAddress = (): Address => ({
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
});
