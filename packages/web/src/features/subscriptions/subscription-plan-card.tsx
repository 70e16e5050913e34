import { INTERVAL_SUFFIX, PAGE_ROUTES, SUBSCRIPTION_MESSAGES, TEAM_PLAN_LICENSES } from '@lectern/domain';
import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LicenseCeilingNote } from './license-picker';
import { PaymentIssueBanner } from './payment-issue-banner';
import type { CurrentEnrollment } from './subscription-api';
import { PlanStatusActions } from './plan-status-actions';
import { RecentCharges } from './recent-charges';
import { INTERVAL_NAMES, STATUS_BADGE, chargeOf, planRows } from './subscription-status';

/**
 * Team-plan §2 licenses row: '{max} licenses in total', the meter of used versus max, and the
 * used and remaining counts (shared with the organization admin's subscription page).
 */
export function LicenseUsage({ enrollment }: { enrollment: CurrentEnrollment }) {
  const intl = useIntl();
  const total = enrollment.licenseCount;
  const used = enrollment.usedLicenseCount;
  return (
    <>
      <Text fw={700}>
        <FormattedMessage id="subscriptions.manage.licensesTotal" values={{ count: total }} />
      </Text>
      <Progress
        value={(used / Math.max(1, total)) * 100}
        aria-label={intl.formatMessage({ id: 'subscriptions.manage.licensesMeter' })}
      />
      <Group gap="lg">
        <Text size="sm">
          <FormattedMessage id="subscriptions.manage.licensesUsed" values={{ count: used }} />
        </Text>
        <Text size="sm">
          <FormattedMessage
            id="subscriptions.manage.licensesRemaining"
            values={{ count: Math.max(0, total - used) }}
          />
        </Text>
      </Group>
    </>
  );
}

function Licenses({ enrollment }: { enrollment: CurrentEnrollment }) {
  const total = enrollment.licenseCount;
  const expired = enrollment.status === 'EXPIRED';
  return (
    <Stack gap={4} data-testid="subscription-licenses">
      <LicenseUsage enrollment={enrollment} />
      {!expired &&
        (total >= TEAM_PLAN_LICENSES.maximum ? (
          <LicenseCeilingNote maximum={TEAM_PLAN_LICENSES.maximum} />
        ) : (
          <Button component={Link} to={PAGE_ROUTES.teamPlanUpsell} variant="light" w="fit-content">
            <FormattedMessage id="subscriptions.manage.addLicenses" />
          </Button>
        ))}
    </Stack>
  );
}

/** Team-plan §2 expired banner (warning, dismissible) with 'Resubscribe'. */
export function ExpiredPlanBanner({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={intl.formatMessage({ id: 'subscriptions.manage.expiredTitle' })}
      withCloseButton
      closeButtonLabel={intl.formatMessage({ id: 'common.dismiss' })}
      onClose={onClose}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="subscriptions.manage.expiredHelp" />
        </Text>
        <Anchor component={Link} to={PAGE_ROUTES.teamPlanResubscribe}>
          <FormattedMessage id="subscriptions.manage.resubscribe" />
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * Team-plan §2 and §4 plan card: name and status ribbon, start and end rows with the helper
 * text, the licenses of a Team Plan, and the action of the status (cancel, reactivate,
 * resubscribe) with its confirmation; above it, a renewal that has not gone through.
 */
export function SubscriptionPlanCard({ enrollment }: { enrollment: CurrentEnrollment }) {
  const intl = useIntl();
  const [expiredBannerShown, setExpiredBannerShown] = useState(true);
  const team = enrollment.productType === 'TEAM';
  const { status } = enrollment;
  const rows = planRows(enrollment, intl);
  const badge = STATUS_BADGE[status];
  return (
    <Stack gap="md">
      {status === 'EXPIRED' && team && expiredBannerShown && (
        <ExpiredPlanBanner onClose={() => setExpiredBannerShown(false)} />
      )}
      {enrollment.paymentIssue && <PaymentIssueBanner issue={enrollment.paymentIssue} />}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="subscription-plan-name">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" id="subscription-plan-name">
              {team
                ? intl.formatMessage({ id: 'subscriptions.manage.teamPlan' })
                : SUBSCRIPTION_MESSAGES.personalPlanName}
            </Title>
            <Badge color={badge.color} data-testid="subscription-status">
              <FormattedMessage id={badge.id} />
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" data-testid="subscription-interval">
            <FormattedMessage
              id="subscriptions.manage.billedEvery"
              values={{
                interval: intl.formatMessage({ id: INTERVAL_NAMES[enrollment.renewalInterval.type] }),
                price: `${chargeOf(enrollment, intl.locale).total} ${INTERVAL_SUFFIX[enrollment.renewalInterval.type]}`,
              }}
            />
          </Text>
          <Text>
            <strong>{rows.start.label}</strong> {rows.start.value}
          </Text>
          <Stack gap={2}>
            <Text>
              <strong>{rows.end.label}</strong> <span data-testid="subscription-end">{rows.end.value}</span>
            </Text>
            <Text size="sm" c="dimmed">
              {rows.end.help}
            </Text>
          </Stack>
          {team && <Licenses enrollment={enrollment} />}
          <PlanStatusActions
            enrollment={enrollment}
            resubscribeTo={team ? PAGE_ROUTES.teamPlanResubscribe : PAGE_ROUTES.personalPlan}
          />
        </Stack>
      </Paper>
      <RecentCharges enrollment={enrollment} />
    </Stack>
  );
}
