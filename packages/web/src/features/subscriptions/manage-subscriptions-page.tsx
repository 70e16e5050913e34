import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { RequireSignIn } from './require-sign-in';
import { SubscriptionPlanCard } from './subscription-plan-card';
import { useCurrentEnrollment } from './subscription-queries';

function CurrentPlan() {
  const intl = useIntl();
  const query = useCurrentEnrollment();
  if (query.isPending)
    return <PageLoader label={intl.formatMessage({ id: 'subscriptions.manage.loading' })} />;
  if (query.isError) {
    return <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  }
  if (query.data) return <SubscriptionPlanCard enrollment={query.data} />;
  return (
    <Stack gap="xs" align="flex-start" data-testid="subscriptions-empty">
      <Text>
        <FormattedMessage id="subscriptions.manage.empty" />
      </Text>
      <Group>
        <Anchor component={Link} to={PAGE_ROUTES.personalPlan} fw={700}>
          <FormattedMessage id="subscriptions.manage.seePersonalPlan" />
        </Anchor>
        <Anchor component={Link} to={PAGE_ROUTES.businessSignUp}>
          <FormattedMessage id="subscriptions.manage.getTeamPlan" />
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * `/user/manage-subscriptions/`: the plan the user manages (their organization's Team Plan as
 * its owner or admin, else their Personal Plan) with team-plan §4's rows and actions.
 */
export function ManageSubscriptionsPage() {
  const intl = useIntl();
  const context = useUserContext();
  usePageTitle(intl.formatMessage({ id: 'subscriptions.manage.heading' }));
  const help = context.config?.urls.help;
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="baseline">
            <Title order={1}>
              <FormattedMessage id="subscriptions.manage.heading" />
            </Title>
            {help && (
              <Text size="sm">
                <FormattedMessage id="subscriptions.manage.help" />{' '}
                <Anchor href={help}>
                  <FormattedMessage id="subscriptions.manage.helpLink" />
                </Anchor>
              </Text>
            )}
          </Group>
          <CurrentPlan />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
