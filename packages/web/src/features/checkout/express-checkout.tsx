import type { PaymentMethodConfig } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainButton } from '../../ui/plain-button';
import { MethodIcon } from './method-icons';
import classes from './checkout.module.css';
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
    <div className={classes.stack}>
      <p className={classes.text}>
        <FormattedMessage id="checkout.express.note" />
      </p>
      <div className={classes.wallets}>
        {wallets.map((wallet) => (
          <PlainButton
            key={wallet}
            variant="dark"
            disabled={disabled}
            aria-label={intl.formatMessage({ id: 'checkout.express.payWith' }, { wallet: nameOf(wallet) })}
            onClick={() => onPay(wallet)}
            data-wallet={wallet}
          >
            <MethodIcon code={wallet} size={20} />
            {nameOf(wallet)}
          </PlainButton>
        ))}
      </div>
    </div>
  );
}
