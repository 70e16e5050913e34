import { Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { NoTeamPlan, WithOrganizationPlan } from '../shell/with-organization-plan';
import { PlanPanel } from './plan-panel';
import { RecentActivity } from './recent-activity';

function OverviewContent() {
  return (
    <WithOrganizationPlan>
      {(plan) =>
        plan ? (
          <Stack gap="lg">
            <PlanPanel plan={plan} />
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
 * plan panel of team-plan §2 with automatic renewal, or Resubscribe once it expired) and recent
 * activity; the sidebar leads to the other pages.
 */
export function AdminOverviewPage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'organizationAdmin.nav.overview' })}>
      <OverviewContent />
    </OrganizationAdminLayout>
  );
}
