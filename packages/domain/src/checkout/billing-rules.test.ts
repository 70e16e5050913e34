import { describe, expect, it } from 'vitest';
import { currencyForCountry } from '../money/country-currency.js';
import {
  BILLING_COUNTRIES,
  billingCountryError,
  formatSecondaryLocationInput,
  isBillingCountry,
  isBillingInformationValid,
  isCountrySelectDisabled,
  normalizeSecondaryLocation,
  secondaryLocationError,
  secondaryLocationFieldOf,
  SECONDARY_LOCATION_MAX_LENGTH,
} from './billing-rules.js';

function optionIds(country: string): string[] {
  const field = secondaryLocationFieldOf(country);
  return field?.kind === 'select' ? field.options.map((option) => option.id) : [];
}

describe('BILLING_COUNTRIES (checkout §3)', () => {
  it('lists every assigned ISO 3166-1 alpha-2 code once, with an English title', () => {
    expect(BILLING_COUNTRIES).toHaveLength(249);
    expect(new Set(BILLING_COUNTRIES.map((country) => country.id)).size).toBe(249);
    for (const { id, title } of BILLING_COUNTRIES) {
      expect(id).toMatch(/^[A-Z]{2}$/);
      expect(title.trim()).toBe(title);
      expect(title.length).toBeGreaterThan(2);
    }
  });

  it('is sorted by title', () => {
    const titles = BILLING_COUNTRIES.map((country) => country.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names countries in English', () => {
    const title = (id: string) => BILLING_COUNTRIES.find((country) => country.id === id)?.title;
    expect(title('US')).toBe('United States');
    expect(title('DE')).toBe('Germany');
    expect(title('JP')).toBe('Japan');
    expect(title('AE')).toBe('United Arab Emirates');
    expect(title('KR')).toBe('South Korea');
  });

  it('covers every country with its own price currency and every EU member', () => {
    const priced = ['AU', 'BR', 'CA', 'CL', 'CO', 'DK', 'EG', 'GB', 'ID', 'IL', 'IN', 'JP', 'KR', 'MX', 'MY'];
    const more = ['NG', 'NO', 'PE', 'PH', 'PL', 'RO', 'RU', 'SG', 'TH', 'TR', 'TW', 'US', 'VN', 'ZA'];
    const eu = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU'];
    const eu2 = ['IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];
    for (const id of [...priced, ...more, ...eu, ...eu2]) expect(isBillingCountry(id)).toBe(true);
    // Sanity check on the list above: each priced country has its own currency.
    for (const id of [...priced, ...more].filter((id) => id !== 'US')) {
      expect(currencyForCountry(id)).not.toBe('USD');
    }
  });

  it('knows only upper-case codes', () => {
    expect(isBillingCountry('us')).toBe(false);
    expect(isBillingCountry('XX')).toBe(false);
  });
});

describe('billingCountryError (checkout §5)', () => {
  it('requires a known country', () => {
    expect(billingCountryError('US')).toBeNull();
    expect(billingCountryError('FR')).toBeNull();
    for (const bad of [null, undefined, '', 'XX', 'usa', 'us']) {
      expect(billingCountryError(bad)).toBe('Please select billing country.');
    }
  });
});

describe('secondaryLocationFieldOf (checkout §5)', () => {
  it('asks the US for a ZIP code', () => {
    expect(secondaryLocationFieldOf('US')).toEqual({ kind: 'zip' });
  });

  it('asks CA for one of its 13 provinces and territories', () => {
    expect(optionIds('CA')).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NT',
      'NS',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
  });

  it('asks IN for one of its 28 states and 8 union territories (current ISO 3166-2 codes)', () => {
    const ids = optionIds('IN');
    expect(ids).toHaveLength(36);
    expect(new Set(ids).size).toBe(36);
    for (const id of [
      'MH',
      'KA',
      'TN',
      'CG',
      'OD',
      'UK',
      'TS',
      'DL',
      'JK',
      'LA',
      'DH',
      'LD',
      'PY',
      'AN',
      'CH',
    ]) {
      expect(ids).toContain(id);
    }
    // Codes ISO has retired.
    for (const id of ['CT', 'OR', 'UT', 'DN', 'DD']) expect(ids).not.toContain(id);
  });

  it('asks AE for one of its 7 emirates', () => {
    expect(optionIds('AE')).toEqual(['AZ', 'AJ', 'DU', 'FU', 'RK', 'SH', 'UQ']);
  });

  it('lists options by title', () => {
    for (const country of ['CA', 'IN', 'AE']) {
      const field = secondaryLocationFieldOf(country);
      const titles = field?.kind === 'select' ? field.options.map((option) => option.title) : [];
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('asks other countries for nothing', () => {
    for (const country of ['DE', 'JP', 'GB', 'BR', 'XX', ''])
      expect(secondaryLocationFieldOf(country)).toBeNull();
  });

  it('hands out fresh objects', () => {
    const field = secondaryLocationFieldOf('AE');
    if (field?.kind === 'select') field.options.pop();
    expect(optionIds('AE')).toHaveLength(7);
  });
});

describe('formatSecondaryLocationInput (checkout §5, §9)', () => {
  it.each([
    ['', ''],
    ['1234', '1234'],
    ['12345', '12345'],
    ['123456', '12345-6'],
    ['123456789', '12345-6789'],
    ['12345-6789', '12345-6789'],
    ['12345-', '12345-'],
    ['1234567890123', '12345-6789'],
    ['12a34 5', '12345'],
    ['ab', ''],
    ['94 105 1234', '94105-1234'],
  ])('%j → %j', (input, output) => {
    expect(formatSecondaryLocationInput(input)).toBe(output);
  });

  it('never exceeds the input limit of 10', () => {
    expect(SECONDARY_LOCATION_MAX_LENGTH).toBe(10);
    expect(formatSecondaryLocationInput('9'.repeat(40)).length).toBe(10);
  });

  it('is stable: formatting a formatted value changes nothing', () => {
    for (const input of ['123456', '123456789', '1234567890123']) {
      const once = formatSecondaryLocationInput(input);
      expect(formatSecondaryLocationInput(once)).toBe(once);
    }
  });
});

describe('secondaryLocationError (checkout §5)', () => {
  it.each(['94105', '94105-1234', '941051234', ' 94105 ', '00501'])('accepts the US ZIP %j', (zip) => {
    expect(secondaryLocationError('US', zip)).toBeNull();
  });

  it.each([
    null,
    undefined,
    '',
    '9410',
    '941055',
    '94105-123',
    '94105-12345',
    '9410512345',
    'ABCDE',
    '94105 1234',
  ])('rejects the US ZIP %j', (zip) => {
    expect(secondaryLocationError('US', zip)).toBe('Please enter a valid ZIP Code.');
  });

  it('requires a CA province', () => {
    expect(secondaryLocationError('CA', 'ON')).toBeNull();
    expect(secondaryLocationError('CA', 'qc')).toBeNull();
    for (const bad of [null, '', 'XX', 'CA-ON', 'Ontario']) {
      expect(secondaryLocationError('CA', bad)).toBe('Please select a province.');
    }
  });

  it('requires an IN state or union territory', () => {
    expect(secondaryLocationError('IN', 'MH')).toBeNull();
    expect(secondaryLocationError('IN', 'LA')).toBeNull();
    for (const bad of [undefined, '', 'ON', 'OR']) {
      expect(secondaryLocationError('IN', bad)).toBe('Please select a state.');
    }
  });

  it('requires an AE emirate', () => {
    expect(secondaryLocationError('AE', 'DU')).toBeNull();
    for (const bad of [null, '', 'Dubai', 'MH']) {
      expect(secondaryLocationError('AE', bad)).toBe('Please select an emirate.');
    }
  });

  it('ignores the value for countries that ask for none', () => {
    expect(secondaryLocationError('DE', null)).toBeNull();
    expect(secondaryLocationError('JP', 'anything')).toBeNull();
  });
});

describe('normalizeSecondaryLocation', () => {
  it('stores a 9-digit ZIP with its hyphen and select ids upper-case', () => {
    expect(normalizeSecondaryLocation('US', '941051234')).toBe('94105-1234');
    expect(normalizeSecondaryLocation('US', ' 94105 ')).toBe('94105');
    expect(normalizeSecondaryLocation('CA', ' on ')).toBe('ON');
  });

  it('keeps a wrong ZIP as it is, so the error shows', () => {
    expect(normalizeSecondaryLocation('US', '94105-12345')).toBe('94105-12345');
  });

  it('is null when empty or when the country asks for none', () => {
    expect(normalizeSecondaryLocation('US', '  ')).toBeNull();
    expect(normalizeSecondaryLocation('AE', null)).toBeNull();
    expect(normalizeSecondaryLocation('DE', 'Berlin')).toBeNull();
  });
});

describe('isBillingInformationValid (checkout §4, §5)', () => {
  it('needs a known country and, where asked, a valid secondary location', () => {
    expect(isBillingInformationValid('US', '94105')).toBe(true);
    expect(isBillingInformationValid('US', '9410')).toBe(false);
    expect(isBillingInformationValid('US', null)).toBe(false);
    expect(isBillingInformationValid('CA', 'ON')).toBe(true);
    expect(isBillingInformationValid('IN', null)).toBe(false);
    expect(isBillingInformationValid('DE', null)).toBe(true);
    expect(isBillingInformationValid('', null)).toBe(false);
    expect(isBillingInformationValid(null, '94105')).toBe(false);
  });
});

describe('isCountrySelectDisabled (checkout §5)', () => {
  it('is disabled while checkout is unavailable and with 1 or fewer options', () => {
    expect(isCountrySelectDisabled(249, false)).toBe(false);
    expect(isCountrySelectDisabled(249, true)).toBe(true);
    expect(isCountrySelectDisabled(1, false)).toBe(true);
    expect(isCountrySelectDisabled(0, false)).toBe(true);
    expect(isCountrySelectDisabled(2, false)).toBe(false);
  });
});
