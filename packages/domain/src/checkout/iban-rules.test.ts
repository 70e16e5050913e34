import { describe, expect, it } from 'vitest';
import { formatIban, IBAN_MESSAGES, ibanError, normalizeIban } from './iban-rules.js';

describe('ibanError', () => {
  it.each([
    'NL91ABNA0417164300',
    'DE89 3704 0044 0532 0130 00',
    'fr14 2004 1010 0505 0001 3m02 606',
    'AT611904300234573201',
    'HR1210010051863000160',
  ])('accepts the valid IBAN %s', (iban) => expect(ibanError(iban)).toBeNull());

  it('asks for an IBAN when empty', () => {
    expect(ibanError('  ')).toBe(IBAN_MESSAGES.required);
  });

  it.each([
    ['a wrong check digit', 'NL92ABNA0417164300'],
    ['a wrong length', 'NL91ABNA041716430'],
    ['a country outside SEPA', 'US12345678901234567890'],
    ['letters where digits belong', 'NLXXABNA0417164300'],
  ])('refuses %s', (_name, iban) => expect(ibanError(iban)).toBe(IBAN_MESSAGES.invalid));
});

describe('IBAN formatting', () => {
  it('normalises spaces and case, and groups by four for display', () => {
    expect(normalizeIban('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});
