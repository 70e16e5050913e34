import { describe, expect, it } from 'vitest';
import {
  USER_SETTING_CODES,
  USER_SETTINGS,
  readUserSetting,
  readUserSettings,
  toStoredSettingValue,
  validateUserSetting,
} from './user-settings.js';

describe('user settings (platform §3)', () => {
  it('has the ten settings with their defaults', () => {
    expect(USER_SETTING_CODES).toHaveLength(10);
    expect(readUserSettings({})).toEqual({
      'caption-editor-pause-when-typing': true,
      direct_messaging_enabled: true,
      dismissOccupationCollectionBanner: false,
      interstitialAutoNext: true,
      'instructor-courses-ordering': '-created',
      'mfa-enabled': true,
      'review-prompt-disabled': false,
      seenOnboardingFlow: false,
      seenOrgOrPPGoalHeader: false,
      'skipped-occupation-flow': false,
    });
  });
});

describe('readUserSetting (platform §5 read rules)', () => {
  it("reads 'on' and '1' as true", () => {
    expect(readUserSetting('review-prompt-disabled', 'on')).toBe(true);
    expect(readUserSetting('seenOnboardingFlow', '1')).toBe(true);
  });

  it("reads 'off', '' and null as false, even where the default is true", () => {
    expect(readUserSetting('mfa-enabled', 'off')).toBe(false);
    expect(readUserSetting('mfa-enabled', '')).toBe(false);
    expect(readUserSetting('mfa-enabled', null)).toBe(false);
  });

  it('gives the default for anything else or a value never stored', () => {
    expect(readUserSetting('mfa-enabled', 'yes')).toBe(true);
    expect(readUserSetting('seenOnboardingFlow', 'TRUE')).toBe(false);
    expect(readUserSetting('interstitialAutoNext', undefined)).toBe(true);
  });

  it('keeps a known ordering and falls back to -created otherwise', () => {
    expect(readUserSetting('instructor-courses-ordering', 'title')).toBe('title');
    expect(readUserSetting('instructor-courses-ordering', 'on')).toBe('-created');
    expect(readUserSetting('instructor-courses-ordering', null)).toBe('-created');
  });
});

describe('stored values', () => {
  it("stores toggles as 'on'/'off' and one-way flags as '1'/''", () => {
    expect(toStoredSettingValue('mfa-enabled', true)).toBe('on');
    expect(toStoredSettingValue('mfa-enabled', false)).toBe('off');
    expect(toStoredSettingValue('seenOnboardingFlow', true)).toBe('1');
    expect(toStoredSettingValue('seenOnboardingFlow', false)).toBe('');
  });

  it('reads back every value it stores', () => {
    for (const code of USER_SETTING_CODES) {
      const values = USER_SETTINGS[code].storage === 'ordering' ? ['-created', 'title'] : [true, false];
      for (const value of values) {
        expect(readUserSetting(code, toStoredSettingValue(code, value as never))).toBe(value);
      }
    }
  });
});

describe('validateUserSetting', () => {
  it('accepts a known setting with a boolean or a stored form, and gives the stored value', () => {
    expect(validateUserSetting({ setting: 'mfa-enabled', value: false })).toEqual({
      ok: true,
      setting: 'mfa-enabled',
      value: false,
      stored: 'off',
    });
    expect(validateUserSetting({ setting: 'seenOnboardingFlow', value: 'on' })).toMatchObject({
      stored: '1',
    });
    expect(validateUserSetting({ setting: 'instructor-courses-ordering', value: 'title' })).toMatchObject({
      ok: true,
      stored: 'title',
    });
  });

  it('refuses an unknown or missing setting with a field error on setting', () => {
    expect(validateUserSetting({ setting: 'darkMode', value: true })).toEqual({
      ok: false,
      fieldErrors: { setting: ['Unknown setting.'] },
    });
    expect(validateUserSetting({ value: true })).toMatchObject({
      ok: false,
      fieldErrors: { setting: ['Choose a setting.'] },
    });
    expect(validateUserSetting(null)).toMatchObject({ ok: false });
    expect(validateUserSetting({ setting: 'toString', value: true })).toMatchObject({ ok: false });
  });

  it('refuses a value of the wrong shape with a field error on value', () => {
    expect(validateUserSetting({ setting: 'mfa-enabled', value: 'maybe' })).toMatchObject({
      ok: false,
      fieldErrors: { value: [expect.any(String)] },
    });
    expect(validateUserSetting({ setting: 'instructor-courses-ordering', value: 'price' })).toMatchObject({
      ok: false,
      fieldErrors: { value: [expect.any(String)] },
    });
  });

  it('allows only course settings on the course-level call', () => {
    expect(validateUserSetting({ setting: 'interstitialAutoNext', value: false }, 'course')).toMatchObject({
      ok: true,
    });
    expect(validateUserSetting({ setting: 'mfa-enabled', value: false }, 'course')).toEqual({
      ok: false,
      fieldErrors: { setting: ['This setting cannot be set for a course.'] },
    });
  });
});
