import { describe, expect, it } from 'vitest';
import {
  canShare,
  locationSafeUrl,
  mailtoLink,
  sharePopupSize,
  shareTarget,
  validateShareRequest,
} from './sharing-rules.js';

describe('canShare (platform §5)', () => {
  const ok = { hasOrganization: false, externalSourcesEnabled: true };

  it('needs a public object, the marketplace brand and external sources', () => {
    expect(canShare({ is_private: false }, ok)).toBe(true);
    expect(canShare({ is_private: true }, ok)).toBe(false);
    expect(canShare({ is_private: false }, { ...ok, hasOrganization: true })).toBe(false);
    expect(canShare({ is_private: false }, { ...ok, externalSourcesEnabled: false })).toBe(false);
  });
});

describe('share helpers (platform §9)', () => {
  it('has the popup sizes of the two networks that open one', () => {
    expect(sharePopupSize('twitter')).toEqual({ width: 550, height: 420 });
    expect(sharePopupSize('fb_workplace')).toEqual({ width: 626, height: 436 });
    expect(sharePopupSize('clipboard')).toBeNull();
  });

  it('builds a mailto link with percent-encoded subject and body', () => {
    expect(
      mailtoLink({ subject: 'Learn TypeScript & more', body: 'See https://x.test/course/ts/?a=1' }),
    ).toBe(
      'mailto:?subject=Learn%20TypeScript%20%26%20more&body=See%20https%3A%2F%2Fx.test%2Fcourse%2Fts%2F%3Fa%3D1',
    );
    expect(mailtoLink({ to: 'a@b.test', subject: 'Hi', body: '' })).toBe('mailto:a@b.test?subject=Hi&body=');
  });

  it('shares the page address without query or fragment', () => {
    expect(shareTarget('https://x.test/course/ts/?couponCode=A#reviews')).toBe('https://x.test/course/ts/');
    expect(shareTarget('https://x.test/course/ts/')).toBe('https://x.test/course/ts/');
  });
});

describe('validateShareRequest', () => {
  const origin = 'http://localhost:3000';

  it('accepts a target on this site with a known context', () => {
    expect(
      validateShareRequest({ target: 'http://localhost:3000/course/ts/', context: 'clp' }, origin),
    ).toEqual({
      ok: true,
      request: { target: 'http://localhost:3000/course/ts/', context: 'clp' },
    });
  });

  it('stores a target a Location header can carry: non-ASCII percent-encoded', () => {
    expect(
      validateShareRequest({ target: 'http://localhost:3000/course/café-ü/', context: 'clp' }, origin),
    ).toEqual({
      ok: true,
      request: { target: 'http://localhost:3000/course/caf%C3%A9-%C3%BC/', context: 'clp' },
    });
    expect(locationSafeUrl('http://localhost:3000/a\u0000b/')).toBeNull();
    expect(locationSafeUrl('http://localhost:3000/\ud800/')).toBeNull();
  });

  it('refuses other sites, queries, odd schemes and unknown contexts, by field', () => {
    for (const target of [
      'https://evil.test/',
      'http://localhost:3000.evil.test/',
      'http://user@localhost:3000/',
      'http://localhost:3000/course/?a=1',
      'javascript:alert(1)',
      '/course/ts/',
      'http://localhost:3000/course/\u0001x/',
      'http://localhost:3000/course/a\u007fb/',
    ]) {
      expect(validateShareRequest({ target, context: 'clp' }, origin)).toMatchObject({
        ok: false,
        fieldErrors: { target: [expect.any(String)] },
      });
    }
    expect(validateShareRequest({ target: 'http://localhost:3000/', context: 'tv' }, origin)).toMatchObject({
      ok: false,
      fieldErrors: { context: [expect.any(String)] },
    });
    expect(validateShareRequest(undefined, origin)).toMatchObject({ ok: false });
  });
});
