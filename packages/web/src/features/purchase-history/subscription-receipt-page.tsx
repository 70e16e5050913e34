import { PAGE_ROUTES } from '@lectern/domain';
import { Button, Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { authPath } from '../auth/auth-paths';
import { ReceiptNotFound, ReceiptQueryView, ReceiptToolbar, receiptIdOf } from '../receipts';
import { subscriptionReceiptQuery } from './purchase-history-api';

/** 'Back' to the user's subscriptions always ('Print' is the receipt's own). */
function Toolbar() {
  return (
    <ReceiptToolbar
      backTo={PAGE_ROUTES.manageSubscriptions}
      backLabel={<FormattedMessage id="purchaseHistory.receipt.back" />}
    />
  );
}

function ReceiptContent({ paymentId }: { paymentId: number }) {
  const api = useApiClient();
  const receipt = useQuery(subscriptionReceiptQuery(api, paymentId));
  return <ReceiptQueryView query={receipt} toolbar={<Toolbar />} />;
}

/**
 * `/user/manage-subscriptions/receipts/{paymentId}/`: the receipt of one charge of the learner's
 * own (Personal) plan, the same receipt the organization admin area shows, with 'Back' and
 * 'Print' (only the receipt reaches the paper). Another's receipt is a 404, so not found.
 */
export function SubscriptionReceiptPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'receipt.title' }));
  const me = useMe();
  const { pathname } = useLocation();
  const paymentId = receiptIdOf(useParams().paymentId);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="receipt.title" />
        </Title>
        {!me.is_authenticated ? (
          <Button component={Link} to={authPath('login', pathname)} w="fit-content">
            <FormattedMessage id="common.logInToSee" />
          </Button>
        ) : paymentId === null ? (
          <ReceiptNotFound toolbar={<Toolbar />} />
        ) : (
          <ReceiptContent key={paymentId} paymentId={paymentId} />
        )}
      </Stack>
    </Container>
  );
}
