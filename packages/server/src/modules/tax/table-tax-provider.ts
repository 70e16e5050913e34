import { CHECKOUT_MESSAGES, taxModeOf } from '@lectern/domain';
import { ratesInForce, WORLD_TAX_RATES, type TaxRateRow } from './rates/world-tax-rates.js';
import { combinedRatePercent } from './tax-lines.js';
import type { TaxDetermination, TaxLocation, TaxProvider } from './tax-provider.js';
import { usSalesTaxOf } from './us/us-sales-tax.js';

/** Where the operator sells from and where it is registered to collect tax (config). */
export interface TaxRegistrations {
  /** The seller's country (ISO alpha-2): a business buyer there is taxed as any other (no reverse charge). */
  sellerCountry: string | null;
  /**
   * Countries that tax foreign sellers only above a sales threshold, where the operator is
   * registered: `all` (the default), or a list. Elsewhere such a country is sold without tax.
   */
  registeredIn: 'all' | readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
// Every checkout asks for today's rate: the day's text is made once a day, not per request.
let today = { epochDay: Number.NaN, text: '' };
const dayOf = (at: Date) => {
  const epochDay = Math.floor(at.getTime() / DAY_MS);
  if (epochDay !== today.epochDay) today = { epochDay, text: at.toISOString().slice(0, 10) };
  return today.text;
};

/** "CA-ON", "ON" and "on" all name Ontario. */
const regionCode = (country: string, value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(new RegExp(`^${country}-`), '');

const untaxed = (country: string, source: string): Extract<TaxDetermination, { ok: true }> => ({
  ok: true,
  ratePercent: 0,
  mode: taxModeOf(country),
  jurisdiction: country,
  source,
  components: [],
  reverseCharge: null,
});

/**
 * The built-in TaxProvider: Lectern's dated rates tables. A US buyer is taxed by ZIP code from
 * the published ZIP rates file (us/); everyone else by the worldwide table (rates/), a Canadian
 * buyer by province, with one component per tax (GST and QST). A business buyer with a valid
 * VAT/GST number, outside the seller's country, is reverse-charged where the table says the
 * law does so. The secondary location's format is checked by the caller (domain rules of
 * checkout §5); this only decides whether it can be taxed.
 */
export function createTableTaxProvider(
  options: { rates?: readonly TaxRateRow[]; registrations?: TaxRegistrations } = {},
): TaxProvider {
  const rates = options.rates ?? WORLD_TAX_RATES;
  const registrations = options.registrations ?? { sellerCountry: null, registeredIn: 'all' };
  const registered = (country: string) =>
    country === registrations.sellerCountry ||
    registrations.registeredIn === 'all' ||
    registrations.registeredIn.includes(country);

  function unitedStates(location: TaxLocation): TaxDetermination {
    const found = usSalesTaxOf(location.secondaryLocation ?? '');
    if (!found) return { ok: false, error: CHECKOUT_MESSAGES.invalidZip };
    return {
      ok: true,
      ratePercent: combinedRatePercent(found.components),
      mode: 'tax_exclusive',
      jurisdiction: `US-${found.state}`,
      source: found.source,
      components: found.components,
      reverseCharge: null,
    };
  }

  return {
    name: 'table',
    async determine(location: TaxLocation, at: Date): Promise<TaxDetermination> {
      const country = location.country.toUpperCase();
      if (country === 'US') return unitedStates(location);
      let region: string | null = null;
      if (country === 'CA') {
        region = location.secondaryLocation ? regionCode(country, location.secondaryLocation) : null;
        if (!region) return { ok: false, error: CHECKOUT_MESSAGES.selectProvince };
      }
      const rows = ratesInForce(rates, country, region, dayOf(at));
      if (rows.length === 0) {
        // A province must be in the table (an unknown one is bad input); a country need not be.
        if (region !== null) return { ok: false, error: CHECKOUT_MESSAGES.selectProvince };
        return untaxed(country, 'not in the tax table: no tax');
      }
      const threshold = rows.find((row) => row.registrationThreshold);
      if (threshold && !registered(country)) {
        return untaxed(
          country,
          `not registered: foreign sellers owe ${threshold.name} above a threshold (${threshold.source})`,
        );
      }
      const reverseCharge = rows.find((row) => row.businessReverseChargeNote)?.businessReverseChargeNote;
      if (location.taxNumber && reverseCharge && country !== registrations.sellerCountry) {
        return {
          ...untaxed(country, `business buyer ${location.taxNumber}: reverse charge`),
          reverseCharge: { note: reverseCharge },
        };
      }
      const components = rows
        .filter((row) => row.ratePercent > 0)
        .map((row) => ({
          name: row.name,
          jurisdiction: row.jurisdiction,
          ratePercent: row.ratePercent,
          source: row.source,
        }));
      return {
        ok: true,
        ratePercent: combinedRatePercent(components),
        mode: taxModeOf(country),
        jurisdiction: region ? `${country}-${region}` : country,
        source: rows.map((row) => row.note ?? row.source).join('; '),
        components,
        reverseCharge: null,
      };
    },
  };
}
