import { cardBrandName, CHECKOUT_MESSAGES, type CardField } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainCheckbox, PlainTextField } from '../../ui/plain-form';
import { formatCardNumberInput, formatExpiryInput, type CardInput } from './card-fields';
import classes from './checkout.module.css';
import { MethodIcon, methodIconCodeOf } from './method-icons';

export interface CardFormProps {
  input: CardInput;
  errors: Record<CardField, string | null>;
  onChange: (field: CardField, value: string) => void;
  onBlur: (field: CardField) => void;
  /** Already cut to the checkout §9 display rules. */
  brands: readonly string[];
  /** Null hides the checkbox (checkout §5). */
  rememberMe: boolean | null;
  onRememberMeChange: (checked: boolean) => void;
  /** Subscriptions store the card anyway: a disclaimer replaces the checkbox (checkout §2). */
  storedForSubscription?: boolean;
  /** The security code's name: local-method card forms call it CVV (checkout §2). */
  securityCodeLabel?: 'cvc' | 'cvv';
  /** Organization subscriptions put the name field at the bottom (checkout §2). */
  nameLast?: boolean;
  disabled: boolean;
}

/**
 * Card entry (checkout §2): visible labels "Name on card", "Card number", "Expiry date",
 * "CVC"; each field shows its message after blur or when the provider flags it. The values
 * go to the provider's SDK, never to our server.
 */
export function CardForm({
  input,
  errors,
  onChange,
  onBlur,
  brands,
  rememberMe,
  onRememberMeChange,
  storedForSubscription = false,
  securityCodeLabel = 'cvc',
  nameLast = false,
  disabled,
}: CardFormProps) {
  const intl = useIntl();
  const field = (name: CardField) => ({
    value: input[name],
    error: errors[name],
    disabled,
    onBlur: () => onBlur(name),
  });
  const nameInput = (
    <PlainTextField
      name="card-name"
      label={intl.formatMessage({ id: 'checkout.card.name' })}
      autoComplete="cc-name"
      maxLength={100}
      {...field('name')}
      onChange={(event) => onChange('name', event.currentTarget.value)}
    />
  );
  return (
    <div className={classes.stack}>
      {brands.length > 0 && (
        <ul className={classes.brands} aria-label={intl.formatMessage({ id: 'checkout.card.brands' })}>
          {brands.map((brand) => {
            const code = methodIconCodeOf(brand);
            return (
              <li key={brand}>
                {code ? (
                  <MethodIcon code={code} label={cardBrandName(brand)} />
                ) : (
                  <span className={classes.brand}>{cardBrandName(brand)}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!nameLast && nameInput}
      <PlainTextField
        name="card-number"
        label={intl.formatMessage({ id: 'checkout.card.number' })}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        placeholder="1234 1234 1234 1234"
        {...field('number')}
        onChange={(event) => onChange('number', formatCardNumberInput(event.currentTarget.value))}
      />
      <div className={`${classes.grid} ${classes.cols2}`}>
        <PlainTextField
          name="card-expiry"
          label={intl.formatMessage({ id: 'checkout.card.expiry' })}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={7}
          placeholder={intl.formatMessage({ id: 'checkout.card.expiryPlaceholder' })}
          {...field('expiry')}
          onChange={(event) => onChange('expiry', formatExpiryInput(event.currentTarget.value))}
        />
        <PlainTextField
          name="card-cvc"
          label={intl.formatMessage({
            id: securityCodeLabel === 'cvv' ? 'checkout.card.cvv' : 'checkout.card.cvc',
          })}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...field('cvc')}
          onChange={(event) => onChange('cvc', event.currentTarget.value.replace(/\D/g, ''))}
        />
      </div>
      {nameLast && nameInput}
      {storedForSubscription && <p className={classes.text}>{CHECKOUT_MESSAGES.subscriptionCardStored}</p>}
      {!storedForSubscription && rememberMe !== null && (
        <PlainCheckbox
          name="card-remember"
          label={intl.formatMessage({ id: 'checkout.card.rememberMe' })}
          checked={rememberMe}
          disabled={disabled}
          onChange={(event) => onRememberMeChange(event.currentTarget.checked)}
        />
      )}
      <p className={classes.note}>
        <FormattedMessage id="checkout.card.providerNote" />
      </p>
    </div>
  );
}
