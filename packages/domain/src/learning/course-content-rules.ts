import { z } from 'zod';
import { databaseIdText, idListOf } from './learning-community-rules.js';
import {
  ASSESSMENT_ITEM_STATUSES,
  ASSESSMENT_ITEM_TYPES,
  CURRICULUM_ITEM_TYPES,
  LEARNING_ACTIVITY_TYPES,
  LEARNING_OBJECTIVE_TYPES,
} from './learning-catalog-enums.js';
import { normalizeSearchText, prefixTsQuery } from './learning-search.js';

/** Bounds of the course-content, lab and learning-objective queries. */
export const COURSE_CONTENT_LIMITS = {
  lectureSearchDefault: 20,
  lectureSearchMax: 50,
  labSearchMax: 50,
  idsPerCall: 50,
  filterValuesMax: 20,
} as const;

/** The course-taking page of a lecture (platform §2 `{course}/learn/{lectureId}`). */
export const lectureUrl = (courseSlug: string, lectureId: number) =>
  `/course/${courseSlug}/learn/${lectureId}/`;
/** The same page for someone not yet enrolled: enrols them in a free or subscription course first. */
export const lectureAutoEnrollUrl = (courseSlug: string, lectureId: number) =>
  `${lectureUrl(courseSlug, lectureId)}?auto_enroll=true`;

/**
 * Ids a search answer is tracked by (platform §3 trackingId): the answer's own, and one per
 * result (`{answer}-{position}`), so a click can be tied to the result and the search it came from.
 */
export const searchResultTrackingId = (searchTrackingId: string, position: number) =>
  `${searchTrackingId}-${position}`;

export const courseIdSchema = databaseIdText('courseId must be the id of a course.');

const enumList = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z
    .array(z.enum(values, { error: `Each ${field} must be one of ${values.join(', ')}.` }), {
      error: `${field} must be a list.`,
    })
    .max(
      COURSE_CONTENT_LIMITS.filterValuesMax,
      `Give at most ${COURSE_CONTENT_LIMITS.filterValuesMax} values.`,
    )
    .nullish()
    .transform((list) => (list && list.length > 0 ? [...new Set(list)] : null));

/** `searchLectures(query, limit)`: words to match (at least one letter or digit), a capped limit. */
export const lectureSearchSchema = z.object({
  query: z
    .string({ error: 'Give words to search lectures for.' })
    .max(1000, 'The search can be at most 1000 characters.')
    .transform((text, context) => {
      const normalized = normalizeSearchText(text);
      const tsQuery = prefixTsQuery(normalized);
      if (normalized === null || tsQuery === null) {
        context.addIssue({ code: 'custom', message: 'Give words to search lectures for.' });
        return z.NEVER;
      }
      return { text: normalized, tsQuery };
    }),
  limit: z
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, `limit must be between 1 and ${COURSE_CONTENT_LIMITS.lectureSearchMax}.`)
    .max(
      COURSE_CONTENT_LIMITS.lectureSearchMax,
      `limit must be between 1 and ${COURSE_CONTENT_LIMITS.lectureSearchMax}.`,
    ),
});
export type LectureSearchInput = z.output<typeof lectureSearchSchema>;

/** `courseAssessmentItemResults(courseId, filters)`: which assessments and answers to show. */
export const assessmentResultFiltersSchema = z
  .object({
    assessmentTypes: enumList(ASSESSMENT_ITEM_TYPES, 'assessment type'),
    statuses: enumList(ASSESSMENT_ITEM_STATUSES, 'status'),
    assessmentIds: idListOf('assessment', COURSE_CONTENT_LIMITS.idsPerCall)
      .nullish()
      .transform((ids) => ids ?? null),
  })
  .nullish()
  .transform((filters) => ({
    assessmentTypes: filters?.assessmentTypes ?? null,
    statuses: filters?.statuses ?? null,
    assessmentIds: filters?.assessmentIds ?? null,
  }));
export type AssessmentResultFilters = z.output<typeof assessmentResultFiltersSchema>;

/** `course(id)`'s `curriculumItems(types)`. */
export const curriculumItemTypesSchema = enumList(CURRICULUM_ITEM_TYPES, 'type');

/** `searchLabs(query, filters)`: optional words, topics, and a longest estimated time. */
export const labSearchSchema = z.object({
  query: z
    .string({ error: 'The search must be text.' })
    .max(1000, 'The search can be at most 1000 characters.')
    .nullish()
    .transform((text) => prefixTsQuery(normalizeSearchText(text))),
  filters: z
    .object({
      topicIds: idListOf('topic', COURSE_CONTENT_LIMITS.idsPerCall)
        .nullish()
        .transform((ids) => ids ?? null),
      maxEstimatedMinutes: z
        .number({ error: 'maxEstimatedMinutes must be a number.' })
        .int('maxEstimatedMinutes must be a whole number of minutes.')
        .min(1, 'maxEstimatedMinutes must be at least 1.')
        .max(10_000, 'maxEstimatedMinutes is too large.')
        .nullish()
        .transform((minutes) => minutes ?? null),
    })
    .nullish()
    .transform((filters) => ({
      topicIds: filters?.topicIds ?? null,
      maxEstimatedMinutes: filters?.maxEstimatedMinutes ?? null,
    })),
});
export type LabSearchInput = z.output<typeof labSearchSchema>;

const frameworkId = databaseIdText('skillsFrameworkId must be the id of a skills framework.');
const objectiveType = z.enum(LEARNING_OBJECTIVE_TYPES, {
  error: `type must be one of ${LEARNING_OBJECTIVE_TYPES.join(', ')}.`,
});

/** `learningObjectivesBySkillsAndActivities(skillsFrameworkId, type, activities)`. */
export const objectivesByActivitiesSchema = z.object({
  skillsFrameworkId: frameworkId,
  type: objectiveType,
  activities: enumList(LEARNING_ACTIVITY_TYPES, 'activity type'),
});

/** `learningObjectivesByIdsAndSkills(ids, skillsFrameworkId, type)`. */
export const objectivesByIdsSchema = z.object({
  ids: idListOf('learning objective', COURSE_CONTENT_LIMITS.idsPerCall),
  skillsFrameworkId: frameworkId,
  type: objectiveType,
});

/**
 * The feature a lecture search reports its experiment assignment for (`experimentResults`):
 * an operator may run an experiment on lecture search under this code.
 */
export const LECTURE_SEARCH_FEATURE = 'lecture_search_ranking';
