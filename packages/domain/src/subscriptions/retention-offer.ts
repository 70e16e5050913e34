// Issue 19, checkout §7 `POST /payment/retention-promo-submit/`: the offer a Personal Plan
// subscriber sees when they cancel (decision 0029). A pure rule shared by the server, which
// decides and charges it, and the page, which shows its terms: who may have it, what it takes
// off, and which renewal periods it covers. Amounts are integer minor units (design §3).
import type { TaxBreakdownType } from '../checkout/checkout-contract.js';
import { money, type Money } from '../money/money.js';
import { addInterval } from './billing-periods.js';
import type { DateInterval, IntervalType } from './subscription-contract.js';
import type { LifecycleState } from './subscription-lifecycle.js';
import { chargeWithTax, periodPrice, type SubscriptionCharge } from './subscription-pricing.js';

/** What an offer gives: a share off the plan's price for a number of its next renewal periods. */
export interface RetentionOfferTerms {
  /** Stable id the page sends back when accepting (the offer "code"). */
  readonly id: string;
  /** Percent off, up to two decimals (12.5 is 12.5%). */
  readonly percentOff: number;
  /** How many renewal periods in a row are discounted, from the next one. */
  readonly periods: number;
}

/**
 * The offers by renewal interval: a monthly plan gets its next two months at half price, an
 * annual plan its next year at a quarter off (half a year's price is more than a marketplace
 * gives to keep one subscriber). Weekly and daily plans (none of them personal) get none.
 */
export const RETENTION_OFFERS = {
  MONTH: { id: 'stay-2-months-50-off', percentOff: 50, periods: 2 },
  YEAR: { id: 'stay-1-year-25-off', percentOff: 25, periods: 1 },
} as const satisfies Partial<Record<IntervalType, RetentionOfferTerms>>;

export const RETENTION_OFFER_IDS = [RETENTION_OFFERS.MONTH.id, RETENTION_OFFERS.YEAR.id] as const;
export type RetentionOfferId = (typeof RETENTION_OFFER_IDS)[number];

/** The offer of a renewal interval, or null when plans of that interval get none. */
export function retentionOfferTermsFor(interval: DateInterval): RetentionOfferTerms | null {
  if (interval.count !== 1) return null;
  return (RETENTION_OFFERS as Partial<Record<IntervalType, RetentionOfferTerms>>)[interval.type] ?? null;
}

/**
 * Why a plan has no offer (the 409 `code` of the submit, the `reason` of the read):
 * - `not_personal_plan`: a Team Plan (an organization's);
 * - `in_trial`: nothing has been paid yet, there is nothing to discount;
 * - `cancelled`, `past_due`, `expired`: only a plan in good standing that would renew gets one;
 * - `already_accepted`: one accepted offer per enrollment, ever;
 * - `interval_not_offered`: no offer exists for the plan's renewal interval;
 * - `renewal_due`: the period has ended and its renewal is being charged at the usual price;
 * - `offer_changed`: the offer sent is not the one this plan has now.
 */
export const RETENTION_OFFER_UNAVAILABLE_REASONS = [
  'not_personal_plan',
  'in_trial',
  'cancelled',
  'past_due',
  'expired',
  'already_accepted',
  'interval_not_offered',
  'renewal_due',
  'offer_changed',
] as const;
export type RetentionOfferUnavailableReason = (typeof RETENTION_OFFER_UNAVAILABLE_REASONS)[number];

export const RETENTION_OFFER_UNAVAILABLE_MESSAGES: Record<RetentionOfferUnavailableReason, string> = {
  not_personal_plan: 'Retention offers are for Personal Plan subscriptions only.',
  in_trial: 'There is no offer during a free trial: nothing has been charged yet.',
  cancelled: 'This subscription is already cancelled.',
  past_due: 'A payment of this subscription is past due.',
  expired: 'This subscription has ended.',
  already_accepted: 'An offer has already been accepted for this subscription.',
  interval_not_offered: 'There is no offer for this billing interval.',
  renewal_due: 'This billing period has ended and its renewal is being charged.',
  offer_changed: 'This offer is no longer available for your subscription.',
};

export interface RetentionOfferCandidate {
  /** Who holds the plan: only a learner's own (Personal Plan) gets an offer. */
  subscriberType: 'organization' | 'user';
  state: LifecycleState | 'FUTURE';
  renewalInterval: DateInterval;
  currentPeriodEnd: Date;
  /** An offer was accepted for this enrollment before. */
  alreadyAccepted: boolean;
}

/** Why `plan` cannot have an offer at `now`, or null when it can. */
export function retentionOfferUnavailableReason(
  plan: RetentionOfferCandidate,
  now: Date,
): RetentionOfferUnavailableReason | null {
  if (plan.subscriberType !== 'user') return 'not_personal_plan';
  switch (plan.state) {
    case 'TRIAL':
      return 'in_trial';
    case 'CANCELED':
      return 'cancelled';
    case 'PAST_DUE':
      return 'past_due';
    case 'EXPIRED':
    case 'FUTURE':
      return 'expired';
    case 'ACTIVE':
      break;
  }
  if (plan.alreadyAccepted) return 'already_accepted';
  if (!retentionOfferTermsFor(plan.renewalInterval)) return 'interval_not_offered';
  if (plan.currentPeriodEnd.getTime() <= now.getTime()) return 'renewal_due';
  return null;
}

/**
 * `listPrice` less `percentOff` percent (two decimals at most), the amount taken off rounded
 * half-up on the currency's minor unit, like a percentage discount code: never below zero and
 * never above the list price. Exact for any amount (BigInt), in every currency.
 */
export function retentionDiscountedPrice(listPrice: Money, percentOff: number): Money {
  if (!Number.isSafeInteger(listPrice.amount) || listPrice.amount < 0) {
    throw new RangeError(`A list price is a non-negative amount, got ${listPrice.amount}`);
  }
  if (!Number.isFinite(percentOff) || percentOff < 0 || percentOff > 100) {
    throw new RangeError(`A discount is 0 to 100 percent, got ${percentOff}`);
  }
  const hundredths = BigInt(Math.round(percentOff * 100));
  const amount = BigInt(listPrice.amount);
  const off = (2n * amount * hundredths + 10_000n) / 20_000n;
  return money(Number(amount - off), listPrice.currency);
}

/** The start of each discounted period and the date the usual price comes back. */
export interface RetentionOfferWindow {
  /** Start of the first discounted period: the current period's end, when the next charge is due. */
  startsAt: Date;
  /** Where the usual price returns: the end of the last discounted period. */
  endsAt: Date;
  /** The charge date of each discounted period, in order. */
  chargeDates: Date[];
}

/**
 * The periods `terms` covers from `firstPeriodStart`, stepped one interval at a time as the
 * renewals step them (31 January + 1 month is 28 February, then 28 March: two months from 31
 * January in one step would be 31 March).
 */
export function retentionOfferWindow(
  firstPeriodStart: Date,
  interval: DateInterval,
  periods: number,
): RetentionOfferWindow {
  if (!Number.isSafeInteger(periods) || periods < 1) {
    throw new RangeError(`An offer covers at least one period, got ${periods}`);
  }
  const chargeDates: Date[] = [];
  let at = firstPeriodStart;
  for (let index = 0; index < periods; index += 1) {
    chargeDates.push(at);
    at = addInterval(at, interval);
  }
  return { startsAt: firstPeriodStart, endsAt: at, chargeDates };
}

/** Whether a renewal period starting at `periodStart` is charged at the offer's price. */
export function isRetentionDiscountedPeriod(
  window: { startsAt: Date; endsAt: Date },
  periodStart: Date,
): boolean {
  const at = periodStart.getTime();
  return at >= window.startsAt.getTime() && at < window.endsAt.getTime();
}

/** An offer's terms priced for one plan: what each discounted period costs, and for how long. */
export interface RetentionOfferQuote extends RetentionOfferWindow {
  offerId: string;
  percentOff: number;
  periods: number;
  renewalInterval: DateInterval;
  /** A period at the usual price, tax on top or included as the plan is taxed. */
  regular: SubscriptionCharge;
  /** A discounted period: tax computed on the discounted price, as for any charge. */
  discounted: SubscriptionCharge;
  /** The price of one license (the whole plan, for a personal plan) in a discounted period, before tax. */
  discountedUnitPrice: Money;
  /** Saved over all discounted periods, tax included. */
  totalSavings: Money;
}

/**
 * Prices `terms` for a plan of `licenses` at `unitPrice` per period (a personal plan is one
 * license) taxed at `taxRates` (one rate, or the rates of the taxes that add up), from the
 * period starting at `firstPeriodStart`.
 */
export function retentionOfferQuote(input: {
  terms: RetentionOfferTerms;
  unitPrice: Money;
  licenses: number;
  renewalInterval: DateInterval;
  taxRates: number | readonly number[];
  taxMode: TaxBreakdownType;
  firstPeriodStart: Date;
}): RetentionOfferQuote {
  const { terms, unitPrice, licenses } = input;
  const discountedUnitPrice = retentionDiscountedPrice(unitPrice, terms.percentOff);
  const regular = chargeWithTax(periodPrice(unitPrice, licenses), input.taxRates, input.taxMode);
  const discounted = chargeWithTax(periodPrice(discountedUnitPrice, licenses), input.taxRates, input.taxMode);
  return {
    offerId: terms.id,
    percentOff: terms.percentOff,
    periods: terms.periods,
    renewalInterval: input.renewalInterval,
    regular,
    discounted,
    discountedUnitPrice,
    totalSavings: money((regular.total.amount - discounted.total.amount) * terms.periods, unitPrice.currency),
    ...retentionOfferWindow(input.firstPeriodStart, input.renewalInterval, terms.periods),
  };
}

/** An amount as the API answers it. */
export interface ApiMoney {
  amount: number;
  currency: string;
}

/** An offer's terms as `GET /payment/retention-promo-submit/` and its POST answer give them. */
export interface RetentionOfferView {
  offer_id: string;
  percent_off: number;
  periods: number;
  renewal_interval: DateInterval;
  /** One period at the usual price, tax included (what the plan charges without the offer). */
  regular_price: ApiMoney;
  /** One discounted period, tax included (tax on the discounted price). */
  discounted_price: ApiMoney;
  discounted_tax: ApiMoney;
  total_savings: ApiMoney;
  /** When the first discounted period is charged. */
  discount_starts_at: string;
  /** When the usual price returns (the end of the last discounted period). */
  discount_ends_at: string;
  /** The charge date of each discounted period. */
  charge_dates: string[];
}

/** `GET /payment/retention-promo-submit/?enrollment_id=`: whether the plan has an offer now. */
export interface RetentionOfferAvailability {
  enrollment_id: number;
  available: boolean;
  /** Why there is none (null when `available`). */
  reason: RetentionOfferUnavailableReason | null;
  /** The offer to show (null when not `available`). */
  offer: RetentionOfferView | null;
  /** The offer accepted earlier for this plan, while its discounted periods last; else null. */
  accepted: (RetentionOfferView & { accepted_at: string }) | null;
}

/** `POST /payment/retention-promo-submit/`: the offer is accepted; what the subscriber now pays, until when. */
export interface RetentionOfferAcceptance extends RetentionOfferView {
  enrollment_id: number;
  status: 'accepted';
  accepted_at: string;
  /** The next charge, discounted, and its date. */
  next_charge: ApiMoney;
  next_charge_date: string;
}

/** The API's view of a quote. */
export function retentionOfferViewOf(quote: RetentionOfferQuote): RetentionOfferView {
  const api = (value: Money): ApiMoney => ({ amount: value.amount, currency: value.currency });
  return {
    offer_id: quote.offerId,
    percent_off: quote.percentOff,
    periods: quote.periods,
    renewal_interval: quote.renewalInterval,
    regular_price: api(quote.regular.total),
    discounted_price: api(quote.discounted.total),
    discounted_tax: api(quote.discounted.tax),
    total_savings: api(quote.totalSavings),
    discount_starts_at: quote.startsAt.toISOString(),
    discount_ends_at: quote.endsAt.toISOString(),
    charge_dates: quote.chargeDates.map((date) => date.toISOString()),
  };
}
