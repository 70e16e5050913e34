import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMe } from '../../../app/user-context/use-user-context';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { CardLabel } from '../billing/billing-panel';
import { useActivePaymentMethod } from './organization-admin-api';
import { UpdatePaymentMethodModal } from './update-payment-method-modal';

function PaymentMethod({ query }: { query: ReturnType<typeof useActivePaymentMethod> }) {
  const intl = useIntl();
  if (query.isPending)
    return (
      <Loader size="sm" aria-label={intl.formatMessage({ id: 'organizationAdmin.paymentMethod.loading' })} />
    );
  if (query.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        <FormattedMessage id="organizationAdmin.paymentMethod.error" />
      </Text>
    );
  }
  const card = query.data.spm_info.data?.payment_method_details.card;
  if (!card) {
    return (
      <Text size="sm">
        <FormattedMessage id="organizationAdmin.paymentMethod.none" />
      </Text>
    );
  }
  return (
    <CardLabel
      brand={card.brand}
      masked={intl.formatMessage(
        { id: 'organizationAdmin.paymentMethod.masked' },
        { last4: card.last_4_digit ?? '' },
      )}
    />
  );
}

function OrganizationPaymentMethod({
  organizationId,
  status,
}: {
  organizationId: number;
  status: CurrentEnrollment['status'];
}) {
  const query = useActivePaymentMethod(organizationId);
  const [updating, setUpdating] = useState(false);
  return (
    <>
      <Group justify="space-between" align="center" wrap="wrap">
        <PaymentMethod query={query} />
        <Button
          variant="light"
          // Team-plan §4: disabled until the card has loaded, and for an expired plan.
          disabled={!query.isSuccess || status === 'EXPIRED'}
          onClick={() => setUpdating(true)}
        >
          <FormattedMessage id="organizationAdmin.paymentMethod.update" />
        </Button>
      </Group>
      <UpdatePaymentMethodModal
        opened={updating}
        onClose={() => setUpdating(false)}
        // Team-plan §4: the card is loaded again (joining the reload the update already started).
        onUpdated={() => void query.refetch({ cancelRefetch: false })}
      />
    </>
  );
}

/**
 * Team-plan §2 payment method row: the stored card's logo and masked last four digits, and the
 * 'Update payment method' button that opens the update modal.
 */
export function PaymentMethodRow({ status }: { status: CurrentEnrollment['status'] }) {
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  if (organizationId === undefined) return null;
  return (
    <Stack gap={4} data-testid="subscription-payment-method">
      <Text fw={700}>
        <FormattedMessage id="subscriptions.payment.heading" />
      </Text>
      <OrganizationPaymentMethod organizationId={organizationId} status={status} />
    </Stack>
  );
}
