import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  localeCookieValue,
  negotiateLocale,
  parseAcceptLanguage,
  supportedLocaleFor,
} from './locale-negotiation.js';

describe('supportedLocaleFor', () => {
  it.each([
    ['en_US', 'en-US'],
    ['es_ES', 'es-ES'],
    ['pt_BR', 'pt-BR'],
    ['ja_JP', 'ja-JP'],
    ['pt-br', 'pt-BR'],
    ['JA', 'ja-JP'],
    [' es-ES ', 'es-ES'],
  ])('reads %j as %s', (tag, locale) => {
    expect(supportedLocaleFor(tag)).toBe(locale);
  });

  it.each([
    ['es-MX', 'es-ES'],
    ['es-419', 'es-ES'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['en-GB', 'en-US'],
    ['ja-Jpan-JP', 'ja-JP'],
  ])('falls back from %s to its language: %s', (tag, locale) => {
    expect(supportedLocaleFor(tag)).toBe(locale);
  });

  it.each(['fr-FR', 'de', '*', '', 'e', 'es-', 'es--ES', 'español', '1234', 'es-ES;q=1'])(
    'answers null for %j',
    (tag) => {
      expect(supportedLocaleFor(tag)).toBeNull();
    },
  );
});

describe('parseAcceptLanguage', () => {
  it('orders by q-value, then by position', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ]);
    expect(parseAcceptLanguage('de;q=0.5, ja;q=0.9, es, pt;q=0.9')).toEqual(['es', 'ja', 'pt', 'de']);
  });

  it('drops q=0, malformed weights and empty entries', () => {
    expect(parseAcceptLanguage('es;q=0, ja;q=abc, pt;q=1.5, , en;Q=0.3, fr;level=1')).toEqual(['fr', 'en']);
  });

  it('reads an empty header as no preference', () => {
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('reads only the first 32 entries of an overlong header', () => {
    const header = [...Array.from({ length: 40 }, (_, i) => `x${i}`.padEnd(3, 'x')), 'ja'].join(',');
    expect(parseAcceptLanguage(header)).toHaveLength(32);
    expect(negotiateLocale({ acceptLanguage: header })).toBe('en-US');
  });
});

describe('negotiateLocale', () => {
  it('takes the locale cookie first', () => {
    expect(negotiateLocale({ cookie: 'ja_JP', acceptLanguage: 'es-ES,es;q=0.9' })).toBe('ja-JP');
    expect(negotiateLocale({ cookie: 'es_MX', acceptLanguage: 'en-US' })).toBe('es-ES');
  });

  it('ignores a cookie naming a language we do not speak', () => {
    expect(negotiateLocale({ cookie: 'fr_FR', acceptLanguage: 'pt-BR' })).toBe('pt-BR');
    expect(negotiateLocale({ cookie: 'garbage;', acceptLanguage: 'ja' })).toBe('ja-JP');
    expect(negotiateLocale({ cookie: '', acceptLanguage: 'es' })).toBe('es-ES');
  });

  it('takes the most preferred language we speak from Accept-Language', () => {
    expect(negotiateLocale({ acceptLanguage: 'fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7' })).toBe('es-ES');
    expect(negotiateLocale({ acceptLanguage: 'en;q=0.2, pt;q=0.8' })).toBe('pt-BR');
    expect(negotiateLocale({ acceptLanguage: 'es-MX' })).toBe('es-ES');
  });

  it('takes the first language we speak from an ordered list (navigator.languages)', () => {
    expect(negotiateLocale({ acceptLanguage: ['de-DE', 'ja', 'en-US'] })).toBe('ja-JP');
    expect(negotiateLocale({ cookie: null, acceptLanguage: [] })).toBe('en-US');
  });

  it('answers en-US when nothing matches', () => {
    expect(negotiateLocale({})).toBe('en-US');
    expect(negotiateLocale({ acceptLanguage: 'fr, de;q=0.9, *;q=0.1' })).toBe('en-US');
    expect(negotiateLocale({ acceptLanguage: 'es;q=0' })).toBe('en-US');
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it('always answers a supported locale, whatever the input', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (cookie, acceptLanguage) => {
        expect(SUPPORTED_LOCALES).toContain(negotiateLocale({ cookie, acceptLanguage }));
      }),
    );
  });

  it('reads back the cookie value it writes for every supported locale', () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect(negotiateLocale({ cookie: localeCookieValue(locale), acceptLanguage: 'xx' })).toBe(locale);
    }
    expect(localeCookieValue('pt-BR')).toBe('pt_BR');
  });
});
