import {
  billingCountryError,
  acceptsTaxNumber,
  normalizeSecondaryLocation,
  secondaryLocationError,
  secondaryLocationFieldOf,
  subscriptionBillingErrors,
  type SubscriptionCheckoutInfo,
} from '@lectern/domain';
import type { SubscriptionBillingAddress } from './subscription-api';

/** What the billing form holds (checkout §2 Subscription environment, team-plan §5). */
export interface BillingForm {
  country: string;
  secondaryLocation: string;
  customerName: string;
  addressLine1: string;
  addressLine2: string;
  taxNumber: string;
}

/** Field names as the API's `billing_address.*` field errors name them. */
export type BillingField =
  | 'country_code'
  | 'secondary_location_info'
  | 'customer_name'
  | 'address_line1'
  | 'address_line2'
  | 'tax_number';

export type BillingErrors = Partial<Record<BillingField, string>>;

export function emptyBillingForm(country: string): BillingForm {
  return {
    country,
    secondaryLocation: '',
    customerName: '',
    addressLine1: '',
    addressLine2: '',
    taxNumber: '',
  };
}

/** The billing information on file (resubscribe), for the fields the buyer has not typed yet. */
export function withBillingOnFile(
  form: BillingForm,
  config: SubscriptionCheckoutInfo['data']['billing_config'],
): BillingForm {
  if (!config) return form;
  const keep = (typed: string, onFile: string | null | undefined) => typed || onFile || '';
  const sameCountry = !config.country || config.country === form.country;
  return {
    country: form.country,
    secondaryLocation: sameCountry
      ? keep(form.secondaryLocation, config.secondary_location_info)
      : form.secondaryLocation,
    customerName: keep(form.customerName, config.customer_name),
    addressLine1: keep(form.addressLine1, config.address_line1),
    addressLine2: keep(form.addressLine2, config.address_line2),
    taxNumber: keep(form.taxNumber, config.tax_number),
  };
}

/** Team-plan §5 and checkout §5 field errors of the form (shown once a field was left or on submit). */
export function billingErrors(form: BillingForm, organization: boolean): BillingErrors {
  const errors: BillingErrors = subscriptionBillingErrors(
    {
      customer_name: form.customerName,
      address_line1: form.addressLine1,
      address_line2: form.addressLine2,
      tax_number: acceptsTaxNumber(form.country) ? form.taxNumber : '',
    },
    form.country,
    organization,
  );
  const country = billingCountryError(form.country);
  const location = secondaryLocationError(form.country, form.secondaryLocation);
  if (country) errors.country_code = country;
  else if (location) errors.secondary_location_info = location;
  return errors;
}

/** The location the tax depends on, once it is complete (else the country alone). */
export function taxLocationOf(form: BillingForm): SubscriptionBillingAddress {
  const location = normalizeSecondaryLocation(form.country, form.secondaryLocation);
  const complete = location !== null && !secondaryLocationError(form.country, location);
  return { country_code: form.country, ...(complete ? { secondary_location_info: location } : {}) };
}

/** The `billing_address` a submit sends. */
export function billingAddressOf(form: BillingForm, organization: boolean): SubscriptionBillingAddress {
  const trimmed = (value: string) => value.trim();
  return {
    country_code: form.country,
    ...(secondaryLocationFieldOf(form.country)
      ? { secondary_location_info: normalizeSecondaryLocation(form.country, form.secondaryLocation) }
      : {}),
    address_line1: trimmed(form.addressLine1),
    ...(trimmed(form.addressLine2) ? { address_line2: trimmed(form.addressLine2) } : {}),
    ...(organization ? { customer_name: trimmed(form.customerName) } : {}),
    ...(trimmed(form.taxNumber) && acceptsTaxNumber(form.country)
      ? { tax_number: trimmed(form.taxNumber) }
      : {}),
  };
}
