import { describe, expect, it, vi } from 'vitest';
import { parseCookies, readCookie } from './cookies';
import { readCspNonce } from './csp-nonce';
import { currentLocale } from './locale';

describe('cookies', () => {
  it('parses and decodes a cookie string, keeping the first of duplicates', () => {
    const cookies = parseCookies('a=1; b=hello%20world; a=2; broken; c=%E0');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'hello world'],
      ['c', '%E0'],
    ]);
    expect(readCookie('b', 'b=x')).toBe('x');
    expect(readCookie('missing', 'b=x')).toBeUndefined();
  });
});

describe('currentLocale', () => {
  it('prefers the ud_locale cookie, then the browser languages, among the locales we speak', () => {
    expect(currentLocale('ud_locale=ja_JP', ['es-ES'])).toBe('ja-JP');
    expect(currentLocale('ud_locale=de_DE', ['pt-PT', 'en'])).toBe('pt-BR');
    expect(currentLocale('', ['fr-CA', 'es-419'])).toBe('es-ES');
    expect(currentLocale('', 'fr-CA')).toBe('en-US');
    expect(currentLocale('', undefined)).toBe('en-US');
  });

  it("reads the browser's own languages by default", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'ja']);
    try {
      expect(currentLocale('')).toBe('ja-JP');
    } finally {
      languages.mockRestore();
    }
  });
});

describe('readCspNonce', () => {
  it('reads the nonce meta tag and ignores the unreplaced placeholder', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(readCspNonce(doc)).toBe('');
    doc.head.innerHTML = '<meta name="csp-nonce" content="abc123">';
    expect(readCspNonce(doc)).toBe('abc123');
    doc.head.innerHTML = '<meta name="csp-nonce" content="__CSP_NONCE__">';
    expect(readCspNonce(doc)).toBe('');
  });
});
