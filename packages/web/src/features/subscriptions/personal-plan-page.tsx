import {
  INTERVAL_SUFFIX,
  PAGE_ROUTES,
  SUBSCRIPTION_MESSAGES,
  formatMoney,
  money,
  type CurrencyCode,
} from '@lectern/domain';
import { Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useMe } from '../../app/user-context/use-user-context';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import { PageHead } from '../seo/page-head';
import type { PlanPriceOption } from './subscription-api';
import { SubscribedNotice, runningPlanOf } from './subscribed-notice';
import { INTERVAL_NAMES } from './subscription-status';
import { useCurrentEnrollment, usePlanOptions } from './subscription-queries';

function PlanOptionCard({ option, signedIn }: { option: PlanPriceOption; signedIn: boolean }) {
  const intl = useIntl();
  const price = (value: { amount: number; currency: string }) =>
    formatMoney(money(value.amount, value.currency.toUpperCase() as CurrencyCode), intl.locale);
  const interval = option.renewalInterval.type;
  const headingId = `plan-option-${option.id}-name`;
  const checkout = `${PAGE_ROUTES.personalPlanCheckout}?option=${encodeURIComponent(option.id)}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid={`plan-option-${option.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id={headingId}>
            <FormattedMessage id={INTERVAL_NAMES[interval]} />
          </Title>
          {option.trial && (
            <Badge>
              <FormattedMessage
                id="subscriptions.personal.trial"
                values={{ days: option.trial.dateInterval.count }}
              />
            </Badge>
          )}
        </Group>
        <Text size="xl" fw={700}>
          {price(option.listPrice)} {INTERVAL_SUFFIX[interval]}
        </Text>
        {interval === 'YEAR' && option.monthlyPrice && (
          <Text size="sm">
            <FormattedMessage
              id="subscriptions.personal.monthlyEquivalent"
              values={{ price: price(option.monthlyPrice) }}
            />
            {option.annualSavings && option.annualSavings.amount > 0 && (
              <>
                {' · '}
                <FormattedMessage
                  id="subscriptions.personal.savings"
                  values={{ amount: price(option.annualSavings) }}
                />
              </>
            )}
          </Text>
        )}
        {option.trial && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="subscriptions.personal.trialNote" />
          </Text>
        )}
        <Button component={Link} to={signedIn ? checkout : authPath('login', checkout)}>
          <FormattedMessage
            id={option.trial ? 'subscriptions.personal.startTrial' : 'subscriptions.personal.subscribe'}
          />
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * `/personal-plan/`: the Personal Plan's monthly and annual options with their trial (checkout §1),
 * or "You're subscribed" with the way to manage it for a learner whose plan is running.
 */
export function PersonalPlanPage() {
  const intl = useIntl();
  const me = useMe();
  const plans = usePlanOptions('CONSUMERSUBSCRIPTION');
  const current = useCurrentEnrollment(me.is_authenticated);
  const running = runningPlanOf(current.data, 'CONSUMERSUBSCRIPTION');
  // Monthly first, then annual: the cheaper entry point reads first.
  const options = [...(plans.data ?? [])].reverse();
  return (
    <Container size="md" py="xl">
      <PageHead
        title={SUBSCRIPTION_MESSAGES.personalPlanName}
        description={intl.formatMessage({ id: 'subscriptions.personal.intro' })}
        path={PAGE_ROUTES.personalPlan}
      />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{SUBSCRIPTION_MESSAGES.personalPlanName}</Title>
          <Text size="lg">{SUBSCRIPTION_MESSAGES.personalPlanTagline}</Text>
          <Text>
            <FormattedMessage id="subscriptions.personal.intro" />
          </Text>
        </Stack>
        {plans.isPending && (
          <PageLoader label={intl.formatMessage({ id: 'subscriptions.personal.loading' })} />
        )}
        {plans.isError && (
          <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void plans.refetch()} />
        )}
        {running ? (
          <SubscribedNotice enrollment={running} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {options.map((option) => (
              <PlanOptionCard key={option.id} option={option} signedIn={me.is_authenticated} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
