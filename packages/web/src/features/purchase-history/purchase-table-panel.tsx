import type {
  CoursePurchaseRow,
  PurchaseDataType,
  PurchaseHistoryResponse,
  RefundRow,
  SubscriptionPurchaseRow,
} from '@lectern/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { PageLoader } from '../../ui/page-loader';
import { Pagination } from '../../ui/pagination';
import { CoursePurchasesTable } from './course-purchases-table';
import { purchaseHistoryQuery } from './purchase-history-api';
import { purchaseTableState } from './purchase-tabs';
import { RefundsTable } from './refunds-table';
import { SubscriptionPurchasesTable } from './subscription-purchases-table';

const EMPTY_MESSAGES: Record<PurchaseDataType, MessageId> = {
  courses: 'purchaseHistory.empty.courses',
  refunds: 'purchaseHistory.empty.refunds',
  subscriptions: 'purchaseHistory.empty.subscriptions',
  organization_subscriptions: 'purchaseHistory.empty.organizationSubscriptions',
};

const reloadPage = () => window.location.reload();

/** Team-plan §8 "Purchase table failure": the list could not be loaded; reloading is the way out. */
export function PurchaseTableError({ onReload = reloadPage }: { onReload?: () => void }) {
  return (
    <Alert color="red" variant="light" data-testid="purchase-table-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="purchaseHistory.error" />
        </Text>
        <Button color="red" onClick={onReload}>
          <FormattedMessage id="purchaseHistory.reload" />
        </Button>
      </Stack>
    </Alert>
  );
}

// The response's rows belong to the tab that asked for them (the query is keyed by it).
function Rows({ type, data }: { type: PurchaseDataType; data: PurchaseHistoryResponse }) {
  switch (type) {
    case 'courses':
      return <CoursePurchasesTable rows={data.results as CoursePurchaseRow[]} />;
    case 'refunds':
      return <RefundsTable rows={data.results as RefundRow[]} />;
    case 'subscriptions':
    case 'organization_subscriptions':
      return (
        <SubscriptionPurchasesTable
          rows={data.results as SubscriptionPurchaseRow[]}
          organization={type === 'organization_subscriptions'}
        />
      );
  }
}

/**
 * One tab's table, a page at a time (`?p=`): the page on screen stays while the next one loads,
 * and while the server says `processing` the page is asked for again every few seconds.
 */
export function PurchaseTablePanel({ type, page }: { type: PurchaseDataType; page: number }) {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery({ ...purchaseHistoryQuery(api, type, page), placeholderData: keepPreviousData });
  // Rows of another tab never stand in for this one's while it loads.
  const data = query.isPlaceholderData && query.data?.data_type !== type ? undefined : query.data;
  const state = purchaseTableState({ isError: query.isError, data });

  // Reported once per failure; the report also counts it (web.error, source purchase-history).
  useEffect(() => {
    if (query.error) reportError(query.error, { step: 'purchase-history', data_type: type });
  }, [query.error, type]);

  if (state === 'loading') {
    return <PageLoader label={intl.formatMessage({ id: 'purchaseHistory.loading' })} />;
  }
  if (state === 'error' || !data) return <PurchaseTableError />;
  const pagination = (
    <Pagination page={page} pageCount={Math.max(1, data.total_pages)} loading={query.isPlaceholderData} />
  );
  if (state === 'empty') {
    return (
      <Stack gap="md">
        <Text data-testid="purchase-table-empty">
          <FormattedMessage id={EMPTY_MESSAGES[type]} />
        </Text>
        {/* A page past the last one (an old link) still offers the pages there are. */}
        {pagination}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {state === 'processing' && (
        <Text size="sm" c="dimmed" role="status" data-testid="purchase-table-processing">
          <FormattedMessage id="purchaseHistory.processing" />
        </Text>
      )}
      <Rows type={type} data={data} />
      {pagination}
    </Stack>
  );
}
