// Platform §3 user settings, the stored-value mapping and the read rules of platform §5, and
// the contract of `POST /api-2.0/users/me/settings/` and its course-level variant (platform §7).

/** Platform §3: the ten user settings. */
export const USER_SETTING_CODES = [
  'caption-editor-pause-when-typing',
  'direct_messaging_enabled',
  'dismissOccupationCollectionBanner',
  'interstitialAutoNext',
  'instructor-courses-ordering',
  'mfa-enabled',
  'review-prompt-disabled',
  'seenOnboardingFlow',
  'seenOrgOrPPGoalHeader',
  'skipped-occupation-flow',
] as const;
export type UserSettingCode = (typeof USER_SETTING_CODES)[number];

/** Platform §9 gives no list of orderings; these are the instructor course list's sort keys (ours). */
export const INSTRUCTOR_COURSES_ORDERINGS = ['-created', 'created', 'title', '-title'] as const;
export type InstructorCoursesOrdering = (typeof INSTRUCTOR_COURSES_ORDERINGS)[number];

/**
 * How a setting is stored (platform §3: "mapped to and from 'on', '1', 'off' and '' depending
 * on the setting"). The spec does not say which setting uses which pair; ours: preferences a
 * user toggles are stored 'on'/'off', one-way flags ("seen", "dismissed", "skipped") '1'/''.
 */
export type SettingStorage = 'on-off' | 'flag' | 'ordering';

export interface UserSettingDefinition {
  storage: SettingStorage;
  defaultValue: boolean | InstructorCoursesOrdering;
}

/** Platform §3: every setting with its default. */
export const USER_SETTINGS: Readonly<Record<UserSettingCode, UserSettingDefinition>> = {
  'caption-editor-pause-when-typing': { storage: 'on-off', defaultValue: true },
  direct_messaging_enabled: { storage: 'on-off', defaultValue: true },
  dismissOccupationCollectionBanner: { storage: 'flag', defaultValue: false },
  interstitialAutoNext: { storage: 'on-off', defaultValue: true },
  'instructor-courses-ordering': { storage: 'ordering', defaultValue: '-created' },
  'mfa-enabled': { storage: 'on-off', defaultValue: true },
  'review-prompt-disabled': { storage: 'on-off', defaultValue: false },
  seenOnboardingFlow: { storage: 'flag', defaultValue: false },
  seenOrgOrPPGoalHeader: { storage: 'flag', defaultValue: false },
  'skipped-occupation-flow': { storage: 'flag', defaultValue: false },
};

/**
 * Settings that may also be set per course (`POST /api-2.0/users/me/course/{courseId}/settings/`).
 * The spec names the call but not its settings; ours: the ones that concern taking one course.
 */
export const COURSE_SETTING_CODES = [
  'caption-editor-pause-when-typing',
  'interstitialAutoNext',
  'review-prompt-disabled',
] as const satisfies readonly UserSettingCode[];
export type CourseSettingCode = (typeof COURSE_SETTING_CODES)[number];

/** A setting's value as the application reads it. */
export type UserSettingValue = boolean | InstructorCoursesOrdering;

/** Every setting resolved (stored value or default), as the user context carries it. */
export type UserSettings = {
  [K in UserSettingCode]: K extends 'instructor-courses-ordering' ? InstructorCoursesOrdering : boolean;
};

export function isUserSettingCode(code: unknown): code is UserSettingCode {
  return typeof code === 'string' && Object.hasOwn(USER_SETTINGS, code);
}

export function isCourseSettingCode(code: unknown): code is CourseSettingCode {
  return typeof code === 'string' && (COURSE_SETTING_CODES as readonly string[]).includes(code);
}

function isOrdering(value: unknown): value is InstructorCoursesOrdering {
  return typeof value === 'string' && (INSTRUCTOR_COURSES_ORDERINGS as readonly string[]).includes(value);
}

/**
 * Platform §5 read rule: stored 'on' or '1' is true; 'off', '' or null is false; anything
 * else (and a setting never stored, `undefined`) gives the default. The ordering keeps a
 * known stored ordering and otherwise falls back to its default.
 */
export function readUserSetting(code: UserSettingCode, stored: string | null | undefined): UserSettingValue {
  const definition = USER_SETTINGS[code];
  if (definition.storage === 'ordering') return isOrdering(stored) ? stored : definition.defaultValue;
  if (stored === 'on' || stored === '1') return true;
  if (stored === 'off' || stored === '' || stored === null) return false;
  return definition.defaultValue;
}

/** Resolves every setting from the stored rows (missing ones take their default). */
export function readUserSettings(stored: Readonly<Record<string, string | null>>): UserSettings {
  const settings: Record<string, UserSettingValue> = {};
  for (const code of USER_SETTING_CODES) {
    settings[code] = readUserSetting(code, Object.hasOwn(stored, code) ? stored[code] : undefined);
  }
  return settings as UserSettings;
}

/** The stored string of a value: 'on'/'off' or '1'/'' for booleans, the ordering itself. */
export function toStoredSettingValue(code: UserSettingCode, value: UserSettingValue): string {
  const { storage } = USER_SETTINGS[code];
  if (storage === 'ordering') return String(value);
  if (storage === 'flag') return value ? '1' : '';
  return value ? 'on' : 'off';
}

/** Body of `POST /api-2.0/users/me/settings/` and `POST /api-2.0/users/me/course/{courseId}/settings/`. */
export interface UserSettingRequest {
  setting: string;
  /** A boolean, or one of the stored forms 'on', '1', 'off', '', 'true', 'false'; the ordering's key. */
  value: unknown;
}

/** Answer of both calls: the setting as it now reads. */
export interface UserSettingResponse {
  setting: UserSettingCode;
  value: UserSettingValue;
}

/** Answer of `GET /api-2.0/users/me/course/{courseId}/settings/`: the course's resolved settings. */
export interface CourseSettingsResponse {
  course_id: number;
  settings: { [K in CourseSettingCode]: boolean };
}

export const USER_SETTING_MESSAGES = {
  settingRequired: 'Choose a setting.',
  unknownSetting: 'Unknown setting.',
  notCourseSetting: 'This setting cannot be set for a course.',
  invalidBoolean: "Use true or false ('on', '1', 'off' or '' are accepted too).",
  invalidOrdering: `Use one of: ${INSTRUCTOR_COURSES_ORDERINGS.join(', ')}.`,
} as const;

export type SettingValidation =
  | { ok: true; setting: UserSettingCode; value: UserSettingValue; stored: string }
  | { ok: false; fieldErrors: { setting?: string[]; value?: string[] } };

const TRUE_INPUTS = new Set<unknown>([true, 'on', '1', 'true']);
const FALSE_INPUTS = new Set<unknown>([false, 'off', '', '0', 'false']);

/**
 * Checks a (setting, value) pair of the settings calls. A failure carries field errors for
 * a 400 (design §6); an unknown setting is never stored.
 */
export function validateUserSetting(body: unknown, scope: 'user' | 'course' = 'user'): SettingValidation {
  const { setting, value } = (
    typeof body === 'object' && body !== null ? body : {}
  ) as Partial<UserSettingRequest>;
  if (typeof setting !== 'string' || setting.length === 0) {
    return { ok: false, fieldErrors: { setting: [USER_SETTING_MESSAGES.settingRequired] } };
  }
  if (!isUserSettingCode(setting))
    return { ok: false, fieldErrors: { setting: [USER_SETTING_MESSAGES.unknownSetting] } };
  if (scope === 'course' && !isCourseSettingCode(setting)) {
    return { ok: false, fieldErrors: { setting: [USER_SETTING_MESSAGES.notCourseSetting] } };
  }
  let parsed: UserSettingValue;
  if (USER_SETTINGS[setting].storage === 'ordering') {
    if (!isOrdering(value))
      return { ok: false, fieldErrors: { value: [USER_SETTING_MESSAGES.invalidOrdering] } };
    parsed = value;
  } else if (TRUE_INPUTS.has(value)) parsed = true;
  else if (FALSE_INPUTS.has(value)) parsed = false;
  else return { ok: false, fieldErrors: { value: [USER_SETTING_MESSAGES.invalidBoolean] } };
  return { ok: true, setting, value: parsed, stored: toStoredSettingValue(setting, parsed) };
}
