import { SUBSCRIPTION_BUYABLE_TYPE, licenseBounds, type PlanLicenseLimits } from '@lectern/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { initialLicenseChoice, type LicenseChoice } from './license-picker';
import type { CurrentEnrollment, PlanPriceOption, SubscriptionItem } from './subscription-api';
import { PURCHASES, type SubscriptionPurchase } from './subscription-purchase';
import { runningPlanOf } from './subscribed-notice';
import { useCurrentEnrollment, usePlanOptions } from './subscription-queries';

export type CheckoutPlanStatus = 'loading' | 'error' | 'noEnrollment' | 'subscribed' | 'ready';

function limitsOf(option: PlanPriceOption | null): PlanLicenseLimits | null {
  const context = option?.licenseContext;
  return context
    ? {
        defaultLicenseCount: context.defaultLicenseCount,
        minimumLicenseCount: context.minimumLicenseCount,
        maximumLicenseCount: context.maximumLicenseCount,
      }
    : null;
}

/** A resubscribe starts from the licenses the plan had, when the plan still allows them. */
function firstChoice(
  purchase: SubscriptionPurchase,
  limits: PlanLicenseLimits,
  enrollment: CurrentEnrollment | null,
): LicenseChoice {
  const rules = PURCHASES[purchase].licenses ?? 'new';
  if (purchase === 'upsell') return initialLicenseChoice(rules, limits, enrollment?.licenseCount ?? 0);
  const bounds = licenseBounds(rules, limits);
  const had = enrollment?.licenseCount ?? 0;
  return purchase === 'resubscribe' && had >= bounds.lower && had <= bounds.upper
    ? had
    : initialLicenseChoice(rules, limits, 0);
}

/**
 * What a subscription checkout buys: the plan's price option (yearly by default, `?option=` on
 * the Personal Plan checkout, the enrollment's own for an upsell and at first for a resubscribe), the license
 * choice, and the `shopping_info` item they make (null while "More than N licenses" is picked).
 */
export function useCheckoutPlan(purchase: SubscriptionPurchase) {
  const config = PURCHASES[purchase];
  const [search] = useSearchParams();
  const plans = usePlanOptions(config.productType);
  // A new plan reads it too: someone whose plan is running is told so instead of buying again.
  const enrollmentQuery = useCurrentEnrollment();
  const enrollment =
    config.changesEnrollment && enrollmentQuery.data?.productType === config.productType
      ? enrollmentQuery.data
      : null;
  const running = config.changesEnrollment ? null : runningPlanOf(enrollmentQuery.data, config.productType);
  const options = plans.data ?? [];
  const [chosenId, setChosenId] = useState<string | null>(() => search.get('option'));
  // A resubscribe starts on the expired plan's interval and may change it; an upsell keeps it.
  const wantedId = config.choosesInterval
    ? (chosenId ?? enrollment?.priceOptionId)
    : (enrollment?.priceOptionId ?? chosenId);
  const option = options.find((candidate) => candidate.id === wantedId) ?? options[0] ?? null;
  const limits = config.licenses ? limitsOf(option) : null;
  const [picked, setPicked] = useState<LicenseChoice | null>(null);
  const licenses = limits ? (picked ?? firstChoice(purchase, limits, enrollment)) : null;

  const item: SubscriptionItem | null =
    option && licenses !== 'more'
      ? {
          buyable: {
            id: option.id,
            buyable_object_type: SUBSCRIPTION_BUYABLE_TYPE,
            ...(enrollment ? { checkout_ref: enrollment.checkoutReference } : {}),
          },
          ...(licenses !== null ? { requested_seat_count: licenses } : {}),
        }
      : null;

  let status: CheckoutPlanStatus = 'ready';
  if (plans.isPending || enrollmentQuery.isPending) status = 'loading';
  else if (plans.isError || enrollmentQuery.isError || !option) status = 'error';
  else if (config.changesEnrollment && !enrollment) status = 'noEnrollment';
  else if (running) status = 'subscribed';

  return {
    status,
    error: plans.error ?? enrollmentQuery.error,
    retry: () => {
      if (plans.isError) void plans.refetch();
      if (enrollmentQuery.isError) void enrollmentQuery.refetch();
    },
    options,
    option,
    /** The running plan of this product (a new-plan checkout only). */
    running,
    canChooseOption: config.choosesInterval && options.length > 1,
    chooseOption: setChosenId,
    enrollment,
    limits,
    licenses,
    chooseLicenses: setPicked,
    item,
  };
}

export type CheckoutPlan = ReturnType<typeof useCheckoutPlan>;
