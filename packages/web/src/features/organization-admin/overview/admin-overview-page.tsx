import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { Anchor, Group, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import { useCurrentEnrollment } from '../../subscriptions/subscription-queries';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { organizationPlanOf } from '../shell/organization-plan';
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
  const intl = useIntl();
  const query = useCurrentEnrollment();
  if (query.isPending)
    return <PageLoader label={intl.formatMessage({ id: 'subscriptions.manage.loading' })} />;
  if (query.isError) {
    return <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  }
  const plan = organizationPlanOf(query.data);
  return plan ? (
    <Stack gap="lg">
      <PlanPanel plan={plan} />
      <OverviewLinks />
      <RecentActivity organizationId={Number(plan.subscriber.id)} />
    </Stack>
  ) : (
    <EmptyState
      message={<FormattedMessage id="organizationAdmin.noPlan" />}
      linkTo={PAGE_ROUTES.teamPlanCheckout}
      linkLabel={<FormattedMessage id="subscriptions.checkout.buyTeamPlan" />}
    />
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
