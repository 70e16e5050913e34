import { describe, expect, it } from 'vitest';
import {
  advertisingPageViewAllowed,
  analyticsAllowed,
  consentChangedEvent,
  consentStorageState,
  decodeConsentCookie,
  encodeConsentCookie,
  defaultAllowedCategories,
  fromConsentValues,
  socialSdkAllowed,
  toConsentValues,
  validateUserCookiePreferences,
  withdrawnCategories,
} from './consent-rules.js';

describe('default consent (platform §4)', () => {
  it('denies everything but strictly necessary outside opt-out regions', () => {
    expect(defaultAllowedCategories('DE')).toEqual(['C0001']);
    expect(defaultAllowedCategories(null)).toEqual(['C0001']);
    const state = consentStorageState(defaultAllowedCategories('GB'));
    expect(state.security_storage).toBe('granted');
    expect(state.analytics_storage).toBe('denied');
    expect(state.ad_storage).toBe('denied');
  });

  it('grants everything in an opt-out region, and the list can be replaced', () => {
    expect(defaultAllowedCategories('us')).toEqual(['C0001', 'C0002', 'C0003', 'C0004', 'C0005']);
    expect(defaultAllowedCategories('US', ['BR'])).toEqual(['C0001']);
    expect(Object.values(consentStorageState(defaultAllowedCategories('US')))).not.toContain('denied');
  });
});

describe('dependency rules (platform §5)', () => {
  it('allows analytics only with performance', () => {
    expect(analyticsAllowed(['C0001', 'C0003'])).toBe(false);
    expect(analyticsAllowed(['C0001', 'C0002'])).toBe(true);
  });

  it('sends the advertising page view only with advertising and personalization storage', () => {
    expect(advertisingPageViewAllowed(consentStorageState(['C0001', 'C0004']))).toBe(false);
    expect(advertisingPageViewAllowed(consentStorageState(['C0001', 'C0003']))).toBe(false);
    expect(advertisingPageViewAllowed(consentStorageState(['C0001', 'C0003', 'C0004']))).toBe(true);
  });

  it('loads the social SDK only with external sources, third-party marketing and social consent', () => {
    const all = { external_sources_enabled: true, third_party_marketing_enabled: true };
    expect(socialSdkAllowed(all, ['C0001', 'C0005'])).toBe(true);
    expect(socialSdkAllowed({ ...all, external_sources_enabled: false }, ['C0001', 'C0005'])).toBe(false);
    expect(socialSdkAllowed({ ...all, third_party_marketing_enabled: false }, ['C0001', 'C0005'])).toBe(
      false,
    );
    expect(socialSdkAllowed(all, ['C0001'])).toBe(false);
  });
});

describe('consent change', () => {
  it('publishes the sorted allowed categories, strictly necessary included', () => {
    expect(consentChangedEvent('preference_center_confirm', ['C0004', 'C0002'])).toEqual({
      type: 'consent_changed',
      trigger: 'preference_center_confirm',
      allowedCategories: ['C0001', 'C0002', 'C0004'],
    });
  });

  it('names the withdrawn categories whose cookies go', () => {
    expect(withdrawnCategories(['C0001', 'C0002', 'C0004'], ['C0001', 'C0004', 'C0005'])).toEqual(['C0002']);
  });

  it("sends values as the strings 'true' and 'false' (platform §9) and reads them back", () => {
    const values = toConsentValues(['C0001', 'C0003']);
    expect(values).toEqual({ C0001: 'true', C0002: 'false', C0003: 'true', C0004: 'false', C0005: 'false' });
    expect(fromConsentValues(values)).toEqual(['C0001', 'C0003']);
  });
});

describe('validateUserCookiePreferences', () => {
  const preferences = { C0001: 'true', C0002: 'false', C0003: 'true', C0004: 'false', C0005: 'false' };

  it('accepts every category as a string', () => {
    expect(validateUserCookiePreferences({ preferences })).toEqual({ ok: true, preferences });
  });

  it('refuses booleans, missing or unknown categories and a refused C0001, by field', () => {
    expect(validateUserCookiePreferences({ preferences: { ...preferences, C0002: true } })).toEqual({
      ok: false,
      fieldErrors: { 'preferences.C0002': ["Use 'true' or 'false'."] },
    });
    expect(validateUserCookiePreferences({ preferences: { ...preferences, C0001: 'false' } })).toMatchObject({
      ok: false,
      fieldErrors: { 'preferences.C0001': [expect.any(String)] },
    });
    expect(validateUserCookiePreferences({ preferences: { ...preferences, C0009: 'true' } })).toMatchObject({
      ok: false,
      fieldErrors: { 'preferences.C0009': ['Unknown consent category.'] },
    });
    const { C0005: _omitted, ...missing } = preferences;
    expect(validateUserCookiePreferences({ preferences: missing })).toMatchObject({ ok: false });
    expect(validateUserCookiePreferences({})).toMatchObject({
      ok: false,
      fieldErrors: { preferences: [expect.any(String)] },
    });
  });
});

describe('consent cookie', () => {
  it('round-trips the allowed categories', () => {
    const value = encodeConsentCookie(['C0004', 'C0002']);
    expect(value).toBe('C0001:1,C0002:1,C0003:0,C0004:1,C0005:0');
    expect(decodeConsentCookie(value)).toEqual(['C0001', 'C0002', 'C0004']);
  });

  it('reads an absent or unreadable cookie as no choice', () => {
    expect(decodeConsentCookie(undefined)).toBeNull();
    expect(decodeConsentCookie('C0001:1,C0002:1')).toBeNull();
    expect(decodeConsentCookie('C0001:1,C0002:yes,C0003:0,C0004:1,C0005:0')).toBeNull();
    expect(decodeConsentCookie('C0001:1,C0001:1,C0003:0,C0004:1,C0005:0')).toBeNull();
  });
});
