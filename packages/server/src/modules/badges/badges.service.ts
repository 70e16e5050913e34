import {
  completionPercentage,
  pageCountOf,
  pathCompletionPercentage,
  type BadgeProductType,
  type BadgeType,
  type LearningProductType,
} from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/http-error.js';
import type { CourseContentService } from '../course-content/course-content.service.js';
import type { LearningPathsService } from '../learning-paths/learning-paths.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { TopicsService } from '../topics/topics.service.js';
import { createBadgesRepository, type BadgeAssertionRow, type BadgeClassRow } from './badges.repository.js';

/** Platform §3 badge class; its issuer, topic and the caller's assertions are read on demand (batched). */
export interface BadgeClass {
  id: number;
  name: string;
  imageId: string;
  description: string;
  type: BadgeType;
  tags: string[];
  issuerId: number;
  criteria: string;
  topicId: number | null;
  externalUrl: string | null;
  isActive: boolean;
}

/** Platform §3 badge assertion: a badge class awarded to a learner. */
export interface BadgeAssertion {
  id: number;
  badgeClassId: number;
  userId: number;
  issuedOn: Date;
  expires: Date | null;
  externalUrl: string | null;
}

/** Platform §3 badge enrolment: a product of the badge class the learner is enrolled in, and how far they are. */
export interface BadgeClassEnrollment {
  learningProduct: { id: number; type: LearningProductType };
  completionPercentage: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
}

const toClass = (row: BadgeClassRow): BadgeClass => ({
  id: row.id,
  name: row.name,
  imageId: row.imageId,
  description: row.description,
  type: row.type,
  tags: row.tags,
  issuerId: row.issuerId,
  criteria: row.criteria,
  topicId: row.topicId,
  externalUrl: row.externalUrl,
  isActive: row.isActive,
});

const toAssertion = (row: BadgeAssertionRow): BadgeAssertion => ({
  id: row.id,
  badgeClassId: row.badgeClassId,
  userId: row.userId,
  issuedOn: row.issuedOn,
  expires: row.expiresAt,
  externalUrl: row.externalUrl,
});

/**
 * Platform §3 and §7 badges and certifications. Badge classes, issuers and subject areas are
 * public. Assertions are their earner's alone (decision: there is no public learner profile
 * yet, so no one else has a reason to list them; an earner shares an award through its
 * issuer's externalUrl): others' are answered as missing (404). Enrolments are the caller's
 * enrolments in the courses and learning paths that prepare for a class, with their progress.
 */
export function createBadgesService(deps: {
  db: Database;
  topics: TopicsService;
  orders: OrdersService;
  learningPaths: LearningPathsService;
  courseContent: CourseContentService;
}) {
  const { topics, orders, learningPaths, courseContent } = deps;
  const repository = createBadgesRepository(deps.db);

  return {
    subjectAreas: () => repository.areas(),
    issuers: () => repository.issuers(),

    async issuersByIds(ids: readonly number[]): Promise<Map<number, { id: number; name: string }>> {
      return new Map((await repository.issuersByIds([...new Set(ids)])).map((row) => [row.id, row]));
    },

    async classesByIds(ids: readonly number[]): Promise<Map<number, BadgeClass>> {
      return new Map((await repository.classesByIds([...new Set(ids)])).map((row) => [row.id, toClass(row)]));
    },

    /** One badge class, active or not (its holders keep it); NOT_FOUND when there is none. */
    async badgeClass(id: number): Promise<BadgeClass> {
      const [row] = await repository.classesByIds([id]);
      if (!row) throw notFound(`There is no badge class ${id}.`);
      return toClass(row);
    },

    /** Every active class, by name. */
    active: async (): Promise<BadgeClass[]> => (await repository.active()).map(toClass),

    /** The active classes of a topic, by name; NOT_FOUND for a topic that does not exist. */
    async byTopic(topicId: number): Promise<BadgeClass[]> {
      const rows = await repository.byTopic(topicId);
      if (rows.length === 0 && !(await topics.exists(topicId)))
        throw notFound(`There is no topic ${topicId}.`);
      return rows.map(toClass);
    },

    /** The active classes that any of the products prepares for, by name (labs and assessments prepare for none). */
    async byLearningProducts(
      products: readonly { id: number; type: LearningProductType }[],
    ): Promise<BadgeClass[]> {
      const preparing = products.filter(
        (product): product is { id: number; type: BadgeProductType } =>
          product.type === 'COURSE' || product.type === 'LEARNING_PATH',
      );
      return (await repository.byProducts(preparing)).map(toClass);
    },

    /** One page (from 0) of the active classes matching the search. */
    async search(input: {
      query: string | null;
      issuerIds: number[] | null;
      certificationAreaIds: number[] | null;
      page: number;
      size: number;
    }): Promise<Page<BadgeClass>> {
      const { rows, total } = await repository.search(
        input.query,
        input.issuerIds,
        input.certificationAreaIds,
        input.page * input.size,
        input.size,
      );
      return { items: rows.map(toClass), page: input.page, pageCount: pageCountOf(total, input.size) };
    },

    /** The learner's assertions of each class, newest first (one query; a request's loader batches calls). */
    async assertionsOf(userId: number, classIds: readonly number[]): Promise<Map<number, BadgeAssertion[]>> {
      const byClass = new Map<number, BadgeAssertion[]>();
      for (const row of await repository.assertionsOfUserIn(userId, [...new Set(classIds)])) {
        byClass.set(row.badgeClassId, [...(byClass.get(row.badgeClassId) ?? []), toAssertion(row)]);
      }
      return byClass;
    },

    /** One page of a learner's assertions, newest first: the caller's own only (anyone else's is NOT_FOUND). */
    async assertionsOfUser(
      callerId: number,
      userId: number,
      page: number,
      size: number,
    ): Promise<Page<BadgeAssertion>> {
      if (userId !== callerId) throw notFound(`There are no badges of user ${userId} among yours.`);
      const { rows, total } = await repository.assertionsPage(userId, page * size, size);
      return { items: rows.map(toAssertion), page, pageCount: pageCountOf(total, size) };
    },

    /**
     * The caller's enrolments in the products of a badge class (in the class's order), each with
     * its completion: a course's items completed of all its items; a path's over all its
     * courses' items. NOT_FOUND for a class that does not exist. A fixed number of queries.
     */
    async enrollments(userId: number, badgeClassId: number): Promise<BadgeClassEnrollment[]> {
      const [[row], products] = await Promise.all([
        repository.classesByIds([badgeClassId]),
        repository.productsOf([badgeClassId]),
      ]);
      if (!row) throw notFound(`There is no badge class ${badgeClassId}.`);
      const courseIds = products.filter((p) => p.type === 'COURSE').map((p) => p.id);
      const pathIds = products.filter((p) => p.type === 'LEARNING_PATH').map((p) => p.id);
      const [enrolledCourses, enrolledPaths] = await Promise.all([
        orders.enrolledCourseIds(userId, courseIds),
        learningPaths.enrolledAmong(userId, pathIds),
      ]);
      const pathCourses = await learningPaths.courseIdsOf([...enrolledPaths]);
      const progress = await courseContent.progress(userId, [
        ...enrolledCourses,
        ...[...pathCourses.values()].flat(),
      ]);
      const of = (courseId: number) => progress.get(courseId) ?? { completed: 0, total: 0 };
      return products.flatMap((product): BadgeClassEnrollment[] => {
        if (product.type === 'COURSE' && enrolledCourses.has(product.id)) {
          const { completed, total } = of(product.id);
          return [{ learningProduct: product, completionPercentage: completionPercentage(completed, total) }];
        }
        if (product.type === 'LEARNING_PATH' && enrolledPaths.has(product.id)) {
          const courses = (pathCourses.get(product.id) ?? []).map(of);
          return [{ learningProduct: product, completionPercentage: pathCompletionPercentage(courses) }];
        }
        return [];
      });
    },

    seedWriter: repository.seedWriter,
  };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
