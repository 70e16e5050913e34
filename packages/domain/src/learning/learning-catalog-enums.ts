import { INSTRUCTIONAL_LEVELS } from '../catalog/course-search.js';

/**
 * The enumerations of platform §3 that the learning catalog's entities use (badges, course
 * content, learning objectives, supply-gap opportunities). The server's tables write the same
 * values out (drizzle-kit reads them without the domain) and check them against these types.
 */

/** Platform §3 badge types. */
export const BADGE_TYPES = ['BLUEPRINT', 'OPEN_BADGE'] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

/** What a badge class is earned through: the learning products that prepare for it. */
export const BADGE_PRODUCT_TYPES = ['COURSE', 'LEARNING_PATH'] as const;
export type BadgeProductType = (typeof BADGE_PRODUCT_TYPES)[number];

/** Platform §3 lecture and assessment types: the kinds of a course's curriculum items. */
export const CURRICULUM_ITEM_TYPES = [
  'ASSIGNMENT',
  'CODING_EXERCISE',
  'LECTURE',
  'PRACTICE_TEST',
  'QUIZ',
] as const;
export type CurriculumItemType = (typeof CURRICULUM_ITEM_TYPES)[number];

/** The curriculum items whose questions a learner answers (courseAssessmentItemResults). */
export const ASSESSMENT_ITEM_TYPES = ['QUIZ', 'PRACTICE_TEST', 'CODING_EXERCISE', 'ASSIGNMENT'] as const;

/** Platform §3 assessment item status: how the learner answered one question. */
export const ASSESSMENT_ITEM_STATUSES = ['CORRECT', 'INCORRECT', 'SKIPPED'] as const;
export type AssessmentItemStatus = (typeof ASSESSMENT_ITEM_STATUSES)[number];

/** Platform §3 activity types: what a learning objective is practised or checked through. */
export const LEARNING_ACTIVITY_TYPES = ['ASSESSMENT_QUESTION', 'LAB_TASK', 'LECTURE'] as const;
export type LearningActivityType = (typeof LEARNING_ACTIVITY_TYPES)[number];

/**
 * What a learning objective states, in a skills framework's terms. Platform §7 names the
 * argument (`type`) but not its values: the knowledge, skills and abilities split that
 * occupational frameworks (O*NET, ESCO) use.
 */
export const LEARNING_OBJECTIVE_TYPES = ['ABILITY', 'KNOWLEDGE', 'SKILL'] as const;
export type LearningObjectiveType = (typeof LEARNING_OBJECTIVE_TYPES)[number];

/** Platform §3 instructional levels (the catalog's INSTRUCTIONAL_LEVELS), and ANY_LEVEL that an opportunity may use. */
export const OPPORTUNITY_LEVELS = ['ANY_LEVEL', ...INSTRUCTIONAL_LEVELS] as const;
export type OpportunityLevel = (typeof OPPORTUNITY_LEVELS)[number];

/** Platform §3 priority of a supply-gap opportunity. */
export const OPPORTUNITY_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type OpportunityPriority = (typeof OPPORTUNITY_PRIORITIES)[number];

/** Platform §3 opportunity types. */
export const OPPORTUNITY_TYPES = ['FIRST_MOVER', 'SPECIALIZED', 'TRENDING'] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];
