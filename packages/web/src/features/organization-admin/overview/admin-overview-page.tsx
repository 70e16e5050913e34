import { PAGE_ROUTES } from '@lectern/domain';
import { Anchor, Group, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { NoTeamPlan, WithOrganizationPlan } from '../shell/with-organization-plan';
import { PlanPanel } from './plan-panel';
import { RecentActivity } from './recent-activity';

/** Links into the admin area's other pages. */
function OverviewLinks() {
  return (
    <Group data-testid="overview-links">
      <Anchor component={Link} to={PAGE_ROUTES.organizationSubscription}>
        <FormattedMessage id="organizationAdmin.nav.subscription" />
      </Anchor>
      <Anchor component={Link} to={PAGE_ROUTES.organizationBilling}>
        <FormattedMessage id="organizationAdmin.nav.billing" />
      </Anchor>
      <Anchor component={Link} to={PAGE_ROUTES.organizationUsers}>
        <FormattedMessage id="organizationAdmin.nav.users" />
      </Anchor>
    </Group>
  );
}

function OverviewContent() {
  return (
    <WithOrganizationPlan>
      {(plan) =>
        plan ? (
          <Stack gap="lg">
            <PlanPanel plan={plan} />
            <OverviewLinks />
            <RecentActivity organizationId={Number(plan.subscriber.id)} />
          </Stack>
        ) : (
          <NoTeamPlan />
        )
      }
    </WithOrganizationPlan>
  );
}

/**
 * `/organization-manage-v2/admin-overview/`: the organization's plan at a glance (the older
 * plan panel of team-plan §2 with automatic renewal), links into the area, recent activity.
 */
export function AdminOverviewPage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'organizationAdmin.nav.overview' })}>
      <OverviewContent />
    </OrganizationAdminLayout>
  );
}
