import type { SubscriptionReceipt } from '@lectern/domain';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { isApiError } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import classes from './receipt.module.css';
import { ReceiptView } from './receipt-view';

/** Team-plan §2: a large loader until the receipt arrives. */
export function ReceiptLoader() {
  const intl = useIntl();
  return (
    <Center py="xl" role="status" aria-label={intl.formatMessage({ id: 'receipt.loading' })}>
      <Loader size="xl" aria-hidden="true" />
    </Center>
  );
}

/**
 * The way back (where and how it is named depends on the page showing the receipt). 'Print'
 * is the receipt's own, in its header. Neither reaches the paper.
 */
export function ReceiptToolbar({ backTo, backLabel }: { backTo: string; backLabel: ReactNode }) {
  return (
    <Group className={classes.noPrint}>
      <Button component={Link} to={backTo} variant="default">
        {backLabel}
      </Button>
    </Group>
  );
}

/** A receipt that does not exist (or is not the user's: the server answers 404 for both). */
export function ReceiptNotFound({ toolbar }: { toolbar: ReactNode }) {
  return (
    <Stack gap="md">
      {toolbar}
      <Alert color="gray" variant="light" data-testid="receipt-not-found">
        <Text size="sm">
          <FormattedMessage id="receipt.notFound" />
        </Text>
      </Alert>
    </Stack>
  );
}

/** A receipt id from the URL: a positive whole number, else null (a receipt not found). */
export function receiptIdOf(param: string | undefined): number | null {
  if (!/^[1-9]\d*$/.test(param ?? '')) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A receipt page's body for the receipt's query: the loader, 'not found' for a 404 (another's
 * receipt too), the load error with 'Try again', or the receipt (with its 'Print'). `toolbar`
 * is the page's own way back.
 */
export function ReceiptQueryView({
  query,
  toolbar,
}: {
  query: UseQueryResult<SubscriptionReceipt>;
  toolbar: ReactNode;
}) {
  const intl = useIntl();
  if (query.isPending) return <ReceiptLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.statusCode === 404) {
      return <ReceiptNotFound toolbar={toolbar} />;
    }
    return (
      <Stack gap="md">
        {toolbar}
        <LoadErrorAlert
          message={intl.formatMessage({ id: 'receipt.loadFailed' })}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {toolbar}
      <ReceiptView receipt={query.data} />
    </Stack>
  );
}
