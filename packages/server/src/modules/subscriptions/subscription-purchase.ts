import {
  checkoutReferenceOf,
  isRegionRestricted,
  normalizeSecondaryLocation,
  subscriptionBillingErrors,
  validTaxNumber,
  type CurrencyCode,
  type SubscriptionCheckoutSummary,
  type SubscriptionProductType,
} from '@lectern/domain';
import { validationError } from '../../platform/http/http-error.js';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type {
  SubscriptionCheckoutInfoRequest,
  SubscriptionCheckoutSubmitRequest,
} from './subscription-checkout.schemas.js';
import { isLicensed } from './subscription-plans.js';
import { priceSubscription, type BillingLocation, type SubscriptionPrice } from './subscription-pricing.js';
import type {
  BillingProfileRow,
  EnrollmentRow,
  PlanRow,
  PriceOptionRow,
  Subscriber,
} from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** What a subscription checkout buys or changes, read from its request and the subscriber's data. */
export interface Purchase {
  plan: PlanRow;
  option: PriceOptionRow;
  productType: SubscriptionProductType;
  subscriber: Subscriber;
  enrollment: EnrollmentRow | null;
  /** The subscriber's stored card and billing information, if any. */
  profile: BillingProfileRow | null;
  location: BillingLocation;
  licenses: number;
  withTrial: boolean;
}

type Event = SubscriptionCheckoutInfoRequest['checkout_event'];

/**
 * Reads a checkout request into a purchase (the plan option, who subscribes, the enrollment it
 * changes, the billing location, licenses, whether a trial applies) and prices it on the server.
 */
export function createPurchaseReader(deps: {
  subscriptions: SubscriptionsService;
  tax: TaxProvider;
  now: () => Date;
}) {
  const { subscriptions, now } = deps;
  const repository = subscriptions.repository;

  async function optionOf(id: string): Promise<{ plan: PlanRow; option: PriceOptionRow }> {
    for (const { plan, options } of await repository.plans()) {
      const option = options.find((candidate) => candidate.id === id);
      if (option) return { plan, option };
    }
    throw validationError({ 'shopping_info.items.0.buyable.id': ['This subscription plan is not sold.'] });
  }

  async function purchaseOf(
    buyer: CheckoutBuyer,
    event: Event,
    request: Pick<SubscriptionCheckoutInfoRequest, 'shopping_info' | 'billing_address'>,
    defaultCountry: string,
  ): Promise<Purchase> {
    const item = request.shopping_info.items[0]!;
    const { plan, option } = await optionOf(item.buyable.id);
    const productType = plan.productType as SubscriptionProductType;
    const subscriber = await subscriptions.subscriberFor(buyer.id, productType);
    const reference = item.buyable.checkout_ref;
    let enrollment: EnrollmentRow | null;
    if (event === 'Info' || event === 'Submit') {
      enrollment = await repository.currentEnrollment(subscriber);
    } else {
      if (!reference) {
        throw validationError({
          'shopping_info.items.0.buyable.checkout_ref': ['checkout_ref names the subscription to change.'],
        });
      }
      enrollment = await subscriptions.enrollmentByReference(buyer.id, reference);
    }
    const profile = await repository.profile(subscriber);
    const address = request.billing_address;
    const country = (address?.country_code ?? profile?.country ?? defaultCountry).toUpperCase();
    const location: BillingLocation = {
      country,
      secondaryLocation: address
        ? normalizeSecondaryLocation(country, address.secondary_location_info)
        : (profile?.secondaryLocation ?? null),
      // A number that is not valid for the country decides nothing (the submit refuses it).
      taxNumber: validTaxNumber(country, address ? address.tax_number : profile?.taxNumber),
    };
    const upsell = event === 'UpsellInfo' || event === 'UpsellSubmit';
    const licenses = isLicensed(option)
      ? (item.requested_seat_count ?? (upsell ? 1 : (option.defaultLicenses ?? 1)))
      : 1;
    const firstPlan = event === 'Info' || event === 'Submit';
    const withTrial =
      firstPlan &&
      option.trialDays > 0 &&
      !(await repository.hadEnrollment(subscriber)) &&
      !(await repository.skipsTrial(buyer.id, plan.id));
    return { plan, option, productType, subscriber, enrollment, profile, location, licenses, withTrial };
  }

  const priceOf = (purchase: Purchase, event: Event) =>
    priceSubscription({
      tax: deps.tax,
      event,
      option: purchase.option,
      enrollment: purchase.enrollment,
      location: purchase.location,
      licenses: purchase.licenses,
      withTrial: purchase.withTrial,
      now: now(),
    });

  return { purchaseOf, priceOf };
}

export type PurchaseReader = ReturnType<typeof createPurchaseReader>;

/** The Summary panel's figures (team-plan §2) of a priced purchase. */
export function summaryOf(purchase: Purchase, price: SubscriptionPrice): SubscriptionCheckoutSummary {
  const amount = (value: { amount: number }) => value.amount;
  return {
    product_type: purchase.productType,
    plan_price_option_id: purchase.option.id,
    renewal_interval: { type: purchase.option.renewalType, count: purchase.option.renewalCount },
    currency: price.quote.currency as CurrencyCode,
    unit_price: price.quote.unitPrice,
    licenses: purchase.enrollment && price.addedLicenses === 0 ? price.quote.licenses : purchase.licenses,
    current_licenses: purchase.enrollment?.licenseCount ?? 0,
    added_licenses: price.addedLicenses,
    trial_days: price.quote.trialDays,
    trial_end: price.trialEnd?.toISOString() ?? null,
    next_charge_date: price.nextChargeDate.toISOString(),
    proration: price.proration
      ? { remaining_days: price.proration.remainingDays, period_days: price.proration.periodDays }
      : null,
    due_today: {
      subtotal: amount(price.today.subtotal),
      tax: amount(price.today.tax),
      total: amount(price.today.total),
    },
    due_next: {
      subtotal: amount(price.next.subtotal),
      tax: amount(price.next.tax),
      total: amount(price.next.total),
    },
    tax_rate: price.quote.taxRate,
    tax_breakdown_type: price.quote.taxMode,
    region_restricted: purchase.productType === 'TEAM' && isRegionRestricted(purchase.location.country),
    enrollment_status: purchase.enrollment?.status ?? null,
    subscription_checkout_ref: purchase.enrollment ? checkoutReferenceOf(purchase.enrollment.id) : null,
  };
}

/** Team-plan §5 billing field errors, keyed as the request's fields. */
export function billingErrorsOf(
  purchase: Purchase,
  address: SubscriptionCheckoutSubmitRequest['billing_address'],
) {
  const errors = subscriptionBillingErrors(
    address ?? {},
    purchase.location.country,
    purchase.productType === 'TEAM',
  );
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [`billing_address.${field}`, [message]]),
  );
}

/** The billing information a submit stores on success. */
export const billingOf = (
  purchase: Purchase,
  address: SubscriptionCheckoutSubmitRequest['billing_address'],
) => ({
  customer_name: address?.customer_name?.trim() || null,
  address_line1: address?.address_line1?.trim() || null,
  address_line2: address?.address_line2?.trim() || null,
  country: purchase.location.country,
  secondary_location: purchase.location.secondaryLocation,
  tax_number: purchase.location.taxNumber ?? null,
});
