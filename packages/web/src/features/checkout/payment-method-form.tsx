import {
  BNPL_INSTALMENTS,
  cardBrandName,
  CHECKOUT_MESSAGES,
  visibleCardBrands,
  type CardField,
  type Money,
  type PaymentMethodConfig,
} from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainTextField } from '../../ui/plain-form';
import { BnplAddressForm } from './bnpl-address-form';
import type { CardInput } from './card-fields';
import { CardForm } from './card-form';
import { ExpressCheckout } from './express-checkout';
import { HostedMethodForm } from './hosted-method-form';
import { LocalCardForm } from './local-card-form';
import classes from './checkout.module.css';
import type { ExpressWallet, MethodKind } from './payment-methods';
import type { MethodForms } from './use-method-forms';

/** The card fields, kept by the page for the card and local card forms. */
export interface CardFieldsState {
  input: CardInput;
  errors: Record<CardField, string | null>;
  onChange: (field: CardField, value: string) => void;
  onBlur: (field: CardField) => void;
  /** Null hides the remember-me checkbox. */
  rememberMe: boolean | null;
  onRememberMeChange: (checked: boolean) => void;
}

export interface StoredCvcState {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export interface PaymentMethodFormProps {
  method: PaymentMethodConfig;
  kind: MethodKind | null;
  card: CardFieldsState;
  storedCvc: StoredCvcState;
  forms: MethodForms;
  /** The billing country (document rules, the BNPL ZIP). */
  country: string;
  /** The order total, for the BNPL timeline; null hides it. */
  total: Money | null;
  /** Checkout §2: the timeline shows when its experiment is on. */
  timelineShown: boolean;
  wallets: readonly ExpressWallet[];
  onWalletPay: (wallet: ExpressWallet) => void;
  disabled: boolean;
}

/** The open method's form, by its kind (checkout §2). */
export function PaymentMethodForm(props: PaymentMethodFormProps) {
  const { method, kind, card, forms, country, disabled } = props;
  const brands = visibleCardBrands(method.options.brand_codes ?? []);
  switch (kind) {
    case 'card':
      return <CardForm {...card} brands={brands} disabled={disabled} />;
    case 'storedCard':
      return <StoredCardForm method={method} cvc={props.storedCvc} disabled={disabled} />;
    case 'localCard':
      return (
        <LocalCardForm
          {...card}
          brands={brands}
          method={method}
          country={country}
          extras={forms.localCard.input}
          extraErrors={forms.localCard.errors(method, country)}
          onExtrasChange={forms.localCard.change}
          onExtraBlur={forms.localCard.blur}
          disabled={disabled}
        />
      );
    case 'express':
      return (
        <ExpressCheckout
          method={method}
          wallets={props.wallets}
          onPay={props.onWalletPay}
          disabled={disabled}
        />
      );
    case 'bnplAddress':
      return (
        <BnplAddressForm
          input={forms.bnplAddress.input}
          errors={forms.bnplAddress.errors(country)}
          onChange={forms.bnplAddress.change}
          onBlur={forms.bnplAddress.blur}
          billingCountry={country}
          total={props.timelineShown ? props.total : null}
          numPayments={BNPL_INSTALMENTS[method.type as keyof typeof BNPL_INSTALMENTS] ?? null}
          offer={method.options.display_offer?.value ?? null}
          disabled={disabled}
        />
      );
    case 'bnplFieldless':
      return (
        <div className={classes.stackXs}>
          {method.options.display_offer && (
            <p className={classes.text}>{method.options.display_offer.value}</p>
          )}
          <p className={classes.text} data-testid="bnpl-next-step">
            <FormattedMessage id="checkout.bnpl.redirect" values={{ name: method.name }} />
          </p>
        </div>
      );
    case 'hosted':
      return (
        <HostedMethodForm
          method={method}
          input={forms.hosted.input(method)}
          errors={forms.hosted.errors(method)}
          onChange={(field, value) => forms.hosted.change(method, field, value)}
          onBlur={(field) => forms.hosted.blur(method, field)}
          disabled={disabled}
        />
      );
    default:
      return null;
  }
}

/** A saved card, with the CVC field when the method asks for it again (checkout §2). */
function StoredCardForm({
  method,
  cvc,
  disabled,
}: {
  method: PaymentMethodConfig;
  cvc: StoredCvcState;
  disabled: boolean;
}) {
  const intl = useIntl();
  const stored = method.options.stored_payment_method;
  return (
    <div className={classes.stack}>
      {stored && (
        <p className={classes.text} data-testid="stored-card">
          <FormattedMessage
            id="checkout.storedCard"
            values={{
              brand: cardBrandName(stored.payment_method_details.card.brand),
              last4: stored.payment_method_details.card.last_4_digit,
              month: String(stored.payment_method_details.card.expiry_month).padStart(2, '0'),
              year: stored.payment_method_details.card.expiry_year,
            }}
          />
        </p>
      )}
      {method.options.is_cvc_required_on_saved_card && (
        <div className={classes.cvc}>
          <PlainTextField
            label={intl.formatMessage({ id: 'checkout.card.cvc' })}
            name="stored-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={cvc.value}
            error={cvc.error}
            disabled={disabled}
            onChange={(event) => cvc.onChange(event.currentTarget.value.replace(/\D/g, ''))}
            onBlur={cvc.onBlur}
          />
        </div>
      )}
    </div>
  );
}

/** Checkout §5: the saved card's CVC, when asked for, is 3 or 4 digits. */
export function storedCvcError(value: string, touched: boolean): string | null {
  return touched && !/^\d{3,4}$/.test(value) ? CHECKOUT_MESSAGES.checkSecurityCode : null;
}
