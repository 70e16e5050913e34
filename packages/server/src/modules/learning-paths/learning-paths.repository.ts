import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { learningPathEnrollments, learningPathItems, learningPaths } from './learning-paths.tables.js';

const pathColumns = {
  id: learningPaths.id,
  title: learningPaths.title,
  description: learningPaths.description,
  topicId: learningPaths.topicId,
  isPro: learningPaths.isPro,
};
export type LearningPathRow = {
  id: number;
  title: string;
  description: string;
  topicId: number | null;
  isPro: boolean;
};

export function createLearningPathsRepository(db: Database) {
  return {
    async byIds(ids: readonly number[]): Promise<LearningPathRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(pathColumns)
        .from(learningPaths)
        .where(inArray(learningPaths.id, [...ids]));
    },

    /** The pro paths of a topic, newest first. */
    proByTopic: (topicId: number): Promise<LearningPathRow[]> =>
      db
        .select(pathColumns)
        .from(learningPaths)
        .where(and(eq(learningPaths.topicId, topicId), eq(learningPaths.isPro, true)))
        .orderBy(asc(learningPaths.title), asc(learningPaths.id)),

    /** The course ids of each path in order (one query). */
    async itemsOf(pathIds: readonly number[]): Promise<{ pathId: number; courseId: number }[]> {
      if (pathIds.length === 0) return [];
      return db
        .select({ pathId: learningPathItems.pathId, courseId: learningPathItems.courseId })
        .from(learningPathItems)
        .where(inArray(learningPathItems.pathId, [...pathIds]))
        .orderBy(asc(learningPathItems.pathId), asc(learningPathItems.position));
    },

    /** How many learners enrolled in each path (one query; paths without any are absent). */
    async enrollmentCounts(pathIds: readonly number[]): Promise<{ pathId: number; n: number }[]> {
      if (pathIds.length === 0) return [];
      return db
        .select({ pathId: learningPathEnrollments.pathId, n: sql<number>`count(*)::int` })
        .from(learningPathEnrollments)
        .where(inArray(learningPathEnrollments.pathId, [...pathIds]))
        .groupBy(learningPathEnrollments.pathId);
    },

    /** The paths among `pathIds` the learner enrolled in (one query). */
    async enrolledAmong(userId: number, pathIds: readonly number[]): Promise<number[]> {
      if (pathIds.length === 0) return [];
      const rows = await db
        .select({ pathId: learningPathEnrollments.pathId })
        .from(learningPathEnrollments)
        .where(
          and(
            eq(learningPathEnrollments.userId, userId),
            inArray(learningPathEnrollments.pathId, [...pathIds]),
          ),
        );
      return rows.map((row) => row.pathId);
    },

    /** Bulk writes for the demo seed. */
    seedWriter: {
      async insertPath(
        values: Omit<typeof learningPaths.$inferInsert, 'id' | 'createdAt'>,
        courseIds: readonly number[],
      ): Promise<number> {
        const [row] = await db.insert(learningPaths).values(values).returning({ id: learningPaths.id });
        const id = row!.id;
        if (courseIds.length > 0) {
          await db
            .insert(learningPathItems)
            .values(courseIds.map((courseId, position) => ({ pathId: id, position, courseId })));
        }
        return id;
      },
      async enroll(pathId: number, userIds: readonly number[]): Promise<void> {
        if (userIds.length === 0) return;
        await db
          .insert(learningPathEnrollments)
          .values(userIds.map((userId) => ({ pathId, userId })))
          .onConflictDoNothing();
      },
    },
  };
}
