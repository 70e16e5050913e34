import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import type { BillingProfileRow, ChargeRow, EnrollmentRow, Subscriber } from './subscriptions.repository.js';
import {
  subscriptionBillingProfiles,
  subscriptionCharges,
  subscriptionEnrollments,
  subscriptionInvoices,
  subscriptionPlans,
  subscriptionPriceOptions,
} from './subscriptions.tables.js';

export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

/**
 * Rows of `subscription_charges` that give money (or value) back, written by the back office: a
 * refund of a charge (`refund_pending`, `refunded`, `refund_failed`) and the credit of a paid
 * period's extension (`credited`). Each has its credit note.
 */
export const STAFF_CREDIT_KINDS = ['refund', 'extension_credit'];

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

    /** Enrollments by id (locked for update, in id order, when `lock`). */
    async enrollmentsByIds(ids: number[], writer: Writer = db, lock = false): Promise<EnrollmentRow[]> {
      if (ids.length === 0) return [];
      const query = writer
        .select()
        .from(subscriptionEnrollments)
        .where(inArray(subscriptionEnrollments.id, ids))
        .orderBy(asc(subscriptionEnrollments.id));
      return lock ? query.for('update') : query;
    },

    /** The billing profiles of these subscribers, keyed `organization:<id>` / `user:<id>`. */
    async profilesOf(
      subscribers: Subscriber[],
      writer: Writer = db,
    ): Promise<Map<string, BillingProfileRow>> {
      if (subscribers.length === 0) return new Map();
      const rows = await writer
        .select()
        .from(subscriptionBillingProfiles)
        .where(
          sql`(${subscriptionBillingProfiles.subscriberType}, ${subscriptionBillingProfiles.subscriberId}) in (${sql.join(
            subscribers.map(
              (subscriber) => sql`(${subscriber.type}::subscriber_type, ${subscriber.id}::int)`,
            ),
            sql`, `,
          )})`,
        );
      return new Map(rows.map((row) => [`${row.subscriberType}:${row.subscriberId}`, row]));
    },

    async insertInvoices(
      values: (typeof subscriptionInvoices.$inferInsert)[],
      writer: Writer,
    ): Promise<void> {
      if (values.length === 0) return;
      await writer
        .insert(subscriptionInvoices)
        .values(values)
        .onConflictDoNothing({
          target: [subscriptionInvoices.enrollmentId, subscriptionInvoices.periodStart],
        });
    },

    async invoicesOfPeriods(
      periods: { enrollmentId: number; periodStart: Date }[],
      writer: Writer = db,
    ): Promise<InvoiceRow[]> {
      if (periods.length === 0) return [];
      return writer
        .select()
        .from(subscriptionInvoices)
        .where(
          sql`(${subscriptionInvoices.enrollmentId}, ${subscriptionInvoices.periodStart}) in (${sql.join(
            periods.map(
              (period) =>
                sql`(${period.enrollmentId}::int, ${period.periodStart.toISOString()}::timestamptz)`,
            ),
            sql`, `,
          )})`,
        );
    },

    /** Invoices by id (locked for update, in id order, when `lock`). */
    async invoicesByIds(ids: number[], writer: Writer = db, lock = false): Promise<InvoiceRow[]> {
      if (ids.length === 0) return [];
      const query = writer
        .select()
        .from(subscriptionInvoices)
        .where(inArray(subscriptionInvoices.id, ids))
        .orderBy(asc(subscriptionInvoices.id));
      return lock ? query.for('update') : query;
    },

    /** Starts the next attempt of each invoice: its number goes up and it is `charging` until recorded. */
    async beginAttempts(ids: number[], writer: Writer): Promise<InvoiceRow[]> {
      if (ids.length === 0) return [];
      return writer
        .update(subscriptionInvoices)
        .set({ attempts: sql`${subscriptionInvoices.attempts} + 1`, charging: true, updatedAt: sql`now()` })
        .where(inArray(subscriptionInvoices.id, ids))
        .returning();
    },

    /** Marks invoices paid by these provider payments, in one statement. */
    async markPaid(paid: { id: number; paymentId: string }[], writer: Writer): Promise<void> {
      if (paid.length === 0) return;
      await writer.execute(sql`
        update ${subscriptionInvoices} as i set status = 'paid', charging = false, next_attempt_at = null,
          gateway_payment_id = v.payment_id, updated_at = now()
        from (values ${sql.join(
          paid.map((row) => sql`(${row.id}::int, ${row.paymentId}::varchar)`),
          sql`, `,
        )}) as v(id, payment_id)
        where i.id = v.id`);
    },

    /** Moves enrollments into their paid periods, in one statement. */
    async advanceEnrollments(
      rows: {
        id: number;
        status: EnrollmentRow['status'];
        periodStart: Date;
        periodEnd: Date;
        chargeAmount: number;
        taxAmount: number;
        taxRate: string;
        taxMode: string;
      }[],
      writer: Writer,
    ): Promise<void> {
      if (rows.length === 0) return;
      await writer.execute(sql`
        update ${subscriptionEnrollments} as e set status = v.status::subscription_enrollment_status,
          current_period_start = v.period_start, current_period_end = v.period_end,
          charge_amount = v.charge_amount, tax_amount = v.tax_amount, tax_rate = v.tax_rate,
          tax_mode = v.tax_mode, updated_at = now()
        from (values ${sql.join(
          rows.map(
            (row) =>
              sql`(${row.id}::int, ${row.status}::text, ${row.periodStart.toISOString()}::timestamptz,
                ${row.periodEnd.toISOString()}::timestamptz, ${row.chargeAmount}::bigint, ${row.taxAmount}::bigint,
                ${row.taxRate}::numeric, ${row.taxMode}::varchar)`,
          ),
          sql`, `,
        )}) as v(id, status, period_start, period_end, charge_amount, tax_amount, tax_rate, tax_mode)
        where e.id = v.id`);
    },

    /** A subscriber's charges and failed attempts, newest first, a page at a time (the billing history). */
    async chargesOf(
      subscriber: Subscriber,
      page: { offset: number; limit: number },
    ): Promise<{ rows: (ChargeRow & { priceOptionId: string })[]; count: number }> {
      const mine = and(
        eq(subscriptionEnrollments.subscriberType, subscriber.type),
        eq(subscriptionEnrollments.subscriberId, subscriber.id),
        // Staff credits (refunds, extension credit notes) are not charges of the customer's history.
        notInArray(subscriptionCharges.kind, STAFF_CREDIT_KINDS),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ charge: subscriptionCharges, priceOptionId: subscriptionEnrollments.priceOptionId })
          .from(subscriptionCharges)
          .innerJoin(
            subscriptionEnrollments,
            eq(subscriptionEnrollments.id, subscriptionCharges.enrollmentId),
          )
          .where(mine)
          .orderBy(desc(subscriptionCharges.createdAt), desc(subscriptionCharges.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(subscriptionCharges)
          .innerJoin(
            subscriptionEnrollments,
            eq(subscriptionEnrollments.id, subscriptionCharges.enrollmentId),
          )
          .where(mine),
      ]);
      return {
        rows: rows.map((row) => ({ ...row.charge, priceOptionId: row.priceOptionId })),
        count: Number(total?.count ?? 0),
      };
    },

    /** A charge by id; with `lock`, locked for update in the caller's transaction. */
    async charge(id: number, writer: Writer = db, lock = false): Promise<ChargeRow | null> {
      const query = writer.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * The staff credits (refunds, extension credits) given on the charge paid by `paymentId`
     * (they name the payment they give back), oldest first.
     */
    async creditsOfPayment(
      enrollmentId: number,
      paymentId: string,
      writer: Writer = db,
    ): Promise<ChargeRow[]> {
      return writer
        .select()
        .from(subscriptionCharges)
        .where(
          and(
            eq(subscriptionCharges.enrollmentId, enrollmentId),
            eq(subscriptionCharges.gatewayPaymentId, paymentId),
            inArray(subscriptionCharges.kind, STAFF_CREDIT_KINDS),
          ),
        )
        .orderBy(asc(subscriptionCharges.id));
    },

    /** Moves a staff credit from status `from` (a refund's outcome); null when it was not in `from`. */
    async settleCredit(
      id: number,
      from: string,
      values: Pick<Partial<ChargeRow>, 'status' | 'failureCode' | 'failureMessage'>,
      writer: Writer = db,
    ): Promise<ChargeRow | null> {
      const [row] = await writer
        .update(subscriptionCharges)
        .set(values)
        .where(and(eq(subscriptionCharges.id, id), eq(subscriptionCharges.status, from)))
        .returning();
      return row ?? null;
    },

    /** The paid charge (first period or renewal) that paid the period ending at `periodEnd`, if any. */
    async chargeOfPeriod(
      enrollmentId: number,
      periodEnd: Date,
      writer: Writer = db,
    ): Promise<ChargeRow | null> {
      const [row] = await writer
        .select()
        .from(subscriptionCharges)
        .where(
          and(
            eq(subscriptionCharges.enrollmentId, enrollmentId),
            eq(subscriptionCharges.status, 'succeeded'),
            inArray(subscriptionCharges.kind, ['first_period', 'renewal']),
            eq(subscriptionCharges.periodEnd, periodEnd),
          ),
        )
        .orderBy(desc(subscriptionCharges.id))
        .limit(1);
      return row ?? null;
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
