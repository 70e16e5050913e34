import { pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Platform §3 topics (id, name, url): what learning is about. Communities list theirs; badges,
 * labs and occupations will point here too. The url is the topic page, `/topic/{slug}/`.
 */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 140 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('topics_slug_key').on(table.slug)],
);
