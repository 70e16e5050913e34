import type { ConsentValues, UserCookiePreferencesResponse } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { createPrivacyRepository } from './privacy.repository.js';

/**
 * Signed-in users' cookie choices (platform §4, §6), kept server side so they are restored on
 * the next visit and on other devices. Visitors keep theirs in the consent cookie only.
 */
export function createPrivacyService(db: Database) {
  const repository = createPrivacyRepository(db);
  return {
    /** The user's last choice, or nulls before any. */
    async preferencesOf(userId: number): Promise<UserCookiePreferencesResponse> {
      const stored = await repository.preferencesOf(userId);
      return stored
        ? { preferences: stored.preferences, updated: stored.updatedAt.toISOString() }
        : { preferences: null, updated: null };
    },

    /** Replaces the user's choice with one validated by the domain. */
    async savePreferences(
      userId: number,
      preferences: ConsentValues,
    ): Promise<UserCookiePreferencesResponse> {
      const updatedAt = await repository.upsertPreferences(userId, preferences);
      return { preferences, updated: updatedAt.toISOString() };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
