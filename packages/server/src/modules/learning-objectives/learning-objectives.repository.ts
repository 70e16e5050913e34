import type { LearningActivityType, LearningObjectiveType } from '@lectern/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import {
  learningObjectiveActivities,
  learningObjectives,
  skillsFrameworks,
} from './learning-objectives.tables.js';

export type LearningObjectiveRow = typeof learningObjectives.$inferSelect;

export function createLearningObjectivesRepository(db: Database) {
  return {
    async frameworkExists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: skillsFrameworks.id })
        .from(skillsFrameworks)
        .where(eq(skillsFrameworks.id, id));
      return rows.length > 0;
    },

    /**
     * The objectives of a framework and type (those among `ids`, if given; those with an
     * activity of one of `activityTypes`, if given), by id (one query).
     */
    async find(filter: {
      frameworkId: number;
      type: LearningObjectiveType;
      ids: readonly number[] | null;
      activityTypes: readonly LearningActivityType[] | null;
    }): Promise<LearningObjectiveRow[]> {
      const conditions: SQL[] = [
        eq(learningObjectives.frameworkId, filter.frameworkId),
        eq(learningObjectives.type, filter.type),
      ];
      if (filter.ids) conditions.push(inArray(learningObjectives.id, [...filter.ids]));
      if (filter.activityTypes) {
        conditions.push(
          sql`exists (select 1 from ${learningObjectiveActivities} where ${learningObjectiveActivities.objectiveId} = ${learningObjectives.id} and ${inArray(learningObjectiveActivities.activityType, [...filter.activityTypes])})`,
        );
      }
      return db
        .select()
        .from(learningObjectives)
        .where(and(...conditions))
        .orderBy(asc(learningObjectives.id));
    },

    /** The activities of each objective in order (one query). */
    async activitiesOf(objectiveIds: readonly number[]) {
      if (objectiveIds.length === 0) return [];
      return db
        .select({
          objectiveId: learningObjectiveActivities.objectiveId,
          type: learningObjectiveActivities.activityType,
          id: learningObjectiveActivities.activityId,
        })
        .from(learningObjectiveActivities)
        .where(inArray(learningObjectiveActivities.objectiveId, [...objectiveIds]))
        .orderBy(asc(learningObjectiveActivities.objectiveId), asc(learningObjectiveActivities.position));
    },

    /** Bulk writes for the demo seed. */
    seedWriter: {
      insertFramework: async (name: string) =>
        (await db.insert(skillsFrameworks).values({ name }).returning({ id: skillsFrameworks.id }))[0]!.id,
      async insertObjective(
        values: Omit<typeof learningObjectives.$inferInsert, 'id'>,
        activities: readonly { type: LearningActivityType; id: number }[],
      ): Promise<number> {
        const [row] = await db
          .insert(learningObjectives)
          .values(values)
          .returning({ id: learningObjectives.id });
        const id = row!.id;
        if (activities.length > 0) {
          await db
            .insert(learningObjectiveActivities)
            .values(
              activities.map((activity, position) => ({
                objectiveId: id,
                activityType: activity.type,
                activityId: activity.id,
                position,
              })),
            )
            .onConflictDoNothing();
        }
        return id;
      },
    },
  };
}
