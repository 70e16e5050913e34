import { describe, expect, it } from 'vitest';
import {
  billingAddressLines,
  billingCountryName,
  billingLocationOf,
  billingRegionName,
} from './billing-address.js';

const usStateOfZip = (zip: string) => (zip.startsWith('981') ? 'WA' : null);

describe('billingCountryName', () => {
  it('names a code of the billing select and keeps anything else as it is', () => {
    expect(billingCountryName('US')).toBe('United States');
    expect(billingCountryName('de')).toBe('Germany');
    expect(billingCountryName('United States')).toBe('United States');
    expect(billingCountryName('ZZ')).toBe('ZZ');
  });
});

describe('billingRegionName', () => {
  it('names provinces, states and emirates; keeps an unknown code', () => {
    expect(billingRegionName('CA', 'on')).toBe('Ontario');
    expect(billingRegionName('IN', 'MH')).toBe('Maharashtra');
    expect(billingRegionName('AE', 'DU')).toBe('Dubai');
    expect(billingRegionName('US', 'WA')).toBe('Washington');
    expect(billingRegionName('US', 'XX')).toBe('XX');
    expect(billingRegionName('DE', 'BY')).toBe('BY');
  });
});

describe('billingLocationOf', () => {
  it('reads a US ZIP as the postal code and its state', () => {
    expect(billingLocationOf('US', '98101', usStateOfZip)).toEqual({
      country: 'US',
      countryName: 'United States',
      region: 'Washington',
      postalCode: '98101',
    });
    // A ZIP in no known state keeps the ZIP alone.
    expect(billingLocationOf('US', '00001', usStateOfZip)).toMatchObject({
      region: null,
      postalCode: '00001',
    });
  });

  it('reads a select country’s location as its region, and a country alone as nothing more', () => {
    expect(billingLocationOf('CA', 'QC')).toEqual({
      country: 'CA',
      countryName: 'Canada',
      region: 'Quebec',
      postalCode: null,
    });
    expect(billingLocationOf('DE', null)).toEqual({
      country: 'DE',
      countryName: 'Germany',
      region: null,
      postalCode: null,
    });
    expect(billingLocationOf(null, '98101')).toEqual({
      country: null,
      countryName: null,
      region: null,
      postalCode: null,
    });
  });
});

describe('billingAddressLines', () => {
  it('prints the typed lines, region and postal code, then the country, without empty lines', () => {
    const location = billingLocationOf('US', '98101', usStateOfZip);
    expect(billingAddressLines(['1201 Third Avenue', null, ' '], location)).toEqual([
      '1201 Third Avenue',
      'Washington 98101',
      'United States',
    ]);
    expect(billingAddressLines(['5 Market St\nFloor 3'], billingLocationOf('DE', null))).toEqual([
      '5 Market St',
      'Floor 3',
      'Germany',
    ]);
    expect(billingAddressLines([], { country: null, region: null, postalCode: null })).toEqual([]);
  });

  it('takes a translated country name when given', () => {
    const location = { ...billingLocationOf('CA', 'ON'), countryName: 'Canadá' };
    expect(billingAddressLines(['1 Bay St'], location)).toEqual(['1 Bay St', 'Ontario', 'Canadá']);
  });
});
