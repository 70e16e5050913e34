import { bnplAddressError, type BnplAddressInput } from '@lectern/domain';

export type BnplAddressField = keyof BnplAddressInput;

export const BNPL_ADDRESS_FIELDS: readonly BnplAddressField[] = ['line1', 'city', 'state', 'zip'];

export const EMPTY_BNPL_ADDRESS: BnplAddressInput = { line1: '', city: '', state: '', zip: '' };

export const NO_BNPL_TOUCHED: Record<BnplAddressField, boolean> = {
  line1: false,
  city: false,
  state: false,
  zip: false,
};

// A valid address, so that checking one field against the domain's rule (which names only
// the first invalid field) reports that field and no other.
const VALID_ADDRESS: BnplAddressInput = {
  line1: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};

/** Checkout §5: the ZIP field shows (and is checked) only outside the US. */
export function isBnplZipShown(billingCountry: string): boolean {
  return billingCountry !== 'US';
}

/** The message of one field of the address-based BNPL form, or null (checkout §5). */
export function bnplAddressFieldError(
  field: BnplAddressField,
  input: BnplAddressInput,
  billingCountry: string,
): string | null {
  return bnplAddressError({ ...VALID_ADDRESS, [field]: input[field] }, billingCountry);
}

/** The message under each field once it was left (or the form was submitted). */
export function bnplAddressFieldErrors(
  input: BnplAddressInput,
  touched: Record<BnplAddressField, boolean>,
  billingCountry: string,
): Record<BnplAddressField, string | null> {
  const errors = { line1: null, city: null, state: null, zip: null } as Record<
    BnplAddressField,
    string | null
  >;
  for (const field of BNPL_ADDRESS_FIELDS) {
    if (touched[field]) errors[field] = bnplAddressFieldError(field, input, billingCountry);
  }
  return errors;
}
