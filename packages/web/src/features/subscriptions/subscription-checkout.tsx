import { CHECKOUT_MESSAGES, PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { Alert, Button, Grid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '../../platform/api';
import { EmptyState } from '../../ui/empty-state';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { CheckoutMessageBanner } from '../checkout/checkout-message';
import { BillingIntervalChoice } from './billing-interval-choice';
import { LicensePicker } from './license-picker';
import { RegionRestrictionBanner } from './region-restriction-banner';
import { SubscribedNotice } from './subscribed-notice';
import { billingAddressOf, taxLocationOf } from './subscription-billing';
import { SubscriptionBillingForm } from './subscription-billing-form';
import { subscriptionMethods } from './subscription-methods';
import { SubscriptionPaymentSection } from './subscription-payment-section';
import { CURRENT_ENROLLMENT_KEY } from './subscription-queries';
import { PURCHASES, type SubscriptionPurchase } from './subscription-purchase';
import { SubscriptionSummary } from './subscription-summary';
import { useSubscriptionTracking } from './subscription-tracking';
import { useCheckoutForm } from './use-checkout-form';
import { useCheckoutPlan } from './use-checkout-plan';
import { useSubscriptionInfo } from './use-subscription-info';
import { useSubscriptionSubmit } from './use-subscription-submit';

/** Team-plan §4 checkout status. */
export type CheckoutStatus = 'INIT' | 'LOADING' | 'READY' | 'PROCESSING' | 'REDIRECTING' | 'COMPLETE';

function loadErrorText(error: unknown): string {
  return isApiError(error) && error.isParsedError && (error.statusCode ?? 500) < 500
    ? error.detail
    : SUBSCRIPTION_MESSAGES.loadFailed;
}

/**
 * A subscription checkout (team-plan §2): plan interval, licenses, billing address, payment
 * method and the Summary; every change is priced by the server (checkout-info of the
 * Subscription environment) and the submit goes through `useSubscriptionSubmit`.
 */
export function SubscriptionCheckout({
  purchase,
  brand,
  defaultCountry,
}: {
  purchase: SubscriptionPurchase;
  brand: string;
  defaultCountry: string;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const config = PURCHASES[purchase];
  const tracking = useSubscriptionTracking(purchase);
  const plan = useCheckoutPlan(purchase);
  const form = useCheckoutForm({ defaultCountry, organization: config.organization });
  const [licenseError, setLicenseError] = useState<string | null>(null);
  const [enterNewCard, setEnterNewCard] = useState(false);
  const info = useSubscriptionInfo({
    event: config.infoEvent,
    item: plan.status === 'ready' ? plan.item : null,
    location: config.billingForm ? taxLocationOf(form.billing) : undefined,
    enabled: !config.billingForm || form.billing.country !== '',
  });
  const submission = useSubscriptionSubmit(purchase, {
    onFieldErrors: (billing, licenses) => {
      form.setServerErrors(billing);
      setLicenseError(licenses);
    },
    onCardFieldFlagged: form.flagCardField,
    onStale: () => {
      void info.refetch();
      // A plan started elsewhere (another tab, another admin): the page then says so.
      void queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY });
    },
  });

  useEffect(() => tracking.started(), [tracking]);

  const answer = info.data?.data;
  const summary = answer?.subscription_summary ?? null;
  if (answer?.billing_config) form.applyBillingOnFile(answer.billing_config);
  const allMethods = answer?.checkout_config?.payment_methods ?? [];
  const methods = subscriptionMethods(allMethods, enterNewCard);
  const picking = plan.item !== null;
  const regionRestricted = summary?.region_restricted ?? false;
  const status: CheckoutStatus =
    submission.phase ??
    (summary ? 'READY' : plan.status === 'loading' || info.isFetching ? 'LOADING' : 'INIT');
  const editable = status === 'READY' || status === 'INIT' || status === 'LOADING';
  const available =
    status === 'READY' &&
    picking &&
    !info.isFetching &&
    !info.isError &&
    !regionRestricted &&
    !!methods.chosen;

  if (plan.status === 'loading') {
    return <PageLoader label={intl.formatMessage({ id: 'subscriptions.checkout.loading' })} />;
  }
  if (plan.status === 'error') {
    return <LoadErrorAlert message={loadErrorText(plan.error)} onRetry={plan.retry} />;
  }
  if (plan.status === 'subscribed' && plan.running) return <SubscribedNotice enrollment={plan.running} />;
  if (plan.status === 'noEnrollment') {
    return (
      <EmptyState
        message={<FormattedMessage id="subscriptions.checkout.noTeamPlan" />}
        linkTo={PAGE_ROUTES.teamPlanCheckout}
        linkLabel={<FormattedMessage id="subscriptions.checkout.buyTeamPlan" />}
      />
    );
  }

  const complete = () => {
    form.touchAll();
    if (!summary || !plan.item || !methods.chosen) return;
    const cardNeeded = methods.chosen.kind === 'card';
    if ((config.billingForm && !form.billingValid) || (cardNeeded && !form.cardValid)) {
      submission.showMessage('error', CHECKOUT_MESSAGES.checkFields);
      return;
    }
    const billingAddress = config.billingForm
      ? billingAddressOf(form.billing, config.organization)
      : undefined;
    void submission.submit(
      {
        summary,
        item: plan.item,
        billingAddress,
        choice: methods.chosen,
        methods: allMethods,
        card: form.card,
      },
      billingAddress
        ? {
            country_code: billingAddress.country_code,
            secondary_location_info: billingAddress.secondary_location_info ?? null,
          }
        : null,
    );
  };

  const trial = !!summary?.trial_end;
  // The plan has a trial but not for this buyer (a trial had before, or skipped): say why today costs.
  const trialUsed = !!plan.option?.trial && !!summary && !trial && !config.changesEnrollment;
  return (
    <Stack gap="lg" data-testid="subscription-checkout" data-status={status}>
      {regionRestricted && <RegionRestrictionBanner brand={brand} licenses={purchase === 'upsell'} />}
      <CheckoutMessageBanner message={submission.message} onDismiss={submission.dismissMessage} />
      {trialUsed && (
        <Alert color="blue" variant="light" data-testid="trial-used">
          <FormattedMessage id="subscriptions.checkout.trialUsed" />
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {plan.canChooseOption && plan.option && (
              <BillingIntervalChoice
                options={plan.options}
                value={plan.option.id}
                disabled={!editable}
                onChange={(optionId) => {
                  plan.chooseOption(optionId);
                  tracking.selected(optionId);
                }}
              />
            )}
            {config.licenses && plan.limits && plan.licenses !== null && (
              <LicensePicker
                plan={plan.limits}
                purchase={config.licenses}
                current={purchase === 'upsell' ? (plan.enrollment?.licenseCount ?? 0) : 0}
                value={plan.licenses}
                disabled={!editable}
                error={licenseError}
                onChange={(choice) => {
                  setLicenseError(null);
                  plan.chooseLicenses(choice);
                }}
              />
            )}
            {picking && config.billingForm && (
              <SubscriptionBillingForm
                form={form.billing}
                errors={{
                  ...form.billingErrors,
                  // The server's word on a location that looks complete here (a ZIP it cannot place).
                  secondary_location_info:
                    form.billingErrors.secondary_location_info ??
                    (taxLocationOf(form.billing).secondary_location_info
                      ? answer?.tax_config?.error
                      : null) ??
                    undefined,
                }}
                disabled={!editable}
                organization={config.organization}
                onChange={form.changeBilling}
                onBlur={form.touchBilling}
              />
            )}
            {picking && (
              <SubscriptionPaymentSection
                methods={methods}
                onEnterNewCard={setEnterNewCard}
                card={form.card}
                cardErrors={form.cardErrors}
                onCardChange={form.changeCard}
                onCardBlur={form.touchCard}
                nameLast={config.organization}
                disabled={!editable}
              />
            )}
          </Stack>
        </Grid.Col>
        {picking && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              {info.isError && !summary && (
                <LoadErrorAlert message={loadErrorText(info.error)} onRetry={() => void info.refetch()} />
              )}
              {!summary && info.isFetching && (
                <PageLoader label={intl.formatMessage({ id: 'subscriptions.checkout.pricing' })} />
              )}
              {summary && (
                <SubscriptionSummary
                  summary={summary}
                  licensed={config.licenses !== null}
                  upsell={purchase === 'upsell'}
                />
              )}
              {summary && (
                <Button
                  size="lg"
                  data-testid="checkout-submit"
                  disabled={!available}
                  loading={status === 'PROCESSING' || status === 'REDIRECTING'}
                  onClick={complete}
                >
                  <FormattedMessage
                    id={
                      purchase === 'upsell'
                        ? 'subscriptions.submit.addLicenses'
                        : trial
                          ? 'subscriptions.submit.startTrial'
                          : 'subscriptions.submit.payNow'
                    }
                  />
                </Button>
              )}
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
