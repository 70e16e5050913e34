import type { Database, Writer } from '../../platform/db/database.js';
import { createTopicsRepository, type TopicRow } from './topics.repository.js';

/** A topic as the API shows it (platform §3). */
export interface Topic {
  id: number;
  name: string;
  url: string;
}

/** The topic page of a slug. */
export const topicUrl = (slug: string) => `/topic/${slug}/`;

const toTopic = (row: TopicRow): Topic => ({ id: row.id, name: row.name, url: topicUrl(row.slug) });

/** Platform §3 topics: what other features tag their content with. */
export function createTopicsService(db: Database) {
  const repository = createTopicsRepository(db);
  return {
    /** The topics among `ids`, keyed by id (one query); unknown ids are absent. `writer`: a caller's transaction. */
    async byIds(ids: readonly number[], writer?: Writer): Promise<Map<number, Topic>> {
      const rows = await repository.byIds([...new Set(ids)], writer);
      return new Map(rows.map((row) => [row.id, toTopic(row)]));
    },
    /** Adds topics (the demo seed; an operator's import later). */
    async addTopics(rows: { name: string; slug: string }[]): Promise<Topic[]> {
      return (await repository.insertMany(rows)).map(toTopic);
    },
  };
}

export type TopicsService = ReturnType<typeof createTopicsService>;
