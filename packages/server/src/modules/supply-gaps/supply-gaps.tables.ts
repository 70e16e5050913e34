import type { OpportunityLevel, OpportunityPriority, OpportunityType } from '@lectern/domain';
import { boolean, integer, pgEnum, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';

// The domain's OPPORTUNITY_LEVELS, OPPORTUNITY_PRIORITIES and OPPORTUNITY_TYPES, written out:
// drizzle-kit reads this file without the workspace's source build of the domain.
const LEVELS = [
  'ANY_LEVEL',
  'ALL_LEVELS',
  'BEGINNER',
  'INTERMEDIATE',
  'EXPERT',
] as const satisfies readonly OpportunityLevel[];
const PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const satisfies readonly OpportunityPriority[];
const TYPES = ['FIRST_MOVER', 'SPECIALIZED', 'TRENDING'] as const satisfies readonly OpportunityType[];

export const opportunityLevel = pgEnum('supply_gap_level', LEVELS);
export const opportunityPriority = pgEnum('supply_gap_priority', PRIORITIES);
export const opportunityType = pgEnum('supply_gap_opportunity_type', TYPES);

/**
 * Platform §3 supply-gap opportunities (deprecated in the API, kept for the instructors' older
 * pages): what the marketplace lacks that a course was made, or could be made, to fill.
 */
export const supplyGapOpportunities = pgTable(
  'supply_gap_opportunities',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** A locale such as en_US. */
    courseLanguage: varchar('course_language', { length: 16 }).notNull(),
    domain: varchar('domain', { length: 120 }).notNull(),
    subject: varchar('subject', { length: 160 }).notNull(),
    opportunityType: opportunityType('opportunity_type').notNull(),
    priorityLevel: opportunityPriority('priority_level').notNull(),
    courseInstructionalLevel: opportunityLevel('course_instructional_level').notNull(),
    intendedAudience: text('intended_audience').notNull(),
    keyContent: text('key_content').array().notNull().default([]),
    isFinancialIncentiveEligible: boolean('is_financial_incentive_eligible').notNull().default(false),
    /** When instructors are shown it (e.g. ALWAYS, NEW_INSTRUCTORS). */
    displayRule: varchar('display_rule', { length: 40 }).notNull(),
  },
  (table) => [uniqueIndex('supply_gap_opportunities_course_key').on(table.courseId)],
);
