import { formatMoney, money, PAGE_ROUTES, SUBSCRIPTION_MESSAGES, type CurrencyCode } from '@lectern/domain';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { RequireSignIn } from './require-sign-in';
import { READABLE_ALERT_STYLES } from './subscription-alerts';
import { useCurrentEnrollment } from './subscription-queries';
import { invoiceIdOf, useRenewalAuthentication } from './use-renewal-authentication';

/** A button-like link: readable on the tinted backgrounds of the alerts it sits in. */
function ManageLink() {
  return (
    <Button component={Link} to={PAGE_ROUTES.manageSubscriptions} variant="default" size="xs">
      <FormattedMessage id="subscriptions.authenticate.manage" />
    </Button>
  );
}

/** What the payment is for: the plan's name and the amount due, once the plan is known. */
function PaymentIntro() {
  const intl = useIntl();
  // Only for the wording: the page works the same while it loads or when it fails.
  const current = useCurrentEnrollment();
  const enrollment = current.data;
  const issue = enrollment?.paymentIssue;
  const amount =
    issue &&
    formatMoney(money(issue.amount.amount, issue.amount.currency.toUpperCase() as CurrencyCode), intl.locale);
  return (
    <Stack gap={4}>
      <Text>
        {enrollment ? (
          <FormattedMessage
            id="subscriptions.authenticate.intro"
            values={{
              plan:
                enrollment.productType === 'TEAM'
                  ? intl.formatMessage({ id: 'subscriptions.manage.teamPlan' })
                  : SUBSCRIPTION_MESSAGES.personalPlanName,
            }}
          />
        ) : (
          <FormattedMessage id="subscriptions.authenticate.introUnknownPlan" />
        )}
      </Text>
      {amount && (
        <Text fw={700} data-testid="authenticate-amount">
          <FormattedMessage id="subscriptions.authenticate.amount" values={{ amount }} />
        </Text>
      )}
      <Text size="sm" c="dimmed">
        <FormattedMessage id="subscriptions.authenticate.nextStep" />
      </Text>
    </Stack>
  );
}

function Authentication({ invoiceId }: { invoiceId: number }) {
  const { state, confirm } = useRenewalAuthentication(invoiceId);
  const { step } = state;
  const busy = step === 'confirming' || step === 'redirecting';

  // Announced as it changes: progress and success (failures are alerts of their own).
  const status = (
    <div role="status" aria-live="polite" data-testid="authenticate-status">
      {step === 'confirming' && (
        <Text>
          <FormattedMessage id="subscriptions.authenticate.confirming" />
        </Text>
      )}
      {step === 'redirecting' && (
        <Text>
          <FormattedMessage id="subscriptions.authenticate.redirecting" />
        </Text>
      )}
      {step === 'succeeded' && (
        <Paper p="md" radius="md" bg="var(--mantine-color-green-light)" data-testid="authenticate-succeeded">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>
              <FormattedMessage id="subscriptions.authenticate.succeeded" />
            </Text>
            <ManageLink />
          </Stack>
        </Paper>
      )}
    </div>
  );

  const ended = step === 'notFound' || step === 'closed';
  const retry = step === 'failed' || step === 'error' || step === 'noRedirect';
  // One shape for every step, so the status region stays the same element and is announced.
  return (
    <>
      {!ended && step !== 'succeeded' && <PaymentIntro />}
      {ended && (
        <Alert
          color={step === 'notFound' ? 'red' : 'yellow'}
          variant="light"
          title={
            <FormattedMessage
              id={
                step === 'notFound'
                  ? 'subscriptions.authenticate.notFound'
                  : 'subscriptions.authenticate.closed'
              }
            />
          }
          styles={READABLE_ALERT_STYLES}
          data-testid={step === 'notFound' ? 'authenticate-not-found' : 'authenticate-closed'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage
                id={
                  step === 'notFound'
                    ? 'subscriptions.authenticate.notFoundHelp'
                    : 'subscriptions.authenticate.closedHelp'
                }
              />
            </Text>
            <ManageLink />
          </Stack>
        </Alert>
      )}
      {step === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title={<FormattedMessage id="subscriptions.authenticate.failed" />}
          styles={READABLE_ALERT_STYLES}
          data-testid="authenticate-failed"
        >
          <Text size="sm">{state.message}</Text>
        </Alert>
      )}
      {step === 'error' && (
        <Alert color="red" variant="light" data-testid="authenticate-error">
          <Text size="sm">{state.message ?? <FormattedMessage id="subscriptions.authenticate.error" />}</Text>
        </Alert>
      )}
      {step === 'noRedirect' && (
        <Alert color="red" variant="light" data-testid="authenticate-error">
          <Text size="sm">
            <FormattedMessage id="subscriptions.authenticate.noRedirect" />
          </Text>
        </Alert>
      )}
      {step === 'stillRequired' && (
        <Alert color="yellow" variant="light" data-testid="authenticate-still-required">
          <Text size="sm">
            <FormattedMessage id="subscriptions.authenticate.stillRequired" />
          </Text>
        </Alert>
      )}
      {status}
      {!ended && step !== 'succeeded' && (
        <Button onClick={confirm} loading={busy} w="fit-content" data-testid="authenticate-confirm">
          <FormattedMessage
            id={retry ? 'subscriptions.authenticate.tryAgain' : 'subscriptions.authenticate.confirm'}
          />
        </Button>
      )}
    </>
  );
}

/**
 * `/payment/subscription-authenticate/?invoice=<id>` (the link of the mail about a renewal the
 * bank wants confirmed): the owner or an admin of the plan confirms the charge with 3-D
 * Secure. "Confirm payment" leads to the bank's page, which comes back here; the page then
 * asks the server once more and shows how it ended.
 */
export function RenewalAuthenticationPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'subscriptions.authenticate.pageTitle' }));
  const { search } = useLocation();
  const invoiceId = invoiceIdOf(search);
  return (
    <RequireSignIn>
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <Title order={1}>
            <FormattedMessage id="subscriptions.authenticate.heading" />
          </Title>
          {invoiceId === null ? (
            <Alert color="red" variant="light" data-testid="authenticate-invalid-link">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  <FormattedMessage id="subscriptions.authenticate.invalidLink" />
                </Text>
                <ManageLink />
              </Stack>
            </Alert>
          ) : (
            <Authentication key={invoiceId} invoiceId={invoiceId} />
          )}
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
