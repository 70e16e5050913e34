import { useMemo, useRef } from 'react';
import { useTracker } from '../tracking/use-tracker';
import type { SubscriptionPurchase } from './subscription-purchase';

/**
 * Checkout §7 subscription events: team plan and personal plan started, selected and submitted,
 * upsell started and submitted, resubscribe. "Started" is sent once per page.
 */
export function useSubscriptionTracking(purchase: SubscriptionPurchase) {
  const { track } = useTracker();
  const startedOnce = useRef(false);
  return useMemo(
    () => ({
      started() {
        if (startedOnce.current) return;
        startedOnce.current = true;
        if (purchase === 'team') track('TeamPlanStarted', {});
        else if (purchase === 'personal') track('PersonalPlanStarted', {});
        else if (purchase === 'upsell') track('UpsellStarted', {});
      },
      selected(planId: string) {
        if (purchase === 'team') track('TeamPlanSelected', { planId });
        else if (purchase === 'personal') track('PersonalPlanSelected', { planId });
      },
      submitted(chargeType: 'free' | 'paid') {
        if (purchase === 'team') track('TeamPlanSubmitted', { chargeType });
        else if (purchase === 'personal') track('PersonalPlanSubmitted', { chargeType });
        else if (purchase === 'upsell') track('UpsellSubmitted', { chargeType });
        else track('Resubscribe', {});
      },
    }),
    [purchase, track],
  );
}
