import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/http-error.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { createSupplyGapsRepository, type SupplyGapOpportunityRow } from './supply-gaps.repository.js';

/** Platform §3 supply-gap opportunity (deprecated in the API). */
export type SupplyGapOpportunity = Omit<SupplyGapOpportunityRow, 'courseId'>;

/**
 * Supply-gap opportunities: what the marketplace lacks that a course was made, or could be made,
 * to fill. Instructors' market insight: signed-in readers only, for published, public courses.
 */
export function createSupplyGapsService(deps: { db: Database; catalog: CatalogService }) {
  const { catalog } = deps;
  const repository = createSupplyGapsRepository(deps.db);
  return {
    /** The course's opportunity, or null when it has none; NOT_FOUND for a course that does not exist or is not public. */
    async byCourse(courseId: number): Promise<SupplyGapOpportunity | null> {
      const course = (await catalog.courseFacts([courseId])).get(courseId);
      if (!course?.visible) throw notFound(`There is no course ${courseId}.`);
      const row = await repository.byCourse(courseId);
      if (!row) return null;
      const { courseId: _course, ...opportunity } = row;
      return opportunity;
    },
    seedWriter: repository.seedWriter,
  };
}

export type SupplyGapsService = ReturnType<typeof createSupplyGapsService>;
