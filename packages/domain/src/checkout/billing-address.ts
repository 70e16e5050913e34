// A billing address as documents print it (receipts, invoices): the lines the buyer typed, the
// region and postal code found from checkout §5's secondary location, and the country by name.
import { BILLING_COUNTRIES } from './billing-countries.js';
import { secondaryLocationFieldOf } from './billing-rules.js';

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(
  BILLING_COUNTRIES.map((country) => [country.id, country.title]),
);

// USPS codes of the states, DC and the territories a ZIP prefix can name (the server finds the
// state of a ZIP; the billing form asks only for the ZIP).
// prettier-ignore
const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', AS: 'American Samoa', GU: 'Guam',
  MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
};

/**
 * A country's English name from the billing select's table ("US" → "United States"); anything
 * that is not one of its codes (a name already, an unknown code) comes back as it is.
 */
export function billingCountryName(country: string): string {
  return COUNTRY_NAMES.get(country.trim().toUpperCase()) ?? country;
}

/**
 * A subdivision's English name: a Canadian province, an Indian state, an emirate (the ids of
 * the billing select) or a US state ("WA" → "Washington"); an unknown code comes back as it is.
 */
export function billingRegionName(country: string, region: string): string {
  const code = region.trim().toUpperCase();
  if (country === 'US') return US_STATES[code] ?? region;
  const field = secondaryLocationFieldOf(country);
  if (field?.kind !== 'select') return region;
  return field.options.find((option) => option.id === code)?.title ?? region;
}

/** The structured part of a billing address below its typed lines; null where nothing is known. */
export interface BillingLocation {
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  countryName: string | null;
  /** The state, province or emirate by name. */
  region: string | null;
  /** A US ZIP code (the only postal code checkout §5 asks for). */
  postalCode: string | null;
}

/**
 * The location of a stored billing address: the country and its secondary location (a US ZIP,
 * or a CA, IN or AE subdivision id). A US state comes from the ZIP, which only the caller can
 * look up (`usStateOfZip`, the server's ZIP-prefix table).
 */
export function billingLocationOf(
  country: string | null,
  secondaryLocation: string | null,
  usStateOfZip: (zip: string) => string | null = () => null,
): BillingLocation {
  const code = country?.trim().toUpperCase() || null;
  const location = secondaryLocation?.trim() || null;
  const empty = { country: code, countryName: code ? billingCountryName(code) : null };
  if (!code || !location) return { ...empty, region: null, postalCode: null };
  const field = secondaryLocationFieldOf(code);
  if (field?.kind === 'zip') {
    const state = usStateOfZip(location);
    return { ...empty, region: state ? billingRegionName(code, state) : null, postalCode: location };
  }
  if (field?.kind === 'select')
    return { ...empty, region: billingRegionName(code, location), postalCode: null };
  return { ...empty, region: null, postalCode: null };
}

/**
 * An address as printed, one entry per line and no empty ones: the typed lines (a line holding
 * several, "City\nZIP", is split), then region and postal code ("Washington 98101"), then the
 * country's name (`countryName`, for a translated one; the English name by default).
 */
export function billingAddressLines(
  lines: readonly (string | null | undefined)[],
  location: Pick<BillingLocation, 'country' | 'region' | 'postalCode'> & { countryName?: string | null },
): string[] {
  const typed = lines
    .flatMap((line) => (line ?? '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const place = [location.region, location.postalCode].filter(Boolean).join(' ');
  const country = location.countryName ?? (location.country ? billingCountryName(location.country) : null);
  return [...typed, ...(place ? [place] : []), ...(country ? [country] : [])];
}
