import { CHECKOUT_MESSAGES, PAGE_ROUTES } from '@lectern/domain';
import { Alert, Anchor, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/user-context-provider';
import { useApiClient } from '../../platform/api';
import { PageLoader } from '../../ui/page-loader';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { authPath } from '../auth/auth-paths';
import { useCheckoutSuccessTracking } from '../tracking/checkout-events';
import { fetchCheckoutReceipt } from './checkout-api';
import classes from './checkout.module.css';

/** While the webhook has not fulfilled the order yet, look again this often. */
const PENDING_REFETCH_MS = 1_000;

/** `/cart/success/{gatewayTransactionId}/`: the order a payment attempt bought. */
export function CheckoutSuccessPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'checkoutSuccess.pageTitle' }));
  const { me } = useUserContext();
  const { gatewayTransactionId = '' } = useParams();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="checkoutSuccess.heading" />
        </Title>
        {me.is_authenticated ? (
          <Receipt attemptId={gatewayTransactionId} />
        ) : (
          <Button
            component={Link}
            to={authPath('login', `/cart/success/${gatewayTransactionId}/`)}
            w="fit-content"
          >
            <FormattedMessage id="common.logInToSee" />
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function Receipt({ attemptId }: { attemptId: string }) {
  const intl = useIntl();
  const api = useApiClient();
  const receipt = useQuery({
    queryKey: ['checkout-receipt', attemptId],
    queryFn: ({ signal }) => fetchCheckoutReceipt(api, attemptId, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !data.order && ['created', 'processing', 'requires_action'].includes(data.status)
        ? PENDING_REFETCH_MS
        : false;
    },
  });
  useCheckoutSuccessTracking(attemptId, receipt.data?.order);
  if (receipt.isPending) return <PageLoader label={intl.formatMessage({ id: 'checkoutSuccess.loading' })} />;
  if (receipt.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="checkoutSuccess.error" />}
        onRetry={() => void receipt.refetch()}
      />
    );
  }
  const { order, status } = receipt.data;
  if (!order) {
    return (
      <Alert color={status === 'failed' || status === 'canceled' ? 'red' : 'blue'} variant="light">
        <FormattedMessage
          id={
            status === 'failed' || status === 'canceled'
              ? 'checkoutSuccess.failed'
              : 'checkoutSuccess.processing'
          }
        />
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status" data-testid="purchase-completed">
        {CHECKOUT_MESSAGES.purchaseCompleted}
      </Alert>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" component="section" aria-labelledby="order-heading">
          <Title order={2} size="h4" id="order-heading">
            <FormattedMessage id="checkoutSuccess.order" values={{ id: order.id }} />
          </Title>
          <ul className={classes.lines} data-testid="order-lines">
            {order.lines.map((line) => (
              <li key={`${line.buyable.buyable_object_type}:${line.buyable.id}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={line.url}>
                    {line.title}
                  </Anchor>
                  <Text size="sm">{line.price.price_string}</Text>
                </Group>
              </li>
            ))}
          </ul>
          <Divider />
          {order.tax.amount > 0 && (
            <Group justify="space-between">
              <Text size="sm">
                <FormattedMessage id="checkoutSuccess.tax" />
              </Text>
              <Text size="sm">{order.tax.price_string}</Text>
            </Group>
          )}
          {order.credit_used.amount > 0 && (
            <Group justify="space-between">
              <Text size="sm">
                <FormattedMessage id="checkoutSuccess.credit" />
              </Text>
              <Text size="sm">−{order.credit_used.price_string}</Text>
            </Group>
          )}
          <Group justify="space-between">
            <Text fw={700}>
              <FormattedMessage id="checkoutSuccess.total" />
            </Text>
            <Text fw={700} data-testid="order-total">
              {order.total.price_string}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <Button component={Link} to={PAGE_ROUTES.myCourses} w="fit-content">
        <FormattedMessage id="checkoutSuccess.myCourses" />
      </Button>
    </Stack>
  );
}
