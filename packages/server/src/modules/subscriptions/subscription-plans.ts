import {
  money,
  type CurrencyCode,
  type Money,
  type PlanPriceOption,
  type SubscriptionProductType,
} from '@lectern/domain';
import type { PlanRow, PriceOptionRow } from './subscriptions.repository.js';

/** The currency plans fall back to where the catalog has no price in the buyer's currency. */
export const PLAN_FALLBACK_CURRENCY: CurrencyCode = 'USD';

/** The currency an option is sold in to a buyer of `wanted`: that one if priced, else USD. */
export function planCurrency(option: PriceOptionRow, wanted: CurrencyCode): CurrencyCode {
  return option.unitPrices[wanted] !== undefined ? wanted : PLAN_FALLBACK_CURRENCY;
}

/** One license (or the plan) for one period, in the option's currency for `wanted`. */
export function unitPriceOf(option: PriceOptionRow, wanted: CurrencyCode): Money {
  const currency = planCurrency(option, wanted);
  const amount = option.unitPrices[currency];
  if (amount === undefined) throw new Error(`price option ${option.id} has no ${currency} price`);
  return money(amount, currency);
}

export const isLicensed = (option: PriceOptionRow) => option.maximumLicenses !== null;

/** Team-plan §3 price option, priced for `licenseCount` licenses (the plan's default when absent). */
export function toPriceOption(
  option: PriceOptionRow,
  siblings: readonly PriceOptionRow[],
  wanted: CurrencyCode,
  licenseCount?: number,
): PlanPriceOption {
  const unit = unitPriceOf(option, wanted);
  const licenses = isLicensed(option) ? (licenseCount ?? option.defaultLicenses ?? 1) : 1;
  const annual = option.renewalType === 'YEAR' && option.renewalCount === 1;
  const monthly = siblings.find((other) => other.renewalType === 'MONTH' && other.renewalCount === 1);
  const monthlyUnit = monthly ? unitPriceOf(monthly, unit.currency) : null;
  const price = (amount: number) => ({ amount, currency: unit.currency });
  return {
    id: option.id,
    listPrice: price(unit.amount * licenses),
    renewalInterval: { type: option.renewalType, count: option.renewalCount },
    trial: option.trialDays > 0 ? { dateInterval: { type: 'DAY', count: option.trialDays } } : null,
    licenseContext: isLicensed(option)
      ? {
          unitPrice: price(unit.amount),
          licenseCount: licenses,
          defaultLicenseCount: option.defaultLicenses ?? 1,
          minimumLicenseCount: option.minimumLicenses ?? 1,
          maximumLicenseCount: option.maximumLicenses ?? 1,
        }
      : null,
    annualSavings:
      annual && monthlyUnit && monthlyUnit.currency === unit.currency
        ? price(Math.max(0, (monthlyUnit.amount * 12 - unit.amount) * licenses))
        : null,
    // Half-up on the minor unit, like every rounding (design §3).
    monthlyPrice: annual ? price(Math.floor((unit.amount * licenses * 2 + 12) / 24)) : null,
  };
}

export interface PlanView {
  id: number;
  productType: SubscriptionProductType;
  name: string;
  urlLearnMore: string | null;
  urlExpressCheckout: string | null;
  priceOptions: PlanPriceOption[];
}

export function toPlan(
  plan: PlanRow,
  options: PriceOptionRow[],
  wanted: CurrencyCode,
  licenseCount?: number,
): PlanView {
  return {
    id: plan.id,
    productType: plan.productType as SubscriptionProductType,
    name: plan.name,
    urlLearnMore: plan.urlLearnMore,
    urlExpressCheckout: plan.urlExpressCheckout,
    priceOptions: options.map((option) => toPriceOption(option, options, wanted, licenseCount)),
  };
}
