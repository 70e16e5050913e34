import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { coursePriceChanges, courses, priceTierAmounts, priceTiers } from './catalog.tables.js';

export type PriceChangeRow = typeof coursePriceChanges.$inferSelect & { tierName: string };

/**
 * The price side of course authoring (issue 32): the tier table, tier amounts, and the scheduled
 * tier changes of courses (applied by a job when due). Writes go into the caller's transaction.
 */
export function createPriceAuthoring(db: Database) {
  const changeColumns = {
    id: coursePriceChanges.id,
    courseId: coursePriceChanges.courseId,
    priceTierId: coursePriceChanges.priceTierId,
    effectiveAt: coursePriceChanges.effectiveAt,
    createdBy: coursePriceChanges.createdBy,
    createdAt: coursePriceChanges.createdAt,
    appliedAt: coursePriceChanges.appliedAt,
    cancelledAt: coursePriceChanges.cancelledAt,
    tierName: priceTiers.name,
  };

  return {
    /** Every tier in order with its amounts and how many courses sit on it. */
    async tiers() {
      const [tiers, amounts, usage] = await Promise.all([
        db.select({ id: priceTiers.id, name: priceTiers.name }).from(priceTiers).orderBy(asc(priceTiers.id)),
        db
          .select({
            tierId: priceTierAmounts.tierId,
            currency: priceTierAmounts.currency,
            amount: priceTierAmounts.amount,
          })
          .from(priceTierAmounts),
        db.select({ tierId: courses.priceTierId, value: count() }).from(courses).groupBy(courses.priceTierId),
      ]);
      return tiers.map((tier) => ({
        ...tier,
        amounts: Object.fromEntries(
          amounts.filter((row) => row.tierId === tier.id).map((row) => [row.currency, Number(row.amount)]),
        ) as Record<string, number>,
        courseCount: usage.find((row) => row.tierId === tier.id)?.value ?? 0,
      }));
    },

    /** A tier's amount in one currency (minor units); null when the tier has none there. */
    async tierAmount(tierId: number, currency: string, executor: Database = db): Promise<number | null> {
      const [row] = await executor
        .select({ amount: priceTierAmounts.amount })
        .from(priceTierAmounts)
        .where(and(eq(priceTierAmounts.tierId, tierId), eq(priceTierAmounts.currency, currency)));
      return row ? Number(row.amount) : null;
    },

    /** Sets a tier's amounts in the given currencies (minor units); answers the amounts before. */
    async setTierAmounts(tx: Database, tierId: number, amounts: Record<string, number>) {
      const before = await tx
        .select({ currency: priceTierAmounts.currency, amount: priceTierAmounts.amount })
        .from(priceTierAmounts)
        .where(eq(priceTierAmounts.tierId, tierId))
        .for('update');
      for (const [currency, amount] of Object.entries(amounts)) {
        await tx
          .insert(priceTierAmounts)
          .values({ tierId, currency, amount })
          .onConflictDoUpdate({
            target: [priceTierAmounts.tierId, priceTierAmounts.currency],
            set: { amount },
          });
      }
      return Object.fromEntries(before.map((row) => [row.currency, Number(row.amount)])) as Record<
        string,
        number
      >;
    },

    /** The course's scheduled changes, the pending ones first, newest first otherwise. */
    async changesOf(courseId: number, executor: Database = db): Promise<PriceChangeRow[]> {
      return executor
        .select(changeColumns)
        .from(coursePriceChanges)
        .innerJoin(priceTiers, eq(priceTiers.id, coursePriceChanges.priceTierId))
        .where(eq(coursePriceChanges.courseId, courseId))
        .orderBy(
          sql`(${coursePriceChanges.appliedAt} is null and ${coursePriceChanges.cancelledAt} is null) desc`,
          asc(coursePriceChanges.effectiveAt),
          desc(coursePriceChanges.id),
        )
        .limit(50);
    },

    async change(
      changeId: number,
      executor: Database = db,
      forUpdate = false,
    ): Promise<PriceChangeRow | null> {
      const query = executor
        .select(changeColumns)
        .from(coursePriceChanges)
        .innerJoin(priceTiers, eq(priceTiers.id, coursePriceChanges.priceTierId))
        .where(eq(coursePriceChanges.id, changeId));
      const [row] = forUpdate ? await query.for('update', { of: coursePriceChanges }) : await query;
      return row ?? null;
    },

    async schedule(
      tx: Database,
      values: { courseId: number; priceTierId: number; effectiveAt: Date; createdBy: number },
    ): Promise<number> {
      const [row] = await tx
        .insert(coursePriceChanges)
        .values(values)
        .returning({ id: coursePriceChanges.id });
      return row!.id;
    },

    async cancel(tx: Database, changeId: number, at: Date): Promise<void> {
      await tx.update(coursePriceChanges).set({ cancelledAt: at }).where(eq(coursePriceChanges.id, changeId));
    },

    /**
     * The pending changes due at `now`, oldest first, locked for the caller's transaction (another
     * instance applying at the same time skips them).
     */
    async due(tx: Database, now: Date, limit = 100): Promise<PriceChangeRow[]> {
      return tx
        .select(changeColumns)
        .from(coursePriceChanges)
        .innerJoin(priceTiers, eq(priceTiers.id, coursePriceChanges.priceTierId))
        .where(
          and(
            isNull(coursePriceChanges.appliedAt),
            isNull(coursePriceChanges.cancelledAt),
            lte(coursePriceChanges.effectiveAt, now),
          ),
        )
        .orderBy(asc(coursePriceChanges.effectiveAt), asc(coursePriceChanges.id))
        .limit(limit)
        .for('update', { of: coursePriceChanges, skipLocked: true });
    },

    async markApplied(tx: Database, changeId: number, at: Date): Promise<void> {
      await tx.update(coursePriceChanges).set({ appliedAt: at }).where(eq(coursePriceChanges.id, changeId));
    },
  };
}

export type PriceAuthoring = ReturnType<typeof createPriceAuthoring>;
