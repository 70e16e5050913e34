// Checkout §5 billing address rules: the country, and the secondary location some countries
// ask for (US ZIP code; CA province; IN state or union territory; AE emirate).
import { isBillingCountry } from './billing-countries.js';
import { CHECKOUT_MESSAGES } from './checkout-messages.js';
import type { SecondaryLocationField } from './checkout-contract.js';

export { BILLING_COUNTRIES, isBillingCountry } from './billing-countries.js';

interface LocationOption {
  readonly id: string;
  readonly title: string;
}

// Option ids are the ISO 3166-2 subdivision codes without the country prefix ('ON' for CA-ON,
// 'MH' for IN-MH, 'DU' for AE-DU), as the provider's `address.state` takes them. Current codes:
// IN after the 2023 update (CG, OD, UK, TS; DH and LA since 2020).
const CA_PROVINCES: readonly LocationOption[] = [
  { id: 'AB', title: 'Alberta' },
  { id: 'BC', title: 'British Columbia' },
  { id: 'MB', title: 'Manitoba' },
  { id: 'NB', title: 'New Brunswick' },
  { id: 'NL', title: 'Newfoundland and Labrador' },
  { id: 'NT', title: 'Northwest Territories' },
  { id: 'NS', title: 'Nova Scotia' },
  { id: 'NU', title: 'Nunavut' },
  { id: 'ON', title: 'Ontario' },
  { id: 'PE', title: 'Prince Edward Island' },
  { id: 'QC', title: 'Quebec' },
  { id: 'SK', title: 'Saskatchewan' },
  { id: 'YT', title: 'Yukon' },
];

const IN_STATES_AND_UNION_TERRITORIES: readonly LocationOption[] = [
  { id: 'AN', title: 'Andaman and Nicobar Islands' },
  { id: 'AP', title: 'Andhra Pradesh' },
  { id: 'AR', title: 'Arunachal Pradesh' },
  { id: 'AS', title: 'Assam' },
  { id: 'BR', title: 'Bihar' },
  { id: 'CH', title: 'Chandigarh' },
  { id: 'CG', title: 'Chhattisgarh' },
  { id: 'DH', title: 'Dadra and Nagar Haveli and Daman and Diu' },
  { id: 'DL', title: 'Delhi' },
  { id: 'GA', title: 'Goa' },
  { id: 'GJ', title: 'Gujarat' },
  { id: 'HR', title: 'Haryana' },
  { id: 'HP', title: 'Himachal Pradesh' },
  { id: 'JK', title: 'Jammu and Kashmir' },
  { id: 'JH', title: 'Jharkhand' },
  { id: 'KA', title: 'Karnataka' },
  { id: 'KL', title: 'Kerala' },
  { id: 'LA', title: 'Ladakh' },
  { id: 'LD', title: 'Lakshadweep' },
  { id: 'MP', title: 'Madhya Pradesh' },
  { id: 'MH', title: 'Maharashtra' },
  { id: 'MN', title: 'Manipur' },
  { id: 'ML', title: 'Meghalaya' },
  { id: 'MZ', title: 'Mizoram' },
  { id: 'NL', title: 'Nagaland' },
  { id: 'OD', title: 'Odisha' },
  { id: 'PY', title: 'Puducherry' },
  { id: 'PB', title: 'Punjab' },
  { id: 'RJ', title: 'Rajasthan' },
  { id: 'SK', title: 'Sikkim' },
  { id: 'TN', title: 'Tamil Nadu' },
  { id: 'TS', title: 'Telangana' },
  { id: 'TR', title: 'Tripura' },
  { id: 'UP', title: 'Uttar Pradesh' },
  { id: 'UK', title: 'Uttarakhand' },
  { id: 'WB', title: 'West Bengal' },
];

const AE_EMIRATES: readonly LocationOption[] = [
  { id: 'AZ', title: 'Abu Dhabi' },
  { id: 'AJ', title: 'Ajman' },
  { id: 'DU', title: 'Dubai' },
  { id: 'FU', title: 'Fujairah' },
  { id: 'RK', title: 'Ras al-Khaimah' },
  { id: 'SH', title: 'Sharjah' },
  { id: 'UQ', title: 'Umm al-Quwain' },
];

const SELECT_LOCATIONS: Readonly<Record<string, { options: readonly LocationOption[]; message: string }>> = {
  CA: { options: CA_PROVINCES, message: CHECKOUT_MESSAGES.selectProvince },
  IN: { options: IN_STATES_AND_UNION_TERRITORIES, message: CHECKOUT_MESSAGES.selectState },
  AE: { options: AE_EMIRATES, message: CHECKOUT_MESSAGES.selectEmirate },
};

/** Checkout §9: the secondary location text input holds at most 10 characters. */
export const SECONDARY_LOCATION_MAX_LENGTH = 10;

const US_ZIP = /^\d{5}(?:-\d{4})?$/;

/**
 * Checkout §5: how `country` asks for its secondary location, or null when it asks for none.
 * Returns a fresh object the caller may hand out as it is.
 */
export function secondaryLocationFieldOf(country: string): SecondaryLocationField | null {
  if (country === 'US') return { kind: 'zip' };
  const select = SELECT_LOCATIONS[country];
  if (!select) return null;
  return { kind: 'select', options: select.options.map((option) => ({ ...option })) };
}

/**
 * Checkout §5 ZIP input as the user types: digits and hyphens only, a hyphen inserted after
 * the 5th character when the value is longer than 5 and has none, at most 10 characters.
 */
export function formatSecondaryLocationInput(value: string): string {
  const kept = value.replace(/[^\d-]/g, '');
  const hyphenated = kept.length > 5 && !kept.includes('-') ? `${kept.slice(0, 5)}-${kept.slice(5)}` : kept;
  return hyphenated.slice(0, SECONDARY_LOCATION_MAX_LENGTH);
}

/**
 * The secondary location in its stored form: a US ZIP formatted (`123456789` → `12345-6789`),
 * a select id upper-cased and trimmed; null when the country asks for none or it is empty.
 * Validity is `secondaryLocationError`'s business.
 */
export function normalizeSecondaryLocation(country: string, value: string | null | undefined): string | null {
  const field = secondaryLocationFieldOf(country);
  const trimmed = value?.trim() ?? '';
  if (!field || trimmed === '') return null;
  if (field.kind === 'select') return trimmed.toUpperCase();
  // Only the hyphen is added: anything else wrong with a ZIP must show as an error, not vanish.
  return /^\d{9}$/.test(trimmed) ? `${trimmed.slice(0, 5)}-${trimmed.slice(5)}` : trimmed;
}

/**
 * Checkout §5: the message for the secondary location of `country`, or null when it is
 * valid or the country asks for none. A US ZIP is 5 digits or 9 as 12345-6789 (123456789 is
 * accepted: it formats to that); a select value must be one of the country's option ids.
 */
export function secondaryLocationError(country: string, value: string | null | undefined): string | null {
  const field = secondaryLocationFieldOf(country);
  if (!field) return null;
  const normalized = normalizeSecondaryLocation(country, value);
  if (field.kind === 'zip') {
    return normalized !== null && US_ZIP.test(normalized) ? null : CHECKOUT_MESSAGES.invalidZip;
  }
  const select = SELECT_LOCATIONS[country];
  if (!select) return null;
  return select.options.some((option) => option.id === normalized) ? null : select.message;
}

/** Checkout §5: the country is required and must be one of `BILLING_COUNTRIES`. */
export function billingCountryError(country: string | null | undefined): string | null {
  return country && isBillingCountry(country) ? null : CHECKOUT_MESSAGES.selectBillingCountry;
}

/**
 * Checkout §4/§5 "billing information is valid": a known country and, when it asks for one,
 * a valid secondary location. When not valid the browser resets the tax context instead of
 * asking for tax, and the card payment method goes without country and postal code.
 */
export function isBillingInformationValid(
  country: string | null | undefined,
  secondaryLocation: string | null | undefined,
): boolean {
  return (
    billingCountryError(country) === null && secondaryLocationError(country ?? '', secondaryLocation) === null
  );
}

/** Checkout §5: the country select is disabled while checkout is unavailable or with ≤ 1 option. */
export function isCountrySelectDisabled(optionCount: number, isCheckoutUnavailable: boolean): boolean {
  return isCheckoutUnavailable || optionCount <= 1;
}
