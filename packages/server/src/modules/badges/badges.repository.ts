import type { BadgeProductType } from '@lectern/domain';
import { escapeLikePattern, searchWords } from '@lectern/domain';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import {
  badgeAssertions,
  badgeCertificationAreas,
  badgeClasses,
  badgeClassProducts,
  badgeIssuers,
} from './badges.tables.js';

const classColumns = {
  id: badgeClasses.id,
  name: badgeClasses.name,
  imageId: badgeClasses.imageId,
  description: badgeClasses.description,
  type: badgeClasses.type,
  tags: badgeClasses.tags,
  issuerId: badgeClasses.issuerId,
  criteria: badgeClasses.criteria,
  topicId: badgeClasses.topicId,
  certificationAreaId: badgeClasses.certificationAreaId,
  externalUrl: badgeClasses.externalUrl,
  isActive: badgeClasses.isActive,
};
export type BadgeClassRow = Omit<typeof badgeClasses.$inferSelect, 'createdAt'>;
export type BadgeAssertionRow = typeof badgeAssertions.$inferSelect;

const byName = [asc(badgeClasses.name), asc(badgeClasses.id)];

export function createBadgesRepository(db: Database) {
  const active = db
    .select(classColumns)
    .from(badgeClasses)
    .where(eq(badgeClasses.isActive, true))
    .orderBy(...byName)
    .prepare('badge_classes_active');

  return {
    areas: () => db.select().from(badgeCertificationAreas).orderBy(asc(badgeCertificationAreas.name)),
    issuers: () =>
      db
        .select({ id: badgeIssuers.id, name: badgeIssuers.name })
        .from(badgeIssuers)
        .orderBy(asc(badgeIssuers.name)),

    async issuersByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: badgeIssuers.id, name: badgeIssuers.name })
        .from(badgeIssuers)
        .where(inArray(badgeIssuers.id, [...ids]));
    },

    async classesByIds(ids: readonly number[]): Promise<BadgeClassRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(classColumns)
        .from(badgeClasses)
        .where(inArray(badgeClasses.id, [...ids]));
    },

    active: (): Promise<BadgeClassRow[]> => active.execute(),

    byTopic: (topicId: number): Promise<BadgeClassRow[]> =>
      db
        .select(classColumns)
        .from(badgeClasses)
        .where(and(eq(badgeClasses.isActive, true), eq(badgeClasses.topicId, topicId)))
        .orderBy(...byName),

    /** The active classes that any of the products prepares for, by name (one query). */
    async byProducts(products: readonly { type: BadgeProductType; id: number }[]): Promise<BadgeClassRow[]> {
      if (products.length === 0) return [];
      const matches = products.map((product) =>
        and(eq(badgeClassProducts.productType, product.type), eq(badgeClassProducts.productId, product.id)),
      );
      return db
        .select(classColumns)
        .from(badgeClasses)
        .where(
          and(
            eq(badgeClasses.isActive, true),
            sql`exists (select 1 from ${badgeClassProducts} where ${badgeClassProducts.badgeClassId} = ${badgeClasses.id} and (${or(...matches)}))`,
          ),
        )
        .orderBy(...byName);
    },

    /**
     * One page of active classes whose name, tags or issuer hold every word of the query, from
     * the given issuers and areas: names starting with the query first, then by name. The
     * total comes with each row (one query); an empty page counts apart.
     */
    async search(
      query: string | null,
      issuerIds: readonly number[] | null,
      areaIds: readonly number[] | null,
      offset: number,
      limit: number,
    ): Promise<{ rows: BadgeClassRow[]; total: number }> {
      const name = sql`lower(${badgeClasses.name})`;
      const text = sql`lower(${badgeClasses.name} || ' ' || array_to_string(${badgeClasses.tags}, ' ') || ' ' || ${badgeIssuers.name})`;
      const conditions: SQL[] = [eq(badgeClasses.isActive, true)];
      for (const word of searchWords(query))
        conditions.push(sql`${text} like ${`%${escapeLikePattern(word)}%`}`);
      if (issuerIds) conditions.push(inArray(badgeClasses.issuerId, [...issuerIds]));
      if (areaIds) conditions.push(inArray(badgeClasses.certificationAreaId, [...areaIds]));
      // Names starting with the query first, then names holding it, then the rest (tags, issuer).
      const ranking =
        query === null
          ? []
          : [
              sql`case when ${name} like ${`${escapeLikePattern(query)}%`} then 0 when ${name} like ${`%${escapeLikePattern(query)}%`} then 1 else 2 end`,
            ];
      const rows = await db
        .select({ badge: classColumns, total: sql<number>`(count(*) over ())::int` })
        .from(badgeClasses)
        .innerJoin(badgeIssuers, eq(badgeIssuers.id, badgeClasses.issuerId))
        .where(and(...conditions))
        .orderBy(...ranking, ...byName)
        .offset(offset)
        .limit(limit);
      if (rows.length > 0) return { rows: rows.map((row) => row.badge), total: rows[0]!.total };
      if (offset === 0) return { rows: [], total: 0 };
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(badgeClasses)
        .innerJoin(badgeIssuers, eq(badgeIssuers.id, badgeClasses.issuerId))
        .where(and(...conditions));
      return { rows: [], total: count?.n ?? 0 };
    },

    /** The products of each class, in the order to take them (one query). */
    async productsOf(classIds: readonly number[]) {
      if (classIds.length === 0) return [];
      return db
        .select({
          badgeClassId: badgeClassProducts.badgeClassId,
          type: badgeClassProducts.productType,
          id: badgeClassProducts.productId,
        })
        .from(badgeClassProducts)
        .where(inArray(badgeClassProducts.badgeClassId, [...classIds]))
        .orderBy(asc(badgeClassProducts.badgeClassId), asc(badgeClassProducts.position));
    },

    /** The learner's assertions of each class, newest first (one query). */
    async assertionsOfUserIn(userId: number, classIds: readonly number[]): Promise<BadgeAssertionRow[]> {
      if (classIds.length === 0) return [];
      return db
        .select()
        .from(badgeAssertions)
        .where(and(eq(badgeAssertions.userId, userId), inArray(badgeAssertions.badgeClassId, [...classIds])))
        .orderBy(desc(badgeAssertions.issuedOn), desc(badgeAssertions.id));
    },

    /** One page of the learner's assertions, newest first, with the total (one query; an empty page counts apart). */
    async assertionsPage(userId: number, offset: number, limit: number) {
      const rows = await db
        .select({ assertion: badgeAssertions, total: sql<number>`(count(*) over ())::int` })
        .from(badgeAssertions)
        .where(eq(badgeAssertions.userId, userId))
        .orderBy(desc(badgeAssertions.issuedOn), desc(badgeAssertions.id))
        .offset(offset)
        .limit(limit);
      if (rows.length > 0) return { rows: rows.map((row) => row.assertion), total: rows[0]!.total };
      if (offset === 0) return { rows: [], total: 0 };
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(badgeAssertions)
        .where(eq(badgeAssertions.userId, userId));
      return { rows: [], total: count?.n ?? 0 };
    },

    /** Bulk writes for the demo seed (and an issuer's import later). */
    seedWriter: {
      insertArea: async (name: string) =>
        (
          await db
            .insert(badgeCertificationAreas)
            .values({ name })
            .returning({ id: badgeCertificationAreas.id })
        )[0]!.id,
      insertIssuer: async (name: string, url: string | null) =>
        (await db.insert(badgeIssuers).values({ name, url }).returning({ id: badgeIssuers.id }))[0]!.id,
      async insertClass(
        values: Omit<typeof badgeClasses.$inferInsert, 'id' | 'createdAt'>,
        products: readonly { type: BadgeProductType; id: number }[],
      ): Promise<number> {
        const [row] = await db.insert(badgeClasses).values(values).returning({ id: badgeClasses.id });
        const id = row!.id;
        if (products.length > 0) {
          await db.insert(badgeClassProducts).values(
            products.map((product, position) => ({
              badgeClassId: id,
              productType: product.type,
              productId: product.id,
              position,
            })),
          );
        }
        return id;
      },
      insertAssertions: async (values: Omit<typeof badgeAssertions.$inferInsert, 'id'>[]) => {
        if (values.length > 0) await db.insert(badgeAssertions).values(values);
      },
    },
  };
}
