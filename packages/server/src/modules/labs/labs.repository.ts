import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { labInstructors, labs, labTasks, labTopics } from './labs.tables.js';

const labColumns = {
  id: labs.id,
  title: labs.title,
  description: labs.description,
  learningOutcomes: labs.learningOutcomes,
  prerequisites: labs.prerequisites,
  minEstimatedMinutes: labs.minEstimatedMinutes,
  maxEstimatedMinutes: labs.maxEstimatedMinutes,
};
export type LabRow = {
  id: number;
  title: string;
  description: string;
  learningOutcomes: string[];
  prerequisites: string[];
  minEstimatedMinutes: number;
  maxEstimatedMinutes: number;
};

export function createLabsRepository(db: Database) {
  return {
    /**
     * Published labs matching the (prefix) tsquery, if any, of the topics and no longer than the
     * minutes, if given: best matches first (title first, then description), else by title; at
     * most `limit`, with how many match in all (one query).
     */
    async search(
      tsQuery: string | null,
      topicIds: readonly number[] | null,
      maxMinutes: number | null,
      limit: number,
    ): Promise<{ rows: LabRow[]; total: number }> {
      const query = tsQuery === null ? null : sql`to_tsquery('english'::regconfig, ${tsQuery})`;
      const conditions: SQL[] = [eq(labs.isPublished, true)];
      if (query) conditions.push(sql`${labs.searchDocument} @@ ${query}`);
      if (topicIds) {
        conditions.push(
          sql`exists (select 1 from ${labTopics} where ${labTopics.labId} = ${labs.id} and ${inArray(labTopics.topicId, [...topicIds])})`,
        );
      }
      if (maxMinutes !== null) conditions.push(lte(labs.maxEstimatedMinutes, maxMinutes));
      const rows = await db
        .select({ lab: labColumns, total: sql<number>`(count(*) over ())::int` })
        .from(labs)
        .where(and(...conditions))
        .orderBy(
          ...(query ? [desc(sql`ts_rank(${labs.searchDocument}, ${query})`)] : []),
          asc(labs.title),
          asc(labs.id),
        )
        .limit(limit);
      return { rows: rows.map((row) => row.lab), total: rows[0]?.total ?? 0 };
    },

    async tasksOf(labIds: readonly number[]) {
      if (labIds.length === 0) return [];
      return db
        .select({ id: labTasks.id, labId: labTasks.labId, title: labTasks.title })
        .from(labTasks)
        .where(inArray(labTasks.labId, [...labIds]))
        .orderBy(asc(labTasks.labId), asc(labTasks.position));
    },

    async instructorsOf(labIds: readonly number[]) {
      if (labIds.length === 0) return [];
      return db
        .select({ labId: labInstructors.labId, instructorId: labInstructors.instructorId })
        .from(labInstructors)
        .where(inArray(labInstructors.labId, [...labIds]))
        .orderBy(asc(labInstructors.labId), asc(labInstructors.position));
    },

    async topicsOf(labIds: readonly number[]) {
      if (labIds.length === 0) return [];
      return db
        .select({ labId: labTopics.labId, topicId: labTopics.topicId })
        .from(labTopics)
        .where(inArray(labTopics.labId, [...labIds]))
        .orderBy(asc(labTopics.labId), asc(labTopics.position));
    },

    /** Bulk writes for the demo seed. */
    seedWriter: {
      async insertLab(
        values: Omit<typeof labs.$inferInsert, 'id' | 'createdAt' | 'searchDocument'>,
        links: { tasks: readonly string[]; instructorIds: readonly number[]; topicIds: readonly number[] },
      ): Promise<{ id: number; taskIds: number[] }> {
        const [row] = await db.insert(labs).values(values).returning({ id: labs.id });
        const id = row!.id;
        const tasks =
          links.tasks.length === 0
            ? []
            : await db
                .insert(labTasks)
                .values(links.tasks.map((title, position) => ({ labId: id, position, title })))
                .returning({ id: labTasks.id, position: labTasks.position });
        if (links.instructorIds.length > 0) {
          await db
            .insert(labInstructors)
            .values(
              links.instructorIds.map((instructorId, position) => ({ labId: id, instructorId, position })),
            );
        }
        if (links.topicIds.length > 0) {
          await db
            .insert(labTopics)
            .values(links.topicIds.map((topicId, position) => ({ labId: id, topicId, position })));
        }
        return { id, taskIds: tasks.sort((a, b) => a.position - b.position).map((task) => task.id) };
      },
    },
  };
}
