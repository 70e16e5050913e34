import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { WORLD_TAX_RATES, type TaxRateRow } from './rates/world-tax-rates.js';
import { createTableTaxProvider } from './table-tax-provider.js';
import { stateOfZip } from './us-zip-prefixes.js';

const provider = createTableTaxProvider();
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const NOW = at('2026-06-01');
const of = (country: string, secondaryLocation: string | null = null, taxNumber: string | null = null) =>
  provider.determine({ country, secondaryLocation, taxNumber }, NOW);

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
  it('taxes a US ZIP at its combined state and local rate, on top', async () => {
    expect(await of('US', '98101')).toMatchObject({
      ok: true,
      ratePercent: 10.55,
      mode: 'tax_exclusive',
      jurisdiction: 'US-WA',
      components: [
        { name: 'State sales tax', ratePercent: 6.5 },
        { name: 'City sales tax', ratePercent: 4.05 },
      ],
    });
    expect(await of('US', '10001')).toMatchObject({
      ok: true,
      ratePercent: 0,
      jurisdiction: 'US-NY',
      components: [],
    });
  });

  it('a ZIP in no state cannot be taxed: the ZIP message', async () => {
    expect(await of('US', '00001')).toEqual({ ok: false, error: CHECKOUT_MESSAGES.invalidZip });
  });

  it('Canada by province, one component per tax (GST + QST, HST, GST + PST)', async () => {
    const taxes = async (province: string) => {
      const found = await of('CA', province);
      return found.ok ? found.components.map((component) => [component.name, component.ratePercent]) : null;
    };
    expect(await taxes('AB')).toEqual([['GST', 5]]);
    expect(await taxes('ON')).toEqual([['HST', 13]]);
    expect(await taxes('QC')).toEqual([
      ['GST', 5],
      ['QST', 9.975],
    ]);
    expect(await taxes('BC')).toEqual([
      ['GST', 5],
      ['PST', 7],
    ]);
    expect(await of('CA', 'QC')).toMatchObject({
      ratePercent: 14.975,
      jurisdiction: 'CA-QC',
      mode: 'tax_exclusive',
    });
    expect(await of('CA', 'ZZ')).toEqual({ ok: false, error: CHECKOUT_MESSAGES.selectProvince });
    expect(await of('CA', null)).toEqual({ ok: false, error: CHECKOUT_MESSAGES.selectProvince });
  });

  it('picks the rows in force on the day of the sale', async () => {
    const finland = (day: string) => provider.determine({ country: 'FI', secondaryLocation: null }, at(day));
    expect(await finland('2024-08-31')).toMatchObject({ ratePercent: 24 });
    expect(await finland('2024-09-01')).toMatchObject({ ratePercent: 25.5 });
    const novaScotia = (day: string) =>
      provider.determine({ country: 'CA', secondaryLocation: 'NS' }, at(day));
    expect(await novaScotia('2025-03-31')).toMatchObject({ ratePercent: 15 });
    expect(await novaScotia('2025-04-01')).toMatchObject({ ratePercent: 14 });
  });

  it('national rates included in the price; a country without the tax is 0% with its reason', async () => {
    expect(await of('IN')).toMatchObject({ ratePercent: 18, mode: 'tax_inclusive' });
    expect(await of('AE')).toMatchObject({ ratePercent: 5, mode: 'tax_inclusive' });
    expect(await of('DE')).toMatchObject({
      ratePercent: 19,
      mode: 'tax_inclusive',
      components: [{ name: 'VAT' }],
    });
    expect(await of('JP')).toMatchObject({ ratePercent: 10, mode: 'tax_inclusive' });
    const untaxed = WORLD_TAX_RATES.find((row) => row.ratePercent === 0 && row.validTo === null)!;
    const found = await of(untaxed.country);
    expect(found).toMatchObject({ ok: true, ratePercent: 0, components: [] });
    expect(found.ok && found.source).toBe(untaxed.note);
  });

  it('reverse-charges a business buyer with a VAT number outside the seller’s country', async () => {
    const seller = createTableTaxProvider({ registrations: { sellerCountry: 'DE', registeredIn: 'all' } });
    const business = await seller.determine(
      { country: 'FR', secondaryLocation: null, taxNumber: 'FR40303265045' },
      NOW,
    );
    expect(business).toMatchObject({ ok: true, ratePercent: 0, components: [] });
    expect(business.ok && business.reverseCharge?.note).toMatch(/Reverse charge/);
    // A consumer in France pays French VAT; a German business pays German VAT (a domestic sale).
    expect(await seller.determine({ country: 'FR', secondaryLocation: null }, NOW)).toMatchObject({
      ratePercent: 20,
      reverseCharge: null,
    });
    expect(
      await seller.determine({ country: 'DE', secondaryLocation: null, taxNumber: 'DE136695976' }, NOW),
    ).toMatchObject({ ratePercent: 19, reverseCharge: null });
    // US sales tax has no business exemption by number.
    expect(
      await seller.determine({ country: 'US', secondaryLocation: '98101', taxNumber: 'X' }, NOW),
    ).toMatchObject({ ratePercent: 10.55, reverseCharge: null });
  });

  it('a threshold country is taxed only where the operator is registered', async () => {
    const registered = createTableTaxProvider({
      registrations: { sellerCountry: 'US', registeredIn: ['AU'] },
    });
    expect(await registered.determine({ country: 'AU', secondaryLocation: null }, NOW)).toMatchObject({
      ratePercent: 10,
    });
    const notInNewZealand = await registered.determine({ country: 'NZ', secondaryLocation: null }, NOW);
    expect(notInNewZealand).toMatchObject({ ok: true, ratePercent: 0, components: [] });
    expect(notInNewZealand.ok && notInNewZealand.source).toMatch(/not registered/);
    // Countries without a threshold are taxed whatever the list says.
    expect(await registered.determine({ country: 'DE', secondaryLocation: null }, NOW)).toMatchObject({
      ratePercent: 19,
    });
  });

  it('a rate change applies from its day: a sale before it and a renewal after it', async () => {
    const rows: TaxRateRow[] = [
      {
        country: 'XX',
        region: null,
        name: 'VAT',
        jurisdiction: 'XX',
        ratePercent: 20,
        validFrom: '2023-01-01',
        validTo: '2026-06-30',
        source: 'test',
      },
      {
        country: 'XX',
        region: null,
        name: 'VAT',
        jurisdiction: 'XX',
        ratePercent: 22,
        validFrom: '2026-07-01',
        validTo: null,
        source: 'test',
      },
    ];
    const changing = createTableTaxProvider({ rates: rows });
    const on = (day: string) => changing.determine({ country: 'XX', secondaryLocation: null }, at(day));
    expect(await on('2026-06-30')).toMatchObject({ ratePercent: 20 });
    expect(await on('2026-07-01')).toMatchObject({ ratePercent: 22 });
  });
});
