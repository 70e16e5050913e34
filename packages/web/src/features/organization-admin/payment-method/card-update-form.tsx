import {
  CHECKOUT_MESSAGES,
  PAGE_ROUTES,
  type CheckoutResult,
  type SubscriptionCheckoutInfo,
} from '@lectern/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFeedback } from '../../../app/feedback/feedback-provider';
import { useMe } from '../../../app/user-context/use-user-context';
import { isApiError } from '../../../platform/api';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import { CheckoutMessageBanner } from '../../checkout/checkout-message';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { subscriptionMethods } from '../../subscriptions/subscription-methods';
import { SubscriptionPaymentSection } from '../../subscriptions/subscription-payment-section';
import { CURRENT_ENROLLMENT_KEY, useCurrentEnrollment } from '../../subscriptions/subscription-queries';
import { useCheckoutForm } from '../../subscriptions/use-checkout-form';
import { useSubscriptionInfo } from '../../subscriptions/use-subscription-info';
import { useSubscriptionPayment } from '../../subscriptions/use-subscription-payment';
import { updateBillingItem } from '../billing/billing-api';
import { organizationPlanOf } from '../shell/organization-plan';

export interface CardUpdateFormProps {
  /** 'Cancel': nothing was changed. */
  onCancel: () => void;
  /** The new card is stored (the success banner is already shown). */
  onUpdated: () => void;
}

type UpdateInfo = SubscriptionCheckoutInfo['data'];

function Actions({ busy, canSubmit, onCancel }: { busy: boolean; canSubmit: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        <FormattedMessage id="organizationAdmin.updatePayment.cancel" />
      </Button>
      <Button type="submit" loading={busy} disabled={!canSubmit} data-testid="update-payment-submit">
        <FormattedMessage id="organizationAdmin.updatePayment.submit" />
      </Button>
    </Group>
  );
}

/**
 * The card form of the update (checkout §2 card entry through the provider's SDK, the checkout's
 * own pieces): the submit sends the Subscription checkout's `Update` event, answers 3-D Secure
 * with the card setup's confirmation, and a failure keeps what was typed with its checkout §8
 * message (an invalid card: the update's own message) above the form.
 */
function CardEntry({
  organizationId,
  plan,
  info,
  onStale,
  onCancel,
  onUpdated,
}: CardUpdateFormProps & {
  organizationId: number;
  plan: CurrentEnrollment;
  info: UpdateInfo;
  onStale: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const onFile = info.billing_config;
  const form = useCheckoutForm({ defaultCountry: onFile?.country ?? '', organization: true });
  const allMethods = info.checkout_config?.payment_methods ?? [];
  // Checkout §4: a card update enters a new card; a stored card is never offered.
  const methods = { ...subscriptionMethods(allMethods, true), stored: null };
  const summary = info.subscription_summary;

  const succeeded = (result: CheckoutResult) => {
    feedback.push({
      kind: 'banner',
      variant: 'success',
      text: result.message || CHECKOUT_MESSAGES.paymentInfoUpdated,
    });
    // The organization's card (and its last-edit footer) and the plan's payment issue changed.
    void queryClient.invalidateQueries({ queryKey: ['organization-admin', organizationId] });
    void queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY });
    onUpdated();
    return 'COMPLETE' as const;
  };
  const payment = useSubscriptionPayment({
    event: 'Update',
    callbacks: { onFieldErrors: () => {}, onCardFieldFlagged: form.flagCardField, onStale },
    onSucceeded: succeeded,
    invalidCardText: intl.formatMessage({ id: 'organizationAdmin.updatePayment.invalidCard' }),
  });
  const busy = payment.phase !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!methods.chosen || busy) return;
    if (methods.chosen.kind === 'card' && !form.cardValid) {
      payment.showMessage('error', CHECKOUT_MESSAGES.checkFields);
      return;
    }
    void payment.submit(
      {
        summary,
        item: updateBillingItem(plan),
        choice: methods.chosen,
        methods: allMethods,
        card: form.card,
      },
      // The card carries the billing location on file (checkout §5).
      onFile?.country
        ? { country_code: onFile.country, secondary_location_info: onFile.secondary_location_info ?? null }
        : null,
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="card-update-form">
      <Stack gap="md">
        <CheckoutMessageBanner message={payment.message} onDismiss={payment.dismissMessage} />
        <SubscriptionPaymentSection
          methods={methods}
          onEnterNewCard={() => {}}
          card={form.card}
          cardErrors={form.cardErrors}
          onCardChange={form.changeCard}
          onCardBlur={form.touchCard}
          nameLast
          disabled={busy}
        />
        {!methods.chosen && (
          <Text role="alert" c="red.8" size="sm">
            {CHECKOUT_MESSAGES.selectAvailableMethod}
          </Text>
        )}
        <Actions busy={busy} canSubmit={!!methods.chosen} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function loadFailure(error: unknown, fallback: string): string {
  return isApiError(error) && error.isParsedError && (error.statusCode ?? 500) < 500
    ? error.detail
    : fallback;
}

/** The plan's checkout-info of the `Update` event: the card method and the billing location on file. */
function PlanCardUpdate({
  organizationId,
  plan,
  onCancel,
  onUpdated,
}: CardUpdateFormProps & { organizationId: number; plan: CurrentEnrollment }) {
  const intl = useIntl();
  const info = useSubscriptionInfo({
    event: 'Update',
    item: updateBillingItem(plan),
    location: undefined,
    enabled: true,
  });
  // Once loaded, the form stays: a failed reload (after a 409) must not lose what was typed.
  if (info.data) {
    return (
      <CardEntry
        organizationId={organizationId}
        plan={plan}
        info={info.data.data}
        onStale={() => void info.refetch()}
        onCancel={onCancel}
        onUpdated={onUpdated}
      />
    );
  }
  if (info.isError) {
    return (
      <LoadErrorAlert
        message={loadFailure(
          info.error,
          intl.formatMessage({ id: 'organizationAdmin.updatePayment.loadFailed' }),
        )}
        onRetry={() => void info.refetch()}
      />
    );
  }
  return <PageLoader label={intl.formatMessage({ id: 'organizationAdmin.updatePayment.loading' })} />;
}

/** Why the card cannot be changed here, where to go instead, and 'Cancel'. */
function CardUpdateUnavailable({
  message,
  linkTo,
  linkLabel,
  onCancel,
}: {
  message: ReactNode;
  linkTo: string;
  linkLabel: ReactNode;
  onCancel: () => void;
}) {
  return (
    <Stack gap="md">
      {message}
      <Group justify="space-between">
        <Anchor component={Link} to={linkTo} fw={700}>
          {linkLabel}
        </Anchor>
        <Button variant="default" onClick={onCancel}>
          <FormattedMessage id="organizationAdmin.updatePayment.cancel" />
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Team-plan §2/§4 update of the organization's single stored card, one body for its two frames
 * (the 'Update payment method' modal and the billing payment page). It loads the current plan
 * (an expired plan cannot change its card; team-plan §6) and then the card form.
 */
export function CardUpdateForm({ onCancel, onUpdated }: CardUpdateFormProps) {
  const intl = useIntl();
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  const query = useCurrentEnrollment();
  if (query.isPending) {
    return <PageLoader label={intl.formatMessage({ id: 'organizationAdmin.updatePayment.loading' })} />;
  }
  if (query.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="organizationAdmin.updatePayment.loadFailed" />}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const plan = organizationPlanOf(query.data);
  if (!plan || organizationId === undefined) {
    return (
      <CardUpdateUnavailable
        message={
          <Text>
            <FormattedMessage id="organizationAdmin.noPlan" />
          </Text>
        }
        linkTo={PAGE_ROUTES.teamPlanCheckout}
        linkLabel={<FormattedMessage id="subscriptions.checkout.buyTeamPlan" />}
        onCancel={onCancel}
      />
    );
  }
  if (plan.status === 'EXPIRED') {
    return (
      <CardUpdateUnavailable
        message={
          <Alert color="yellow" variant="light">
            <Text size="sm">
              <FormattedMessage id="organizationAdmin.updatePayment.expired" />
            </Text>
          </Alert>
        }
        linkTo={PAGE_ROUTES.teamPlanResubscribe}
        linkLabel={<FormattedMessage id="organizationAdmin.updatePayment.resubscribe" />}
        onCancel={onCancel}
      />
    );
  }
  return (
    <PlanCardUpdate organizationId={organizationId} plan={plan} onCancel={onCancel} onUpdated={onUpdated} />
  );
}
