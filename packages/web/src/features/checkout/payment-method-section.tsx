import {
  CHECKOUT_MESSAGES,
  FREE_METHOD,
  FULL_CREDIT_METHOD,
  gatewayStatusBanner,
  type PaymentMethodConfig,
} from '@lectern/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HintTooltip } from '../../ui/hint-tooltip';
import { PlainAlert, PlainLoader } from '../../ui/plain-form';
import type { MessageId } from '../../i18n/load-messages';
import { PlainHeading } from '../../ui/plain-heading';
import classes from './checkout.module.css';
import { MethodIcon, methodIconCodeOf, type MethodIconCode } from './method-icons';
import { methodKey, methodKindOf } from './payment-methods';
import type { MethodsStatus } from './use-checkout-info';

/** Our own methods' names are ours to translate; a provider's (Visa, PayPal) are proper names. */
const INTERNAL_METHOD_NAMES: Partial<Record<string, MessageId>> = {
  [FREE_METHOD.type]: 'checkout.method.free',
  [FULL_CREDIT_METHOD.type]: 'checkout.method.credit',
};

export interface PaymentMethodSectionProps {
  status: MethodsStatus;
  methods: readonly PaymentMethodConfig[];
  unavailable: boolean;
  /** Checkout §2: the secure tooltip shows unless the purchase is free or fully paid by credit. */
  showSecureTooltip: boolean;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  renderForm: (method: PaymentMethodConfig) => ReactNode;
  disabled: boolean;
}

function SecureTooltip() {
  return (
    <HintTooltip label={CHECKOUT_MESSAGES.secureTooltipText} className={classes.muted}>
      <LockIcon /> {CHECKOUT_MESSAGES.secureTooltipTitle}
    </HintTooltip>
  );
}

function LockIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/**
 * Checkout §2 payment method section: the header (with the secure tooltip), a loader, the
 * region-unavailable state, and the methods as an accordion of radios: exactly one is open,
 * showing its status banner, price information and form.
 */
export function PaymentMethodSection({
  status,
  methods,
  unavailable,
  showSecureTooltip,
  selectedKey,
  onSelect,
  renderForm,
  disabled,
}: PaymentMethodSectionProps) {
  const intl = useIntl();
  const label = CHECKOUT_MESSAGES.paymentMethodTitle;
  return (
    <section className={classes.section} aria-labelledby="method-heading">
      <div className={classes.sectionHeader}>
        <PlainHeading id="method-heading">{label}</PlainHeading>
        {showSecureTooltip && status !== 'ERROR' && <SecureTooltip />}
      </div>
      {(status === 'INIT' || status === 'LOADING') && (
        <PlainLoader label={intl.formatMessage({ id: 'checkout.methods.loading' })} />
      )}
      {status === 'DONE' && unavailable && (
        <PlainAlert tone="red" data-testid="region-unavailable">
          {CHECKOUT_MESSAGES.regionUnavailable}
        </PlainAlert>
      )}
      {status === 'DONE' && !unavailable && (
        <fieldset className={classes.methodGroup}>
          <legend className={classes.visuallyHidden}>{label}</legend>
          <ul className={classes.methods}>
            {methods.map((method) => {
              const key = methodKey(method);
              const open = key === selectedKey;
              return (
                <li key={key} className={classes.method} data-open={open}>
                  <label className={classes.methodChoice}>
                    <input
                      type="radio"
                      name="payment-method"
                      value={key}
                      checked={open}
                      disabled={disabled}
                      onChange={() => onSelect(key)}
                      className={classes.radio}
                    />
                    {iconCodesOfMethod(method).map((code) => (
                      <MethodIcon key={code} code={code} />
                    ))}
                    <span className={classes.methodName}>
                      {INTERNAL_METHOD_NAMES[method.type] ? (
                        <FormattedMessage id={INTERNAL_METHOD_NAMES[method.type]!} />
                      ) : (
                        method.name
                      )}
                    </span>
                  </label>
                  {open && <MethodPanel method={method}>{renderForm(method)}</MethodPanel>}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </section>
  );
}

/**
 * The icons next to a method's name (decorative: the name says it): the method type's, or
 * for the express method those of the wallets it offers. Cards show their brands in the form.
 */
export function iconCodesOfMethod(method: PaymentMethodConfig): MethodIconCode[] {
  if (methodKindOf(method) === 'express') {
    return (method.options.apps ?? [])
      .map((app) => methodIconCodeOf(app.app_id))
      .filter((code): code is MethodIconCode => code !== null);
  }
  const code = method.type === 'card' ? null : methodIconCodeOf(method.type);
  return code ? [code] : [];
}

/** The open method: its status banner (down: no form), price information, then its form. */
function MethodPanel({ method, children }: { method: PaymentMethodConfig; children: ReactNode }) {
  const banner = gatewayStatusBanner(method.gateway_status);
  const representment = method.options.price_info?.representment;
  return (
    <div className={classes.methodPanel} data-testid="method-panel">
      {banner && (
        <PlainAlert tone={banner.type === 'error' ? 'red' : 'yellow'} data-testid="method-status">
          {banner.text}
        </PlainAlert>
      )}
      {representment && (
        <PlainAlert tone="blue" data-testid="price-info">
          <p className={classes.text}>
            <FormattedMessage
              id="checkout.methods.representment"
              values={{ price: representment.price_text, currency: representment.currency }}
            />
          </p>
          {representment.warning && <p className={classes.text}>{representment.warning}</p>}
        </PlainAlert>
      )}
      {banner?.type !== 'error' && children}
    </div>
  );
}
