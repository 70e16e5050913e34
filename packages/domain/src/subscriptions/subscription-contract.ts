// Subscriptions (team-plan §3, checkout §1): plans, price options, enrollments and the
// pricing info the Team Plan and Personal Plan checkouts read. Amounts are minor units.
import type { BillingConfig, PaymentMethodConfig, TaxConfig } from '../checkout/checkout-contract.js';
import type { CurrencyCode } from '../money/currencies.js';

/** Team-plan §3: plan product types (Lectern sells TEAM and CONSUMERSUBSCRIPTION online). */
export const SUBSCRIPTION_PRODUCT_TYPES = [
  'CONSUMERSUBSCRIPTION',
  'ENTERPRISE',
  'ENTERPRISEPRO',
  'TEAM',
  'UDEMYPRO',
] as const;
export type SubscriptionProductType = (typeof SUBSCRIPTION_PRODUCT_TYPES)[number];

/** Team-plan §3: renewal and trial interval types. */
export const INTERVAL_TYPES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];

export interface DateInterval {
  type: IntervalType;
  count: number;
}

/** Team-plan §3 enrollment statuses (FUTURE: bought, not started yet; not shown by pages). */
export const ENROLLMENT_STATUSES = ['TRIAL', 'ACTIVE', 'CANCELED', 'EXPIRED', 'FUTURE'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** Checkout §1: which subscription a checkout sells. */
export type SubscriptionCheckoutProduct = 'organization_subscription' | 'consumer_subscription';

export const SUBSCRIPTION_BUYABLE_TYPE = 'subscription_plan_price_option' as const;

/** Checkout §4 events of the Subscription environment. */
export const SUBSCRIPTION_INFO_EVENTS = ['Info', 'UpsellInfo'] as const;
export const SUBSCRIPTION_SUBMIT_EVENTS = [
  'Submit',
  'UpsellSubmit',
  'ResubscribeSubmit',
  'Update',
  'UpdateBilling',
] as const;
export type SubscriptionSubmitEvent = (typeof SUBSCRIPTION_SUBMIT_EVENTS)[number];

/** Checkout §4: the result event that answers each submitting event. */
export const SUBSCRIPTION_RESULT_EVENT: Record<SubscriptionSubmitEvent, string> = {
  Submit: 'Result',
  UpsellSubmit: 'UpsellResult',
  ResubscribeSubmit: 'ResubscribeResult',
  Update: 'UpdateResult',
  UpdateBilling: 'UpdateBillingResult',
};

/** Team-plan §3 license context of a price option. */
export interface LicenseContext {
  unitPrice: { amount: number; currency: CurrencyCode };
  licenseCount: number;
  defaultLicenseCount: number;
  minimumLicenseCount: number;
  maximumLicenseCount: number;
}

/** Team-plan §3 subscription plan price option as the API answers it. */
export interface PlanPriceOption {
  id: string;
  listPrice: { amount: number; currency: CurrencyCode };
  renewalInterval: DateInterval;
  trial: { dateInterval: DateInterval } | null;
  licenseContext: LicenseContext | null;
  /** Annual options only: what a year of monthly payments would cost more, and the monthly equivalent. */
  annualSavings: { amount: number; currency: CurrencyCode } | null;
  monthlyPrice: { amount: number; currency: CurrencyCode } | null;
}

/** Team-plan §9: the Team Plan's license limits (the ceiling is the server's too). */
export const TEAM_PLAN_LICENSES = { default: 10, minimum: 5, maximum: 20 } as const;

/** Team-plan §9: India is region-restricted for organization purchases. */
export const REGION_RESTRICTED_COUNTRIES: readonly string[] = ['IN'];

export function isRegionRestricted(country: string | null | undefined): boolean {
  return !!country && REGION_RESTRICTED_COUNTRIES.includes(country.toUpperCase());
}

/** Team-plan §3 pricing info (`GET /payment/teamplan-pricing-info-view/`, `/payment/checkout-teamplan-info/`). */
export interface TeamPlanPricingInfo {
  checkout_ref: string | null;
  current_period_end: string | null;
  trial_end: string | null;
  shopping_cart: {
    items: {
      buyable: {
        id: string;
        buyable_object_type: typeof SUBSCRIPTION_BUYABLE_TYPE;
        checkout_ref: string | null;
      };
      list_price: { amount: number; currency: CurrencyCode };
      subscription_context: {
        plan_price_option_id: string;
        renewal_interval: { type: IntervalType; count: number };
        product_type: SubscriptionProductType;
        trial_period_days: number;
        seat_context: {
          unit_price: { amount: number; currency: CurrencyCode };
          requested_seat_count: number;
          default_seat_count: number;
          minimum_seat_count: number;
          maximum_seat_count: number;
        } | null;
        proration_context: {
          unit_price: { amount: number; currency: CurrencyCode };
          requested_seat_count: number;
        } | null;
      };
    }[];
  };
}

/** Team-plan §3 billing information (read). */
export interface SubscriptionBillingInfo {
  customer_name: string;
  address_line1: string;
  address_line2: string | null;
  country: string;
  secondary_location: string | null;
  tax_number: string | null;
  created_by: string | null;
  created: string | null;
}

/** Minor units due now or at the next charge. */
interface DueAmounts {
  subtotal: number;
  tax: number;
  total: number;
}

/** `POST /payment/checkout-info/` (Subscription): what the server prices, for the Summary panel (team-plan §2). */
export interface SubscriptionCheckoutSummary {
  product_type: SubscriptionProductType;
  plan_price_option_id: string;
  renewal_interval: { type: 'YEAR' | 'MONTH' | 'WEEK' | 'DAY'; count: number };
  currency: CurrencyCode;
  unit_price: number;
  licenses: number;
  current_licenses: number;
  added_licenses: number;
  trial_days: number;
  trial_end: string | null;
  next_charge_date: string;
  proration: { remaining_days: number; period_days: number } | null;
  due_today: DueAmounts;
  due_next: DueAmounts;
  tax_rate: number;
  tax_breakdown_type: 'tax_exclusive' | 'tax_inclusive';
  region_restricted: boolean;
  enrollment_status: string | null;
  subscription_checkout_ref: string | null;
}

/** `POST /payment/checkout-info/` with `checkout_environment: 'Subscription'`. */
export interface SubscriptionCheckoutInfo {
  status: 'succeeded';
  message: string | null;
  data: {
    subscription_summary: SubscriptionCheckoutSummary;
    checkout_config?: { payment_methods: PaymentMethodConfig[]; credit_is_usable: boolean };
    billing_config?: BillingConfig & {
      address_line1: string | null;
      address_line2: string | null;
      customer_name: string | null;
      tax_number: string | null;
      tax_number_enabled: boolean;
    };
    tax_config?: SubscriptionTaxConfig;
  };
}

/** Team-plan §3 tax config: checkout's, with the tax-included and -excluded totals and the proration's tax. */
export interface SubscriptionTaxConfig extends TaxConfig {
  total_tax_included_amount: number;
  total_tax_excluded_amount: number;
  proration_tax_context: { tax_amount: number; tax_rate: number } | null;
}
