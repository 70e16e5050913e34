import type { AssessmentResultFilters } from '@lectern/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import {
  assessmentAnswers,
  assessmentQuestions,
  curriculumItemCompletions,
  curriculumItems,
  curriculumSections,
} from './course-content.tables.js';

const itemColumns = {
  id: curriculumItems.id,
  courseId: curriculumItems.courseId,
  sectionId: curriculumItems.sectionId,
  position: curriculumItems.position,
  type: curriculumItems.type,
  title: curriculumItems.title,
  description: curriculumItems.description,
  durationSeconds: curriculumItems.durationSeconds,
  isBeta: curriculumItems.isBeta,
  codingLanguage: curriculumItems.codingLanguage,
};
export type CurriculumItemRow = {
  id: number;
  courseId: number;
  sectionId: number;
  position: number;
  type: (typeof curriculumItems.$inferSelect)['type'];
  title: string;
  description: string;
  durationSeconds: number | null;
  isBeta: boolean;
  codingLanguage: string | null;
};

export function createCourseContentRepository(db: Database) {
  return {
    /** How many items each course has, and how many of them the learner completed (two aggregates, one query). */
    async progress(
      userId: number,
      courseIds: readonly number[],
    ): Promise<{ courseId: number; total: number; completed: number }[]> {
      if (courseIds.length === 0) return [];
      return db
        .select({
          courseId: curriculumItems.courseId,
          total: sql<number>`count(*)::int`,
          completed: sql<number>`count(${curriculumItemCompletions.itemId})::int`,
        })
        .from(curriculumItems)
        .leftJoin(
          curriculumItemCompletions,
          and(
            eq(curriculumItemCompletions.itemId, curriculumItems.id),
            eq(curriculumItemCompletions.userId, userId),
          ),
        )
        .where(inArray(curriculumItems.courseId, [...courseIds]))
        .groupBy(curriculumItems.courseId);
    },

    /** Sections of the courses, in order (one query). */
    async sectionsOf(courseIds: readonly number[]) {
      if (courseIds.length === 0) return [];
      return db
        .select()
        .from(curriculumSections)
        .where(inArray(curriculumSections.courseId, [...courseIds]))
        .orderBy(asc(curriculumSections.courseId), asc(curriculumSections.position));
    },

    /** Items of the courses in curriculum order (one query). */
    async itemsOf(courseIds: readonly number[]): Promise<CurriculumItemRow[]> {
      if (courseIds.length === 0) return [];
      return db
        .select(itemColumns)
        .from(curriculumItems)
        .innerJoin(curriculumSections, eq(curriculumSections.id, curriculumItems.sectionId))
        .where(inArray(curriculumItems.courseId, [...courseIds]))
        .orderBy(
          asc(curriculumItems.courseId),
          asc(curriculumSections.position),
          asc(curriculumItems.position),
        );
    },

    async itemsByIds(ids: readonly number[]): Promise<CurriculumItemRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(itemColumns)
        .from(curriculumItems)
        .where(inArray(curriculumItems.id, [...ids]));
    },

    /** The number of questions of each assessment (one query). */
    async questionCounts(assessmentIds: readonly number[]): Promise<{ assessmentId: number; n: number }[]> {
      if (assessmentIds.length === 0) return [];
      return db
        .select({ assessmentId: assessmentQuestions.assessmentId, n: sql<number>`count(*)::int` })
        .from(assessmentQuestions)
        .where(inArray(assessmentQuestions.assessmentId, [...assessmentIds]))
        .groupBy(assessmentQuestions.assessmentId);
    },

    /**
     * Lectures whose title matches the (prefix) tsquery, best matches first, with how many match
     * in all (one query). English stemming, as the titles' documents are kept.
     */
    async searchLectures(
      tsQuery: string,
      limit: number,
    ): Promise<{ rows: CurriculumItemRow[]; total: number }> {
      const query = sql`to_tsquery('english'::regconfig, ${tsQuery})`;
      const rows = await db
        .select({ item: itemColumns, total: sql<number>`(count(*) over ())::int` })
        .from(curriculumItems)
        .where(and(eq(curriculumItems.type, 'LECTURE'), sql`${curriculumItems.titleDocument} @@ ${query}`))
        .orderBy(desc(sql`ts_rank(${curriculumItems.titleDocument}, ${query})`), asc(curriculumItems.id))
        .limit(limit);
      return { rows: rows.map((row) => row.item), total: rows[0]?.total ?? 0 };
    },

    /** The learner's answers in a course's assessments, in curriculum and question order (one query). */
    async answersIn(userId: number, courseId: number, filters: AssessmentResultFilters) {
      const conditions: SQL[] = [
        eq(assessmentAnswers.userId, userId),
        eq(curriculumItems.courseId, courseId),
      ];
      if (filters.assessmentTypes) conditions.push(inArray(curriculumItems.type, filters.assessmentTypes));
      if (filters.statuses) conditions.push(inArray(assessmentAnswers.status, filters.statuses));
      if (filters.assessmentIds) conditions.push(inArray(curriculumItems.id, filters.assessmentIds));
      return db
        .select({
          assessmentId: curriculumItems.id,
          title: curriculumItems.title,
          isBeta: curriculumItems.isBeta,
          type: curriculumItems.type,
          questionId: assessmentQuestions.id,
          status: assessmentAnswers.status,
        })
        .from(assessmentAnswers)
        .innerJoin(assessmentQuestions, eq(assessmentQuestions.id, assessmentAnswers.questionId))
        .innerJoin(curriculumItems, eq(curriculumItems.id, assessmentQuestions.assessmentId))
        .innerJoin(curriculumSections, eq(curriculumSections.id, curriculumItems.sectionId))
        .where(and(...conditions))
        .orderBy(
          asc(curriculumSections.position),
          asc(curriculumItems.position),
          asc(assessmentQuestions.position),
        );
    },

    /** Bulk writes for the demo seed (and course authoring later). */
    seedWriter: {
      /** One course's curriculum: its sections, their items, the assessments' questions. */
      async insertCurriculum(
        writer: Writer,
        courseId: number,
        sections: {
          title: string;
          items: (Omit<typeof curriculumItems.$inferInsert, 'courseId' | 'sectionId' | 'position'> & {
            questions?: string[];
          })[];
        }[],
      ): Promise<void> {
        if (sections.length === 0) return;
        const sectionRows = await writer
          .insert(curriculumSections)
          .values(sections.map((section, position) => ({ courseId, position, title: section.title })))
          .returning({ id: curriculumSections.id, position: curriculumSections.position });
        const sectionIds = new Map(sectionRows.map((row) => [row.position, row.id]));
        const items = sections.flatMap((section, s) =>
          section.items.map((item, position) => ({ item, sectionId: sectionIds.get(s)!, position })),
        );
        if (items.length === 0) return;
        const itemRows = await writer
          .insert(curriculumItems)
          .values(
            items.map(({ item, sectionId, position }) => ({
              courseId,
              sectionId,
              position,
              type: item.type,
              title: item.title,
              description: item.description ?? '',
              durationSeconds: item.durationSeconds ?? null,
              isBeta: item.isBeta ?? false,
              codingLanguage: item.codingLanguage ?? null,
            })),
          )
          .returning({
            id: curriculumItems.id,
            sectionId: curriculumItems.sectionId,
            position: curriculumItems.position,
          });
        const itemIds = new Map(itemRows.map((row) => [`${row.sectionId}:${row.position}`, row.id]));
        const questions = items.flatMap(({ item, sectionId, position }) =>
          (item.questions ?? []).map((prompt, q) => ({
            assessmentId: itemIds.get(`${sectionId}:${position}`)!,
            position: q,
            prompt,
          })),
        );
        if (questions.length > 0) await writer.insert(assessmentQuestions).values(questions);
      },

      /** The learner completed these items (those already completed stay as they were). */
      async insertCompletions(
        writer: Writer,
        userId: number,
        items: { itemId: number; courseId: number; completedAt: Date }[],
      ) {
        if (items.length === 0) return;
        await writer
          .insert(curriculumItemCompletions)
          .values(items.map((item) => ({ userId, ...item })))
          .onConflictDoNothing();
      },

      /** The learner's answers to questions (a later answer replaces an earlier one). */
      async insertAnswers(
        writer: Writer,
        userId: number,
        answers: {
          questionId: number;
          status: (typeof assessmentAnswers.$inferInsert)['status'];
          answeredAt: Date;
        }[],
      ) {
        if (answers.length === 0) return;
        await writer
          .insert(assessmentAnswers)
          .values(answers.map((answer) => ({ userId, ...answer })))
          .onConflictDoUpdate({
            target: [assessmentAnswers.userId, assessmentAnswers.questionId],
            set: { status: sql`excluded.status`, answeredAt: sql`excluded.answered_at` },
          });
      },

      /** The questions of the assessments, in order (the seed answers them). */
      questionsOf: (assessmentIds: readonly number[]) =>
        assessmentIds.length === 0
          ? Promise.resolve([])
          : db
              .select({ id: assessmentQuestions.id, assessmentId: assessmentQuestions.assessmentId })
              .from(assessmentQuestions)
              .where(inArray(assessmentQuestions.assessmentId, [...assessmentIds]))
              .orderBy(asc(assessmentQuestions.assessmentId), asc(assessmentQuestions.position)),
    },
  };
}
