import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useMe } from '../../../app/user-context/use-user-context';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { LicenseUsage } from '../../subscriptions/subscription-plan-card';
import { useCurrentEnrollment } from '../../subscriptions/subscription-queries';
import { InvitationsList } from './invitations-list';
import { useInvitations } from './members-api';
import { MembersTable } from './members-table';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { organizationPlanOf } from '../shell/organization-plan';
import { UsersBanner, type UsersNotice } from './users-banner';

/** What the invite page hands back to this page after sending: `navigate(..., { state })`. */
export interface InvitedState {
  invited: number;
}

/**
 * 'Invite users' leads to the invite page while the plan runs; without a plan, or with an
 * expired one, it is disabled and the reason is said next to it.
 */
function InviteAction({ plan }: { plan: CurrentEnrollment | null }) {
  const reason = !plan
    ? 'organizationAdmin.users.inviteNoPlan'
    : plan.status === 'EXPIRED'
      ? 'organizationAdmin.users.inviteExpired'
      : null;
  if (!reason) {
    return (
      <Button component={Link} to={PAGE_ROUTES.organizationUsersInvite} w="fit-content">
        <FormattedMessage id="organizationAdmin.users.invite" />
      </Button>
    );
  }
  return (
    <Group gap="sm">
      <Button disabled aria-describedby="invite-unavailable">
        <FormattedMessage id="organizationAdmin.users.invite" />
      </Button>
      <Text size="sm" id="invite-unavailable">
        <FormattedMessage id={reason} />
      </Text>
    </Group>
  );
}

/** The plan's licenses used of total (the subscription page's meter), and the invite action. */
function LicensesPanel({ organizationId }: { organizationId: number }) {
  const intl = useIntl();
  const enrollment = useCurrentEnrollment();
  const invitations = useInvitations(organizationId);
  if (enrollment.isPending) {
    return <PageLoader label={intl.formatMessage({ id: 'subscriptions.manage.loading' })} />;
  }
  if (enrollment.isError) {
    return (
      <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void enrollment.refetch()} />
    );
  }
  const plan = organizationPlanOf(enrollment.data);
  const held = invitations.data?.length ?? 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="licenses-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="licenses-heading">
          <FormattedMessage id="organizationAdmin.users.licensesHeading" />
        </Title>
        {plan ? (
          <Stack gap={4} data-testid="users-licenses">
            <LicenseUsage enrollment={plan} />
            {held > 0 && (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="organizationAdmin.users.heldByInvitations" values={{ count: held }} />
              </Text>
            )}
          </Stack>
        ) : (
          <Stack gap={4} align="flex-start">
            <Text>
              <FormattedMessage id="organizationAdmin.noPlan" />
            </Text>
            <Anchor component={Link} to={PAGE_ROUTES.teamPlanCheckout} fw={700}>
              <FormattedMessage id="subscriptions.checkout.buyTeamPlan" />
            </Anchor>
          </Stack>
        )}
        <InviteAction plan={plan} />
      </Stack>
    </Paper>
  );
}

function Users({ organizationId }: { organizationId: number }) {
  const intl = useIntl();
  const { state } = useLocation();
  const invited = (state as InvitedState | null)?.invited;
  const [notice, setNotice] = useState<UsersNotice | null>(() =>
    invited
      ? {
          kind: 'success',
          text: intl.formatMessage({ id: 'organizationAdmin.users.invited' }, { count: invited }),
        }
      : null,
  );
  return (
    <Stack gap="xl">
      <UsersBanner notice={notice} onClose={() => setNotice(null)} />
      <LicensesPanel organizationId={organizationId} />
      <Stack gap="sm" component="section" aria-labelledby="members-heading">
        <Title order={2} size="h3" id="members-heading">
          <FormattedMessage id="organizationAdmin.users.membersHeading" />
        </Title>
        <MembersTable organizationId={organizationId} onNotice={setNotice} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="invitations-heading">
        <Title order={2} size="h3" id="invitations-heading">
          <FormattedMessage id="organizationAdmin.invitations.heading" />
        </Title>
        <InvitationsList organizationId={organizationId} onNotice={setNotice} />
      </Stack>
    </Stack>
  );
}

function UsersContent() {
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  return organizationId === undefined ? null : <Users organizationId={organizationId} />;
}

/**
 * `/organization-manage-v2/users/` (team-plan §2 "manage users"): the licenses used of total,
 * 'Invite users', the members (role, license, last activity; change role, remove) and the
 * open invitations (withdraw), with a banner for each outcome.
 */
export function OrganizationUsersPage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'organizationAdmin.nav.users' })}>
      <UsersContent />
    </OrganizationAdminLayout>
  );
}
