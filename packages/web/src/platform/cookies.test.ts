import { describe, expect, it } from 'vitest';
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
  it('prefers the ud_locale cookie, then the browser language', () => {
    expect(currentLocale('ud_locale=de_DE', 'en-US')).toBe('de-DE');
    expect(currentLocale('', 'fr-CA')).toBe('fr-CA');
    expect(currentLocale('', undefined)).toBe('en-US');
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
