import { showsEnterpriseUpgrade } from '@lectern/domain';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserContext } from '../../../app/user-context/use-user-context';
import { salesLinkProps, useSalesLinks } from '../../subscriptions/subscription-links';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { NoTeamPlan, WithOrganizationPlan } from '../shell/with-organization-plan';
import { OrganizationPlanCard } from './organization-plan-card';

/** Team-plan §2 header: 'Subscriptions' and the support centre, in a shorter wording on narrow screens. */
function SubscriptionsHeader() {
  const help = useUserContext().config?.urls.help;
  return (
    <Group justify="space-between" align="baseline">
      <Title order={2}>
        <FormattedMessage id="subscriptions.manage.heading" />
      </Title>
      {help && (
        <>
          <Text size="sm" visibleFrom="sm">
            <FormattedMessage id="subscriptions.manage.help" />{' '}
            <Anchor href={help}>
              <FormattedMessage id="subscriptions.manage.helpLink" />
            </Anchor>
          </Text>
          <Anchor href={help} size="sm" hiddenFrom="sm">
            <FormattedMessage id="organizationAdmin.subscription.troubleshooting" />
          </Anchor>
        </>
      )}
    </Group>
  );
}

/** Team-plan §2 upgrade banner: the Enterprise Plan (utm parameters) and the plan comparison. */
function UpgradeBanner() {
  const sales = useSalesLinks();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="enterprise-upgrade">
      <Group justify="space-between">
        <Text fw={700}>
          <FormattedMessage id="organizationAdmin.subscription.upgradeTitle" />
        </Text>
        <Group>
          <Button component="a" {...salesLinkProps(sales.enterprise_upgrade_url)}>
            <FormattedMessage id="subscriptions.licenses.upgrade" />
          </Button>
          <Button component="a" {...salesLinkProps(sales.compare_plans_url)} variant="default">
            <FormattedMessage id="organizationAdmin.subscription.comparePlans" />
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function SubscriptionContent() {
  const context = useUserContext();
  const country = context.request?.price_country ?? context.config?.price_country.id;
  return (
    <WithOrganizationPlan>
      {(plan) => (
        <Stack gap="lg">
          <SubscriptionsHeader />
          {plan ? <OrganizationPlanCard enrollment={plan} /> : <NoTeamPlan />}
          {showsEnterpriseUpgrade(country) && <UpgradeBanner />}
        </Stack>
      )}
    </WithOrganizationPlan>
  );
}

/** `/organization-manage-v2/settings/subscription/` (team-plan §2 "Subscription management screen"). */
export function OrganizationSubscriptionPage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout
      title={intl.formatMessage({ id: 'organizationAdmin.subscription.title' })}
      subtitle={intl.formatMessage({ id: 'organizationAdmin.subscription.subtitle' })}
    >
      <SubscriptionContent />
    </OrganizationAdminLayout>
  );
}
