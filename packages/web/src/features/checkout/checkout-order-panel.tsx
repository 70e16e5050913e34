import { PAGE_ROUTES, type OrderSummary as OrderSummaryData } from '@lectern/domain';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../../platform/navigation/navigation';
import { PlainButton } from '../../ui/plain-button';
import type { CheckoutBackLink, CheckoutPhase } from './checkout';
import { CheckoutMessageBanner, type CheckoutMessage } from './checkout-message';
import classes from './checkout.module.css';
import { OrderSummary } from './order-summary';

export interface CheckoutOrderPanelProps {
  summary: OrderSummaryData | null;
  taxLoading: boolean;
  taxKnown: boolean;
  taxExclusive: boolean;
  message: CheckoutMessage | null;
  onDismissMessage: () => void;
  phase: CheckoutPhase;
  showCheckoutButton: boolean;
  checkoutDisabled: boolean;
  onCheckout: () => void;
  /** The billing country: Japan's buyers get the commercial-transactions notices (checkout §2). */
  country: string;
  /** Where "back" leads; the cart by default. */
  backLink?: CheckoutBackLink;
}

/**
 * The checkout's order panel (checkout §2): the order summary, the checkout message, the
 * checkout button (busy while paying), the legal terms and the way back to the cart.
 */
export function CheckoutOrderPanel({
  summary,
  taxLoading,
  taxKnown,
  taxExclusive,
  message,
  onDismissMessage,
  phase,
  showCheckoutButton,
  checkoutDisabled,
  onCheckout,
  country,
  backLink,
}: CheckoutOrderPanelProps) {
  const busy = phase !== 'READY';
  return (
    <div className={classes.panel}>
      {summary && (
        <OrderSummary
          summary={summary}
          taxLoading={taxLoading}
          taxKnown={taxKnown}
          taxExclusive={taxExclusive}
        />
      )}
      <CheckoutMessageBanner message={message} onDismiss={onDismissMessage} />
      {phase === 'ACTION' && (
        <p className={classes.text} role="status">
          <FormattedMessage id="checkout.action" />
        </p>
      )}
      {showCheckoutButton && (
        <PlainButton
          fullWidth
          className={classes.checkoutButton}
          disabled={checkoutDisabled}
          loading={busy}
          onClick={onCheckout}
        >
          <FormattedMessage id="checkout.complete" />
        </PlainButton>
      )}
      <p className={classes.note} data-testid="checkout-terms">
        <FormattedMessage
          id="checkout.legal.terms"
          values={{
            terms: (chunks: ReactNode) => <LegalLink to={PAGE_ROUTES.terms}>{chunks}</LegalLink>,
            refund: (chunks: ReactNode) => <LegalLink to={PAGE_ROUTES.refundPolicy}>{chunks}</LegalLink>,
          }}
        />
      </p>
      {country === 'JP' && (
        <div className={classes.notices} data-testid="jp-notices">
          <p className={classes.note}>
            <FormattedMessage
              id="checkout.jp.refund"
              values={{
                link: (chunks: ReactNode) => <LegalLink to={PAGE_ROUTES.refundPolicy}>{chunks}</LegalLink>,
              }}
            />
          </p>
          <p className={classes.note}>
            <FormattedMessage
              id="checkout.jp.commercialTransactions"
              values={{
                link: (chunks: ReactNode) => (
                  <LegalLink to={PAGE_ROUTES.commercialTransactions}>{chunks}</LegalLink>
                ),
              }}
            />
          </p>
        </div>
      )}
      <AppLink to={backLink?.to ?? PAGE_ROUTES.cart} className={classes.backLink}>
        {backLink?.label ?? <FormattedMessage id="checkout.backToCart" />}
      </AppLink>
    </div>
  );
}

/** A legal page linked from the checkout (checkout §2), in a new tab so the form keeps what was typed. */
function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener" className={classes.link}>
      {children}
    </a>
  );
}
