import {
  USER_COOKIE_PREFERENCES_PATH,
  type ConsentValues,
  type UserCookiePreferencesRequest,
  type UserCookiePreferencesResponse,
} from '@lectern/domain';
import { isApiError, type ApiClient } from '../../platform/api';

// The preferences live at the site root (platform §7), CSRF-protected like every write.
const ROOT = { base: 'root' } as const;

const NO_CHOICE: UserCookiePreferencesResponse = { preferences: null, updated: null };

/**
 * `GET /privacy/user-cookie-preferences/`: the signed-in user's stored choice (null before
 * one). A 4xx (the session ended in between, or a server without the endpoint) means there
 * is no stored choice to restore: the cookie's or the default applies, as for a visitor.
 * Server errors and network failures reject, to be reported.
 */
export async function fetchUserCookiePreferences(api: ApiClient): Promise<UserCookiePreferencesResponse> {
  try {
    return await api.get<UserCookiePreferencesResponse>(USER_COOKIE_PREFERENCES_PATH, ROOT);
  } catch (error) {
    if (isApiError(error) && error.isParsedError && (error.statusCode ?? 500) < 500) return NO_CHOICE;
    throw error;
  }
}

/** `POST /privacy/user-cookie-preferences/`: stores the signed-in user's choice. */
export function saveUserCookiePreferences(
  api: ApiClient,
  preferences: ConsentValues,
): Promise<UserCookiePreferencesResponse> {
  const body: UserCookiePreferencesRequest = { preferences };
  return api.post<UserCookiePreferencesResponse>(USER_COOKIE_PREFERENCES_PATH, body, ROOT);
}
