import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import type { CurrentEnrollment } from '../subscriptions/subscription-api';
import { useCurrentEnrollment } from '../subscriptions/subscription-queries';
import { STATUS_BADGE, planRows } from '../subscriptions/subscription-status';
import { OrganizationAdminLayout } from './organization-admin-layout';
import { organizationPlanOf } from './organization-plan';

/** The plan at a glance: status, licenses used of total, and the next payment or end date. */
function PlanAtAGlance({ plan }: { plan: CurrentEnrollment }) {
  const intl = useIntl();
  const badge = STATUS_BADGE[plan.status];
  const { end } = planRows(plan, intl);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="overview-plan">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="overview-plan">
            <FormattedMessage id="subscriptions.manage.teamPlan" />
          </Title>
          <Badge color={badge.color} data-testid="overview-status">
            <FormattedMessage id={badge.id} />
          </Badge>
        </Group>
        <Text data-testid="overview-licenses">
          <FormattedMessage
            id="organizationAdmin.overview.licenses"
            values={{ used: plan.usedLicenseCount, total: plan.licenseCount }}
          />
        </Text>
        <Text data-testid="overview-end">
          <strong>{end.label}</strong> {end.value}
        </Text>
        <Group>
          <Anchor component={Link} to={PAGE_ROUTES.organizationSubscription}>
            <FormattedMessage id="organizationAdmin.nav.subscription" />
          </Anchor>
          <Anchor component={Link} to={PAGE_ROUTES.organizationBilling}>
            <FormattedMessage id="organizationAdmin.nav.billing" />
          </Anchor>
        </Group>
      </Stack>
    </Paper>
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
    <PlanAtAGlance plan={plan} />
  ) : (
    <EmptyState
      message={<FormattedMessage id="organizationAdmin.noPlan" />}
      linkTo={PAGE_ROUTES.teamPlanCheckout}
      linkLabel={<FormattedMessage id="subscriptions.checkout.buyTeamPlan" />}
    />
  );
}

/** `/organization-manage-v2/admin-overview/`: the organization's plan at a glance. */
export function AdminOverviewPage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'organizationAdmin.nav.overview' })}>
      <OverviewContent />
    </OrganizationAdminLayout>
  );
}
