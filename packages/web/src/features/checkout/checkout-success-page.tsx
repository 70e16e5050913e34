import { CHECKOUT_MESSAGES, PAGE_ROUTES, type CheckoutReceipt } from '@lectern/domain';
import { Alert, Anchor, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import type { MessageId } from '../../i18n/load-messages';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import { useCartClient } from '../cart/cart-provider';
import { browserSessionStorage, clearCheckoutList } from '../cart/cart-storage';
import { reportError } from '../../platform/report-error';
import { useCheckoutSuccessTracking } from '../tracking/checkout-events';
import { fetchCheckoutReceipt } from './checkout-api';
import { receiptPollDelay, receiptQueryKey, receiptView, type ReceiptView } from './checkout-success-polling';
import { providerReturnForLogin, useProviderReturn } from './checkout-success-return';
import { VoucherDetails } from './checkout-success-voucher';
import { clearGiftRecipients } from './gift-recipients';
import classes from './checkout.module.css';

/** What the heading and the page title say: `neutral` until the receipt is known. */
type PageState = ReceiptView | 'neutral';

const HEADINGS: Record<PageState, { heading: MessageId; title: MessageId }> = {
  neutral: { heading: 'checkoutSuccess.headingNeutral', title: 'checkoutSuccess.headingNeutral' },
  succeeded: { heading: 'checkoutSuccess.heading', title: 'checkoutSuccess.pageTitle' },
  pending: { heading: 'checkoutSuccess.pendingHeading', title: 'checkoutSuccess.pendingTitle' },
  failed: { heading: 'checkoutSuccess.failedHeading', title: 'checkoutSuccess.failedTitle' },
};

/**
 * `/cart/success/{gatewayTransactionId}/` (the payment attempt's id): the order it bought,
 * the payment still pending (a voucher to pay, a bank confirming), or why it failed. Methods
 * that leave for the provider's page come back here with the outcome in the query. A visitor
 * may be the guest who paid (decision 0030): the receipt is asked for by the attempt pass the
 * guest submit gave this device, and only without one is the visitor asked to log in.
 */
export function CheckoutSuccessPage() {
  const { me } = useUserContext();
  const { gatewayTransactionId = '' } = useParams();
  return (
    <Receipt
      attemptId={gatewayTransactionId}
      guest={!me.is_authenticated}
      timeZone={me.is_authenticated ? (me.time_zone ?? undefined) : undefined}
    />
  );
}

/** A visitor whose device holds no pass for the attempt: its outcome is submitted after logging in. */
function LogInToSee() {
  const location = useLocation();
  const next = `${location.pathname}${providerReturnForLogin(location.search)}`;
  return (
    <SuccessLayout state="neutral">
      <Button component={Link} to={authPath('login', next)} w="fit-content">
        <FormattedMessage id="common.logInToSee" />
      </Button>
    </SuccessLayout>
  );
}

/**
 * The heading, then one live region that stays mounted from the first answer on, so screen
 * readers hear the change when a pending payment settles while the page is open.
 */
function SuccessLayout({
  state,
  status,
  children,
}: {
  state: PageState;
  status?: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: HEADINGS[state].title }));
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id={HEADINGS[state].heading} />
        </Title>
        <div role="status" aria-live="polite" aria-atomic="true" data-testid="checkout-status">
          {status}
        </div>
        {children}
      </Stack>
    </Container>
  );
}

function Receipt({ attemptId, guest, timeZone }: { attemptId: string; guest: boolean; timeZone?: string }) {
  const intl = useIntl();
  const api = useApiClient();
  const queryKey = useMemo(() => receiptQueryKey(attemptId, guest), [attemptId, guest]);
  // When this page started waiting for the payment: polling slows down as it goes on.
  const pollingSince = useRef<number | null>(null);
  const receipt = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchCheckoutReceipt(api, attemptId, signal, guest),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      pollingSince.current ??= Date.now();
      return receiptPollDelay(data, Date.now() - pollingSince.current);
    },
  });
  const phase = useProviderReturn(attemptId, receipt.data, queryKey, guest);
  useCheckoutSuccessTracking(attemptId, receipt.data?.order);
  useCartAfterPurchase(receipt.data?.order?.id ?? null);

  // No pass for this attempt (401), or one for other attempts only (404): the buyer logs in.
  const refused =
    guest &&
    isApiError(receipt.error) &&
    (receipt.error.statusCode === 401 || receipt.error.statusCode === 404);
  if (refused && !receipt.data) return <LogInToSee />;
  // A failed poll keeps the last answer on screen; the next poll may well succeed.
  if (receipt.isError && !receipt.data) {
    return (
      <SuccessLayout state="neutral">
        <LoadErrorAlert
          message={<FormattedMessage id="checkoutSuccess.error" />}
          onRetry={() => void receipt.refetch()}
          testId="checkout-success-error"
        />
      </SuccessLayout>
    );
  }
  if (!receipt.data || phase !== 'done') {
    const label = phase === 'done' ? 'checkoutSuccess.loading' : 'checkoutSuccess.confirming';
    return (
      <SuccessLayout state="neutral">
        <PageLoader label={intl.formatMessage({ id: label })} />
      </SuccessLayout>
    );
  }
  const data = receipt.data;
  const view = receiptView(data);
  if (view === 'succeeded' && data.order) {
    return (
      <SuccessLayout
        state="succeeded"
        status={
          <Alert color="green" variant="light" role="none" data-testid="purchase-completed">
            {CHECKOUT_MESSAGES.purchaseCompleted}
          </Alert>
        }
      >
        <OrderDetails order={data.order} guest={guest} />
      </SuccessLayout>
    );
  }
  if (view === 'failed') {
    return (
      <SuccessLayout
        state="failed"
        status={
          <Alert color="red" variant="light" role="none" data-testid="checkout-failure">
            {data.failure?.message ?? <FormattedMessage id="checkoutSuccess.failed" />}
          </Alert>
        }
      >
        <Button component={Link} to={PAGE_ROUTES.checkout} w="fit-content">
          <FormattedMessage id="checkoutSuccess.backToCheckout" />
        </Button>
      </SuccessLayout>
    );
  }
  return (
    <SuccessLayout
      state="pending"
      status={
        <Alert color="blue" variant="light" role="none" data-testid="checkout-pending">
          {data.pending?.text ?? <FormattedMessage id="checkoutSuccess.processing" />}
        </Alert>
      }
    >
      {data.pending?.voucher && <VoucherDetails voucher={data.pending.voucher} timeZone={timeZone} />}
      {data.pending && (
        <Text size="sm" className={classes.muted}>
          <FormattedMessage id="checkoutSuccess.autoUpdate" />
        </Text>
      )}
    </SuccessLayout>
  );
}

/**
 * A purchase finished away from the checkout page (a bank, a lender, a voucher): the server
 * took the courses off the cart, so the cart badge and the saved checkout list catch up here.
 */
function useCartAfterPurchase(orderId: number | null) {
  const cart = useCartClient();
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (orderId === null || done.current === orderId) return;
    done.current = orderId;
    clearCheckoutList(browserSessionStorage());
    clearGiftRecipients(browserSessionStorage());
    cart.refetch().catch((error: unknown) => reportError(error, { step: 'cart-after-purchase' }));
  }, [orderId, cart]);
}

type ReceiptLine = NonNullable<CheckoutReceipt['order']>['lines'][number];

/** A gift line's title, and when its recipient gets the mail (now, or on its delivery date). */
function LineTitle({ line }: { line: ReceiptLine }) {
  const intl = useIntl();
  const { gift } = line;
  if (!gift) {
    return (
      <Anchor component={Link} to={line.url}>
        {line.title}
      </Anchor>
    );
  }
  const recipient = gift.recipient_name ?? gift.recipient_email;
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={line.url}>
        <FormattedMessage id="checkoutSuccess.giftOf" values={{ title: line.title }} />
      </Anchor>
      <Text size="sm" c="dimmed" data-testid="gift-delivery">
        {gift.scheduled ? (
          <FormattedMessage
            id="checkoutSuccess.giftScheduled"
            values={{ recipient, date: intl.formatDate(gift.deliver_at, { dateStyle: 'long' }) }}
          />
        ) : (
          <FormattedMessage id="checkoutSuccess.giftSent" values={{ recipient }} />
        )}
      </Text>
    </Stack>
  );
}

/**
 * The order's lines and totals, then the way to the courses: My courses for a signed-in buyer;
 * for a guest, the account they wait in, which the mailed link opens.
 */
function OrderDetails({ order, guest }: { order: NonNullable<CheckoutReceipt['order']>; guest: boolean }) {
  return (
    <>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" component="section" aria-labelledby="order-heading">
          <Title order={2} size="h4" id="order-heading">
            <FormattedMessage id="checkoutSuccess.order" values={{ id: order.id }} />
          </Title>
          <ul className={classes.lines} data-testid="order-lines">
            {order.lines.map((line) => (
              <li key={`${line.buyable.buyable_object_type}:${line.buyable.id}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <LineTitle line={line} />
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
      {guest ? (
        <Alert color="blue" variant="light" role="note" data-testid="guest-courses-waiting">
          <FormattedMessage id="checkoutSuccess.guestWaiting" />
        </Alert>
      ) : (
        <Button component={Link} to={PAGE_ROUTES.myCourses} w="fit-content">
          <FormattedMessage id="checkoutSuccess.myCourses" />
        </Button>
      )}
    </>
  );
}
