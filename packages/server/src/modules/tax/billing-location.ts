import { billingLocationOf, type BillingLocation } from '@lectern/domain';
import { stateOfZip } from './us-zip-prefixes.js';

/**
 * Where a stored billing address is (receipts and invoices print it): its country and secondary
 * location read as region and postal code, a US state found from the ZIP code's prefix.
 */
export function storedBillingLocation(
  country: string | null,
  secondaryLocation: string | null,
): BillingLocation {
  return billingLocationOf(country, secondaryLocation, stateOfZip);
}
