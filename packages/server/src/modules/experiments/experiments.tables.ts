import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Platform §3/§7: a feature experiment. Units (a signed-in user, else a visitor) are hashed
 * with `salt` into buckets: `traffic_basis_points` of them take part, and those are split
 * between the variants by weight. At most one experiment per feature code runs at a time.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    featureCode: varchar('feature_code', { length: 64 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    /** draft → running → stopped (and running again: a restart keeps the salt, so units keep their variants). */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    /** Mixed into every unit's hash; a new salt reshuffles who gets what. */
    salt: varchar('salt', { length: 64 }).notNull(),
    /** Share of units in the experiment, in basis points (10000 = everyone targeted). */
    trafficBasisPoints: integer('traffic_basis_points').notNull().default(10000),
    /** Who may take part (`ExperimentTargeting` in the domain); {} targets everyone. */
    targeting: jsonb('targeting').notNull().default({}),
    /** What a unit outside the experiment gets. */
    defaultConfiguration: jsonb('default_configuration').notNull().default({}),
    /** The variants, in order: [{key, weight, configuration}] (`ExperimentVariant` in the domain). */
    variants: jsonb('variants').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('experiments_running_feature_key')
      .on(table.featureCode)
      .where(sql`${table.status} = 'running'`),
    index('experiments_feature_idx').on(table.featureCode),
    check('experiments_status', sql`${table.status} in ('draft', 'running', 'stopped')`),
    check('experiments_traffic', sql`${table.trafficBasisPoints} between 0 and 10000`),
  ],
);
