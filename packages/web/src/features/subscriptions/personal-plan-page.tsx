import {
  INTERVAL_SUFFIX,
  PAGE_ROUTES,
  SUBSCRIPTION_MESSAGES,
  formatMoney,
  money,
  type CurrencyCode,
} from '@lectern/domain';
import { Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/user-context-provider';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import { fetchPlans } from './subscription-api';

/** `/personal-plan/`: the Personal Plan's monthly and annual options with their trial (checkout §1). */
export function PersonalPlanPage() {
  const intl = useIntl();
  usePageTitle(SUBSCRIPTION_MESSAGES.personalPlanName);
  const api = useApiClient();
  const me = useMe();
  const plans = useQuery({
    queryKey: ['subscription-plans', 'CONSUMERSUBSCRIPTION'],
    queryFn: () => fetchPlans(api, 'CONSUMERSUBSCRIPTION'),
  });
  const options = plans.data?.[0]?.priceOptions ?? [];
  const price = (amount: number, currency: string) =>
    formatMoney(money(amount, currency as CurrencyCode), intl.locale);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{SUBSCRIPTION_MESSAGES.personalPlanName}</Title>
          <Text size="lg">{SUBSCRIPTION_MESSAGES.personalPlanTagline}</Text>
          <Text>
            Every course in the Personal Plan collection, on any device, with a free trial to start.
          </Text>
        </Stack>
        {plans.isPending && <PageLoader label="Loading the plans" />}
        {plans.isError && (
          <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void plans.refetch()} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {options.map((option) => {
            const checkout = `${PAGE_ROUTES.personalPlanCheckout}?option=${encodeURIComponent(option.id)}`;
            const annual = option.renewalInterval.type === 'YEAR';
            return (
              <Paper key={option.id} withBorder radius="md" p="lg" data-testid={`plan-option-${option.id}`}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h3">
                      {annual ? 'Annual' : 'Monthly'}
                    </Title>
                    {option.trial && <Badge>{option.trial.dateInterval.count}-day free trial</Badge>}
                  </Group>
                  <Text size="xl" fw={700}>
                    {price(option.listPrice.amount, option.listPrice.currency)}{' '}
                    {INTERVAL_SUFFIX[option.renewalInterval.type]}
                  </Text>
                  {annual && option.monthlyPrice && (
                    <Text size="sm">
                      {price(option.monthlyPrice.amount, option.monthlyPrice.currency)} per month
                      {option.annualSavings && option.annualSavings.amount > 0
                        ? `, saving ${price(option.annualSavings.amount, option.annualSavings.currency)} a year`
                        : ''}
                    </Text>
                  )}
                  <Button component={Link} to={me.is_authenticated ? checkout : authPath('signup', checkout)}>
                    {option.trial ? 'Start free trial' : 'Subscribe'}
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
