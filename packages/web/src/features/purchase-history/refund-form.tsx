import { PAGE_ROUTES, REFUND_COMMENT_MAX_LENGTH, REFUND_REASONS, type RefundReason } from '@lectern/domain';
import { Anchor, Group, NativeSelect, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SUBSCRIBED_COURSES_QUERY_KEY } from '../catalog/courses-api';
import { PURCHASE_HISTORY_QUERY_KEY, requestRefund } from './purchase-history-api';
import { tabHref } from './purchase-tabs';
import { SubmitButton } from '../../ui/submit-button';

export const REFUND_REASON_LABELS: Record<RefundReason, MessageId> = {
  not_as_described: 'requestRefund.reason.notAsDescribed',
  not_satisfied: 'requestRefund.reason.notSatisfied',
  bought_by_mistake: 'requestRefund.reason.boughtByMistake',
  duplicate_purchase: 'requestRefund.reason.duplicatePurchase',
  technical_problems: 'requestRefund.reason.technicalProblems',
  other: 'requestRefund.reason.other',
};

function refundSchema(intl: IntlShape) {
  return z.object({
    // Starts empty ('Choose a reason'): a reason has to be picked.
    reason: z
      .string()
      .min(1, intl.formatMessage({ id: 'requestRefund.reasonRequired' }))
      .pipe(z.enum(REFUND_REASONS)),
    comment: z
      .string()
      .trim()
      .max(
        REFUND_COMMENT_MAX_LENGTH,
        intl.formatMessage({ id: 'requestRefund.commentTooLong' }, { max: REFUND_COMMENT_MAX_LENGTH }),
      ),
  });
}

/**
 * Asks for the refund of one bought course: a reason (required) and optional words. The server's
 * refusal (409, 400) is shown above the form with what was typed kept; once accepted (201) the
 * history and the owned courses are stale and the user lands on the Refunds tab.
 */
export function RefundForm({ lineId, reasons }: { lineId: number; reasons: readonly RefundReason[] }) {
  const intl = useIntl();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => refundSchema(intl), [intl]);
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues: { reason: '', comment: '' },
    submit: ({ reason, comment }) => requestRefund(api, lineId, comment ? { reason, comment } : { reason }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PURCHASE_HISTORY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIBED_COURSES_QUERY_KEY }),
      ]);
      await navigate(tabHref(PAGE_ROUTES.purchaseHistory, '', 'refunds'));
    },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const comment = useWatch({ control, name: 'comment' });
  // The button is disabled while sending; this also stops a second submit by other means.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitting) {
      event.preventDefault();
      return;
    }
    void onSubmit(event);
  };
  const offered = reasons.length > 0 ? reasons : REFUND_REASONS;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <FormErrorAlert message={formError} />
        <NativeSelect
          label={intl.formatMessage({ id: 'requestRefund.reason' })}
          required
          error={errors.reason?.message}
          data={[
            { value: '', label: intl.formatMessage({ id: 'requestRefund.chooseReason' }), disabled: true },
            ...offered.map((reason) => ({
              value: reason,
              label: intl.formatMessage({ id: REFUND_REASON_LABELS[reason] }),
            })),
          ]}
          {...register('reason')}
        />
        <Textarea
          label={intl.formatMessage({ id: 'requestRefund.comment' })}
          description={intl.formatMessage(
            { id: 'requestRefund.commentCount' },
            { count: comment.length, max: REFUND_COMMENT_MAX_LENGTH },
          )}
          rows={4}
          maxLength={REFUND_COMMENT_MAX_LENGTH}
          error={errors.comment?.message}
          {...register('comment')}
        />
        <Group>
          <SubmitButton loading={isSubmitting}>
            <FormattedMessage id="requestRefund.submit" />
          </SubmitButton>
          <Anchor component={Link} to={PAGE_ROUTES.purchaseHistory}>
            <FormattedMessage id="requestRefund.back" />
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
