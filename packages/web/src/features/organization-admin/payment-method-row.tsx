import { cardBrandName } from '@lectern/domain';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMe } from '../../app/user-context/user-context-provider';
import { MethodIcon, methodIconCodeOf } from '../checkout/method-icons';
import { useActivePaymentMethod } from './organization-admin-api';

function PaymentMethod({ organizationId }: { organizationId: number }) {
  const intl = useIntl();
  const query = useActivePaymentMethod(organizationId);
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
  const code = methodIconCodeOf(card.brand);
  const brand = cardBrandName(card.brand);
  return (
    <Group gap="xs">
      {code && <MethodIcon code={code} label={brand} />}
      <Text data-testid="payment-method-card">
        {code ? '' : `${brand} `}
        <FormattedMessage
          id="organizationAdmin.paymentMethod.masked"
          values={{ last4: card.last_4_digit ?? '' }}
        />
      </Text>
    </Group>
  );
}

/** Team-plan §2 payment method row: the stored card's logo and masked last four digits. */
export function PaymentMethodRow() {
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  if (organizationId === undefined) return null;
  return (
    <Stack gap={4} data-testid="subscription-payment-method">
      <Text fw={700}>
        <FormattedMessage id="subscriptions.payment.heading" />
      </Text>
      <PaymentMethod organizationId={organizationId} />
    </Stack>
  );
}
