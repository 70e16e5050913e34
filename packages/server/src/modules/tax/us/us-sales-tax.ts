import type { TaxComponent } from '../tax-provider.js';
import { stateOfZip } from '../us-zip-prefixes.js';
import { US_STATE_TAXABILITY } from './us-state-taxability.js';
import {
  US_TAX_REGIONS,
  US_ZIP_RATES_EFFECTIVE,
  US_ZIP_RATES_SOURCE,
  US_ZIP_REGIONS,
  type UsTaxRegion,
} from './us-zip-rates.generated.js';

/** The sales tax of an online course sold to a buyer at a US ZIP code. */
export interface UsSalesTax {
  state: string;
  /** State, county, city and special district taxes that apply (none in untaxed states). */
  components: TaxComponent[];
  source: string;
}

const ZIP = /^(\d{5})(?:-?\d{4})?$/;
const RECORD = 8;
const FILE = `${US_ZIP_RATES_SOURCE} (rates of ${US_ZIP_RATES_EFFECTIVE})`;

// A state's records are parsed into a map the first time a buyer there is taxed.
const byState = new Map<string, Map<string, UsTaxRegion>>();
function regionsOf(state: string): Map<string, UsTaxRegion> | null {
  const records = US_ZIP_REGIONS[state];
  if (records === undefined) return null;
  let zips = byState.get(state);
  if (!zips) {
    zips = new Map();
    for (let at = 0; at < records.length; at += RECORD) {
      const region = US_TAX_REGIONS[parseInt(records.slice(at + 5, at + RECORD), 36)];
      if (region) zips.set(records.slice(at, at + 5), region);
    }
    byState.set(state, zips);
  }
  return zips;
}

// The rate most of a state's ZIPs have as their state part: for a ZIP the file does not list.
const stateRates = new Map<string, number>();
function stateRateOf(state: string, zips: Map<string, UsTaxRegion>): number {
  let rate = stateRates.get(state);
  if (rate === undefined) {
    const counts = new Map<number, number>();
    for (const region of zips.values()) counts.set(region[1], (counts.get(region[1]) ?? 0) + 1);
    rate = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    stateRates.set(state, rate);
  }
  return rate;
}

const PARTS = [
  { name: 'State sales tax', index: 1 },
  { name: 'County sales tax', index: 2 },
  { name: 'City sales tax', index: 3 },
  { name: 'Special district tax', index: 4 },
] as const;

/**
 * The combined state, county, city and special district sales tax of a ZIP code (five digits,
 * or ZIP+4 as `98101-1234` or `981011234`), from the published ZIP rates file
 * (data/us-sales-tax/). The file gives each ZIP the rate of the tax region covering most of its
 * addresses, so the +4 is accepted and does not change the rate. Null when the ZIP is
 * malformed or in no state; no components in a state that does not tax online courses; the
 * state rate alone for a ZIP the file does not list.
 */
export function usSalesTaxOf(zip: string): UsSalesTax | null {
  const five = ZIP.exec(zip.trim())?.[1];
  if (!five) return null;
  const state = stateOfZip(five);
  if (!state) return null;
  const taxability = US_STATE_TAXABILITY[state];
  if (!taxability?.taxed) {
    return {
      state,
      components: [],
      source: taxability?.source ?? `${state}: no sales tax on online courses`,
    };
  }
  const zips = regionsOf(state);
  const region = zips?.get(five);
  if (!region) {
    const rate = zips ? stateRateOf(state, zips) : 0;
    return {
      state,
      components:
        rate > 0
          ? [
              {
                name: 'State sales tax',
                jurisdiction: `US-${state}`,
                ratePercent: rate,
                source: taxability.source,
              },
            ]
          : [],
      source: `${taxability.source}; ZIP not in ${FILE}: state rate only`,
    };
  }
  const place = region[0];
  const components = PARTS.filter((part) => region[part.index] > 0).map((part) => ({
    name: part.name,
    jurisdiction: part.index === 1 ? `US-${state}` : `US-${state}-${place}`,
    ratePercent: region[part.index],
    source: FILE,
  }));
  return { state, components, source: `${taxability.source}; ${FILE}` };
}
