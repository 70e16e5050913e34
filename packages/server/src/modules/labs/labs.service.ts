import type { LabSearchInput } from '@lectern/domain';
import { COURSE_CONTENT_LIMITS } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { createLabsRepository, type LabRow } from './labs.repository.js';

/** Platform §3 lab; its tasks, instructors and topics are read on demand (batched). */
export type Lab = LabRow;

export interface LabTask {
  id: number;
  labId: number;
  title: string;
}

function groupBy<T, V>(
  rows: readonly T[],
  keyOf: (row: T) => number,
  valueOf: (row: T) => V,
): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

/** Platform §3 labs: hands-on environments with tasks, public to search. */
export function createLabsService(db: Database) {
  const repository = createLabsRepository(db);
  return {
    /** Published labs matching the search and filters (at most COURSE_CONTENT_LIMITS.labSearchMax), and how many match in all. */
    async search(input: LabSearchInput): Promise<{ labs: Lab[]; count: number }> {
      const { rows, total } = await repository.search(
        input.query,
        input.filters.topicIds,
        input.filters.maxEstimatedMinutes,
        COURSE_CONTENT_LIMITS.labSearchMax,
      );
      return { labs: rows, count: total };
    },

    /** Each lab's tasks in order (one query; a request's loader batches calls). */
    async tasksOf(labIds: readonly number[]): Promise<Map<number, LabTask[]>> {
      return groupBy(
        await repository.tasksOf([...new Set(labIds)]),
        (row) => row.labId,
        (row) => row,
      );
    },

    async instructorIdsOf(labIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.instructorsOf([...new Set(labIds)]);
      return groupBy(
        rows,
        (row) => row.labId,
        (row) => row.instructorId,
      );
    },

    async topicIdsOf(labIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.topicsOf([...new Set(labIds)]);
      return groupBy(
        rows,
        (row) => row.labId,
        (row) => row.topicId,
      );
    },

    seedWriter: repository.seedWriter,
  };
}

export type LabsService = ReturnType<typeof createLabsService>;
