import { Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { BillingPanel, CardLabel, LastEdited, LinkButton, PanelSkeleton } from './billing-panel';
import { useActivePaymentMethod } from '../payment-method/organization-admin-api';
import { UpdatePaymentMethodModal } from '../payment-method/update-payment-method-modal';

/**
 * Team-plan §2 billing overview, panel 2: the stored card (brand icon, masked last four digits)
 * with its 'Update payment method' link (disabled until loaded, or when the plan is expired)
 * and who set it when. Hidden for a preview (trial) that has no card.
 */
export function PaymentMethodPanel({
  organizationId,
  status,
}: {
  organizationId: number;
  status: CurrentEnrollment['status'];
}) {
  const intl = useIntl();
  const query = useActivePaymentMethod(organizationId);
  const [updating, setUpdating] = useState(false);
  const card = query.data?.spm_info.data?.payment_method_details.card ?? null;
  if (query.isSuccess && !card && status === 'TRIAL') return null;
  const editor = query.data?.last_edit_user;
  return (
    <BillingPanel
      id="payment-method"
      title="subscriptions.payment.heading"
      action={
        <LinkButton disabled={!query.isSuccess || status === 'EXPIRED'} onClick={() => setUpdating(true)}>
          <FormattedMessage id="organizationAdmin.billing.payment.update" />
        </LinkButton>
      }
      footer={editor && <LastEdited name={editor.name} date={editor.date} />}
    >
      {query.isPending ? (
        <PanelSkeleton label="organizationAdmin.billing.payment.loading" lines={1} />
      ) : query.isError ? (
        <LoadErrorAlert
          message={<FormattedMessage id="organizationAdmin.billing.payment.error" />}
          onRetry={() => void query.refetch()}
        />
      ) : card ? (
        <CardLabel
          brand={card.brand}
          masked={intl.formatMessage(
            { id: 'organizationAdmin.paymentMethod.masked' },
            { last4: card.last_4_digit ?? '' },
          )}
        />
      ) : (
        <Text data-testid="payment-method-empty">
          <FormattedMessage id="organizationAdmin.paymentMethod.none" />
        </Text>
      )}
      <UpdatePaymentMethodModal
        opened={updating}
        onClose={() => setUpdating(false)}
        onUpdated={() => {
          // Team-plan §4: after an update the modal closes and the card is loaded again.
          setUpdating(false);
          void query.refetch();
        }}
      />
    </BillingPanel>
  );
}
