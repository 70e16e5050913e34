import { CHECKOUT_MESSAGES, PAGE_ROUTES, safeNextPath, type CheckoutResult } from '@lectern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback/feedback-provider';
import { PURCHASES, type SubscriptionPurchase } from './subscription-purchase';
import { CURRENT_ENROLLMENT_KEY } from './subscription-queries';
import { useSubscriptionTracking } from './subscription-tracking';
import {
  useSubscriptionPayment,
  type SubmitCallbacks,
  type SubmitPhase,
  type SubmitRequest,
} from './use-subscription-payment';

export type { SubmitCallbacks, SubmitPhase, SubmitRequest } from './use-subscription-payment';

/**
 * Team-plan §4 submit of a checkout page: the payment of `useSubscriptionPayment`, and a
 * success that is tracked, announced by a banner and leads to the next page (the server's
 * redirect, else the learner's subscriptions).
 */
export function useSubscriptionSubmit(purchase: SubscriptionPurchase, callbacks: SubmitCallbacks) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const tracking = useSubscriptionTracking(purchase);

  function succeeded(result: CheckoutResult, request: SubmitRequest): SubmitPhase {
    tracking.submitted(request.summary.due_today.total > 0 ? 'paid' : 'free');
    const fallback =
      purchase === 'upsell' ? CHECKOUT_MESSAGES.licensesAdded : CHECKOUT_MESSAGES.subscriptionStarted;
    feedback.push({
      kind: 'banner',
      variant: 'success',
      text: result.message || fallback,
    });
    void queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY });
    // The organization's card, plan facts and activity changed with it (a resubscribe stores a card).
    void queryClient.invalidateQueries({ queryKey: ['organization-admin'] });
    const to = result.data.redirect_url ?? PAGE_ROUTES.manageSubscriptions;
    if (safeNextPath(to) === to) void navigate(to);
    else window.location.assign(to);
    return 'REDIRECTING';
  }

  return useSubscriptionPayment({
    event: PURCHASES[purchase].submitEvent,
    callbacks,
    onSucceeded: succeeded,
  });
}
