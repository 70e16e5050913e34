import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { users } from './users.tables.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** How to reach and name a user, as `contacts` answers. */
export interface UserContact {
  id: number;
  email: string;
  locale: string;
  name: string;
  surname: string;
}

/**
 * For a combined read: the contacts of the users whose ids `ids` selects (a subquery another
 * feature writes over its own tables), in id order.
 */
export function contactsInRead(ids: SQL): ReadPart<UserContact[]> {
  return {
    sql: sql`select coalesce(json_agg(json_build_object('id', ${users.id}, 'email', ${users.email},
        'locale', ${users.locale}, 'name', ${users.name}, 'surname', ${users.surname}) order by ${users.id}), '[]'::json)
      from ${users} where ${users.id} in (${ids})`,
    parse: (value) => value as UserContact[],
  };
}

export function createUsersRepository(db: Database) {
  // The signed-in user is read on nearly every request.
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_by_id');

  return {
    /** Where to mail these users and how they read dates and amounts; `writer` for a caller's transaction. */
    async contacts(
      ids: number[],
      writer: Database = db,
    ): Promise<{ id: number; email: string; locale: string; name: string; surname: string }[]> {
      if (ids.length === 0) return [];
      return writer
        .select({
          id: users.id,
          email: users.email,
          locale: users.locale,
          name: users.name,
          surname: users.surname,
        })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(users.id);
    },
    async findById(id: number): Promise<UserRow | null> {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    /** Inserts a user; returns null when the e-mail is already taken (unique index). */
    async insert(values: NewUserRow): Promise<UserRow | null> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? null;
    },
    async updateTimeZone(id: number, timeZone: string): Promise<UserRow | null> {
      const [row] = await db.update(users).set({ timeZone }).where(eq(users.id, id)).returning();
      return row ?? null;
    },
    async setPassword(id: number, passwordHash: string, writer: Database = db): Promise<void> {
      await writer.update(users).set({ passwordHash, guestSince: null }).where(eq(users.id, id));
    },
    /**
     * Moves a guest account's `guest_since` on (later than before, never equal): another guest
     * checkout uses it. Null when it is no guest account (any more).
     */
    async touchGuest(id: number, at: Date, writer: Database = db): Promise<Date | null> {
      const [row] = await writer
        .update(users)
        .set({
          guestSince: sql`greatest(${at.toISOString()}::timestamptz, ${users.guestSince} + interval '1 millisecond')`,
        })
        .where(and(eq(users.id, id), isNotNull(users.guestSince)))
        .returning({ guestSince: users.guestSince });
      return row?.guestSince ?? null;
    },
    /** The user's `guest_since`, the row locked until `writer`'s transaction ends; null for no such user. */
    async lockGuestSince(id: number, writer: Database): Promise<{ guestSince: Date | null } | null> {
      const [row] = await writer
        .select({ guestSince: users.guestSince })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row ?? null;
    },
    async setOperator(id: number, isOperator: boolean): Promise<void> {
      await db.update(users).set({ isOperator }).where(eq(users.id, id));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
