import { CHECKOUT_MESSAGES, normalizeTaxNumber, taxNumberError } from '@lectern/domain';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import { TaxServiceUnavailableError, type TaxLocation, type TaxProvider } from './tax-provider.js';

// How every checkout that prices a sale (courses, subscriptions) asks for its tax.

/** Checkout §8 `missing_tax_config`: the tax service cannot answer, so nothing is priced or charged. */
const taxUnavailable = (cause: TaxServiceUnavailableError) => {
  const error = new HttpError(503, 'missing_tax_config', CHECKOUT_MESSAGES.taxUnavailable, undefined, {
    'retry-after': '30',
  });
  error.cause = cause;
  return error;
};

/**
 * Asks the tax provider, turning an outage into the checkout's `missing_tax_config` refusal.
 * Shared by every checkout that prices a sale (courses, subscriptions).
 */
export async function determineTax(tax: TaxProvider, location: TaxLocation, at: Date) {
  try {
    return await tax.determine(location, at);
  } catch (error) {
    if (error instanceof TaxServiceUnavailableError) throw taxUnavailable(error);
    throw error;
  }
}

/** A business buyer's VAT/GST number: normalized, or a 400 naming the field when it is not valid. */
export function checkedTaxNumber(country: string, value: string | null | undefined, field: string) {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return null;
  const error = taxNumberError(country, trimmed);
  if (error) throw validationError({ [field]: [error] });
  return normalizeTaxNumber(country, trimmed);
}
