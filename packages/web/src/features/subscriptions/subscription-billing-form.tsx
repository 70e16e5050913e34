import {
  BILLING_COUNTRIES,
  BILLING_INFO_LIMITS,
  acceptsTaxNumber,
  secondaryLocationFieldOf,
} from '@lectern/domain';
import { Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { BillingAddressSection } from '../checkout/billing-address-section';
import type { BillingErrors, BillingField, BillingForm } from './subscription-billing';

export interface SubscriptionBillingFormProps {
  form: BillingForm;
  /** The errors to show now (a field's own after it was left, or the server's). */
  errors: BillingErrors;
  disabled: boolean;
  /** Organization purchases ask for the company name (team-plan §5). */
  organization: boolean;
  onChange: (patch: Partial<BillingForm>) => void;
  onBlur: (field: BillingField) => void;
}

/**
 * The billing address of a subscription (checkout §2): country and secondary location (the
 * course checkout's section), then company name, address lines and, where the country uses
 * one, the tax/VAT ID.
 */
export function SubscriptionBillingForm({
  form,
  errors,
  disabled,
  organization,
  onChange,
  onBlur,
}: SubscriptionBillingFormProps) {
  const intl = useIntl();
  const text = (field: keyof Omit<BillingForm, 'country' | 'secondaryLocation'>) => ({
    value: form[field],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.currentTarget.value }),
  });
  return (
    <Stack gap="sm">
      <BillingAddressSection
        countries={BILLING_COUNTRIES}
        country={form.country}
        secondaryLocation={form.secondaryLocation}
        field={secondaryLocationFieldOf(form.country)}
        countryError={errors.country_code ?? null}
        secondaryLocationError={errors.secondary_location_info ?? null}
        countryDisabled={false}
        disabled={disabled}
        onCountryChange={(country) => onChange({ country, secondaryLocation: '' })}
        onSecondaryLocationChange={(secondaryLocation) => onChange({ secondaryLocation })}
        onSecondaryLocationBlur={() => onBlur('secondary_location_info')}
      />
      {organization && (
        <TextInput
          label={intl.formatMessage({ id: 'subscriptions.billing.companyName' })}
          required
          autoComplete="organization"
          maxLength={BILLING_INFO_LIMITS.name}
          error={errors.customer_name}
          onBlur={() => onBlur('customer_name')}
          {...text('customerName')}
        />
      )}
      <TextInput
        label={intl.formatMessage({ id: 'subscriptions.billing.addressLine1' })}
        required
        autoComplete="address-line1"
        maxLength={BILLING_INFO_LIMITS.addressLine}
        error={errors.address_line1}
        onBlur={() => onBlur('address_line1')}
        {...text('addressLine1')}
      />
      <TextInput
        label={intl.formatMessage({ id: 'subscriptions.billing.addressLine2' })}
        autoComplete="address-line2"
        maxLength={BILLING_INFO_LIMITS.addressLine}
        error={errors.address_line2}
        onBlur={() => onBlur('address_line2')}
        {...text('addressLine2')}
      />
      {acceptsTaxNumber(form.country) && (
        <TextInput
          label={intl.formatMessage({ id: 'subscriptions.billing.taxNumber' })}
          maxLength={BILLING_INFO_LIMITS.taxNumber}
          error={errors.tax_number}
          onBlur={() => onBlur('tax_number')}
          {...text('taxNumber')}
        />
      )}
    </Stack>
  );
}
