import {
  addInterval,
  chargeWithTax,
  currencyForCountry,
  licenseCountError,
  newSubscriptionDue,
  periodPrice,
  prorateSeatIncrease,
  remainingPeriodDays,
  calendarDaysBetween,
  secondaryLocationError,
  type LicensePurchase,
  type Money,
  money,
  type SubscriptionCharge,
  type SubscriptionSubmitEvent,
  type TaxBreakdownType,
} from '@lectern/domain';
import { validationError } from '../../platform/http/http-error.js';
import { determineTax } from '../tax/determine-tax.js';
import { taxLinesOf } from '../tax/tax-lines.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import { isLicensed, unitPriceOf } from './subscription-plans.js';
import type { EnrollmentRow, PriceOptionRow } from './subscriptions.repository.js';
import type { SubscriptionCheckoutQuote } from './subscriptions.tables.js';

export interface BillingLocation {
  country: string;
  secondaryLocation: string | null;
  /** The subscriber's VAT/GST number, checked (reverse charge where the law has it); else null. */
  taxNumber?: string | null;
}

/** A subscription checkout priced on the server (team-plan §2 Summary panel). */
export interface SubscriptionPrice {
  quote: SubscriptionCheckoutQuote;
  /** Due now. */
  today: SubscriptionCharge;
  /** The whole plan at the next charge date. */
  next: SubscriptionCharge;
  nextChargeDate: Date;
  trialEnd: Date | null;
  /** Licenses added by an upsell (0 otherwise). */
  addedLicenses: number;
  proration: { remainingDays: number; periodDays: number } | null;
  /** A tax location the provider cannot tax (shown on the secondary location field). */
  taxError: string | null;
}

export type PricedEvent = SubscriptionSubmitEvent | 'Info' | 'UpsellInfo';

const isUpsell = (event: PricedEvent) => event === 'UpsellInfo' || event === 'UpsellSubmit';

/**
 * Prices a subscription checkout: a new plan (trial or first period), a resubscribe (no
 * trial), an upsell (free in a trial, prorated otherwise), or a card or billing update (nothing
 * due now; the next charge at the location's tax).
 */
export async function priceSubscription(input: {
  tax: TaxProvider;
  event: PricedEvent;
  option: PriceOptionRow;
  enrollment: EnrollmentRow | null;
  location: BillingLocation;
  /** Licenses of the new plan, or added by the upsell. */
  licenses: number;
  withTrial: boolean;
  now: Date;
}): Promise<SubscriptionPrice> {
  const { option, enrollment, location, now } = input;
  const determination = await determineTax(input.tax, location, now);
  const locationError = secondaryLocationError(location.country, location.secondaryLocation);
  const taxError = locationError ?? (determination.ok ? null : determination.error);
  const rate = determination.ok ? determination.ratePercent : 0;
  const components = determination.ok ? determination.components : [];
  const rates = components.map((component) => component.ratePercent);
  const mode: TaxBreakdownType = determination.ok ? determination.mode : 'tax_exclusive';
  const withTax = (price: Money) => chargeWithTax(price, rates, mode);

  const base = (unit: Money, licenses: number, today: SubscriptionCharge, next: SubscriptionCharge) => ({
    priceOptionId: option.id,
    licenses,
    currency: unit.currency,
    unitPrice: unit.amount,
    subtotal: today.subtotal.amount,
    tax: today.tax.amount,
    total: today.total.amount,
    nextCharge: next.total.amount,
    nextTax: next.tax.amount,
    taxLines: taxLinesOf(components, today.taxParts),
    taxNote: determination.ok ? (determination.reverseCharge?.note ?? null) : null,
    taxRate: rate,
    taxMode: mode,
    country: location.country,
    secondaryLocation: location.secondaryLocation,
    trialDays: 0,
  });

  if (
    enrollment &&
    input.event !== 'Info' &&
    input.event !== 'Submit' &&
    input.event !== 'ResubscribeSubmit'
  ) {
    const unit = money(enrollment.unitPrice, enrollment.currency as Money['currency']);
    const zero = money(0, unit.currency);
    const free = { subtotal: zero, tax: zero, taxParts: [], total: zero };
    if (isUpsell(input.event)) {
      const total = enrollment.licenseCount + input.licenses;
      const next = withTax(periodPrice(unit, total));
      const inTrial = enrollment.status === 'TRIAL';
      const prorated = inTrial
        ? zero
        : prorateSeatIncrease({
            unitPrice: unit,
            addedSeats: input.licenses,
            periodStart: enrollment.currentPeriodStart,
            periodEnd: enrollment.currentPeriodEnd,
            changeAt: now,
          });
      const today = inTrial ? free : withTax(prorated);
      return {
        quote: base(unit, input.licenses, today, next),
        today,
        next,
        nextChargeDate: enrollment.currentPeriodEnd,
        trialEnd: inTrial ? enrollment.currentPeriodEnd : null,
        addedLicenses: input.licenses,
        proration: inTrial
          ? null
          : {
              remainingDays: remainingPeriodDays(
                enrollment.currentPeriodStart,
                enrollment.currentPeriodEnd,
                now,
              ),
              periodDays: Math.max(
                1,
                calendarDaysBetween(enrollment.currentPeriodStart, enrollment.currentPeriodEnd),
              ),
            },
        taxError,
      };
    }
    // Update (card) and UpdateBilling: nothing due now; the next charge at this location's tax.
    const next = withTax(periodPrice(unit, enrollment.licenseCount));
    return {
      quote: base(unit, enrollment.licenseCount, free, next),
      today: free,
      next,
      nextChargeDate: enrollment.currentPeriodEnd,
      trialEnd: enrollment.status === 'TRIAL' ? enrollment.currentPeriodEnd : null,
      addedLicenses: 0,
      proration: null,
      taxError,
    };
  }

  const unit = unitPriceOf(option, currencyForCountry(location.country));
  const licenses = isLicensed(option) ? input.licenses : 1;
  const period = withTax(periodPrice(unit, licenses));
  const due = newSubscriptionDue(period, input.withTrial);
  const trialEnd = input.withTrial ? addInterval(now, { type: 'DAY', count: option.trialDays }) : null;
  return {
    quote: {
      ...base(unit, licenses, due.today, due.next),
      trialDays: input.withTrial ? option.trialDays : 0,
    },
    today: due.today,
    next: due.next,
    nextChargeDate: trialEnd ?? addInterval(now, { type: option.renewalType, count: option.renewalCount }),
    trialEnd,
    addedLicenses: 0,
    proration: null,
    taxError,
  };
}

/** The 400 for a license count the plan cannot take (the Enterprise note above the ceiling). */
export function assertLicenseCount(
  requested: number,
  purchase: LicensePurchase,
  option: PriceOptionRow,
  current = 0,
): void {
  if (!isLicensed(option)) return;
  const error = licenseCountError(
    requested,
    purchase,
    {
      defaultLicenseCount: option.defaultLicenses ?? 1,
      minimumLicenseCount: option.minimumLicenses ?? 1,
      maximumLicenseCount: option.maximumLicenses ?? 1,
    },
    current,
  );
  if (error) throw validationError({ 'shopping_info.items.0.requested_seat_count': [error] });
}
