import type { AssessmentItemStatus, CurriculumItemType } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';
import { users } from '../users/users.tables.js';

/** PostgreSQL's full-text document; only the database writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The domain's CURRICULUM_ITEM_TYPES and ASSESSMENT_ITEM_STATUSES, written out: drizzle-kit
// reads this file without the workspace's source build of the domain.
const ITEM_TYPES = [
  'ASSIGNMENT',
  'CODING_EXERCISE',
  'LECTURE',
  'PRACTICE_TEST',
  'QUIZ',
] as const satisfies readonly CurriculumItemType[];
const STATUSES = ['CORRECT', 'INCORRECT', 'SKIPPED'] as const satisfies readonly AssessmentItemStatus[];

export const curriculumItemType = pgEnum('curriculum_item_type', ITEM_TYPES);
export const assessmentItemStatus = pgEnum('assessment_item_status', STATUSES);

/** A course's curriculum is sections of items, each in its place. */
export const curriculumSections = pgTable(
  'curriculum_sections',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
  },
  (table) => [uniqueIndex('curriculum_sections_course_position_key').on(table.courseId, table.position)],
);

/**
 * Platform §3 lectures and assessments: what a course is made of. Lectures have a duration;
 * quizzes, practice tests, coding exercises and assignments have questions. The title's
 * full-text document (English stemming) is kept by the database for searchLectures.
 */
export const curriculumItems = pgTable(
  'curriculum_items',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => curriculumSections.id, { onDelete: 'cascade' }),
    /** The place within the section. */
    position: smallint('position').notNull(),
    type: curriculumItemType('type').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    /** Lectures only: how long the video runs. */
    durationSeconds: integer('duration_seconds'),
    /** An assessment still being tried out (its questions may change). */
    isBeta: boolean('is_beta').notNull().default(false),
    /** Coding exercises only: the platform §3 language code of its template. */
    codingLanguage: varchar('coding_language', { length: 40 }),
    titleDocument: tsvector('title_document')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "title")`),
  },
  (table) => [
    uniqueIndex('curriculum_items_section_position_key').on(table.sectionId, table.position),
    index('curriculum_items_course_idx').on(table.courseId, table.type),
    index('curriculum_items_title_document_idx').using('gin', table.titleDocument),
    check(
      'curriculum_items_lecture_duration',
      sql`(${table.type} = 'LECTURE') = (${table.durationSeconds} is not null)`,
    ),
  ],
);

/** The questions of an assessment (a quiz, practice test, coding exercise or assignment). */
export const assessmentQuestions = pgTable(
  'assessment_questions',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => curriculumItems.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    prompt: text('prompt').notNull(),
  },
  (table) => [uniqueIndex('assessment_questions_position_key').on(table.assessmentId, table.position)],
);

/** How a learner last answered each question (courseAssessmentItemResults). */
export const assessmentAnswers = pgTable(
  'assessment_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => assessmentQuestions.id, { onDelete: 'cascade' }),
    status: assessmentItemStatus('status').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.questionId] })],
);

/**
 * The curriculum items each learner completed: a course's progress is the share of its items
 * done (badge enrollments' completionPercentage).
 */
export const curriculumItemCompletions = pgTable(
  'curriculum_item_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => curriculumItems.id, { onDelete: 'cascade' }),
    /** The item's course, so a learner's progress in a course is read from this table alone. */
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index('curriculum_item_completions_user_course_idx').on(table.userId, table.courseId),
  ],
);
