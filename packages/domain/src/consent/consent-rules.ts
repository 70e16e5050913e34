// Consent (platform §4, §5, §6, §9): the five categories, the default per region, the rules
// that decide which third-party tools may start, and `POST /privacy/user-cookie-preferences/`.

/** Platform §6: consent categories and what each covers. */
export const CONSENT_CATEGORIES = {
  C0001: 'strictly necessary',
  C0002: 'performance',
  C0003: 'functional',
  C0004: 'advertising',
  C0005: 'social media',
} as const;
export type ConsentCategory = keyof typeof CONSENT_CATEGORIES;
export const CONSENT_CATEGORY_IDS = Object.keys(CONSENT_CATEGORIES) as ConsentCategory[];

/** Strictly necessary storage cannot be refused. */
export const REQUIRED_CONSENT_CATEGORY: ConsentCategory = 'C0001';

export function isConsentCategory(value: unknown): value is ConsentCategory {
  return typeof value === 'string' && Object.hasOwn(CONSENT_CATEGORIES, value);
}

/** Storage kinds a tag reads consent by (platform §4 "security storage", §5 "advertising and personalization storage"). */
export const CONSENT_STORAGE_TYPES = [
  'security_storage',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
] as const;
export type ConsentStorageType = (typeof CONSENT_STORAGE_TYPES)[number];
export type ConsentStorageState = Record<ConsentStorageType, 'granted' | 'denied'>;

/** Which category grants which storage (the usual mapping of consent platforms to tag consent). */
export const STORAGE_CATEGORY: Readonly<Record<ConsentStorageType, ConsentCategory>> = {
  security_storage: 'C0001',
  analytics_storage: 'C0002',
  functionality_storage: 'C0003',
  personalization_storage: 'C0003',
  ad_storage: 'C0004',
  ad_user_data: 'C0004',
  ad_personalization: 'C0004',
};

/**
 * Countries where non-essential storage is on until the visitor opts out (platform §4
 * "granted for everything in opt-out regions"). The spec names no list; ours follows the
 * law's model: US state privacy laws (CCPA/CPRA and those after it) are opt-out, while the
 * EEA (ePrivacy art. 5(3) with the GDPR), the UK (PECR), Switzerland and most others ask for
 * consent first. Only the US is listed so that an unknown or unlisted country stays denied;
 * an operator with other legal advice passes its own list.
 */
export const DEFAULT_OPT_OUT_REGIONS: readonly string[] = ['US'];

/** The sorted list of allowed categories, C0001 always included. */
export function normalizeAllowedCategories(categories: Iterable<ConsentCategory>): ConsentCategory[] {
  const set = new Set<ConsentCategory>(categories);
  set.add(REQUIRED_CONSENT_CATEGORY);
  return CONSENT_CATEGORY_IDS.filter((id) => set.has(id));
}

/**
 * Platform §4: before any choice, consent is denied except strictly necessary (security)
 * storage, and granted for everything in an opt-out region. `country` is the request's
 * country (ISO 3166-1 alpha-2); unknown means denied.
 */
export function defaultAllowedCategories(
  country: string | null | undefined,
  optOutRegions: readonly string[] = DEFAULT_OPT_OUT_REGIONS,
): ConsentCategory[] {
  const optOut = !!country && optOutRegions.includes(country.toUpperCase());
  return optOut ? [...CONSENT_CATEGORY_IDS] : [REQUIRED_CONSENT_CATEGORY];
}

/** The storage consent that follows from the allowed categories. */
export function consentStorageState(allowed: readonly ConsentCategory[]): ConsentStorageState {
  const state = {} as ConsentStorageState;
  for (const type of CONSENT_STORAGE_TYPES) {
    state[type] =
      type === 'security_storage' || allowed.includes(STORAGE_CATEGORY[type]) ? 'granted' : 'denied';
  }
  return state;
}

/** Platform §5: analytics requires the performance category. */
export function analyticsAllowed(allowed: readonly ConsentCategory[]): boolean {
  return allowed.includes('C0002');
}

/** Platform §5: the advertising tag's page-view hit needs advertising and personalization storage. */
export function advertisingPageViewAllowed(state: ConsentStorageState): boolean {
  return state.ad_storage === 'granted' && state.personalization_storage === 'granted';
}

/** The third-party switches of the configuration (user context `Config.third_party`). */
export interface ThirdPartyConfig {
  external_sources_enabled: boolean;
  third_party_marketing_enabled: boolean;
}

/**
 * Platform §5: a social network SDK loads only when external sources and third-party
 * marketing are enabled. It also needs the social media category (C0005), which exists for
 * exactly these tools.
 */
export function socialSdkAllowed(config: ThirdPartyConfig, allowed: readonly ConsentCategory[]): boolean {
  return config.external_sources_enabled && config.third_party_marketing_enabled && allowed.includes('C0005');
}

/** Platform §4: what triggers consent tracking. */
export const CONSENT_TRIGGERS = [
  'banner_accept',
  'preference_center_confirm',
  'preference_center_accept_all',
  'footer_link',
] as const;
export type ConsentTrigger = (typeof CONSENT_TRIGGERS)[number];

/** Platform §4: the event published on a consent change, with the sorted allowed categories. */
export interface ConsentChangedEvent {
  type: 'consent_changed';
  trigger: ConsentTrigger;
  allowedCategories: ConsentCategory[];
}

export function consentChangedEvent(
  trigger: ConsentTrigger,
  allowed: Iterable<ConsentCategory>,
): ConsentChangedEvent {
  return { type: 'consent_changed', trigger, allowedCategories: normalizeAllowedCategories(allowed) };
}

/** Platform §4: categories allowed before and not after, whose cookies must be deleted. */
export function withdrawnCategories(
  before: readonly ConsentCategory[],
  after: readonly ConsentCategory[],
): ConsentCategory[] {
  return CONSENT_CATEGORY_IDS.filter((id) => before.includes(id) && !after.includes(id));
}

/** Platform §9: consent values travel as the strings 'true' and 'false'. */
export type ConsentValue = 'true' | 'false';
export type ConsentValues = Record<ConsentCategory, ConsentValue>;

export function toConsentValues(allowed: readonly ConsentCategory[]): ConsentValues {
  const values = {} as ConsentValues;
  for (const id of CONSENT_CATEGORY_IDS)
    values[id] = allowed.includes(id) || id === REQUIRED_CONSENT_CATEGORY ? 'true' : 'false';
  return values;
}

export function fromConsentValues(values: ConsentValues): ConsentCategory[] {
  return normalizeAllowedCategories(CONSENT_CATEGORY_IDS.filter((id) => values[id] === 'true'));
}

/** Plain root base (platform §7), CSRF-protected; for authenticated users only. */
export const USER_COOKIE_PREFERENCES_PATH = '/privacy/user-cookie-preferences/';

/** Body of `POST /privacy/user-cookie-preferences/`: every category, C0001 'true'. */
export interface UserCookiePreferencesRequest {
  preferences: ConsentValues;
}

/** Answer of the POST and of `GET /privacy/user-cookie-preferences/` (null before any choice). */
export interface UserCookiePreferencesResponse {
  preferences: ConsentValues | null;
  /** ISO time of the last change, null before any choice. */
  updated: string | null;
}

export const CONSENT_MESSAGES = {
  preferencesRequired: 'Send a value for every consent category.',
  invalidValue: "Use 'true' or 'false'.",
  requiredCategory: 'Strictly necessary cookies cannot be turned off.',
  unknownCategory: 'Unknown consent category.',
} as const;

export type ConsentPreferencesValidation =
  { ok: true; preferences: ConsentValues } | { ok: false; fieldErrors: Record<string, string[]> };

/** Checks the POST body; every failure names its field for a 400 (design §6). */
export function validateUserCookiePreferences(body: unknown): ConsentPreferencesValidation {
  const preferences =
    typeof body === 'object' && body !== null ? (body as { preferences?: unknown }).preferences : undefined;
  if (typeof preferences !== 'object' || preferences === null || Array.isArray(preferences)) {
    return { ok: false, fieldErrors: { preferences: [CONSENT_MESSAGES.preferencesRequired] } };
  }
  const fieldErrors: Record<string, string[]> = {};
  const given = preferences as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!isConsentCategory(key)) fieldErrors[`preferences.${key}`] = [CONSENT_MESSAGES.unknownCategory];
  }
  for (const id of CONSENT_CATEGORY_IDS) {
    const value = given[id];
    if (value !== 'true' && value !== 'false')
      fieldErrors[`preferences.${id}`] = [CONSENT_MESSAGES.invalidValue];
    else if (id === REQUIRED_CONSENT_CATEGORY && value !== 'true') {
      fieldErrors[`preferences.${id}`] = [CONSENT_MESSAGES.requiredCategory];
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, preferences: toConsentValues(fromConsentValues(given as ConsentValues)) };
}

/** First-party cookie holding the visitor's choice, so it holds before login and across visits. */
export const CONSENT_COOKIE = 'lectern_consent';
/** Keep the choice a year (the common consent-record lifetime), then ask again. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie value: every category with 1 or 0, e.g. "C0001:1,C0002:0,C0003:1,C0004:0,C0005:0". */
export function encodeConsentCookie(allowed: readonly ConsentCategory[]): string {
  const normalized = normalizeAllowedCategories(allowed);
  return CONSENT_CATEGORY_IDS.map((id) => `${id}:${normalized.includes(id) ? 1 : 0}`).join(',');
}

/** The allowed categories of a cookie value, or null when absent or unreadable (the default applies). */
export function decodeConsentCookie(value: string | null | undefined): ConsentCategory[] | null {
  if (!value) return null;
  const allowed: ConsentCategory[] = [];
  const seen = new Set<string>();
  for (const pair of value.split(',')) {
    const [id, flag] = pair.split(':');
    if (!isConsentCategory(id) || (flag !== '1' && flag !== '0') || seen.has(id)) return null;
    seen.add(id);
    if (flag === '1') allowed.push(id);
  }
  return seen.size === CONSENT_CATEGORY_IDS.length ? normalizeAllowedCategories(allowed) : null;
}
