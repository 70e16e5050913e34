import { and, count, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { qualify } from '../../platform/db/qualify.js';
import { couponCourses, couponRedemptions, coupons } from './coupons.tables.js';

export type CouponRow = typeof coupons.$inferSelect;
export type RedemptionRow = typeof couponRedemptions.$inferSelect;

/** A redemption counts against a limit when it was paid for or is held by a checkout that has not expired. */
const counts = (now: SQL) => sql`(${qualify(couponRedemptions.status)} = 'consumed'
  or (${qualify(couponRedemptions.status)} = 'reserved' and ${qualify(couponRedemptions.expiresAt)} > ${now}))`;

export function createCouponsRepository(db: Database) {
  // The cart evaluates its codes (and lists the public coupons) on every read: one prepared
  // query, counting uses only for coupons that have a limit.
  const evaluateQuery = db
    .select({
      coupon: coupons,
      // Uses that count against the limit: consumed ones and reservations not yet expired.
      usesTaken: sql<number>`case when ${qualify(coupons.usageLimit)} is null then 0 else (
        select count(*)::int from ${couponRedemptions}
        where ${qualify(couponRedemptions.couponId)} = ${qualify(coupons.id)}
          and (${qualify(couponRedemptions.status)} = 'consumed'
            or (${qualify(couponRedemptions.status)} = 'reserved'
              and ${qualify(couponRedemptions.expiresAt)} > ${sql.placeholder('now')}::timestamptz))) end`,
      courseIds: sql<number[]>`case when ${qualify(coupons.scope)} = 'courses' then coalesce((
        select array_agg(${qualify(couponCourses.courseId)}) from ${couponCourses}
        where ${qualify(couponCourses.couponId)} = ${qualify(coupons.id)}), '{}'::int[]) else '{}'::int[] end`,
      // The buyer's own uses, for a coupon limited per buyer (null: no limit, or no buyer).
      buyerUses: sql<number | null>`case when ${qualify(coupons.perBuyerLimit)} is null
        or ${sql.placeholder('buyerId')}::int is null then null else (
        select count(*)::int from ${couponRedemptions}
        where ${qualify(couponRedemptions.couponId)} = ${qualify(coupons.id)}
          and ${qualify(couponRedemptions.userId)} = ${sql.placeholder('buyerId')}::int
          and ${counts(sql`${sql.placeholder('now')}::timestamptz`)}) end`,
    })
    .from(coupons)
    .where(
      or(
        sql`${coupons.code} = any(${sql.placeholder('codes')}::text[])`,
        and(eq(coupons.isPublic, true), sql`${sql.placeholder('includePublic')}::boolean`),
      ),
    )
    .prepare('coupons_evaluate');

  // Uses counting against the limits of a few coupons (the cart's read path, with cached definitions).
  const usesTakenQuery = db
    .select({ couponId: couponRedemptions.couponId, value: count() })
    .from(couponRedemptions)
    .where(
      and(
        sql`${couponRedemptions.couponId} = any(${sql.placeholder('couponIds')}::int[])`,
        or(
          eq(couponRedemptions.status, 'consumed'),
          and(
            eq(couponRedemptions.status, 'reserved'),
            sql`${couponRedemptions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
          ),
        ),
      ),
    )
    .groupBy(couponRedemptions.couponId)
    .prepare('coupons_uses_taken');

  // The same for one buyer (the per-buyer limits of the cart's cached coupons).
  const buyerUsesQuery = db
    .select({ couponId: couponRedemptions.couponId, value: count() })
    .from(couponRedemptions)
    .where(
      and(
        sql`${couponRedemptions.couponId} = any(${sql.placeholder('couponIds')}::int[])`,
        sql`${couponRedemptions.userId} = ${sql.placeholder('buyerId')}::int`,
        counts(sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .groupBy(couponRedemptions.couponId)
    .prepare('coupons_buyer_uses');

  return {
    async usesTaken(couponIds: number[], now: Date): Promise<Map<number, number>> {
      const rows = await usesTakenQuery.execute({ couponIds, now: now.toISOString() });
      return new Map(rows.map((row) => [row.couponId, Number(row.value)]));
    },

    /** Each coupon's uses by one buyer that count against its per-buyer limit. */
    async buyerUses(couponIds: number[], buyerId: number, now: Date): Promise<Map<number, number>> {
      const rows = await buyerUsesQuery.execute({ couponIds, buyerId, now: now.toISOString() });
      return new Map(rows.map((row) => [row.couponId, Number(row.value)]));
    },

    async evaluate(codes: string[], includePublic: boolean, now: Date, buyerId: number | null = null) {
      const rows = await evaluateQuery.execute({ codes, includePublic, now: now.toISOString(), buyerId });
      return rows.map((row) => ({
        ...row,
        courseIds: (row.courseIds ?? []).map(Number),
        buyerUses: row.buyerUses === null ? null : Number(row.buyerUses),
      }));
    },

    async insertCoupon(values: typeof coupons.$inferInsert, courseIds: number[]): Promise<CouponRow> {
      const [row] = await db.insert(coupons).values(values).returning();
      if (courseIds.length > 0)
        await db.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: row!.id, courseId })));
      return row!;
    },

    /**
     * Runs `work` in a transaction holding the coupon's row lock (`SELECT ... FOR UPDATE`), so
     * reservations of one coupon happen one after the other and each sees the uses before it.
     * `work` gets null when there is no coupon with that code.
     */
    withCouponLock<T>(
      code: string,
      work: (
        coupon: CouponRow | null,
        locked: {
          usesTaken(now: Date): Promise<number>;
          /** The buyer's uses that count against the coupon's per-buyer limit. */
          buyerUsesTaken(userId: number, now: Date): Promise<number>;
          redemption(reference: string): Promise<RedemptionRow | null>;
          insertRedemption(values: typeof couponRedemptions.$inferInsert): Promise<RedemptionRow>;
          updateRedemption(id: number, values: Partial<typeof couponRedemptions.$inferInsert>): Promise<void>;
        },
      ) => Promise<T>,
      /** An open transaction to join (a savepoint in it). */
      within?: Database,
    ): Promise<T> {
      return (within ?? db).transaction(async (tx) => {
        const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
        return work(coupon ?? null, {
          async usesTaken(now) {
            if (!coupon) return 0;
            const [row] = await tx
              .select({ value: count() })
              .from(couponRedemptions)
              .where(
                and(
                  eq(couponRedemptions.couponId, coupon.id),
                  or(
                    eq(couponRedemptions.status, 'consumed'),
                    and(eq(couponRedemptions.status, 'reserved'), gt(couponRedemptions.expiresAt, now)),
                  ),
                ),
              );
            return row?.value ?? 0;
          },
          async buyerUsesTaken(userId, now) {
            if (!coupon) return 0;
            const [row] = await tx
              .select({ value: count() })
              .from(couponRedemptions)
              .where(
                and(
                  eq(couponRedemptions.couponId, coupon.id),
                  eq(couponRedemptions.userId, userId),
                  or(
                    eq(couponRedemptions.status, 'consumed'),
                    and(eq(couponRedemptions.status, 'reserved'), gt(couponRedemptions.expiresAt, now)),
                  ),
                ),
              );
            return row?.value ?? 0;
          },
          async redemption(reference) {
            const [row] = await tx
              .select()
              .from(couponRedemptions)
              .where(eq(couponRedemptions.reference, reference));
            return row ?? null;
          },
          async insertRedemption(values) {
            const [row] = await tx.insert(couponRedemptions).values(values).returning();
            return row!;
          },
          async updateRedemption(id, values) {
            await tx.update(couponRedemptions).set(values).where(eq(couponRedemptions.id, id));
          },
        });
      });
    },

    async redemptionWithCode(reference: string, within?: Database) {
      const [row] = await (within ?? db)
        .select({ redemption: couponRedemptions, code: coupons.code })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(eq(couponRedemptions.reference, reference));
      return row ?? null;
    },

    async releaseReserved(reference: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(couponRedemptions)
        .set({ status: 'released', settledAt: now, expiresAt: null })
        .where(and(eq(couponRedemptions.reference, reference), eq(couponRedemptions.status, 'reserved')))
        .returning({ id: couponRedemptions.id });
      return rows.length > 0;
    },

    async releaseConsumed(reference: string, now: Date, within: Database = db): Promise<boolean> {
      const rows = await within
        .update(couponRedemptions)
        .set({ status: 'released', settledAt: now })
        .where(and(eq(couponRedemptions.reference, reference), eq(couponRedemptions.status, 'consumed')))
        .returning({ id: couponRedemptions.id });
      return rows.length > 0;
    },

    /** Marks reservations whose time is up as released; returns how many. */
    async releaseExpired(now: Date): Promise<number> {
      const rows = await db
        .update(couponRedemptions)
        .set({ status: 'released', settledAt: now })
        .where(and(eq(couponRedemptions.status, 'reserved'), lte(couponRedemptions.expiresAt, now)))
        .returning({ id: couponRedemptions.id });
      return rows.length;
    },

    /** For the seed: a use that was already paid. */
    async insertConsumedRedemption(couponId: number, userId: number, reference: string, at: Date) {
      await db.insert(couponRedemptions).values({
        couponId,
        userId,
        reference,
        status: 'consumed',
        createdAt: at,
        settledAt: at,
      });
    },
  };
}
