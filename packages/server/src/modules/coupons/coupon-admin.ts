import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { couponCourses, coupons } from './coupons.tables.js';

export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'code' | 'createdAt'>;
export type StoredCoupon = typeof coupons.$inferSelect & { courseIds: number[] };

/**
 * The back office's writes to discount codes (issue 32), each in the caller's transaction: one
 * code, a campaign of generated codes, a deactivation. Codes are stored upper-cased (platform §5).
 */
export function createCouponAdmin() {
  async function courseIdsOf(executor: Database, couponId: number): Promise<number[]> {
    const rows = await executor
      .select({ courseId: couponCourses.courseId })
      .from(couponCourses)
      .where(eq(couponCourses.couponId, couponId))
      .orderBy(couponCourses.courseId);
    return rows.map((row) => row.courseId);
  }

  return {
    /** One code as stored, with its courses; null when there is none. */
    async coupon(executor: Database, couponId: number, forUpdate = false): Promise<StoredCoupon | null> {
      const query = executor.select().from(coupons).where(eq(coupons.id, couponId));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ? { ...row, courseIds: await courseIdsOf(executor, couponId) } : null;
    },

    /** Whether a code is taken (compared upper-cased). */
    async codeTaken(executor: Database, code: string): Promise<boolean> {
      const [row] = await executor
        .select({ id: coupons.id })
        .from(coupons)
        .where(eq(coupons.code, code.toUpperCase()));
      return row !== undefined;
    },

    /** Inserts one code; null when the code is taken (nothing written). */
    async insert(tx: Database, code: string, values: CouponValues, courseIds: readonly number[]) {
      const [row] = await tx
        .insert(coupons)
        .values({ ...values, code: code.toUpperCase() })
        .onConflictDoNothing({ target: coupons.code })
        .returning();
      if (!row) return null;
      if (courseIds.length > 0)
        await tx.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: row.id, courseId })));
      return { ...row, courseIds: [...courseIds] };
    },

    /**
     * Inserts `count` codes drawn by `draw` with the same terms, drawing again for any code that
     * is taken, in statements of a thousand. Answers the codes made.
     */
    async insertMany(
      tx: Database,
      count: number,
      draw: () => string,
      values: CouponValues,
      courseIds: readonly number[],
    ): Promise<string[]> {
      const made: string[] = [];
      for (let round = 0; made.length < count; round += 1) {
        if (round > 20) throw new Error('could not draw enough free codes');
        const wanted = Math.min(1000, count - made.length);
        const drawn = new Set<string>();
        while (drawn.size < wanted) drawn.add(draw().toUpperCase());
        const rows = await tx
          .insert(coupons)
          .values([...drawn].map((code) => ({ ...values, code })))
          .onConflictDoNothing({ target: coupons.code })
          .returning({ id: coupons.id, code: coupons.code });
        if (courseIds.length > 0 && rows.length > 0) {
          const links = rows.flatMap((row) => courseIds.map((courseId) => ({ couponId: row.id, courseId })));
          for (let start = 0; start < links.length; start += 5000)
            await tx.insert(couponCourses).values(links.slice(start, start + 5000));
        }
        made.push(...rows.map((row) => row.code));
      }
      return made;
    },

    /** Stops a code at `at` (its uses stay); false when it was already deactivated. */
    async deactivate(tx: Database, couponId: number, at: Date): Promise<boolean> {
      const rows = await tx
        .update(coupons)
        .set({ deactivatedAt: at })
        .where(sql`${coupons.id} = ${couponId} and ${coupons.deactivatedAt} is null`)
        .returning({ id: coupons.id });
      return rows.length > 0;
    },

    /** The codes among `ids` that exist. */
    async existing(executor: Database, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .select({ id: coupons.id })
        .from(coupons)
        .where(inArray(coupons.id, [...ids]));
      return rows.map((row) => row.id);
    },
  };
}

export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
