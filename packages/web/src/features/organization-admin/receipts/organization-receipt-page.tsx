import { PAGE_ROUTES } from '@lectern/domain';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useMe } from '../../../app/user-context/use-user-context';
import { isApiError } from '../../../platform/api';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import {
  ReceiptLoader,
  ReceiptNotFound,
  ReceiptQueryView,
  ReceiptToolbar,
  receiptIdOf,
} from '../../receipts';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { useReceipt, useReceiptDetails } from './receipt-api';
import { ReceiptDetailsModal } from './receipt-details-modal';

/** 'Back to Billing' always ('Print' is the receipt's own). */
function Toolbar() {
  return (
    <ReceiptToolbar
      backTo={PAGE_ROUTES.organizationBilling}
      backLabel={<FormattedMessage id="organizationAdmin.receipt.back" />}
    />
  );
}

function NotFound() {
  return <ReceiptNotFound toolbar={<Toolbar />} />;
}

const isNotFound = (error: unknown) => isApiError(error) && error.statusCode === 404;

/**
 * The receipt of one payment. The organization's billing details come first: without them
 * (`exists: false`) the receipt-details modal opens before the receipt, and the receipt is
 * loaded once they are saved (its 'Sold to' block holds them) or the modal is dismissed.
 */
function ReceiptContent({ organizationId, paymentId }: { organizationId: number; paymentId: number }) {
  const intl = useIntl();
  const details = useReceiptDetails(organizationId);
  const [dismissed, setDismissed] = useState(false);
  const asking = details.data?.exists === false && !dismissed;
  const receipt = useReceipt(organizationId, paymentId, details.isSuccess && !asking);

  if (details.isPending) return <ReceiptLoader />;
  if (details.isError) {
    if (isNotFound(details.error)) return <NotFound />;
    return (
      <Stack gap="md">
        <Toolbar />
        <LoadErrorAlert
          message={intl.formatMessage({ id: 'receipt.loadFailed' })}
          onRetry={() => void details.refetch()}
        />
      </Stack>
    );
  }
  if (asking) {
    return (
      <Stack gap="md">
        <Toolbar />
        <ReceiptDetailsModal
          organizationId={organizationId}
          initial={details.data}
          opened
          onClose={() => setDismissed(true)}
          // Saving stores the details in the query cache: `asking` turns false and the receipt loads.
          onSaved={() => undefined}
        />
      </Stack>
    );
  }
  return <ReceiptQueryView query={receipt} toolbar={<Toolbar />} />;
}

/**
 * `/organization-manage-v2/settings/payment/{paymentId}/` (team-plan §2 "Receipt screen"): the
 * receipt of one of the organization's payments, with 'Back to Billing' and the receipt's 'Print'
 * (only the receipt reaches the paper). A payment id that is not a number is a receipt not found.
 */
export function OrganizationReceiptPage() {
  const intl = useIntl();
  const { paymentId } = useParams();
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  const id = receiptIdOf(paymentId);
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'receipt.title' })}>
      {organizationId !== undefined && id !== null ? (
        <ReceiptContent key={`${organizationId}-${id}`} organizationId={organizationId} paymentId={id} />
      ) : (
        <NotFound />
      )}
    </OrganizationAdminLayout>
  );
}
