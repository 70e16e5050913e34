import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import {
  subscriptionEnrollments,
  subscriptionInvoices,
  subscriptionPlans,
  subscriptionPriceOptions,
} from './subscriptions.tables.js';

export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

/** Invoices: what a plan owes for a period, and how its charge attempts went. */
export function createSubscriptionBillingRepository(db: Database) {
  return {
    /** The period's invoice, created once whatever duplicates run; null when it existed already. */
    async insertInvoice(
      values: typeof subscriptionInvoices.$inferInsert,
      writer: Writer,
    ): Promise<InvoiceRow | null> {
      const [row] = await writer
        .insert(subscriptionInvoices)
        .values(values)
        .onConflictDoNothing({
          target: [subscriptionInvoices.enrollmentId, subscriptionInvoices.periodStart],
        })
        .returning();
      return row ?? null;
    },

    async invoiceOfPeriod(
      enrollmentId: number,
      periodStart: Date,
      writer: Writer = db,
    ): Promise<InvoiceRow | null> {
      const [row] = await writer
        .select()
        .from(subscriptionInvoices)
        .where(
          and(
            eq(subscriptionInvoices.enrollmentId, enrollmentId),
            eq(subscriptionInvoices.periodStart, periodStart),
          ),
        );
      return row ?? null;
    },

    async invoice(id: number, writer: Writer = db, lock = false): Promise<InvoiceRow | null> {
      const query = writer.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The unpaid invoice of an enrollment (past due or waiting for authentication), if any. */
    async openInvoice(enrollmentId: number, writer: Writer = db): Promise<InvoiceRow | null> {
      const [row] = await writer
        .select()
        .from(subscriptionInvoices)
        .where(
          and(
            eq(subscriptionInvoices.enrollmentId, enrollmentId),
            inArray(subscriptionInvoices.status, ['open', 'action_required']),
          ),
        )
        .orderBy(asc(subscriptionInvoices.periodStart))
        .limit(1);
      return row ?? null;
    },

    async invoiceOfPayment(paymentId: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(subscriptionInvoices)
        .where(eq(subscriptionInvoices.gatewayPaymentId, paymentId));
      return row ?? null;
    },

    async updateInvoice(
      id: number,
      values: Partial<typeof subscriptionInvoices.$inferInsert>,
      writer: Writer,
    ): Promise<InvoiceRow | null> {
      const [row] = await writer
        .update(subscriptionInvoices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(subscriptionInvoices.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Enrollments whose period (or trial) ended by `now` and that still act on it: their ids and
     * period ends, for the period-end jobs.
     */
    async periodsEndedBy(now: Date, limit: number): Promise<{ id: number; periodEnd: Date }[]> {
      const rows = await db
        .select({ id: subscriptionEnrollments.id, periodEnd: subscriptionEnrollments.currentPeriodEnd })
        .from(subscriptionEnrollments)
        .where(
          and(
            lte(subscriptionEnrollments.currentPeriodEnd, now),
            inArray(subscriptionEnrollments.status, ['TRIAL', 'ACTIVE', 'CANCELED']),
          ),
        )
        .orderBy(asc(subscriptionEnrollments.currentPeriodEnd))
        .limit(limit);
      return rows;
    },

    /** Trials ending within `days` of `now` (and not yet ended): for the reminder mail. */
    async trialsEndingBy(now: Date, days: number): Promise<{ id: number; trialEnd: Date }[]> {
      const rows = rowsOf<{ id: number; trial_end: string | Date }>(
        await db.execute(sql`
          select id, trial_end from ${subscriptionEnrollments}
          where status = 'TRIAL' and current_period_end > ${now.toISOString()}::timestamptz
            and current_period_end <= ${new Date(now.getTime() + days * 86_400_000).toISOString()}::timestamptz
            and trial_end is not null`),
      );
      return rows.map((row) => ({ id: Number(row.id), trialEnd: new Date(row.trial_end) }));
    },

    /** The plan's name for a price option (read in the caller's transaction). */
    async planName(priceOptionId: string, writer: Writer = db): Promise<string> {
      const [row] = await writer
        .select({ name: subscriptionPlans.name })
        .from(subscriptionPriceOptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionPriceOptions.planId))
        .where(eq(subscriptionPriceOptions.id, priceOptionId));
      return row?.name ?? 'Subscription';
    },
  };
}

export type SubscriptionBillingRepository = ReturnType<typeof createSubscriptionBillingRepository>;
