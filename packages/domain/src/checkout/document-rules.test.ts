import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_COUNTRIES,
  DOCUMENT_MAX_LENGTH,
  documentError,
  documentLabel,
  formatDocument,
  isDocumentCountry,
  normalizeDocument,
} from './document-rules.js';

/** The values that documentError rejects (an empty list: all valid). */
const rejectedOf = (country: string, values: string[]) =>
  values.filter((value) => documentError(country, value) !== null);

describe('document countries and labels (checkout §5)', () => {
  it('asks for a document in BR, MX, EG, NG, TR and CO', () => {
    expect(DOCUMENT_COUNTRIES).toEqual(['BR', 'MX', 'EG', 'NG', 'TR', 'CO']);
    expect(isDocumentCountry('TR')).toBe(true);
    expect(isDocumentCountry('US')).toBe(false);
    expect(DOCUMENT_MAX_LENGTH).toBe(25);
  });

  it.each([
    ['BR', 'CPF/CNPJ'],
    ['MX', 'CURP'],
    ['EG', 'National ID'],
    ['NG', 'NIN'],
    ['TR', 'T.C. Kimlik No'],
    ['CO', 'Cédula de ciudadanía'],
    ['US', 'Tax ID'],
  ])('labels the %s document %s', (country, label) => {
    expect(documentLabel(country)).toBe(label);
  });
});

describe('normalizeDocument and formatDocument (checkout §5 "formatted", max length 25)', () => {
  it('keeps letters and digits only, upper-case', () => {
    expect(normalizeDocument('BR', ' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizeDocument('MX', 'hegg 560427-mvzrrl04')).toBe('HEGG560427MVZRRL04');
    expect(normalizeDocument('CO', '1.023.456.789')).toBe('1023456789');
  });

  it('writes a CPF as 000.000.000-00 and a CNPJ as 00.000.000/0000-00, as far as typed', () => {
    expect(formatDocument('BR', '52998224725')).toBe('529.982.247-25');
    expect(formatDocument('BR', '529.982.247-25')).toBe('529.982.247-25');
    expect(formatDocument('BR', '5299')).toBe('529.9');
    expect(formatDocument('BR', '529982247')).toBe('529.982.247');
    expect(formatDocument('BR', '5299822472')).toBe('529.982.247-2');
    expect(formatDocument('BR', '112223330001')).toBe('11.222.333/0001');
    expect(formatDocument('BR', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('BR', '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('BR', '')).toBe('');
  });

  it('writes other documents normalized', () => {
    expect(formatDocument('MX', 'hegg560427mvzrrl04')).toBe('HEGG560427MVZRRL04');
    expect(formatDocument('TR', '100 000 001 46')).toBe('10000000146');
    expect(formatDocument('US', 'ab-12 34')).toBe('AB1234');
  });

  it('caps the formatted value at 25 characters', () => {
    expect(formatDocument('NG', '1'.repeat(30))).toBe('1'.repeat(25));
    expect(formatDocument('BR', '1'.repeat(30))).toHaveLength(25);
  });
});

describe('documentError (checkout §5)', () => {
  it('wants the document when empty, with the country text', () => {
    expect(documentError('BR', '')).toBe('Please enter your CPF.');
    expect(documentError('BR', ' .-/ ')).toBe('Please enter your CPF.');
    expect(documentError('MX', '')).toBe('Please enter your CURP.');
    expect(documentError('EG', '')).toBe('Please enter your national ID number.');
    expect(documentError('NG', '')).toBe('Please enter your NIN.');
    expect(documentError('TR', '')).toBe('Please enter your T.C. identity number.');
    expect(documentError('CO', '')).toBe('Please enter your cédula de ciudadanía.');
    expect(documentError('US', '')).toBe('Please enter your tax ID.');
  });

  it('BR: accepts a valid CPF or CNPJ, numeric or alphanumeric (RFB NT 49/2024)', () => {
    expect(
      rejectedOf('BR', [
        '529.982.247-25',
        '52998224725',
        '295.379.955-93',
        '11.222.333/0001-81',
        '11222333000181',
        '12.ABC.345/01DE-35',
        '12abc34501de35',
      ]),
    ).toEqual([]);
  });

  it("BR: rejects others with 'Please enter a valid CPF/CNPJ'", () => {
    for (const value of [
      '529.982.247-26', // wrong check digit
      '111.111.111-11', // repeated digits
      '000.000.000-00',
      '5299822472', // 10 digits
      '529982247250', // 12 digits
      '11.222.333/0001-80',
      '12.ABC.345/01DE-36',
      '12.ABC.345/01DE-AB', // CNPJ check digits are digits
      '5299822472A',
    ]) {
      expect(documentError('BR', value), value).toBe('Please enter a valid CPF/CNPJ');
    }
  });

  it('MX: accepts valid CURPs (RENAPO example, python-stdnum and stdnum-js vectors)', () => {
    expect(
      rejectedOf('MX', [
        'HEGG560427MVZRRL04',
        'BOXW310820HNERXN09',
        'HELO990501HVZRPN09',
        'MASI050805MVZRLRA8', // letter homoclave: born in 2005
        'COME721110MVZNRR03',
        'TEAM470622HVZZPR07',
        'GARS700923HSPLXL06',
        'boxw310820hnerxn09',
        'BOXW000229HNERXNA9', // 29 February 2000
      ]),
    ).toEqual([]);
  });

  it("MX: rejects others with 'Please enter a valid CURP'", () => {
    for (const value of [
      'BOXW310820HNERXN08', // wrong check digit
      'BOXW310820HNERXN0', // 17 characters
      'BOXW310230HNERXN05', // 30 February
      'BOXW000229HNERXN09', // 29 February 1900
      'BOXW310820ZNERXN07', // no such sex
      'BOXW310820HZZRXN06', // no such state
      'BOXW310820HNEAXN09', // a vowel where an inner consonant goes
      'PUTA310820HNERXN06', // a name word RENAPO does not issue
    ]) {
      expect(documentError('MX', value), value).toBe('Please enter a valid CURP');
    }
  });

  // No check digit is published: these follow the structure (century, birth date, governorate).
  it('EG: accepts 14-digit national IDs with a century, a birth date and a governorate', () => {
    expect(
      rejectedOf('EG', [
        '29001011234567', // 1 January 1990, Dakahlia
        '30002290112345', // 29 February 2000, Cairo
        '28512318812345', // 31 December 1985, born abroad
        '2900 1011 2345 67',
      ]),
    ).toEqual([]);
  });

  it('EG: rejects others', () => {
    for (const value of [
      '19001011234567', // century 1
      '49001011234567', // century 4
      '20002290112345', // 29 February 1900
      '29013011234567', // month 13
      '29001019934567', // governorate 99
      '29001010534567', // governorate 05
      '2900101123456', // 13 digits
      '290010112345678', // 15 digits
    ]) {
      expect(documentError('EG', value), value).toBe('Please enter a valid national ID number');
    }
  });

  it('NG: a NIN is 11 digits', () => {
    expect(rejectedOf('NG', ['12345678901', '123 4567 8901'])).toEqual([]);
    for (const value of ['1234567890', '123456789012', '1234567890A']) {
      expect(documentError('NG', value), value).toBe('Please enter a valid NIN');
    }
  });

  it('TR: accepts valid T.C. kimlik numbers (python-stdnum and stdnum-js vectors)', () => {
    expect(
      rejectedOf('TR', ['10000000146', '17291716060', '64211142102', '62345678900', '11111111110']),
    ).toEqual([]);
  });

  it('TR: rejects others', () => {
    for (const value of [
      '17291716050', // wrong 10th digit
      '17291716061', // wrong 11th digit
      '10000000147',
      '01234567890', // starts with 0
      '1729171606', // 10 digits
      '172917160600', // 12 digits
    ]) {
      expect(documentError('TR', value), value).toBe('Please enter a valid T.C. identity number');
    }
  });

  it('CO: a cédula de ciudadanía is 6 to 10 digits', () => {
    expect(rejectedOf('CO', ['123456', '1.023.456.789', '79543210'])).toEqual([]);
    for (const value of ['12345', '12345678901', 'CC12345678']) {
      expect(documentError('CO', value), value).toBe('Please enter a valid cédula de ciudadanía');
    }
  });

  it('other countries: any letters and digits up to 25', () => {
    expect(documentError('US', 'AB-1234')).toBeNull();
    expect(documentError('US', 'A'.repeat(25))).toBeNull();
    expect(documentError('US', 'A'.repeat(26))).toBe('Please enter a valid tax ID');
  });
});
