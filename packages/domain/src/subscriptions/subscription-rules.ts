// Team-plan §5 validation of what a subscription checkout sends: the card name and the
// organization's billing information.
import { isValidCardholderName } from '../checkout/card-rules.js';
import { acceptsTaxNumber, TAX_NUMBER_INPUT_MAX_LENGTH, taxNumberError } from '../tax/tax-number-rules.js';

/** Team-plan §5: characters a name on card may not contain. */
const FORBIDDEN_NAME_CHARACTERS = /[$/:;<=>@[\]]/;

export const CARD_NAME_MESSAGE = 'Please enter your name exactly as it appears on your card.';

/**
 * Team-plan §5 card name: more than 1 character and none of `$ / : ; < = > @ [ ]`; outside
 * Brazil also longer than 3 and shorter than 25 characters. The shared check of checkout §5
 * (no digits that look like a card number) applies too.
 */
export function teamPlanCardNameError(name: string, country: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length <= 1 || FORBIDDEN_NAME_CHARACTERS.test(trimmed)) return CARD_NAME_MESSAGE;
  if (country.toUpperCase() !== 'BR' && (trimmed.length <= 3 || trimmed.length >= 25))
    return CARD_NAME_MESSAGE;
  return isValidCardholderName(trimmed) ? null : CARD_NAME_MESSAGE;
}

/** Team-plan §5 and §9 limits. */
// The spec's 10-character tax ID is too short for real VAT numbers (NL123456789B01 has 14;
// decision 0024): the field takes a number as typed, checked per country.
export const BILLING_INFO_LIMITS = {
  name: 256,
  addressLine: 256,
  taxNumber: TAX_NUMBER_INPUT_MAX_LENGTH,
} as const;

export interface SubscriptionBillingInput {
  customer_name?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  tax_number?: string | null;
}

/**
 * Field errors of the billing information (team-plan §5): company name and address line 1
 * required, each line at most 256 characters, the tax ID valid for the country and only where offered.
 * `requireCompany`: organization purchases name the company; a personal plan does not.
 */
export function subscriptionBillingErrors(
  input: SubscriptionBillingInput,
  country: string,
  requireCompany: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.customer_name?.trim() ?? '';
  const line1 = input.address_line1?.trim() ?? '';
  if (requireCompany && !name) errors.customer_name = 'Please enter your company name.';
  if (name.length > BILLING_INFO_LIMITS.name)
    errors.customer_name = `At most ${BILLING_INFO_LIMITS.name} characters.`;
  if (!line1) errors.address_line1 = 'Please enter your address.';
  if (line1.length > BILLING_INFO_LIMITS.addressLine)
    errors.address_line1 = `At most ${BILLING_INFO_LIMITS.addressLine} characters.`;
  if ((input.address_line2?.trim() ?? '').length > BILLING_INFO_LIMITS.addressLine) {
    errors.address_line2 = `At most ${BILLING_INFO_LIMITS.addressLine} characters.`;
  }
  const taxNumber = input.tax_number?.trim() ?? '';
  if (taxNumber) {
    // The field is offered where the country's numbers can be checked (checkout §2: off by default).
    if (!acceptsTaxNumber(country)) errors.tax_number = 'A tax ID is not used for this country.';
    else if (taxNumber.length > BILLING_INFO_LIMITS.taxNumber)
      errors.tax_number = `At most ${BILLING_INFO_LIMITS.taxNumber} characters.`;
    else {
      const invalid = taxNumberError(country, taxNumber);
      if (invalid) errors.tax_number = invalid;
    }
  }
  return errors;
}

/** Team-plan §9: price countries where the Enterprise upgrade banner is not shown. */
export const ENTERPRISE_UPGRADE_HIDDEN_COUNTRIES: readonly string[] = ['JP'];

/** Team-plan §2 upgrade banner ('Give access to your entire organization'): hidden when the price country is JP. */
export function showsEnterpriseUpgrade(priceCountry: string | null | undefined): boolean {
  return !ENTERPRISE_UPGRADE_HIDDEN_COUNTRIES.includes((priceCountry ?? '').trim().toUpperCase());
}
