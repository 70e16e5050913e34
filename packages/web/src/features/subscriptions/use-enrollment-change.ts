import { BANNER_DISPLAY_MS, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '../../app/feedback/feedback-provider';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { cancelEnrollment, reactivateEnrollment, type CurrentEnrollment } from './subscription-api';
import { CURRENT_ENROLLMENT_KEY } from './subscription-queries';

export type EnrollmentChange = 'cancel' | 'reactivate';

/**
 * Team-plan §4 cancel and reactivate: the answer's status, cancel date and period end replace
 * the plan's at once (then the plan is read again), with the banner of the outcome.
 */
export function useEnrollmentChange(enrollment: CurrentEnrollment, onSettled: () => void) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const team = enrollment.productType === 'TEAM';
  return useMutation({
    mutationFn: (change: EnrollmentChange) =>
      change === 'cancel' ? cancelEnrollment(api, enrollment.id) : reactivateEnrollment(api, enrollment.id),
    onSuccess: async (answer, change) => {
      queryClient.setQueryData<CurrentEnrollment | null>(CURRENT_ENROLLMENT_KEY, (current) =>
        current && current.id === answer.id
          ? {
              ...current,
              status: answer.status,
              cancelDate: answer.cancelDate,
              billing: { ...current.billing, currentPeriodEndDate: answer.billing.currentPeriodEndDate },
            }
          : current,
      );
      const text =
        change === 'reactivate'
          ? SUBSCRIPTION_MESSAGES.reactivated
          : team
            ? SUBSCRIPTION_MESSAGES.cancelled
            : SUBSCRIPTION_MESSAGES.personalCancelled;
      feedback.push({ kind: 'banner', variant: 'success', text });
      await queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY });
    },
    onError: (error, change) => {
      reportError(error, { step: `subscription-${change}` });
      feedback.push({
        kind: 'banner',
        variant: 'error',
        text:
          change === 'cancel' ? SUBSCRIPTION_MESSAGES.cancelFailed : SUBSCRIPTION_MESSAGES.reactivateFailed,
        displayMs: BANNER_DISPLAY_MS,
      });
    },
    onSettled,
  });
}
