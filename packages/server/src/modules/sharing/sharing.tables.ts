import { bigint, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Platform §9 short share links: `/s/{code}/` redirects to `target` and counts the visit.
 * One row per `POST /api-2.0/share/`, so every share has its own count.
 */
export const shareLinks = pgTable('share_links', {
  /** Random, URL-safe (base64url), unguessable. */
  code: varchar('code', { length: 16 }).primaryKey(),
  /** An absolute address of this site without query (checked by the domain: never an open redirect). */
  target: text('target').notNull(),
  context: varchar('context', { length: 32 }).notNull(),
  /** Who shared it; null for a visitor. The link outlives its sharer's account. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  visits: bigint('visits', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
