import { CHECKOUT_MESSAGES, taxModeOf } from '@lectern/domain';
import type { TaxDetermination, TaxLocation, TaxProvider } from './tax-provider.js';
import { TAX_RATES, type TaxRateRow } from './tax-rates.js';
import { stateOfZip } from './us-zip-prefixes.js';

/** Countries whose rate depends on the region named by the secondary location. */
const REGIONAL = new Set(['US', 'CA']);

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

/**
 * The built-in TaxProvider: Lectern's dated rates table (tax-rates.ts). The US state comes from
 * the ZIP code, the Canadian province from the select; other countries use their national row,
 * and countries without a row are sold without tax. The secondary location's format is checked
 * by the caller (domain rules of checkout §5); this only decides whether it can be taxed.
 */
export function createTableTaxProvider(rates: readonly TaxRateRow[] = TAX_RATES): TaxProvider {
  const rowFor = (country: string, region: string | null, day: string) =>
    rates.find(
      (rate) =>
        rate.country === country &&
        rate.region === region &&
        rate.validFrom <= day &&
        (rate.validTo === null || day <= rate.validTo),
    );

  return {
    name: 'table',
    async determine(location: TaxLocation, at: Date): Promise<TaxDetermination> {
      const country = location.country.toUpperCase();
      const mode = taxModeOf(country);
      const day = dayOf(at);
      let region: string | null = null;
      if (REGIONAL.has(country)) {
        const value = location.secondaryLocation ?? '';
        region = country === 'US' ? stateOfZip(value) : value ? regionCode(country, value) : null;
        if (!region) {
          return {
            ok: false,
            error: country === 'US' ? CHECKOUT_MESSAGES.invalidZip : CHECKOUT_MESSAGES.selectProvince,
          };
        }
      }
      const found = rowFor(country, region, day);
      if (!found) {
        // A region must be in the table (an unknown province is bad input); a country need not be.
        if (region !== null) {
          return {
            ok: false,
            error: country === 'US' ? CHECKOUT_MESSAGES.invalidZip : CHECKOUT_MESSAGES.selectProvince,
          };
        }
        return { ok: true, ratePercent: 0, mode, jurisdiction: country, source: 'not covered: no tax' };
      }
      return {
        ok: true,
        ratePercent: found.ratePercent,
        mode,
        jurisdiction: region ? `${country}-${region}` : country,
        source: found.source,
      };
    },
  };
}
