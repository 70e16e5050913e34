import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { supplyGapOpportunities } from './supply-gaps.tables.js';

export type SupplyGapOpportunityRow = typeof supplyGapOpportunities.$inferSelect;

export function createSupplyGapsRepository(db: Database) {
  return {
    async byCourse(courseId: number): Promise<SupplyGapOpportunityRow | null> {
      const [row] = await db
        .select()
        .from(supplyGapOpportunities)
        .where(eq(supplyGapOpportunities.courseId, courseId));
      return row ?? null;
    },
    /** Bulk writes for the demo seed. */
    seedWriter: {
      insertMany: async (values: Omit<typeof supplyGapOpportunities.$inferInsert, 'id'>[]) => {
        if (values.length > 0) await db.insert(supplyGapOpportunities).values(values);
      },
    },
  };
}
