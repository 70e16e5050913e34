import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outside production the server's clock can be moved forward (design §5, like a provider's
 * test clock); the offset lives here so every instance on the database agrees on "now".
 */
export const serverClock = pgTable('server_clock', {
  id: integer('id').primaryKey().default(1),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
