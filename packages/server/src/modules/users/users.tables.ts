import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Public, unguessable id for analytics and links; never the sequential id. */
    encryptedId: varchar('encrypted_id', { length: 32 }).notNull(),
    /** Stored lower-cased; uniqueness is on this column. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    surname: varchar('surname', { length: 64 }).notNull().default(''),
    country: varchar('country', { length: 2 }).notNull().default('US'),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    locale: varchar('locale', { length: 16 }).notNull().default('en_US'),
    timeZone: varchar('time_zone', { length: 64 }),
    /** The marketplace's own staff: may open the operator pages (experiments). Set in the database, never by the API. */
    isOperator: boolean('is_operator').notNull().default(false),
    /**
     * Set when a guest checkout made the account (team-plan §6): no password was chosen yet, so
     * nobody can log in with one until the buyer sets it from the mailed link (then it is null).
     * Moved on whenever another guest checkout uses the account (decision 0030): a device that
     * made it may be signed in to it only while it is still the value that device saw.
     */
    guestSince: timestamp('guest_since', { withTimezone: true }),
    /** Set when the account was anonymised on request: personal data gone, orders and invoices kept. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_encrypted_id_key').on(table.encryptedId),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * One-time links to choose a password (`/join/set-password/?token=`): mailed to a guest
 * checkout's buyer. Only the token's SHA-256 is stored; a token works once, until it expires.
 */
export const passwordSetTokens = pgTable('password_set_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
