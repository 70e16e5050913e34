import { escapeLikePattern, searchWords } from '@lectern/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database, Writer } from '../../platform/db/database.js';
import { topicGroups, topicGroupTopics, topicInterests, topics } from './topics.tables.js';

export type TopicRow = Pick<typeof topics.$inferSelect, 'id' | 'name' | 'slug'>;
export type TopicGroupRow = typeof topicGroups.$inferSelect;

const topicColumns = { id: topics.id, name: topics.name, slug: topics.slug };

/** For a combined read: the topics whose ids `ids` selects (another feature's subquery), in id order. */
export function topicsInRead(ids: SQL): ReadPart<TopicRow[]> {
  return {
    sql: sql`select coalesce(json_agg(json_build_object('id', ${topics.id}, 'name', ${topics.name},
        'slug', ${topics.slug}) order by ${topics.id}), '[]'::json)
      from ${topics} where ${topics.id} in (${ids})`,
    parse: (value) => value as TopicRow[],
  };
}

export function createTopicsRepository(db: Database) {
  // The learner's interests are read on every visit of their home page.
  const interestsOf = db
    .select(topicColumns)
    .from(topicInterests)
    .innerJoin(topics, eq(topics.id, topicInterests.topicId))
    .where(eq(topicInterests.userId, sql.placeholder('userId')))
    .orderBy(asc(topics.name), asc(topics.id))
    .prepare('topic_interests_of_user');

  return {
    /** The topics among `ids` (one query); unknown ids are absent. */
    async byIds(ids: readonly number[], writer: Writer = db): Promise<TopicRow[]> {
      if (ids.length === 0) return [];
      return writer
        .select(topicColumns)
        .from(topics)
        .where(inArray(topics.id, [...ids]))
        .orderBy(asc(topics.id));
    },

    /**
     * Topics whose name holds every word of the (normalized) query, in one query: the whole
     * name first, then names starting with the query, then names with a word starting with it,
     * then the rest; shorter names first within each. `groupIds`: only topics of those groups.
     */
    async search(query: string, groupIds: readonly number[] | null, limit: number): Promise<TopicRow[]> {
      const name = sql`lower(${topics.name})`;
      const conditions: SQL[] = searchWords(query).map(
        (word) => sql`${name} like ${`%${escapeLikePattern(word)}%`}`,
      );
      if (groupIds) {
        conditions.push(
          sql`exists (select 1 from ${topicGroupTopics} where ${topicGroupTopics.topicId} = ${topics.id} and ${inArray(topicGroupTopics.groupId, [...groupIds])})`,
        );
      }
      const prefix = `${escapeLikePattern(query)}%`;
      return db
        .select(topicColumns)
        .from(topics)
        .where(and(...conditions))
        .orderBy(
          sql`case when ${name} = ${query} then 0 when ${name} like ${prefix} then 1 when ${name} like ${`% ${prefix}`} then 2 else 3 end`,
          sql`length(${topics.name})`,
          asc(topics.name),
          asc(topics.id),
        )
        .limit(limit);
    },

    /** The groups among `ids`, or every group for null, by name (one query). */
    async groups(ids: readonly number[] | null): Promise<TopicGroupRow[]> {
      if (ids !== null && ids.length === 0) return [];
      return db
        .select()
        .from(topicGroups)
        .where(ids === null ? undefined : inArray(topicGroups.id, [...ids]))
        .orderBy(asc(topicGroups.name), asc(topicGroups.id));
    },

    /** Which groups each of the topics is in (one query). */
    async groupLinksOfTopics(topicIds: readonly number[]): Promise<{ topicId: number; groupId: number }[]> {
      if (topicIds.length === 0) return [];
      return db
        .select({ topicId: topicGroupTopics.topicId, groupId: topicGroupTopics.groupId })
        .from(topicGroupTopics)
        .where(inArray(topicGroupTopics.topicId, [...topicIds]))
        .orderBy(asc(topicGroupTopics.groupId));
    },

    /** The topics of each group in the group's order (one query). */
    async topicLinksOfGroups(groupIds: readonly number[]): Promise<{ groupId: number; topicId: number }[]> {
      if (groupIds.length === 0) return [];
      return db
        .select({ groupId: topicGroupTopics.groupId, topicId: topicGroupTopics.topicId })
        .from(topicGroupTopics)
        .where(inArray(topicGroupTopics.groupId, [...groupIds]))
        .orderBy(asc(topicGroupTopics.position));
    },

    /** The learner's topics of interest, by name. */
    interestsOf: (userId: number, writer?: Writer): Promise<TopicRow[]> =>
      writer
        ? writer
            .select(topicColumns)
            .from(topicInterests)
            .innerJoin(topics, eq(topics.id, topicInterests.topicId))
            .where(eq(topicInterests.userId, userId))
            .orderBy(asc(topics.name), asc(topics.id))
        : interestsOf.execute({ userId }),

    /** Adds interests (those already there stay as they were). */
    async addInterests(tx: Writer, userId: number, topicIds: readonly number[]): Promise<void> {
      if (topicIds.length === 0) return;
      await tx
        .insert(topicInterests)
        .values(topicIds.map((topicId) => ({ userId, topicId })))
        .onConflictDoNothing();
    },

    async removeInterests(tx: Writer, userId: number, topicIds: readonly number[]): Promise<void> {
      if (topicIds.length === 0) return;
      await tx
        .delete(topicInterests)
        .where(and(eq(topicInterests.userId, userId), inArray(topicInterests.topicId, [...topicIds])));
    },

    /** The topics of `slugs` (one query; the demo seed finds the topics other seeds made). */
    async bySlugs(slugs: readonly string[]): Promise<TopicRow[]> {
      if (slugs.length === 0) return [];
      return db
        .select(topicColumns)
        .from(topics)
        .where(inArray(topics.slug, [...slugs]));
    },

    async insertMany(rows: { name: string; slug: string }[]): Promise<TopicRow[]> {
      if (rows.length === 0) return [];
      return db.insert(topics).values(rows).returning(topicColumns);
    },

    async insertGroup(name: string, topicIds: readonly number[]): Promise<TopicGroupRow> {
      const [group] = await db.insert(topicGroups).values({ name }).returning();
      if (!group) throw new Error('insert returned no row');
      if (topicIds.length > 0) {
        await db
          .insert(topicGroupTopics)
          .values(topicIds.map((topicId, position) => ({ groupId: group.id, topicId, position })));
      }
      return group;
    },
  };
}
