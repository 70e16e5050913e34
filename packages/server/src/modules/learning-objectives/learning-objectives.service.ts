import type { LearningActivityType, LearningObjectiveType } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/http-error.js';
import {
  createLearningObjectivesRepository,
  type LearningObjectiveRow,
} from './learning-objectives.repository.js';

/** Platform §3 learning objective; its activities are read on demand (batched). */
export interface LearningObjective {
  id: number;
  name: string;
  type: LearningObjectiveType;
  frameworkId: number;
}

/** What practises or checks an objective: a lecture, an assessment question or a lab task, by its id. */
export interface LearningActivity {
  id: number;
  type: LearningActivityType;
}

const toObjective = (row: LearningObjectiveRow): LearningObjective => ({
  id: row.id,
  name: row.name,
  type: row.type,
  frameworkId: row.frameworkId,
});

/** Platform §3 learning objectives, in the skills frameworks they are written in (public). */
export function createLearningObjectivesService(db: Database) {
  const repository = createLearningObjectivesRepository(db);

  async function requireFramework(id: number) {
    if (!(await repository.frameworkExists(id))) throw notFound(`There is no skills framework ${id}.`);
  }

  return {
    /**
     * The objectives of a framework and type that have an activity of one of `activities` (any
     * objective without them), by id. NOT_FOUND for a framework that does not exist.
     */
    async byActivities(input: {
      skillsFrameworkId: number;
      type: LearningObjectiveType;
      activities: LearningActivityType[] | null;
    }): Promise<LearningObjective[]> {
      await requireFramework(input.skillsFrameworkId);
      const rows = await repository.find({
        frameworkId: input.skillsFrameworkId,
        type: input.type,
        ids: null,
        activityTypes: input.activities,
      });
      return rows.map(toObjective);
    },

    /**
     * The objectives among `ids` that are of the framework and type, in the order of `ids`
     * (others left out). NOT_FOUND for a framework that does not exist.
     */
    async byIds(input: {
      ids: number[];
      skillsFrameworkId: number;
      type: LearningObjectiveType;
    }): Promise<LearningObjective[]> {
      await requireFramework(input.skillsFrameworkId);
      const rows = await repository.find({
        frameworkId: input.skillsFrameworkId,
        type: input.type,
        ids: input.ids,
        activityTypes: null,
      });
      const byId = new Map(rows.map((row) => [row.id, toObjective(row)]));
      return input.ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The activities of each objective in order (one query; a request's loader batches calls). */
    async activitiesOf(objectiveIds: readonly number[]): Promise<Map<number, LearningActivity[]>> {
      const byObjective = new Map<number, LearningActivity[]>();
      for (const row of await repository.activitiesOf([...new Set(objectiveIds)])) {
        byObjective.set(row.objectiveId, [
          ...(byObjective.get(row.objectiveId) ?? []),
          { id: row.id, type: row.type },
        ]);
      }
      return byObjective;
    },

    seedWriter: repository.seedWriter,
  };
}

export type LearningObjectivesService = ReturnType<typeof createLearningObjectivesService>;
