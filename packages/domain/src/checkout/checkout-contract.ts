// The checkout API (checkout §3, §4, §7) as the server answers it and the browser reads it.
// Amounts are integer minor units with their currency (ApiPrice); the browser never sends one.
import type { GiftDetailsInput } from '../gifts/gift-rules.js';
import type { BuyableRef } from '../cart/cart-contract.js';
import type { CurrencyCode } from '../money/currencies.js';
import type { Money } from '../money/money.js';
import type { ApiPrice } from '../pricing/price-contract.js';

/** Checkout §1: what is being bought. */
export const CHECKOUT_PRODUCTS = ['course', 'consumer_subscription', 'organization_subscription'] as const;
export type CheckoutProduct = (typeof CHECKOUT_PRODUCTS)[number];

export const CHECKOUT_ENVIRONMENTS = ['Marketplace', 'Subscription'] as const;
export type CheckoutEnvironment = (typeof CHECKOUT_ENVIRONMENTS)[number];

/** Checkout §4: each submitting event has its result event. */
export const CHECKOUT_EVENTS = [
  'Info',
  'Submit',
  'Result',
  'UpsellInfo',
  'UpsellSubmit',
  'UpsellResult',
  'UpsellMandateResult',
  'Update',
  'UpdateResult',
  'ResubscribeSubmit',
  'ResubscribeResult',
  'UpdateBilling',
  'UpdateBillingResult',
] as const;
export type CheckoutEvent = (typeof CHECKOUT_EVENTS)[number];

/** Checkout §9 config kinds; the course checkout answers the first three. */
export const REQUESTED_CONFIGS = ['checkout_config', 'billing_config', 'tax_config'] as const;
export type RequestedConfig = (typeof REQUESTED_CONFIGS)[number];

/**
 * Checkout §3 vendors. `Free` and `Credit` are the pseudo methods. The provider vendors:
 * `CardToken` (cards tokenized by the provider's browser SDK: a payment_method_id; its BNPL
 * methods and wallets), `CardEncrypted` (cards encrypted in the browser as a JWE:
 * encrypted_data; hosted European bank methods), `LocalPayments` (local cards with document
 * and instalments, vouchers, Pix, UPI, net banking), `Wallet` (the PayPal-type wallet).
 */
export const PAYMENT_VENDORS = [
  'Free',
  'Credit',
  'CardToken',
  'CardEncrypted',
  'LocalPayments',
  'Wallet',
] as const;
export type PaymentVendor = (typeof PAYMENT_VENDORS)[number];

export const PAYMENT_MODES = ['internal', 'direct', 'hosted', 'stored', 'common'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Checkout §3 `gateway_status`; any other value is invalid (checkout §4 'Invalid status'). */
export const GATEWAY_STATUSES = ['up', 'degraded', 'down'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** Checkout §3 pseudo methods. */
export const FREE_METHOD = { method_id: 0, vendor: 'Free', mode: 'internal', type: 'free-method' } as const;
export const FULL_CREDIT_METHOD = {
  method_id: 1,
  vendor: 'Credit',
  mode: 'internal',
  type: 'full-credit',
} as const;

/** Checkout §3 price_info.representment: the charge currency differs from the one shown. */
export interface PriceRepresentment {
  currency: CurrencyCode;
  originalCurrency: CurrencyCode;
  /** The amount that will be charged, formatted, e.g. "€18.50". */
  price_text: string;
  warning: string | null;
}

/** A saved card on the buyer's provider customer (checkout §3). */
export interface StoredPaymentMethod {
  /** The local id: `<vendor>_<type>_<provider id>` (checkout §3). */
  id: string;
  payment_method_details: {
    card: {
      brand: string;
      last_4_digit: string;
      card_holder_name: string | null;
      expiry_month: number;
      expiry_year: number;
      card_bin: string | null;
      additional_data: {
        checks: {
          avs_result: string | null;
          cvc_result: string | null;
          address_postal_code_check: string | null;
          cvc_check: string | null;
        };
      };
    };
  };
  fraud_context: {
    bank_country: string | null;
    bank_name: string | null;
    account_holder_name: string | null;
  };
  /** True when an active subscription charges this card; such a card cannot be removed (checkout §8). */
  is_used_by_subscription: boolean;
}

/** Checkout §3 options; each method sets those that concern it. */
export interface PaymentMethodOptions {
  price_info?: { representment: PriceRepresentment | null };
  /** The provider's publishable key for its browser SDK (CardToken). */
  client_publishable_key?: string;
  /**
   * Where the browser loads the provider's SDK from (CardToken), e.g.
   * `http://localhost:3001/sdk/v1/lectern-sandbox.js` (the gateway's `browserSdkUrl`); the
   * SDK calls the provider's API at the script's own origin.
   */
  client_sdk_url?: string;
  /** The provider's public key for `encryptCard` (CardEncrypted), as a JWK JSON string. */
  encryption_public_key?: string;
  storing_payment_method_disabled?: boolean;
  /** When set, the remember-me checkbox starts in this state (checkout §5). */
  store_payment_method_default_override?: boolean | null;
  /** Card brands accepted, in display order (checkout §9 display rules apply in the browser). */
  brand_codes?: string[];
  issuers?: { issuer_id: string; name: string }[];
  apps?: { app_id: string; name: string }[];
  env_override?: 'live' | 'test' | null;
  is_cvc_required_on_saved_card?: boolean;
  is_ssn_enabled?: boolean;
  installments?: { is_enabled: boolean; options: number[] };
  display_offer?: { value: string };
  /** For mode `stored`: the saved card this method pays with. */
  stored_payment_method?: StoredPaymentMethod;
}

/** One payment method offered at checkout (checkout §3). */
export interface PaymentMethodConfig {
  method_id: number;
  vendor: PaymentVendor;
  mode: PaymentMode;
  type: string;
  name: string;
  gateway_status: GatewayStatus;
  options: PaymentMethodOptions;
  selected: boolean;
}

/** Checkout §3 billing address as the browser sends it. */
export interface BillingAddressInput {
  country_code: string;
  secondary_location_info?: string | null;
  /** Ours: a business buyer's VAT/GST number (reverse charge where the law has it). */
  tax_number?: string | null;
  address_line1?: string;
  address_line2?: string;
}

export interface ShoppingInfoItem {
  buyable: BuyableRef;
  checkout_ref?: string;
  /** Ours: who a `gift` buyable is for; required at submit, not needed to price it. */
  gift?: GiftDetailsInput;
}

/** `POST /payment/checkout-info/` (checkout §7). */
export interface CheckoutInfoRequest {
  requested_configs: RequestedConfig[];
  shopping_info: { items: ShoppingInfoItem[] };
  checkout_environment: CheckoutEnvironment;
  checkout_event: CheckoutEvent;
  billing_address?: BillingAddressInput;
}

/** A country of the billing select (checkout §3: id and title). */
export interface BillingCountry {
  id: string;
  title: string;
}

/** How a country asks for its secondary location (checkout §5). */
export type SecondaryLocationField =
  { kind: 'zip' } | { kind: 'select'; options: { id: string; title: string }[] };

/**
 * Checkout §3 billing config. The country list is not in it: it is the same for every buyer
 * (`BILLING_COUNTRIES`, shared through the domain), so the browser has it without sending
 * 9 KB with every tax reload.
 */
export interface BillingConfig {
  /** The selected country: the request's, else the user's country. */
  country: string;
  secondary_location: SecondaryLocationField | null;
  /** The secondary location the server holds for this buyer, when any. */
  secondary_location_info: string | null;
}

export const TAX_BREAKDOWN_TYPES = ['tax_exclusive', 'tax_inclusive'] as const;
export type TaxBreakdownType = (typeof TAX_BREAKDOWN_TYPES)[number];

/** Checkout §3 tax config. */
export interface TaxConfig {
  /** Percent, e.g. 8.875 for 8.875%. */
  tax_rate: number;
  tax_breakdown_type: TaxBreakdownType;
  /** Minor units in `currency`. */
  total_tax_amount: number;
  currency: CurrencyCode;
  country_code: string;
  secondary_location_info: string | null;
  /** A message for the secondary location field when the location cannot be taxed; else null. */
  error: string | null;
}

/** One line of the order summary, priced on the server. */
export interface OrderSummaryLine {
  buyable: BuyableRef;
  title: string;
  list_price: ApiPrice;
  /** After the best discount, before tax and credit. */
  price: ApiPrice;
  discount_code: string | null;
  /** This line's share of the tax (the shares add up to the total tax exactly). */
  tax: ApiPrice;
}

/** One tax of the order summary: its name, rate and amount. */
export interface OrderSummaryTaxLine {
  /** `GST`, `QST`, `VAT`, `Sales tax`, … */
  name: string;
  jurisdiction: string;
  rate: number;
  amount: ApiPrice;
}

/**
 * The order summary of checkout §2, computed on the server (Lectern's addition to the
 * checkout-info answer, so the browser shows exactly what will be charged).
 */
export interface OrderSummary {
  lines: OrderSummaryLine[];
  original_price: ApiPrice;
  /** Total discount (original minus discounted), and its percentage rounded. */
  discount: ApiPrice;
  discount_percent: number;
  /** Shown only in tax-exclusive countries or when credit is used (checkout §2). */
  subtotal: ApiPrice | null;
  tax: ApiPrice;
  tax_rate: number;
  /**
   * Ours: the taxes that make up `tax`, one row each where the law wants them apart (Canada's
   * GST and QST; a US state's and local sales tax). Empty when no tax applies.
   */
  tax_lines: OrderSummaryTaxLine[];
  /** Ours: a reverse-charge note for a business buyer (0% tax); else null. */
  tax_note: string | null;
  credit_used: ApiPrice;
  /** What the buyer pays: never below zero. */
  total: ApiPrice;
  is_free: boolean;
  is_fully_paid_by_credit: boolean;
}

/** `POST /payment/checkout-info/` answer (checkout §7). */
export interface CheckoutInfoResponse {
  status: 'succeeded' | 'failed' | 'invalid_request';
  message: string | null;
  data: {
    checkout_config?: { payment_methods: PaymentMethodConfig[]; credit_is_usable: boolean };
    billing_config?: BillingConfig;
    tax_config?: TaxConfig;
    order_summary?: OrderSummary;
  };
}

/**
 * What a hosted or local method's form collected (checkout §9 "state data"): the iDEAL or
 * net-banking issuer, the UPI app, the SEPA account, the Boleto payer's CPF/CNPJ. Methods
 * without fields send `{}`. Never card data.
 */
export interface HostedStateData {
  issuer_id?: string;
  app_id?: string;
  iban?: string;
  holder_name?: string;
  document?: string;
}

/** Checkout §3 credentials: one of these shapes, by method. */
export type CheckoutCredentials =
  | { payment_method_id: string; card_country?: string; document?: string; card_bin?: string }
  /** The address-based buy-now-pay-later method: its payment method and the address it was made with. */
  | {
      payment_method_id: string;
      card_country?: string;
      name: string;
      address_line1: string;
      city: string;
      state: string;
      country: string;
      postal_code: string;
    }
  | { state_data: HostedStateData }
  | { encrypted_data: string; card_country: string }
  | { stored_payment_method_id: string; encrypted_cvc?: string }
  /** After an action (3-D Secure): the provider's intent and the action's outcome. */
  | { payment_intent_id: string; action_result: string }
  | Record<string, never>;

/** Checkout §3 payment context sent on pay. */
export interface PaymentInfo {
  method_id: number;
  payment_vendor: PaymentVendor;
  /** The method's type, e.g. `card`, `free-method`, `full-credit`. */
  payment_method: string;
  remember_me?: boolean;
  credentials: CheckoutCredentials;
  last_4_digits?: string;
  card_bin?: string;
  installment?: number;
  avs_result_code?: string;
  cvv_result_code?: string;
  fraud_context?: Record<string, string>;
  user_agent?: string;
  session_id?: string;
}

/**
 * `POST /payment/checkout-submit/`: starts (or, with the same `checkout_ref`, repeats) a
 * payment attempt. `checkout_ref` is a UUID the browser draws once per purchase attempt, so a
 * double click or a retried request finds the same attempt and never charges twice.
 */
export interface CheckoutSubmitRequest {
  checkout_environment: CheckoutEnvironment;
  checkout_event: 'Submit';
  checkout_ref: string;
  shopping_info: { items: ShoppingInfoItem[] };
  billing_address?: BillingAddressInput;
  payment_info: PaymentInfo;
  /**
   * Ours (design §4): the total the buyer saw (the order summary's `total`, in minor units of
   * its currency). When the server's price differs, nothing is charged and the answer is a 409
   * `price_changed`, so the page can show the new total. Clients that omit it accept the
   * server's price.
   */
  expected_total?: { amount: number; currency: string };
}

/** `PATCH /payment/checkout-submit/{payment_attempt_id}/`: the result of an action (3-D Secure). */
export interface CheckoutResultRequest {
  checkout_environment: CheckoutEnvironment;
  checkout_event: 'Result';
  payment_info: { credentials: CheckoutCredentials };
}

export const CHECKOUT_RESULT_STATUSES = ['succeeded', 'action_required', 'failed', 'redirect'] as const;
export type CheckoutResultStatus = (typeof CHECKOUT_RESULT_STATUSES)[number];

/** Checkout §3 checkout result (the answer of submit, result and attempt-info calls). */
export interface CheckoutResult {
  status: CheckoutResultStatus;
  /** For `failed`: the user message of checkout §8 for `error_code`. */
  message: string | null;
  /** For `failed`: the payment error code of checkout §8 (e.g. `card_declined`). */
  error_code: string | null;
  data: {
    payment_attempt_id: string;
    /**
     * For `action_required`: what the browser SDK must do. `use_sdk`: the card action
     * (3-D Secure); `confirm_payment`: confirm the buy-now-pay-later payment with
     * `client_secret`, returning to `return_url` after the provider's approval page.
     */
    action_data: { type: 'use_sdk' | 'redirect_to_url' | 'confirm_payment'; url?: string } | null;
    /**
     * For `redirect`: where to send the buyer (the provider's page, or the success page of a
     * pending attempt). For `action_required` with `confirm_payment`: where the provider sends
     * the buyer back (the success page, which submits the outcome).
     */
    return_url: string | null;
    client_secret: string | null;
    payment_method_id: string | null;
    authentication_type: 'setup' | 'payment' | null;
    checkout_ref: string;
    /** For `succeeded`: where the browser goes next (`/cart/success/{id}/`). */
    redirect_url: string | null;
    /** Subscription upsells on a paid plan: the attempt that charges the prorated licenses (checkout §3). */
    proration_payment_attempt_id?: string | null;
    /** Subscription checkouts: the enrollment's checkout reference (team-plan §9) once known. */
    subscription_checkout_ref?: string | null;
    /** `UpdateBilling`: how the tax of the next charge changed (team-plan §2 tax-rate-change banner). */
    tax_rate_change?: TaxRateChange | null;
  };
}

/** Team-plan §2: the old and new rates and totals of the next charge after a billing update. */
export interface TaxRateChange {
  previous_rate: number;
  new_rate: number;
  tax_breakdown_type: TaxBreakdownType;
  currency: CurrencyCode;
  previous_total: number;
  new_total: number;
  /** Tax-exclusive countries: the price before tax (the same before and after). */
  tax_excluded_amount: number;
  previous_tax: number;
  new_tax: number;
}

/** `GET /payment/checkout-result/?payment_attempt_id=`: what the success page shows. */
export interface CheckoutReceipt {
  payment_attempt_id: string;
  status: 'created' | 'processing' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  /**
   * While the payment is not settled (a voucher to pay, a bank still confirming): what to
   * tell the buyer (checkout §9 delivery texts) and, for vouchers, where to pay.
   */
  pending: {
    method_type: string;
    text: string;
    voucher: { url: string; reference: string; expires_at: string } | null;
  } | null;
  /** For a failed or canceled attempt: the checkout §8 code and message. */
  failure: { error_code: string; message: string } | null;
  /** Set once the order is fulfilled. */
  order: {
    id: number;
    total: ApiPrice;
    credit_used: ApiPrice;
    tax: ApiPrice;
    created: string;
    lines: {
      buyable: BuyableRef;
      title: string;
      url: string;
      price: ApiPrice;
      /** Ours: a gift line's recipient and when its mail goes (or went) out; absent otherwise. */
      gift?: ReceiptGift;
    }[];
  } | null;
}

/** A gift line on the success page: who it is for, and whether its mail waits for its date. */
export interface ReceiptGift {
  recipient_email: string;
  recipient_name: string | null;
  /** ISO: when its mail goes (or went) out. */
  deliver_at: string;
  /** Its mail waits for a delivery date still to come. */
  scheduled: boolean;
}

/** `GET /payment-vendor/stored-payment-method/` */
export interface StoredPaymentMethodsResponse {
  results: StoredPaymentMethod[];
}

/** `POST /payment/checkout-bnpl-info/` answer: each buy-now-pay-later method for this order. */
export interface BnplInfoResponse {
  methods: {
    payment_method: string;
    name: string;
    offer: string;
    /** Sold for this order's billing country and currency (never for a free order). */
    available: boolean;
    /** Instalments of a method paid in parts (Afterpay: 4); null when the provider decides. */
    num_payments: number | null;
    interval_weeks: number | null;
    /** Checkout §9: 'Today', 'In 2 weeks', …; the parts add up to the total. */
    timeline: { label: string; weeks_from_now: number; amount: Money }[];
  }[];
}

/** What a checkout page reports of a payment attempt (`POST /payment/shopping-cart-log-payment-attempt/`). */
export const PAYMENT_ATTEMPT_OUTCOMES = [
  'submitted',
  'action_required',
  'succeeded',
  'failed',
  'abandoned',
] as const;
export type PaymentAttemptOutcome = (typeof PAYMENT_ATTEMPT_OUTCOMES)[number];

export interface PaymentAttemptLogRequest {
  payment_method: string;
  outcome: PaymentAttemptOutcome;
  checkout_ref?: string;
  /** The provider's or the server's code of a failure. */
  error_code?: string;
}
