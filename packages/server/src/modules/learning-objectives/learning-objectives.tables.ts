import type { LearningActivityType, LearningObjectiveType } from '@lectern/domain';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// The domain's LEARNING_OBJECTIVE_TYPES and LEARNING_ACTIVITY_TYPES, written out: drizzle-kit
// reads this file without the workspace's source build of the domain.
const OBJECTIVE_TYPES = ['ABILITY', 'KNOWLEDGE', 'SKILL'] as const satisfies readonly LearningObjectiveType[];
const ACTIVITY_TYPES = [
  'ASSESSMENT_QUESTION',
  'LAB_TASK',
  'LECTURE',
] as const satisfies readonly LearningActivityType[];

export const learningObjectiveType = pgEnum('learning_objective_type', OBJECTIVE_TYPES);
export const learningActivityType = pgEnum('learning_activity_type', ACTIVITY_TYPES);

/** A skills framework: the vocabulary learning objectives are written in. */
export const skillsFrameworks = pgTable(
  'skills_frameworks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
  },
  (table) => [uniqueIndex('skills_frameworks_name_key').on(table.name)],
);

/** Platform §3 learning objectives (id, name, activities), each in one framework. */
export const learningObjectives = pgTable(
  'learning_objectives',
  {
    id: serial('id').primaryKey(),
    frameworkId: integer('framework_id')
      .notNull()
      .references(() => skillsFrameworks.id, { onDelete: 'cascade' }),
    type: learningObjectiveType('type').notNull(),
    name: varchar('name', { length: 300 }).notNull(),
  },
  (table) => [index('learning_objectives_framework_idx').on(table.frameworkId, table.type)],
);

/**
 * What practises or checks an objective: a lecture (a curriculum item), an assessment question
 * or a lab task, by its id in the feature that holds it.
 */
export const learningObjectiveActivities = pgTable(
  'learning_objective_activities',
  {
    objectiveId: integer('objective_id')
      .notNull()
      .references(() => learningObjectives.id, { onDelete: 'cascade' }),
    activityType: learningActivityType('activity_type').notNull(),
    activityId: integer('activity_id').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.objectiveId, table.activityType, table.activityId] }),
    index('learning_objective_activities_activity_idx').on(table.activityType, table.activityId),
  ],
);
