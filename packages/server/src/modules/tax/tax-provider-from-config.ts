import type { AppConfig } from '../../platform/config/config.js';
import { createStripeTaxProvider, type StripeTaxProviderOptions } from './stripe-tax/stripe-tax-provider.js';
import { createTableTaxProvider } from './table-tax-provider.js';
import type { TaxProvider } from './tax-provider.js';

/** What the composition root may hand in besides the configuration: for Stripe Tax a fetch, a clock, the cache's life. */
export type TaxProviderDeps = Pick<StripeTaxProviderOptions, 'fetch' | 'now' | 'cacheTtlMs'>;

/**
 * The TaxProvider TAX_PROVIDER selects: the built-in rates table (the default; SELLER_COUNTRY
 * and TAX_REGISTERED_COUNTRIES say where reverse charge and thresholds apply), or Stripe Tax
 * at TAX_SERVICE_URL with TAX_SERVICE_KEY, which default to the payment provider's API and
 * secret key (the in-process sandbox on a laptop, Stripe in production). Read at call time
 * from `config.payments`, so a test that points `payments` at its own sandbox gets its tax
 * calculations from it too.
 */
export function taxProviderFromConfig(
  config: Pick<AppConfig, 'tax' | 'payments'>,
  deps: TaxProviderDeps = {},
): TaxProvider {
  if (config.tax.provider === 'table') {
    return createTableTaxProvider({
      registrations: { sellerCountry: config.tax.sellerCountry, registeredIn: config.tax.registeredIn },
    });
  }
  return createStripeTaxProvider({
    baseUrl: config.tax.serviceUrl ?? config.payments.apiUrl,
    apiKey: config.tax.serviceKey ?? config.payments.secretKey,
    timeoutMs: config.tax.timeoutMs,
    ...deps,
  });
}
