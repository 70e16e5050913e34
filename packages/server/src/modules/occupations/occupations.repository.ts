import { escapeLikePattern, searchWords } from '@lectern/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { occupationGroups, occupations, userOccupations, userRawOccupations } from './occupations.tables.js';

export type OccupationRow = typeof occupations.$inferSelect;
export type OccupationGroupRow = typeof occupationGroups.$inferSelect;

export function createOccupationsRepository(db: Database) {
  return {
    async byIds(ids: readonly number[], writer: Writer = db): Promise<OccupationRow[]> {
      if (ids.length === 0) return [];
      return writer
        .select()
        .from(occupations)
        .where(inArray(occupations.id, [...ids]));
    },

    /** The groups among `ids`, or every group for null, by name (one query). */
    async groups(ids: readonly number[] | null, writer: Writer = db): Promise<OccupationGroupRow[]> {
      if (ids !== null && ids.length === 0) return [];
      return writer
        .select()
        .from(occupationGroups)
        .where(ids === null ? undefined : inArray(occupationGroups.id, [...ids]))
        .orderBy(asc(occupationGroups.name), asc(occupationGroups.id));
    },

    /**
     * One page of occupations whose name holds every word of the search (all without one), in
     * the given groups (all for null): names starting with the search first, then by name. The
     * total comes with each row (one query); an empty page counts apart.
     */
    async search(
      search: string | null,
      groupIds: readonly number[] | null,
      offset: number,
      limit: number,
    ): Promise<{ rows: OccupationRow[]; total: number }> {
      const name = sql`lower(${occupations.name})`;
      const conditions: SQL[] = searchWords(search).map(
        (word) => sql`${name} like ${`%${escapeLikePattern(word)}%`}`,
      );
      if (groupIds) conditions.push(inArray(occupations.groupId, [...groupIds]));
      const where = and(...conditions);
      const rank =
        search === null
          ? asc(occupations.name)
          : sql`case when ${name} like ${`${escapeLikePattern(search)}%`} then 0 when ${name} like ${`% ${escapeLikePattern(search)}%`} then 1 else 2 end`;
      const rows = await db
        .select({ occupation: occupations, total: sql<number>`(count(*) over ())::int` })
        .from(occupations)
        .where(where)
        .orderBy(rank, asc(occupations.name), asc(occupations.id))
        .offset(offset)
        .limit(limit);
      if (rows.length > 0) return { rows: rows.map((row) => row.occupation), total: rows[0]!.total };
      if (offset === 0) return { rows: [], total: 0 };
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(occupations)
        .where(where);
      return { rows: [], total: count?.n ?? 0 };
    },

    async infoOf(userId: number, writer: Writer = db) {
      const [row] = await writer.select().from(userOccupations).where(eq(userOccupations.userId, userId));
      return row ?? null;
    },

    async rawOf(userId: number, writer: Writer = db): Promise<{ id: number; name: string }[]> {
      return writer
        .select({ id: userRawOccupations.id, name: userRawOccupations.name })
        .from(userRawOccupations)
        .where(eq(userRawOccupations.userId, userId))
        .orderBy(asc(userRawOccupations.position), asc(userRawOccupations.id));
    },

    /** Writes the learner's answers (the fields given; the others keep their values, or their defaults on the first answer). */
    async upsertInfo(
      tx: Writer,
      userId: number,
      values: Partial<Pick<typeof userOccupations.$inferInsert, 'groupId' | 'occupationId' | 'isManager'>>,
    ): Promise<void> {
      await tx
        .insert(userOccupations)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userOccupations.userId, set: { ...values, updatedAt: sql`now()` } });
    },

    /** Replaces the learner's raw occupations. */
    async replaceRaw(tx: Writer, userId: number, names: readonly string[]): Promise<void> {
      await tx.delete(userRawOccupations).where(eq(userRawOccupations.userId, userId));
      if (names.length === 0) return;
      await tx.insert(userRawOccupations).values(names.map((name, position) => ({ userId, name, position })));
    },

    /** Bulk writes for the demo seed. */
    seedWriter: {
      insertGroup: async (name: string): Promise<number> => {
        const [row] = await db
          .insert(occupationGroups)
          .values({ name })
          .returning({ id: occupationGroups.id });
        return row!.id;
      },
      insertOccupations: async (values: (typeof occupations.$inferInsert)[]) => {
        if (values.length === 0) return [];
        return db.insert(occupations).values(values).returning();
      },
    },
  };
}
