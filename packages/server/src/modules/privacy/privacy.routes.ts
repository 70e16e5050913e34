import {
  USER_COOKIE_PREFERENCES_PATH,
  validateUserCookiePreferences,
  type UserCookiePreferencesResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { validationError } from '../../platform/http/http-error.js';
import type { PrivacyService } from './privacy.service.js';

/**
 * `POST /privacy/user-cookie-preferences/` stores a signed-in user's choice (every category
 * 'true'/'false', checked by the domain); `GET` on the same path reads it back on the next
 * visit or another device (`preferences: null` before any choice), so the browser restores it
 * there without waiting for the user context. Visitors keep their choice in the consent cookie.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  app.get(
    USER_COOKIE_PREFERENCES_PATH,
    { config: SIGNED_IN },
    async (request): Promise<UserCookiePreferencesResponse> => {
      const userId = requireUserId(request);
      return privacy.preferencesOf(userId);
    },
  );

  app.post(
    USER_COOKIE_PREFERENCES_PATH,
    { config: SIGNED_IN },
    async (request): Promise<UserCookiePreferencesResponse> => {
      const userId = requireUserId(request);
      const checked = validateUserCookiePreferences(request.body);
      if (!checked.ok) throw validationError(checked.fieldErrors);
      return privacy.savePreferences(userId, checked.preferences);
    },
  );
};
