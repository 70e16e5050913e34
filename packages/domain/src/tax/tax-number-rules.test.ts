import { describe, expect, it } from 'vitest';
import {
  TAX_NUMBER_MAX_LENGTH,
  acceptsTaxNumber,
  normalizeTaxNumber,
  taxNumberError,
  taxNumberLabel,
} from './tax-number-rules.js';

/** The values that taxNumberError rejects for `country` (an empty list: all valid). */
const rejectedOf = (country: string, values: string[]) =>
  values.filter((value) => taxNumberError(country, value) !== null);

/** The values that taxNumberError accepts for `country` (an empty list: all invalid). */
const acceptedOf = (country: string, values: string[]) =>
  values.filter((value) => taxNumberError(country, value) === null);

// For each supported country: valid numbers (check digits verified) and invalid ones (a
// check digit off by one, a wrong length, a malformed one).
const CASES: Record<string, { valid: string[]; invalid: string[] }> = {
  AT: { valid: ['ATU13585627', 'ATU12345675'], invalid: ['ATU13585626', 'ATU1358562', 'AT13585627'] },
  BE: { valid: ['BE0123456749', 'BE0411905847'], invalid: ['BE0123456748', 'BE01234567490'] },
  BG: { valid: ['BG123456786', 'BG175074752'], invalid: ['BG123456787', 'BG12345678'] },
  CY: { valid: ['CY01234567U', 'CY10259033P'], invalid: ['CY01234567V', 'CY0123456U'] },
  CZ: { valid: ['CZ12345679', 'CZ25123891'], invalid: ['CZ12345678', 'CZ1234567'] },
  DE: { valid: ['DE136695976', 'DE123456788'], invalid: ['DE136695977', 'DE13669597', 'DE036695976'] },
  DK: { valid: ['DK12345674', 'DK13585628'], invalid: ['DK12345675', 'DK1234567'] },
  EE: { valid: ['EE101234568', 'EE100931558'], invalid: ['EE101234569', 'EE201234568'] },
  ES: { valid: ['ESA13585625', 'ESA12345674'], invalid: ['ESA13585626', 'ES13585625'] },
  FI: { valid: ['FI12345671', 'FI13669598'], invalid: ['FI12345672', 'FI1234567'] },
  FR: {
    valid: ['FR40303265045', 'FR83404833048', 'FRK7399859412'],
    invalid: ['FR40303265046', 'FR4030326504', 'FRK7399859413', 'FRIO334175221'],
  },
  GR: { valid: ['EL123456783', 'EL094259216'], invalid: ['EL123456784', 'EL12345678'] },
  HR: { valid: ['HR12345678903', 'HR33392005961'], invalid: ['HR12345678904', 'HR1234567890'] },
  HU: { valid: ['HU12345676', 'HU12892312'], invalid: ['HU12345677', 'HU1234567'] },
  IE: { valid: ['IE6388047V', 'IE1234567T', 'IE1234567WH'], invalid: ['IE6388048V', 'IE6388047'] },
  IT: { valid: ['IT12345670017', 'IT00743110157'], invalid: ['IT12345670018', 'IT1234567001'] },
  LT: { valid: ['LT123456715', 'LT119511515'], invalid: ['LT123456716', 'LT12345671'] },
  LU: { valid: ['LU12345613', 'LU15027442'], invalid: ['LU12345614', 'LU1234561'] },
  LV: { valid: ['LV40123456783', 'LV40003521600'], invalid: ['LV40123456784', 'LV4012345678'] },
  MT: { valid: ['MT12345634', 'MT11679112'], invalid: ['MT12345635', 'MT02345634'] },
  NL: {
    valid: ['NL004495445B01', 'NL123456782B01'],
    invalid: ['NL004495446B01', 'NL004495445', 'NL004495445C01'],
  },
  PL: { valid: ['PL1234567883', 'PL8567346215'], invalid: ['PL1234567884', 'PL123456788'] },
  PT: { valid: ['PT123456789', 'PT501964843'], invalid: ['PT123456788', 'PT12345678'] },
  RO: { valid: ['RO1234567897', 'RO18547290'], invalid: ['RO1234567898', 'RO0234567897'] },
  SE: { valid: ['SE123456789701', 'SE556188840401'], invalid: ['SE123456789801', 'SE123456789702'] },
  SI: { valid: ['SI12345679', 'SI50223054'], invalid: ['SI12345678', 'SI1234567'] },
  SK: { valid: ['SK2022749619', 'SK4030000007'], invalid: ['SK2022749618', 'SK202274961'] },
  GB: {
    valid: ['GB980780684', 'GB123456782', 'GB123456782001'],
    invalid: ['GB980780685', 'GB98078068', 'GB1234567820'],
  },
  IM: { valid: ['GB123456782'], invalid: ['GB123456783'] },
  MC: { valid: ['FR83404833048'], invalid: ['FR83404833049'] },
  CH: {
    valid: ['CHE123456788', 'CHE123456788MWST', 'CHE-116.281.710 TVA'],
    invalid: ['CHE123456789', 'CHE12345678', 'CHE123456788VAT'],
  },
  NO: { valid: ['NO123456785', 'NO123456785MVA', 'NO974760673MVA'], invalid: ['NO123456786', 'NO12345678'] },
  RS: { valid: ['RS123456788', 'RS101134702'], invalid: ['RS123456789', 'RS12345678'] },
  RU: { valid: ['RU1234567894', 'RU500100732259'], invalid: ['RU1234567895', 'RU500100732258'] },
  AD: { valid: ['ADU123456A', 'ADF123456E'], invalid: ['ADU123456', 'ADB123456A'] },
  AU: { valid: ['51824753556', '51 824 753 556'], invalid: ['51824753557', '5182475355', '01824753556'] },
  NZ: {
    valid: ['49091850', '49-098-576', '123123123', '136410132'],
    invalid: ['136410133', '9125568', '150000001', '1234567890'],
  },
  IN: {
    valid: ['27AAPFU0939F1ZV', '27aapfu0939f1zv'],
    invalid: ['27AAPFU0939F1ZO', '27AAPFU0939F1Z', '27AAPFU0000F1ZV', '40AAPFU0939F1ZV', '27AAPFU0939F1YV'],
  },
  CA: {
    valid: ['123456782RT0001', '123456782 RT 0001'],
    invalid: ['123456783RT0001', '123456782', '123456782RP0001', '123456782RT001'],
  },
  SG: {
    valid: ['201912345A', '53312345D', 'T08LL1234A', 'F00056789H', 'M2-1234567-8', 'MR-8500123-X'],
    invalid: ['2019123A', 'T08XX1234A', 'F12356789H', 'M2-123456-8', '2019123456'],
  },
  JP: {
    valid: ['T5835678256246', '5835678256246', 'T 5-8356-7825-6246'],
    invalid: ['T2835678256246', 'T583567825624', 'X5835678256246'],
  },
  KR: { valid: ['1168200276', '134-86-72683'], invalid: ['1168200277', '116820027', '1160000276'] },
  SA: { valid: ['310123456700003', '300000000000003'], invalid: ['310123456700004', '31012345670003'] },
  AE: { valid: ['100123456700003', '100-1234-5670-0003'], invalid: ['200123456700003', '10012345670000'] },
  TR: { valid: ['4540536920'], invalid: ['4540536921', '454053692'] },
};

describe('tax numbers by country', () => {
  for (const [country, { valid, invalid }] of Object.entries(CASES)) {
    it(`${country}: accepts valid numbers and rejects invalid ones`, () => {
      expect(acceptsTaxNumber(country)).toBe(true);
      expect(rejectedOf(country, valid)).toEqual([]);
      expect(acceptedOf(country, invalid)).toEqual([]);
    });
  }

  it('accepts the example of each message', () => {
    for (const country of Object.keys(CASES)) {
      const message = taxNumberError(country, 'X');
      const example = /such as (\S+)\.$/.exec(message ?? '')?.[1];
      expect(example, country).toBeDefined();
      expect(taxNumberError(country, example ?? ''), country).toBeNull();
      expect(normalizeTaxNumber(country, example ?? ''), country).toBe(example);
    }
  });

  it('keeps every valid number within TAX_NUMBER_MAX_LENGTH', () => {
    for (const [country, { valid }] of Object.entries(CASES)) {
      for (const value of valid) {
        expect(normalizeTaxNumber(country, value).length).toBeLessThanOrEqual(TAX_NUMBER_MAX_LENGTH);
      }
    }
  });
});

describe('normalizeTaxNumber', () => {
  it('upper-cases and drops spaces, dots, dashes and slashes', () => {
    expect(normalizeTaxNumber('DE', ' de 136.695-976 ')).toBe('DE136695976');
    expect(normalizeTaxNumber('NL', 'nl0044.95445.b01')).toBe('NL004495445B01');
    expect(normalizeTaxNumber('CH', 'CHE-123.456.788 MWST')).toBe('CHE123456788MWST');
    expect(normalizeTaxNumber('IN', '27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV');
    expect(normalizeTaxNumber('CA', '123456782 RT 0001')).toBe('123456782RT0001');
    expect(normalizeTaxNumber('AU', '51/824/753/556')).toBe('51824753556');
  });

  it('adds a European prefix left out when the number is valid with it', () => {
    expect(normalizeTaxNumber('DE', '136695976')).toBe('DE136695976');
    expect(normalizeTaxNumber('AT', 'U13585627')).toBe('ATU13585627');
    expect(normalizeTaxNumber('FR', '40 303 265 045')).toBe('FR40303265045');
    expect(normalizeTaxNumber('ES', 'A13585625')).toBe('ESA13585625');
    expect(normalizeTaxNumber('CH', '123.456.788 MWST')).toBe('CHE123456788MWST');
    expect(normalizeTaxNumber('GB', '980780684')).toBe('GB980780684');
    expect(normalizeTaxNumber('MC', '83404833048')).toBe('FR83404833048');
    expect(taxNumberError('DE', '136695976')).toBeNull();
    expect(taxNumberError('IE', '6388047V')).toBeNull();
    // Not valid with the prefix either: left as typed.
    expect(normalizeTaxNumber('DE', '136695977')).toBe('136695977');
    expect(taxNumberError('DE', '136695977')).not.toBeNull();
  });

  it('writes Greek numbers with EL, GR accepted', () => {
    expect(normalizeTaxNumber('GR', 'GR123456783')).toBe('EL123456783');
    expect(normalizeTaxNumber('GR', 'el 123 456 783')).toBe('EL123456783');
    expect(normalizeTaxNumber('GR', '123456783')).toBe('EL123456783');
    expect(taxNumberError('GR', 'GR123456783')).toBeNull();
    expect(taxNumberError('GR', 'EL123456783')).toBeNull();
    expect(taxNumberError('GR', 'GR123456784')).toBe(
      'Enter a valid VAT number for Greece, such as EL123456783.',
    );
  });

  it('writes Northern Ireland XI numbers and Swiss CH ones with the usual prefix', () => {
    expect(normalizeTaxNumber('GB', 'XI 980 7806 84')).toBe('GB980780684');
    expect(normalizeTaxNumber('CH', 'CH-123.456.788')).toBe('CHE123456788');
  });

  it('completes Japanese T-numbers and 8-digit New Zealand numbers', () => {
    expect(normalizeTaxNumber('JP', '5835678256246')).toBe('T5835678256246');
    expect(normalizeTaxNumber('JP', '2835678256246')).toBe('2835678256246');
    expect(normalizeTaxNumber('NZ', '49-091-850')).toBe('049091850');
  });

  it('only cleans numbers of countries we do not check', () => {
    expect(normalizeTaxNumber('US', '12-3456789')).toBe('123456789');
  });
});

describe('taxNumberError messages', () => {
  it('names the country and shows an example', () => {
    expect(taxNumberError('DE', 'DE136695977')).toBe(
      'Enter a valid VAT number for Germany, such as DE123456788.',
    );
    expect(taxNumberError('DE', '')).toBe('Enter a valid VAT number for Germany, such as DE123456788.');
    expect(taxNumberError('NL', 'NL1')).toBe(
      'Enter a valid VAT number for the Netherlands, such as NL123456782B01.',
    );
    expect(taxNumberError('AU', '1')).toBe('Enter a valid ABN for Australia, such as 51824753556.');
    expect(taxNumberError('JP', '1')).toBe(
      'Enter a valid registration number (T-number) for Japan, such as T5835678256246.',
    );
    expect(taxNumberError('TR', '1')).toBe('Enter a valid tax number (VKN) for Türkiye, such as 4540536920.');
  });

  it('rejects a number whose prefix names another country, and says so', () => {
    expect(taxNumberError('AT', 'DE136695976')).toBe(
      'This is a VAT number from Germany, not Austria. ' +
        'Enter a valid VAT number for Austria, such as ATU12345675.',
    );
    expect(taxNumberError('IE', 'GB980780684')).toBe(
      'This is a VAT number from the United Kingdom, not Ireland. ' +
        'Enter a valid VAT number for Ireland, such as IE1234567T.',
    );
    expect(taxNumberError('DE', 'EL123456783')).toMatch(/^This is a VAT number from Greece, not Germany\./);
    expect(taxNumberError('FR', 'CHE123456788')).toMatch(/from Switzerland, not France\./);
    // Monaco's numbers are French, the Isle of Man's British.
    expect(taxNumberError('MC', 'FR83404833048')).toBeNull();
    expect(taxNumberError('IM', 'GB980780684')).toBeNull();
    expect(taxNumberError('FR', 'GB980780684')).toMatch(/^This is a VAT number from the United Kingdom/);
  });

  it('does not accept numbers of countries it cannot check', () => {
    for (const country of ['US', 'BR', 'CN', 'ZZ']) expect(acceptsTaxNumber(country)).toBe(false);
    expect(taxNumberError('US', '12-3456789')).toBe(
      "We can't accept VAT or GST numbers from the United States.",
    );
    expect(taxNumberError('BR', '')).toBe("We can't accept VAT or GST numbers from Brazil.");
    expect(taxNumberError('ZZ', 'DE136695976')).toBe("We can't accept VAT or GST numbers from ZZ.");
  });
});

describe('labels and length', () => {
  it("labels the field with the country's name for the number", () => {
    expect(taxNumberLabel('DE')).toBe('VAT number');
    expect(taxNumberLabel('NZ')).toBe('GST number');
    expect(taxNumberLabel('AU')).toBe('ABN');
    expect(taxNumberLabel('IN')).toBe('GSTIN');
    expect(taxNumberLabel('AE')).toBe('TRN');
    expect(taxNumberLabel('CA')).toBe('GST/HST number');
    expect(taxNumberLabel('JP')).toBe('Registration number (T-number)');
    expect(taxNumberLabel('US')).toBe('Tax number');
  });

  it('takes the longest supported format as the maximum length', () => {
    // CHE123456788MWST: a Swiss UID with its VAT suffix.
    expect(TAX_NUMBER_MAX_LENGTH).toBe(16);
    expect(taxNumberError('CH', 'CHE123456788MWST')).toBeNull();
  });
});
