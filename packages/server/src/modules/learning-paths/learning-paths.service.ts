import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/http-error.js';
import type { TopicsService } from '../topics/topics.service.js';
import { createLearningPathsRepository, type LearningPathRow } from './learning-paths.repository.js';

/** A learning path as the API shows it; its items and enrollments are counted on demand (batched). */
export interface LearningPath {
  id: number;
  title: string;
  description: string;
  /** Its page on this site (platform §2 `learning-paths/{id}`). */
  url: string;
  topicId: number | null;
  isPro: boolean;
}

export const learningPathUrl = (id: number) => `/learning-paths/${id}/`;

const toPath = (row: LearningPathRow): LearningPath => ({ ...row, url: learningPathUrl(row.id) });

function groupBy(rows: readonly { key: number; value: number }[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const { key, value } of rows) {
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/**
 * Learning paths: courses in an order that leads somewhere, public to read. Pro paths are the
 * marketplace's own (proLearningPathsByTopic); learners enroll in paths, and a badge may be
 * earned through one.
 */
export function createLearningPathsService(deps: { db: Database; topics: TopicsService }) {
  const { topics } = deps;
  const repository = createLearningPathsRepository(deps.db);
  return {
    /** The paths among `ids`, keyed by id (one query). */
    async byIds(ids: readonly number[]): Promise<Map<number, LearningPath>> {
      return new Map((await repository.byIds([...new Set(ids)])).map((row) => [row.id, toPath(row)]));
    },

    /** The pro paths of a topic, by title; NOT_FOUND for a topic that does not exist. */
    async proByTopic(topicId: number): Promise<LearningPath[]> {
      const rows = await repository.proByTopic(topicId);
      if (rows.length === 0 && !(await topics.exists(topicId)))
        throw notFound(`There is no topic ${topicId}.`);
      return rows.map(toPath);
    },

    /** The course ids of each path in order (one query; a request's loader batches calls). */
    async courseIdsOf(pathIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.itemsOf([...new Set(pathIds)]);
      return groupBy(rows.map((row) => ({ key: row.pathId, value: row.courseId })));
    },

    /** How many learners enrolled in each path (one query). */
    async enrollmentCounts(pathIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await repository.enrollmentCounts([...new Set(pathIds)]);
      return new Map(rows.map((row) => [row.pathId, row.n]));
    },

    /** The paths among `pathIds` the learner enrolled in (one query). */
    async enrolledAmong(userId: number, pathIds: readonly number[]): Promise<Set<number>> {
      return new Set(await repository.enrolledAmong(userId, [...new Set(pathIds)]));
    },

    seedWriter: repository.seedWriter,
  };
}

export type LearningPathsService = ReturnType<typeof createLearningPathsService>;
