import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database, Writer } from '../../platform/db/database.js';
import {
  learningCommunities,
  learningCommunityMembers,
  learningCommunityTopics,
} from './learning-communities.tables.js';

const communityColumns = {
  id: learningCommunities.id,
  title: learningCommunities.title,
  description: learningCommunities.description,
  reasonType: learningCommunities.reasonType,
  reasonText: learningCommunities.reasonText,
  ownerId: learningCommunities.ownerId,
  organizationId: learningCommunities.organizationId,
};
export type CommunityRow = {
  id: number;
  title: string;
  description: string;
  reasonType: (typeof learningCommunities.$inferSelect)['reasonType'];
  reasonText: string | null;
  ownerId: number;
  organizationId: number | null;
};

export type CommunityWithParts = CommunityRow & { memberIds: number[]; topicIds: number[] };

// The communities of the user `userId` (a placeholder), for the combined reads below.
const communitiesOfUser = sql`select ${learningCommunityMembers.communityId} from ${learningCommunityMembers}
  where ${learningCommunityMembers.userId} = ${sql.placeholder('userId')}`;

/**
 * For a combined read: the communities `userId` belongs to, newest first, each with its member
 * and topic ids in their order.
 */
export const communitiesOfMemberRead: ReadPart<CommunityWithParts[]> = {
  sql: sql`select coalesce(json_agg(json_build_object(
      'id', c.id, 'title', c.title, 'description', c.description, 'reasonType', c.reason_type,
      'reasonText', c.reason_text, 'ownerId', c.owner_id, 'organizationId', c.organization_id,
      'memberIds', array(select m.user_id from ${learningCommunityMembers} m
        where m.community_id = c.id order by m.joined_at, m.user_id),
      'topicIds', array(select t.topic_id from ${learningCommunityTopics} t
        where t.community_id = c.id order by t.position)
    ) order by c.created_at desc, c.id desc), '[]'::json)
    from ${learningCommunities} c where c.id in (${communitiesOfUser})`,
  parse: (value) => value as CommunityWithParts[],
};

/** The people those communities name (their owners and members), as a subquery of user ids. */
export const peopleOfMemberCommunities = sql`select m.user_id from ${learningCommunityMembers} m
  where m.community_id in (${communitiesOfUser})
  union select c.owner_id from ${learningCommunities} c where c.id in (${communitiesOfUser})`;

/** The topics of those communities, as a subquery of topic ids. */
export const topicsOfMemberCommunities = sql`select t.topic_id from ${learningCommunityTopics} t
  where t.community_id in (${communitiesOfUser})`;

export function createLearningCommunitiesRepository(db: Database) {
  // "My communities" is read on every visit of the learner's home page.
  return {
    /** The communities among `ids` that the user belongs to (one query); the others are absent. */
    async visibleAmong(userId: number, ids: readonly number[]): Promise<CommunityRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(communityColumns)
        .from(learningCommunityMembers)
        .innerJoin(learningCommunities, eq(learningCommunities.id, learningCommunityMembers.communityId))
        .where(
          and(
            eq(learningCommunityMembers.userId, userId),
            inArray(learningCommunityMembers.communityId, [...ids]),
          ),
        );
    },

    /**
     * The community locked for the caller's transaction (`share`: members may be added meanwhile,
     * but it cannot be deleted or change hands; `update`: nothing else changes it), with its
     * member ids: whether the caller is one, and whose lists the change touches. Null when it
     * does not exist.
     */
    async locked(
      tx: Writer,
      id: number,
      strength: 'share' | 'update',
    ): Promise<(CommunityRow & { memberIds: number[] }) | null> {
      const [row] = await tx
        .select(communityColumns)
        .from(learningCommunities)
        .where(eq(learningCommunities.id, id))
        .for(strength);
      if (!row) return null;
      const members = await tx
        .select({ userId: learningCommunityMembers.userId })
        .from(learningCommunityMembers)
        .where(eq(learningCommunityMembers.communityId, id));
      return { ...row, memberIds: members.map((member) => member.userId) };
    },

    async insert(
      tx: Writer,
      values: Omit<typeof learningCommunities.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
    ): Promise<CommunityRow> {
      const [row] = await tx.insert(learningCommunities).values(values).returning(communityColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Adds members (those already in stay as they were); the ids that were added. */
    async addMembers(tx: Writer, communityId: number, userIds: readonly number[], addedBy: number | null) {
      if (userIds.length === 0) return [];
      const rows = await tx
        .insert(learningCommunityMembers)
        .values(userIds.map((userId) => ({ communityId, userId, addedBy })))
        .onConflictDoNothing()
        .returning({ userId: learningCommunityMembers.userId });
      return rows.map((row) => row.userId);
    },

    async removeMembers(tx: Writer, communityId: number, userIds: readonly number[]): Promise<void> {
      if (userIds.length === 0) return;
      await tx
        .delete(learningCommunityMembers)
        .where(
          and(
            eq(learningCommunityMembers.communityId, communityId),
            inArray(learningCommunityMembers.userId, [...userIds]),
          ),
        );
    },

    async setTopics(tx: Writer, communityId: number, topicIds: readonly number[]): Promise<void> {
      if (topicIds.length === 0) return;
      await tx
        .insert(learningCommunityTopics)
        .values(topicIds.map((topicId, position) => ({ communityId, topicId, position })));
    },

    /** The member who has been in the longest, other than `exceptUserId`; null when there is none. */
    async longestStandingOther(
      tx: Writer,
      communityId: number,
      exceptUserId: number,
    ): Promise<number | null> {
      const [row] = await tx
        .select({ userId: learningCommunityMembers.userId })
        .from(learningCommunityMembers)
        .where(
          and(
            eq(learningCommunityMembers.communityId, communityId),
            ne(learningCommunityMembers.userId, exceptUserId),
          ),
        )
        .orderBy(asc(learningCommunityMembers.joinedAt), asc(learningCommunityMembers.userId))
        .limit(1);
      return row?.userId ?? null;
    },

    async setOwner(tx: Writer, communityId: number, ownerId: number): Promise<void> {
      await tx
        .update(learningCommunities)
        .set({ ownerId, updatedAt: sql`now()` })
        .where(eq(learningCommunities.id, communityId));
    },

    async touch(tx: Writer, communityId: number): Promise<void> {
      await tx
        .update(learningCommunities)
        .set({ updatedAt: sql`now()` })
        .where(eq(learningCommunities.id, communityId));
    },

    async delete(tx: Writer, communityId: number): Promise<void> {
      await tx.delete(learningCommunities).where(eq(learningCommunities.id, communityId));
    },

    /** The member ids of each community, longest-standing first (one query). */
    async memberIdsOf(communityIds: readonly number[]): Promise<{ communityId: number; userId: number }[]> {
      if (communityIds.length === 0) return [];
      return db
        .select({
          communityId: learningCommunityMembers.communityId,
          userId: learningCommunityMembers.userId,
        })
        .from(learningCommunityMembers)
        .where(inArray(learningCommunityMembers.communityId, [...communityIds]))
        .orderBy(asc(learningCommunityMembers.joinedAt), asc(learningCommunityMembers.userId));
    },

    /** The topic ids of each community in their order (one query). */
    async topicIdsOf(communityIds: readonly number[]): Promise<{ communityId: number; topicId: number }[]> {
      if (communityIds.length === 0) return [];
      return db
        .select({
          communityId: learningCommunityTopics.communityId,
          topicId: learningCommunityTopics.topicId,
        })
        .from(learningCommunityTopics)
        .where(inArray(learningCommunityTopics.communityId, [...communityIds]))
        .orderBy(asc(learningCommunityTopics.position));
    },
  };
}

export type LearningCommunitiesRepository = ReturnType<typeof createLearningCommunitiesRepository>;
