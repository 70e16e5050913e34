import { PAGE_ROUTES, planPagesOf, type BillingHistory } from '@lectern/domain';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { managerOf } from './subscribed-notice';
import type { CurrentEnrollment } from './subscription-api';
import { CURRENT_ENROLLMENT_KEY } from './subscription-queries';

/** How many of the newest charges the plan's page lists (the purchase history has them all). */
const RECENT_CHARGES = 3;

/** Where one charge's receipt opens: the organization's admin area, or the learner's own page. */
const receiptPathOf = (enrollment: CurrentEnrollment, chargeId: number) =>
  planPagesOf(managerOf(enrollment)).receipt.replace(':paymentId', String(chargeId));

/**
 * The plan's newest charges with their receipts, under the plan on the subscription page (a small
 * customer portal: what was charged, when, to which card, and whether it went through).
 */
export function RecentCharges({ enrollment }: { enrollment: CurrentEnrollment }) {
  const api = useApiClient();
  const query = useQuery({
    // Under the plan's key: a checkout or a card update that invalidates the plan refreshes these too.
    queryKey: [...CURRENT_ENROLLMENT_KEY, 'recent-charges'],
    queryFn: ({ signal }) =>
      api.get<BillingHistory>('/subscriptions/billing-history/', {
        params: { page: 1, page_size: RECENT_CHARGES },
        signal,
      }),
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="recent-charges-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="recent-charges-title">
            <FormattedMessage id="subscriptions.charges.title" />
          </Title>
          <Anchor component={Link} to={PAGE_ROUTES.purchaseHistory} size="sm">
            <FormattedMessage id="subscriptions.charges.all" />
          </Anchor>
        </Group>
        {query.isPending && <Skeleton height={64} />}
        {query.isError && (
          <LoadErrorAlert
            message={<FormattedMessage id="subscriptions.charges.loadFailed" />}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data?.results.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="subscriptions.charges.none" />
          </Text>
        )}
        {query.data && query.data.results.length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            data-testid="recent-charges"
          >
            {query.data.results.map((charge) => (
              <Group key={charge.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {charge.billing_period_start_text} · {charge.price_money_text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {charge.subtitle}
                    {charge.payment_method ? ` · ${charge.payment_method}` : ''}
                  </Text>
                  {charge.status === 'failed' && charge.failure_message && (
                    <Text size="xs" c="red.8">
                      {charge.failure_message}
                    </Text>
                  )}
                </Stack>
                {charge.status === 'succeeded' ? (
                  <Anchor component={Link} to={receiptPathOf(enrollment, charge.id)} size="sm">
                    <FormattedMessage id="subscriptions.charges.receipt" />
                  </Anchor>
                ) : (
                  <Badge color="#b02525">
                    <FormattedMessage id="subscriptions.charges.failed" />
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
