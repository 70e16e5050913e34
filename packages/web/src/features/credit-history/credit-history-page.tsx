import { PAGE_ROUTES, type CreditHistoryEntry } from '@lectern/domain';
import { Button, Container, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { PageLoader } from '../../ui/page-loader';
import { currentPage, Pagination } from '../../ui/pagination';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { authPath } from '../auth/auth-paths';
import { CREDIT_HISTORY_PAGE_SIZE, creditHistoryQuery } from './credit-history-api';

const KIND_MESSAGES = {
  grant: 'creditHistory.kind.grant',
  spend: 'creditHistory.kind.spend',
  refund: 'creditHistory.kind.refund',
  adjustment: 'creditHistory.kind.adjustment',
} as const;

/** `/dashboard/credit-history/`: the account-credit ledger, newest first, a page at a time. */
export function CreditHistoryPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'creditHistory.pageTitle' }));
  const { me } = useUserContext();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="creditHistory.heading" />
        </Title>
        {me.is_authenticated ? (
          <Ledger />
        ) : (
          <Button component={Link} to={authPath('login', PAGE_ROUTES.creditHistory)} w="fit-content">
            <FormattedMessage id="common.logInToSee" />
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function Ledger() {
  const intl = useIntl();
  const api = useApiClient();
  const { search } = useLocation();
  const page = currentPage(search);
  const history = useQuery({ ...creditHistoryQuery(api, page), placeholderData: keepPreviousData });

  if (history.isPending) return <PageLoader label={intl.formatMessage({ id: 'creditHistory.loading' })} />;
  if (history.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="creditHistory.error" />}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const pageCount = Math.max(1, Math.ceil(history.data.count / CREDIT_HISTORY_PAGE_SIZE));
  // Spends come negative and formatted with their sign; additions get a plus.
  const signed = (entry: CreditHistoryEntry) =>
    entry.amount.amount < 0
      ? entry.amount.price_string
      : intl.formatMessage({ id: 'creditHistory.plus' }, { amount: entry.amount.price_string });
  const balance = history.data.balance.price_string;

  return (
    <Stack gap="md">
      <Text size="lg">
        <FormattedMessage
          id="creditHistory.balance"
          values={{ balance, b: (chunks) => <strong>{chunks}</strong> }}
        />
      </Text>
      {history.data.results.length === 0 ? (
        <Text>
          <FormattedMessage id="creditHistory.empty" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped captionSide="top">
            <Table.Caption>
              <FormattedMessage id="creditHistory.caption" />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <FormattedMessage id="creditHistory.date" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="creditHistory.type" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="creditHistory.reason" />
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  <FormattedMessage id="creditHistory.amount" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.results.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{intl.formatDate(entry.created, { dateStyle: 'medium' })}</Table.Td>
                  <Table.Td>
                    <FormattedMessage id={KIND_MESSAGES[entry.kind]} />
                  </Table.Td>
                  <Table.Td>{entry.reason}</Table.Td>
                  <Table.Td ta="right">{signed(entry)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} pageCount={pageCount} loading={history.isPlaceholderData} />
    </Stack>
  );
}
