import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { isStaffSql } from '../staff/staff-membership.js';
import { passwordSetTokens, users } from './users.tables.js';

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

/**
 * A user's row as read: `isOperator` is whether they are on the marketplace's staff (a
 * `staff_members` row, issue 32), not the old `users.is_operator` flag, which nothing reads.
 */
const userColumns = {
  ...getTableColumns(users),
  isOperator: isStaffSql(users.id).mapWith(Boolean),
};

/** An account as the back office's customer list shows it. */
export interface AccountRow {
  id: number;
  email: string;
  name: string;
  surname: string;
  country: string;
  createdAt: Date;
  anonymisedAt: Date | null;
}

/** A search text as a LIKE pattern in which `%`, `_` and `\` match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The password hash of an anonymised account: no password ever matches it (not an argon2 hash). */
export const UNUSABLE_PASSWORD_HASH = '!anonymised';

export function createUsersRepository(db: Database) {
  // The signed-in user is read on nearly every request.
  const byId = db
    .select(userColumns)
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
    /** The user's row read now (no prepared statement, no cache), with `writer` inside a transaction. */
    async accountOf(id: number, writer: Database = db): Promise<UserRow | null> {
      const [row] = await writer.select(userColumns).from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /**
     * A page of accounts for the back office (issue 32): `q` in the e-mail or the full name,
     * newest first or by e-mail; the total that matches.
     */
    async search(query: {
      q: string;
      sort: { field: 'created' | 'email'; descending: boolean };
      limit: number;
      offset: number;
    }): Promise<{ count: number; rows: AccountRow[] }> {
      let where: SQL | undefined;
      if (query.q) {
        const pattern = likePattern(query.q);
        where = or(
          ilike(users.email, pattern),
          ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
        );
      }
      const column = query.sort.field === 'email' ? users.email : users.createdAt;
      const direction = query.sort.descending ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            surname: users.surname,
            country: users.country,
            createdAt: users.createdAt,
            anonymisedAt: users.anonymisedAt,
          })
          .from(users)
          .where(where)
          .orderBy(direction(column), direction(users.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    /** Inserts a user; returns null when the e-mail is already taken (unique index). */
    async insert(values: NewUserRow): Promise<UserRow | null> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.email })
        .returning(userColumns);
      return row ?? null;
    },
    async updateTimeZone(id: number, timeZone: string): Promise<UserRow | null> {
      const [row] = await db.update(users).set({ timeZone }).where(eq(users.id, id)).returning(userColumns);
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
    /**
     * Removes the account's personal data on request, with `writer` (the back office's
     * transaction): a placeholder e-mail and name, a password nothing matches, no time zone, no
     * guest state, every open set-password link spent. Orders and invoices keep their rows.
     * Answers the row before, or null for no such user.
     */
    async anonymise(
      id: number,
      values: { email: string; at: Date },
      writer: Database,
    ): Promise<UserRow | null> {
      const [before] = await writer.select(userColumns).from(users).where(eq(users.id, id)).for('update');
      if (!before) return null;
      await writer
        .update(users)
        .set({
          email: values.email,
          name: 'Deleted',
          surname: '',
          passwordHash: UNUSABLE_PASSWORD_HASH,
          timeZone: null,
          guestSince: null,
          anonymisedAt: values.at,
        })
        .where(eq(users.id, id));
      await writer
        .update(passwordSetTokens)
        .set({ usedAt: values.at })
        .where(and(eq(passwordSetTokens.userId, id), sql`${passwordSetTokens.usedAt} is null`));
      return before;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
