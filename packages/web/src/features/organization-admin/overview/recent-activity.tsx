import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/load-messages';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { longDate } from '../../subscriptions/subscription-dates';
import type { ActivityKind } from '@lectern/domain';
import { roleLabel } from '../users/organization-roles';
import { useRecentActivity } from './admin-overview-api';

const ACTIVITY_TEXT: Record<ActivityKind, MessageId> = {
  plan_started: 'organizationAdmin.activity.planStarted',
  plan_cancelled: 'organizationAdmin.activity.planCancelled',
  payment_succeeded: 'organizationAdmin.activity.paymentSucceeded',
  payment_failed: 'organizationAdmin.activity.paymentFailed',
  invitation_sent: 'organizationAdmin.activity.invitationSent',
  invitation_accepted: 'organizationAdmin.activity.invitationAccepted',
  invitation_withdrawn: 'organizationAdmin.activity.invitationWithdrawn',
  billing_information_edited: 'organizationAdmin.activity.billingEdited',
  payment_method_changed: 'organizationAdmin.activity.paymentMethodChanged',
  role_changed: 'organizationAdmin.activity.roleChanged',
  member_removed: 'organizationAdmin.activity.memberRemoved',
  ownership_transferred: 'organizationAdmin.activity.ownershipTransferred',
};

/**
 * The organization's latest events (payments, edits of billing and card, and from its audit
 * log the invitations, role changes, removals and handovers of ownership).
 */
export function RecentActivity({ organizationId }: { organizationId: number }) {
  const intl = useIntl();
  const query = useRecentActivity(organizationId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="overview-activity">
      <Stack gap="sm">
        <Title order={2} size="h3" id="overview-activity">
          <FormattedMessage id="organizationAdmin.activity.heading" />
        </Title>
        {query.isPending && <Skeleton height={60} />}
        {query.isError && (
          <LoadErrorAlert
            message={intl.formatMessage({ id: 'organizationAdmin.activity.loadFailed' })}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data?.length === 0 && (
          <Text c="dimmed">
            <FormattedMessage id="organizationAdmin.activity.empty" />
          </Text>
        )}
        {query.data && query.data.length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-testid="activity"
          >
            {query.data.map((item) => (
              <li key={`${item.kind}:${item.date}:${item.detail ?? ''}:${item.toRole ?? ''}`}>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {longDate(item.date, intl.locale)}
                  </Text>{' '}
                  <FormattedMessage
                    id={ACTIVITY_TEXT[item.kind]}
                    values={{
                      actor: item.actor ?? '',
                      detail: item.detail ?? '',
                      hasActor: item.actor ? 'yes' : 'no',
                      fromRole: item.fromRole ? roleLabel(intl, item.fromRole) : '',
                      toRole: item.toRole ? roleLabel(intl, item.toRole) : '',
                    }}
                  />
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
