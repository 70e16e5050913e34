import { PAGE_ROUTES, REFUND_REFUSAL_MESSAGES, type RefundQuote } from '@lectern/domain';
import { Alert, Anchor, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/use-user-context';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import { deadlineDate, purchaseDate } from './purchase-cells';
import { refundQuoteQuery } from './purchase-history-api';
import classes from './purchase-history.module.css';
import { RefundForm } from './refund-form';

function BackToHistory() {
  return (
    <Anchor component={Link} to={PAGE_ROUTES.purchaseHistory} w="fit-content">
      <FormattedMessage id="requestRefund.back" />
    </Anchor>
  );
}

function NotFound() {
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="gray" variant="light" w="100%" data-testid="refund-not-found">
        <FormattedMessage id="requestRefund.notFound" />
      </Alert>
      <BackToHistory />
    </Stack>
  );
}

/** What was bought, when, for how much, and until when a refund can be asked for. */
function PurchaseSummary({ quote }: { quote: RefundQuote }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="refund-purchase">
      <Stack gap="sm">
        <Box component="dl" className={classes.facts}>
          <dt>
            <FormattedMessage id="requestRefund.course" />
          </dt>
          <dd>
            <Anchor component={Link} to={quote.course.url}>
              {quote.course.title}
            </Anchor>
          </dd>
          <dt>
            <FormattedMessage id="requestRefund.purchaseDate" />
          </dt>
          <dd data-testid="refund-purchase-date">{purchaseDate(intl, quote.purchase_date)}</dd>
          <dt>
            <FormattedMessage id="requestRefund.price" />
          </dt>
          <dd data-testid="refund-price">{quote.price.price_string}</dd>
          {quote.gift && (
            <>
              <dt>
                <FormattedMessage id="requestRefund.giftFor" />
              </dt>
              <dd data-testid="refund-gift-recipient">
                {quote.gift.recipient_name
                  ? `${quote.gift.recipient_name} (${quote.gift.recipient_email})`
                  : quote.gift.recipient_email}
              </dd>
            </>
          )}
        </Box>
        {quote.refund_refusal === null && (
          <Text data-testid="refund-deadline">
            <FormattedMessage
              id="requestRefund.deadline"
              values={{ date: deadlineDate(intl, quote.refund_deadline) }}
            />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Where the money goes back to: the method that paid, account credit, or both. */
function Destinations({ quote }: { quote: RefundQuote }) {
  if (quote.refund_to.length === 0) return null;
  return (
    <Stack gap={4} data-testid="refund-destinations">
      <Text fw={700}>
        <FormattedMessage id="requestRefund.destinations" />
      </Text>
      <Box component="ul" m={0} pl="lg">
        {quote.refund_to.map((destination, index) => (
          <li key={`${destination.kind}-${index}`}>
            <FormattedMessage
              id="requestRefund.destination"
              values={{ amount: destination.amount.price_string, label: destination.label }}
            />
          </li>
        ))}
      </Box>
    </Stack>
  );
}

function RefundContent({ lineId }: { lineId: number }) {
  const intl = useIntl();
  const api = useApiClient();
  const quote = useQuery(refundQuoteQuery(api, lineId));
  if (quote.isPending) return <PageLoader label={intl.formatMessage({ id: 'requestRefund.loading' })} />;
  if (quote.isError) {
    if (isApiError(quote.error) && quote.error.statusCode === 404) return <NotFound />;
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="requestRefund.loadFailed" />}
        onRetry={() => void quote.refetch()}
      />
    );
  }
  const refusal = quote.data.refund_refusal;
  return (
    <Stack gap="lg">
      <PurchaseSummary quote={quote.data} />
      {refusal === null ? (
        <>
          {quote.data.gift && (
            // Said before the request: the recipient's link stops working with the refund.
            <Alert color="yellow" variant="light" role="note" data-testid="refund-gift-voids">
              <FormattedMessage
                id="requestRefund.giftVoids"
                values={{ recipient: quote.data.gift.recipient_name ?? quote.data.gift.recipient_email }}
              />
            </Alert>
          )}
          <Destinations quote={quote.data} />
          <RefundForm lineId={lineId} reasons={quote.data.reasons} />
        </>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Alert color="yellow" variant="light" w="100%" role="status" data-testid="refund-refusal">
            {REFUND_REFUSAL_MESSAGES[refusal]}
          </Alert>
          <BackToHistory />
        </Stack>
      )}
    </Stack>
  );
}

/** The purchase id from the URL: a positive whole number, else null (a purchase not found). */
function lineIdOf(param: string | undefined): number | null {
  if (!/^[1-9]\d*$/.test(param ?? '')) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * `/request-refund/{id}/` (platform §2, checkout §9's 30-day guarantee): the refund of one bought
 * course (an order line): what it is, where the money goes, and the request; or why it cannot be.
 */
export function RequestRefundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'requestRefund.heading' }));
  const me = useMe();
  const { pathname } = useLocation();
  const lineId = lineIdOf(useParams().id);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="requestRefund.heading" />
        </Title>
        {!me.is_authenticated ? (
          <Button component={Link} to={authPath('login', pathname)} w="fit-content">
            <FormattedMessage id="common.logInToSee" />
          </Button>
        ) : lineId === null ? (
          <NotFound />
        ) : (
          <RefundContent key={lineId} lineId={lineId} />
        )}
      </Stack>
    </Container>
  );
}
