import { formatMoney, money, safeNextPath, type CurrencyCode } from '@lectern/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useUserContext } from '../../app/user-context/use-user-context';
import type { PaymentIssue } from './subscription-api';
import { READABLE_ALERT_STYLES } from './subscription-alerts';
import { longDate } from './subscription-dates';

/** The provider's reason as part of our sentence: without its own closing full stop. */
const reasonOf = (message: string | null) => message?.trim().replace(/[.!。]+$/u, '') || null;

function ConfirmButton({ url }: { url: string }) {
  const label = <FormattedMessage id="subscriptions.paymentIssue.confirm" />;
  // The server gives a path of this site; anything else is followed as a plain link.
  return safeNextPath(url) === url ? (
    <Button component={Link} to={url} w="fit-content">
      {label}
    </Button>
  ) : (
    <Button component="a" href={url} w="fit-content">
      {label}
    </Button>
  );
}

/**
 * A renewal that has not gone through (the plan is past due, access kept): the failed charge
 * with the provider's reason and the next retry, or the bank's request to confirm the
 * payment with a way to do it. Where the card can be changed online (`updateCardTo`, the
 * organization's), a past-due plan leads there.
 */
export function PaymentIssueBanner({ issue, updateCardTo }: { issue: PaymentIssue; updateCardTo?: string }) {
  const intl = useIntl();
  const help = useUserContext().config?.urls.help;
  const amount = formatMoney(
    money(issue.amount.amount, issue.amount.currency.toUpperCase() as CurrencyCode),
    intl.locale,
  );

  if (issue.status === 'ACTION_REQUIRED') {
    return (
      <Alert
        color="orange"
        variant="light"
        title={intl.formatMessage({ id: 'subscriptions.paymentIssue.actionRequiredTitle' })}
        styles={READABLE_ALERT_STYLES}
        data-testid="payment-issue"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <FormattedMessage id="subscriptions.paymentIssue.actionRequired" values={{ amount }} />
          </Text>
          {issue.authenticateUrl && <ConfirmButton url={issue.authenticateUrl} />}
        </Stack>
      </Alert>
    );
  }

  const reason = reasonOf(issue.message);
  return (
    <Alert
      color="orange"
      variant="light"
      title={intl.formatMessage({ id: 'subscriptions.paymentIssue.pastDueTitle' })}
      styles={READABLE_ALERT_STYLES}
      data-testid="payment-issue"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {reason ? (
            <FormattedMessage id="subscriptions.paymentIssue.failedWithReason" values={{ amount, reason }} />
          ) : (
            <FormattedMessage id="subscriptions.paymentIssue.failed" values={{ amount }} />
          )}{' '}
          {issue.nextAttemptDate ? (
            <FormattedMessage
              id="subscriptions.paymentIssue.nextAttempt"
              values={{ date: longDate(issue.nextAttemptDate, intl.locale) }}
            />
          ) : (
            <FormattedMessage id="subscriptions.paymentIssue.lastAttempt" />
          )}
        </Text>
        <Text size="sm">
          <FormattedMessage
            id={
              updateCardTo
                ? 'subscriptions.paymentIssue.updateCardLink'
                : 'subscriptions.paymentIssue.updateCard'
            }
          />
        </Text>
        {updateCardTo && (
          <Button component={Link} to={updateCardTo} size="xs">
            <FormattedMessage id="subscriptions.paymentIssue.updatePaymentMethod" />
          </Button>
        )}
        {help && (
          // A button, not a link in the body's blue: that falls short of contrast on the tint.
          <Button component="a" href={help} variant="default" size="xs">
            <FormattedMessage id="subscriptions.paymentIssue.contactSupport" />
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
