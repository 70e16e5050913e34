import {
  ASSESSMENT_ITEM_TYPES,
  type AssessmentItemStatus,
  type AssessmentResultFilters,
  type CurriculumItemType,
  type LectureSearchInput,
} from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/http-error.js';
import type { CatalogService, CourseFacts } from '../catalog/catalog.service.js';
import { createCourseContentRepository, type CurriculumItemRow } from './course-content.repository.js';

/** A learner's progress in one course: how many of its curriculum items they completed, of how many. */
export interface CourseProgress {
  completed: number;
  total: number;
}

/** Platform §3 lecture or assessment: one item of a course's curriculum. */
export interface CurriculumItem {
  id: number;
  courseId: number;
  sectionId: number;
  type: CurriculumItemType;
  title: string;
  description: string;
  durationSeconds: number | null;
  isBeta: boolean;
  codingLanguage: string | null;
}

export interface CurriculumSection {
  id: number;
  courseId: number;
  title: string;
}

/** Platform §3 assessment item results: the caller's answers in one assessment. */
export interface AssessmentItemResults {
  assessment: { id: number; title: string; isBeta: boolean; type: CurriculumItemType };
  items: { id: number; status: AssessmentItemStatus }[];
}

const toItem = (row: CurriculumItemRow): CurriculumItem => ({
  id: row.id,
  courseId: row.courseId,
  sectionId: row.sectionId,
  type: row.type,
  title: row.title,
  description: row.description,
  durationSeconds: row.durationSeconds,
  isBeta: row.isBeta,
  codingLanguage: row.codingLanguage,
});

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Course content (platform §3 lectures and assessments): each course's curriculum of sections
 * and items, the questions of its assessments, and what each learner completed and answered.
 * A course's content is public once the course is (published and public); a learner's answers
 * and progress are theirs alone.
 */
export function createCourseContentService(deps: { db: Database; catalog: CatalogService }) {
  const { catalog } = deps;
  const repository = createCourseContentRepository(deps.db);

  /** The course when it is published and public; NOT_FOUND otherwise. */
  async function visibleCourse(courseId: number): Promise<CourseFacts> {
    const course = (await catalog.courseFacts([courseId])).get(courseId);
    if (!course?.visible) throw notFound(`There is no course ${courseId}.`);
    return course;
  }

  return {
    visibleCourse,

    /**
     * The learner's progress in each of the courses (one query): items completed of all items.
     * A course without a curriculum has 0 of 0.
     */
    async progress(userId: number, courseIds: readonly number[]): Promise<Map<number, CourseProgress>> {
      const unique = [...new Set(courseIds)];
      const rows = await repository.progress(userId, unique);
      const found = new Map(
        rows.map((row) => [row.courseId, { completed: row.completed, total: row.total }]),
      );
      return new Map(unique.map((id) => [id, found.get(id) ?? { completed: 0, total: 0 }]));
    },

    /** Each course's sections in order (one query; a request's loader batches calls). */
    async sectionsOf(courseIds: readonly number[]): Promise<Map<number, CurriculumSection[]>> {
      const rows = await repository.sectionsOf([...new Set(courseIds)]);
      return groupBy(
        rows.map((row) => ({ id: row.id, courseId: row.courseId, title: row.title })),
        (row) => row.courseId,
      );
    },

    /** Each course's items in curriculum order (one query). */
    async curriculumOf(courseIds: readonly number[]): Promise<Map<number, CurriculumItem[]>> {
      const rows = await repository.itemsOf([...new Set(courseIds)]);
      return groupBy(rows.map(toItem), (item) => item.courseId);
    },

    /** How many questions each assessment has (one query); lectures have none. */
    async questionCounts(itemIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await repository.questionCounts([...new Set(itemIds)]);
      return new Map(rows.map((row) => [row.assessmentId, row.n]));
    },

    /**
     * Lectures of published, public courses whose titles match the words (the last one as a
     * prefix), best first, at most `limit`; `total` counts every match.
     */
    async searchLectures(input: LectureSearchInput): Promise<{ lectures: CurriculumItem[]; total: number }> {
      // A few more than asked, for the matches in courses no one may see.
      const { rows, total } = await repository.searchLectures(input.query.tsQuery, input.limit + 10);
      const courses = await catalog.courseFacts(rows.map((row) => row.courseId));
      const lectures = rows.filter((row) => courses.get(row.courseId)?.visible).slice(0, input.limit);
      return { lectures: lectures.map(toItem), total };
    },

    /**
     * The caller's answers in a course's assessments (only assessments they answered), in
     * curriculum order. NOT_FOUND for a course that does not exist or no one may see.
     */
    async assessmentResults(
      userId: number,
      courseId: number,
      filters: AssessmentResultFilters,
    ): Promise<AssessmentItemResults[]> {
      await visibleCourse(courseId);
      const types = filters.assessmentTypes ?? [...ASSESSMENT_ITEM_TYPES];
      const rows = await repository.answersIn(userId, courseId, { ...filters, assessmentTypes: types });
      const results: AssessmentItemResults[] = [];
      for (const row of rows) {
        let last = results.at(-1);
        if (last?.assessment.id !== row.assessmentId) {
          last = {
            assessment: { id: row.assessmentId, title: row.title, isBeta: row.isBeta, type: row.type },
            items: [],
          };
          results.push(last);
        }
        last.items.push({ id: row.questionId, status: row.status });
      }
      return results;
    },

    /** The items of the courses in curriculum order (the demo seed picks what the learner did). */
    itemsOf: repository.itemsOf,

    seedWriter: repository.seedWriter,
  };
}

export type CourseContentService = ReturnType<typeof createCourseContentService>;
