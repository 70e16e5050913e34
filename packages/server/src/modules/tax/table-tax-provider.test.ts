import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { createTableTaxProvider } from './table-tax-provider.js';
import { TAX_RATES } from './tax-rates.js';
import { stateOfZip } from './us-zip-prefixes.js';

const provider = createTableTaxProvider();
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const NOW = at('2026-06-01');

describe('stateOfZip', () => {
  it.each([
    ['98101', 'WA'],
    ['10001', 'NY'],
    ['90210', 'CA'],
    ['73301', 'TX'],
    ['20500', 'DC'],
    ['00601', 'PR'],
    ['99501-1234', 'AK'],
    ['885011234', 'TX'],
  ])('%s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state);
  });

  it('unassigned prefixes and malformed codes have no state', () => {
    expect(stateOfZip('00001')).toBeNull();
    expect(stateOfZip('88600')).toBeNull();
    expect(stateOfZip('1234')).toBeNull();
  });
});

describe('the built-in table tax provider', () => {
  it('taxes US states that tax online courses on top, others at 0%', async () => {
    expect(await provider.determine({ country: 'US', secondaryLocation: '98101' }, NOW)).toMatchObject({
      ok: true,
      ratePercent: 6.5,
      mode: 'tax_exclusive',
      jurisdiction: 'US-WA',
    });
    expect(await provider.determine({ country: 'US', secondaryLocation: '10001' }, NOW)).toMatchObject({
      ok: true,
      ratePercent: 0,
      jurisdiction: 'US-NY',
    });
  });

  it('a ZIP in no state cannot be taxed: the ZIP message', async () => {
    expect(await provider.determine({ country: 'US', secondaryLocation: '00001' }, NOW)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.invalidZip,
    });
  });

  it('Canada by province (GST, HST, GST + QST)', async () => {
    const rate = async (province: string) => {
      const found = await provider.determine({ country: 'CA', secondaryLocation: province }, NOW);
      return found.ok ? found.ratePercent : null;
    };
    expect(await rate('AB')).toBe(5);
    expect(await rate('ON')).toBe(13);
    expect(await rate('QC')).toBe(14.975);
    expect(await rate('ZZ')).toBeNull();
  });

  it('picks the row valid on the day of the sale', async () => {
    const finland = (day: string) => provider.determine({ country: 'FI', secondaryLocation: null }, at(day));
    expect(await finland('2024-08-31')).toMatchObject({ ratePercent: 24 });
    expect(await finland('2024-09-01')).toMatchObject({ ratePercent: 25.5 });
    const novaScotia = (day: string) =>
      provider.determine({ country: 'CA', secondaryLocation: 'NS' }, at(day));
    expect(await novaScotia('2025-03-31')).toMatchObject({ ratePercent: 15 });
    expect(await novaScotia('2025-04-01')).toMatchObject({ ratePercent: 14 });
  });

  it('national rates included in the price: IN, AE, EU, JP; uncovered countries 0%', async () => {
    const of = (country: string) => provider.determine({ country, secondaryLocation: null }, NOW);
    expect(await of('IN')).toMatchObject({ ratePercent: 18, mode: 'tax_inclusive' });
    expect(await of('AE')).toMatchObject({ ratePercent: 5, mode: 'tax_inclusive' });
    expect(await of('DE')).toMatchObject({ ratePercent: 19, mode: 'tax_inclusive' });
    expect(await of('JP')).toMatchObject({ ratePercent: 10, mode: 'tax_inclusive' });
    expect(await of('BR')).toMatchObject({
      ratePercent: 0,
      mode: 'tax_inclusive',
      source: 'not covered: no tax',
    });
  });

  it('the table has a source on every row and no overlapping dates', () => {
    for (const row of TAX_RATES) {
      expect(row.source.length).toBeGreaterThan(5);
      const overlapping = TAX_RATES.filter(
        (other) =>
          other !== row &&
          other.country === row.country &&
          other.region === row.region &&
          other.validFrom <= (row.validTo ?? '9999-12-31') &&
          row.validFrom <= (other.validTo ?? '9999-12-31'),
      );
      expect(overlapping).toEqual([]);
    }
  });
});
