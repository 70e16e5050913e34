import type { ConsentValues } from '@lectern/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { userCookiePreferences } from './privacy.tables.js';

export interface StoredPreferences {
  preferences: ConsentValues;
  updatedAt: Date;
}

export function createPrivacyRepository(db: Database) {
  return {
    async preferencesOf(userId: number): Promise<StoredPreferences | null> {
      const [row] = await db
        .select({
          preferences: userCookiePreferences.preferences,
          updatedAt: userCookiePreferences.updatedAt,
        })
        .from(userCookiePreferences)
        .where(eq(userCookiePreferences.userId, userId));
      return row ?? null;
    },

    /** Inserts or replaces the user's choice; returns the time it was stored. */
    async upsertPreferences(userId: number, preferences: ConsentValues): Promise<Date> {
      const [row] = await db
        .insert(userCookiePreferences)
        .values({ userId, preferences })
        .onConflictDoUpdate({
          target: userCookiePreferences.userId,
          set: { preferences, updatedAt: sql`now()` },
        })
        .returning({ updatedAt: userCookiePreferences.updatedAt });
      return row!.updatedAt;
    },
  };
}
