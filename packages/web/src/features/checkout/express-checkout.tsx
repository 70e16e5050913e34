import type { PaymentMethodConfig } from '@lectern/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { MethodIcon } from './method-icons';
import type { ExpressWallet } from './payment-methods';

export interface ExpressCheckoutProps {
  method: Pick<PaymentMethodConfig, 'options'>;
  /** The wallets to show (offered and available), in the server's order. */
  wallets: readonly ExpressWallet[];
  onPay: (wallet: ExpressWallet) => void;
  disabled: boolean;
}

/**
 * The express method (checkout §2): one button per wallet. A button checks the checkout
 * first and then opens the wallet's pay sheet; the wallet's card pays the order.
 */
export function ExpressCheckout({ method, wallets, onPay, disabled }: ExpressCheckoutProps) {
  const intl = useIntl();
  const nameOf = (wallet: ExpressWallet) =>
    method.options.apps?.find((app) => app.app_id === wallet)?.name ?? wallet;
  return (
    <Stack gap="sm">
      <Text size="sm">
        <FormattedMessage id="checkout.express.note" />
      </Text>
      <Group gap="sm">
        {wallets.map((wallet) => (
          <Button
            key={wallet}
            color="dark"
            disabled={disabled}
            aria-label={intl.formatMessage({ id: 'checkout.express.payWith' }, { wallet: nameOf(wallet) })}
            onClick={() => onPay(wallet)}
            data-wallet={wallet}
            leftSection={<MethodIcon code={wallet} size={20} />}
          >
            {nameOf(wallet)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
