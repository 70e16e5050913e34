import {
  acceptsTaxNumber,
  formatSecondaryLocationInput,
  TAX_NUMBER_INPUT_MAX_LENGTH,
  taxNumberLabel,
  SECONDARY_LOCATION_MAX_LENGTH,
  type BillingCountry,
  type SecondaryLocationField,
} from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainSelect, PlainTextField } from '../../ui/plain-form';
import { PlainHeading } from '../../ui/plain-heading';
import classes from './checkout.module.css';

const SELECT_LABELS = {
  CA: 'checkout.billing.province',
  IN: 'checkout.billing.state',
  AE: 'checkout.billing.emirate',
} as const;

export interface BillingAddressSectionProps {
  countries: readonly BillingCountry[];
  country: string;
  secondaryLocation: string;
  field: SecondaryLocationField | null;
  countryError: string | null;
  secondaryLocationError: string | null;
  countryDisabled: boolean;
  disabled: boolean;
  onCountryChange: (country: string) => void;
  onSecondaryLocationChange: (value: string) => void;
  onSecondaryLocationBlur: () => void;
  /**
   * A business buyer's VAT/GST number, asked only where we can check it (reverse charge);
   * without these the section has no such field (a subscription's billing form has its own).
   */
  taxNumber?: string;
  taxNumberError?: string | null;
  onTaxNumberChange?: (value: string) => void;
  onTaxNumberBlur?: () => void;
}

/**
 * Checkout §2/§5 billing address: the country select and, for some countries, the secondary
 * location: a numeric ZIP input (US; a hyphen goes in after the 5th digit, at most 10) or a
 * select of provinces, states and union territories, or emirates. Then, where the country's
 * numbers can be checked, an optional VAT/GST number for buying as a business.
 */
export function BillingAddressSection({
  countries,
  country,
  secondaryLocation,
  field,
  countryError,
  secondaryLocationError,
  countryDisabled,
  disabled,
  onCountryChange,
  onSecondaryLocationChange,
  onSecondaryLocationBlur,
  taxNumber,
  taxNumberError,
  onTaxNumberChange,
  onTaxNumberBlur,
}: BillingAddressSectionProps) {
  const intl = useIntl();
  const selectLabel = SELECT_LABELS[country as keyof typeof SELECT_LABELS] ?? 'checkout.billing.region';
  return (
    <section className={classes.section} aria-labelledby="billing-heading">
      <PlainHeading id="billing-heading">
        <FormattedMessage id="checkout.billing.heading" />
      </PlainHeading>
      <PlainSelect
        name="billing-country"
        label={intl.formatMessage({ id: 'checkout.billing.country' })}
        value={country}
        disabled={countryDisabled || disabled}
        error={countryError}
        onChange={(event) => onCountryChange(event.currentTarget.value)}
        options={[
          { value: '', label: intl.formatMessage({ id: 'checkout.billing.chooseCountry' }) },
          ...countries.map((entry) => ({ value: entry.id, label: entry.title })),
        ]}
      />
      {field?.kind === 'zip' && (
        <PlainTextField
          name="billing-zip"
          label={intl.formatMessage({ id: 'checkout.billing.zip' })}
          value={secondaryLocation}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={SECONDARY_LOCATION_MAX_LENGTH}
          disabled={disabled}
          error={secondaryLocationError}
          onChange={(event) =>
            onSecondaryLocationChange(formatSecondaryLocationInput(event.currentTarget.value))
          }
          onBlur={onSecondaryLocationBlur}
        />
      )}
      {field?.kind === 'select' && (
        <PlainSelect
          name="billing-region"
          label={intl.formatMessage({ id: selectLabel })}
          value={secondaryLocation}
          disabled={disabled}
          error={secondaryLocationError}
          onChange={(event) => onSecondaryLocationChange(event.currentTarget.value)}
          onBlur={onSecondaryLocationBlur}
          options={[
            { value: '', label: intl.formatMessage({ id: 'checkout.billing.choose' }) },
            ...field.options.map((option) => ({ value: option.id, label: option.title })),
          ]}
        />
      )}
      {onTaxNumberChange && acceptsTaxNumber(country) && (
        <PlainTextField
          name="billing-tax-number"
          label={intl.formatMessage({ id: 'checkout.billing.taxNumber' }, { label: taxNumberLabel(country) })}
          description={intl.formatMessage({ id: 'checkout.billing.taxNumberHint' })}
          value={taxNumber ?? ''}
          autoComplete="off"
          spellCheck={false}
          maxLength={TAX_NUMBER_INPUT_MAX_LENGTH}
          disabled={disabled}
          error={taxNumberError}
          onChange={(event) => onTaxNumberChange(event.currentTarget.value)}
          onBlur={onTaxNumberBlur}
        />
      )}
    </section>
  );
}
