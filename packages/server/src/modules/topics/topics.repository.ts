import { asc, inArray } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { topics } from './topics.tables.js';

export type TopicRow = Pick<typeof topics.$inferSelect, 'id' | 'name' | 'slug'>;

export function createTopicsRepository(db: Database) {
  return {
    /** The topics among `ids` (one query); unknown ids are absent. */
    async byIds(ids: readonly number[], writer: Writer = db): Promise<TopicRow[]> {
      if (ids.length === 0) return [];
      return writer
        .select({ id: topics.id, name: topics.name, slug: topics.slug })
        .from(topics)
        .where(inArray(topics.id, [...ids]))
        .orderBy(asc(topics.id));
    },
    async insertMany(rows: { name: string; slug: string }[]): Promise<TopicRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(topics)
        .values(rows)
        .returning({ id: topics.id, name: topics.name, slug: topics.slug });
    },
  };
}
