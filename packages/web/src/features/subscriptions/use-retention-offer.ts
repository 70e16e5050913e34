import {
  formatMoney,
  money,
  type ApiMoney,
  type CurrencyCode,
  type RetentionOfferAcceptance,
} from '@lectern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useFeedback } from '../../app/feedback/feedback-provider';
import type { MessageId } from '../../i18n/load-messages';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { acceptRetentionOffer, fetchRetentionOffer } from './retention-offer-api';
import type { CurrentEnrollment } from './subscription-api';
import { longDate } from './subscription-dates';
import { CURRENT_ENROLLMENT_KEY } from './subscription-queries';

const retentionOfferKey = (enrollmentId: number) =>
  ['subscriptions', 'retention-offer', enrollmentId] as const;

/** The enrollment's id as the REST API takes it (GraphQL answers it as a string). */
function restIdOf(enrollment: CurrentEnrollment): number | null {
  const id = Number(enrollment.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Whether the learner's Personal Plan has a retention offer (decision 0029), asked as soon as the
 * plan shows so the offer is there when they press cancel; never for a Team Plan, nor for a plan
 * that cannot be cancelled.
 */
export function useRetentionOffer(enrollment: CurrentEnrollment) {
  const api = useApiClient();
  const id = restIdOf(enrollment);
  const enabled =
    id !== null &&
    enrollment.productType !== 'TEAM' &&
    (enrollment.status === 'ACTIVE' || enrollment.status === 'TRIAL');
  return useQuery({
    queryKey: retentionOfferKey(id ?? 0),
    queryFn: ({ signal }) => fetchRetentionOffer(api, id!, signal),
    enabled,
    // The offer only matters when the learner presses cancel: a failure just leaves it out.
    retry: false,
  });
}

/** Amounts of the API in the page's locale (the currency formatter of the domain). */
export function useMoneyFormat() {
  const intl = useIntl();
  return (value: ApiMoney) =>
    formatMoney(money(value.amount, value.currency.toUpperCase() as CurrencyCode), intl.locale);
}

/** Inline messages of a refused acceptance, by the 409's reason code; anything else is generic. */
const ACCEPT_ERRORS: Partial<Record<string, MessageId>> = {
  already_accepted: 'subscriptions.retention.errorAlreadyAccepted',
  offer_changed: 'subscriptions.retention.errorUnavailable',
  cancelled: 'subscriptions.retention.errorUnavailable',
  past_due: 'subscriptions.retention.errorUnavailable',
  expired: 'subscriptions.retention.errorUnavailable',
  in_trial: 'subscriptions.retention.errorUnavailable',
  renewal_due: 'subscriptions.retention.errorUnavailable',
  interval_not_offered: 'subscriptions.retention.errorUnavailable',
  not_personal_plan: 'subscriptions.retention.errorUnavailable',
};

/** The message id of an acceptance that failed. */
export function acceptErrorOf(error: unknown): MessageId {
  const code = isApiError(error) && error.statusCode === 409 ? error.code : undefined;
  return (code === undefined ? undefined : ACCEPT_ERRORS[code]) ?? 'subscriptions.retention.errorGeneric';
}

/**
 * Accepts the offer: the plan is read again (its next charge is now the discounted one) and a
 * banner says what the learner now pays and until when. A refusal stays in the dialog.
 */
export function useAcceptRetentionOffer(enrollment: CurrentEnrollment, onAccepted: () => void) {
  const api = useApiClient();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const format = useMoneyFormat();
  const id = restIdOf(enrollment);
  return useMutation({
    mutationFn: (offerId: string) => acceptRetentionOffer(api, id!, offerId),
    onSuccess: async (answer: RetentionOfferAcceptance) => {
      feedback.push({
        kind: 'banner',
        variant: 'success',
        text: intl.formatMessage(
          { id: 'subscriptions.retention.accepted' },
          {
            amount: format(answer.discounted_price),
            regular: format(answer.regular_price),
            date: longDate(answer.discount_ends_at, intl.locale),
          },
        ),
      });
      onAccepted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY }),
        queryClient.invalidateQueries({ queryKey: retentionOfferKey(answer.enrollment_id) }),
      ]);
    },
    onError: (error) => {
      if (!isApiError(error) || error.statusCode !== 409)
        reportError(error, { step: 'retention-offer-accept' });
    },
  });
}

/** After a refusal the offer may be gone: read it again once the dialog has closed. */
export function useForgetRetentionOffer(enrollment: CurrentEnrollment) {
  const queryClient = useQueryClient();
  const id = restIdOf(enrollment);
  return () => {
    if (id !== null) void queryClient.invalidateQueries({ queryKey: retentionOfferKey(id) });
  };
}
