import { TOPIC_LIMITS, type TopicSearchInput } from '@lectern/domain';
import type { Database, Writer } from '../../platform/db/database.js';
import { notFound, validationError } from '../../platform/http/http-error.js';
import type { SQL } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import { createTopicsRepository, topicsInRead, type TopicRow } from './topics.repository.js';

/** A topic as the API shows it (platform §3); its groups are read on demand (batched). */
export interface Topic {
  id: number;
  name: string;
  url: string;
}

/** Topics shelved together ("Programming Languages"); its topics are read on demand. */
export interface TopicGroup {
  id: number;
  name: string;
}

/** The topic page of a slug. */
export const topicUrl = (slug: string) => `/topic/${slug}/`;

const toTopic = (row: TopicRow): Topic => ({ id: row.id, name: row.name, url: topicUrl(row.slug) });

function groupBy(rows: readonly { key: number; value: number }[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const { key, value } of rows) {
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/**
 * Platform §3 topics: what other features tag their content with, their groups, and the topics
 * each learner follows (their interests, theirs alone).
 */
export function createTopicsService(db: Database) {
  const repository = createTopicsRepository(db);

  /** BAD_USER_INPUT naming every id of `ids` that is no topic. */
  async function requireTopics(ids: readonly number[], field: string, writer?: Writer) {
    const found = new Set((await repository.byIds(ids, writer)).map((row) => row.id));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0)
      throw validationError({ [field]: unknown.map((id) => `There is no topic ${id}.`) });
  }

  return {
    /** Facts for a combined read: the topics whose ids `ids` (another feature's subquery) selects. */
    reads: {
      topicsIn: (ids: SQL): ReadPart<Topic[]> => {
        const part = topicsInRead(ids);
        return { sql: part.sql, parse: (value) => part.parse(value).map(toTopic) };
      },
    },

    /** The topics among `ids`, keyed by id (one query); unknown ids are absent. `writer`: a caller's transaction. */
    async byIds(ids: readonly number[], writer?: Writer): Promise<Map<number, Topic>> {
      const rows = await repository.byIds([...new Set(ids)], writer);
      return new Map(rows.map((row) => [row.id, toTopic(row)]));
    },

    /** One topic; NOT_FOUND when there is none. */
    async byId(id: number): Promise<Topic> {
      const [row] = await repository.byIds([id]);
      if (!row) throw notFound(`There is no topic ${id}.`);
      return toTopic(row);
    },

    /** Whether a topic exists (features that list things by topic answer NOT_FOUND for one that does not). */
    async exists(id: number): Promise<boolean> {
      return (await repository.byIds([id])).length > 0;
    },

    /** Topics whose names hold every word of the query, best matches first, at most `limit`. */
    async search(input: TopicSearchInput): Promise<Topic[]> {
      return (await repository.search(input.query, input.filters.groupIds, input.limit)).map(toTopic);
    },

    /** The groups of `ids` in that order (NOT_FOUND when one does not exist), or every group by name. */
    async groups(ids: readonly number[] | null): Promise<TopicGroup[]> {
      const rows = await repository.groups(ids);
      if (ids === null) return rows;
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        if (!row) throw notFound(`There is no topic group ${id}.`);
        return row;
      });
    },

    /** The groups among `ids`, keyed by id (one query). */
    async groupsByIds(ids: readonly number[]): Promise<Map<number, TopicGroup>> {
      return new Map((await repository.groups([...new Set(ids)])).map((row) => [row.id, row]));
    },

    /** The group ids of each topic (one query; a request's loader batches calls). */
    async groupIdsOfTopics(topicIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.groupLinksOfTopics(topicIds);
      return groupBy(rows.map((row) => ({ key: row.topicId, value: row.groupId })));
    },

    /** The topic ids of each group in order (one query). */
    async topicIdsOfGroups(groupIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.topicLinksOfGroups(groupIds);
      return groupBy(rows.map((row) => ({ key: row.groupId, value: row.topicId })));
    },

    /** The topics the learner follows, by name. */
    async interests(userId: number): Promise<Topic[]> {
      return (await repository.interestsOf(userId)).map(toTopic);
    },

    /**
     * The learner follows the topics (those already followed stay as they were); every id must
     * be a topic (BAD_USER_INPUT otherwise, nothing changed). Their interests after.
     */
    async assignInterests(userId: number, topicIds: readonly number[]): Promise<Topic[]> {
      return db.transaction(async (tx) => {
        await requireTopics(topicIds, 'topicIds', tx);
        await repository.addInterests(tx, userId, topicIds);
        const after = await repository.interestsOf(userId, tx);
        if (after.length > TOPIC_LIMITS.interestsMax) {
          throw validationError({
            topicIds: [`Follow at most ${TOPIC_LIMITS.interestsMax} topics; unfollow some first.`],
          });
        }
        return after.map(toTopic);
      });
    },

    /** The learner stops following the topics (those not followed are left alone). Their interests after. */
    async unassignInterests(userId: number, topicIds: readonly number[]): Promise<Topic[]> {
      return db.transaction(async (tx) => {
        await requireTopics(topicIds, 'topicIds', tx);
        await repository.removeInterests(tx, userId, topicIds);
        return (await repository.interestsOf(userId, tx)).map(toTopic);
      });
    },

    /** The topics of `slugs`, keyed by slug (the demo seed). */
    async bySlugs(slugs: readonly string[]): Promise<Map<string, Topic>> {
      return new Map((await repository.bySlugs(slugs)).map((row) => [row.slug, toTopic(row)]));
    },

    /** Adds topics (the demo seed; an operator's import later). */
    async addTopics(rows: { name: string; slug: string }[]): Promise<Topic[]> {
      return (await repository.insertMany(rows)).map(toTopic);
    },

    /** Adds a group of topics in their order (the demo seed). */
    async addGroup(name: string, topicIds: readonly number[]): Promise<TopicGroup> {
      return repository.insertGroup(name, topicIds);
    },
  };
}

export type TopicsService = ReturnType<typeof createTopicsService>;
