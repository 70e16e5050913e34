import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import type { Database, Transaction as Tx, Writer } from '../../platform/db/database.js';
import { prepareSql } from '../../platform/db/prepared-sql.js';
import {
  subscriptionBillingProfiles,
  subscriptionCharges,
  subscriptionCheckouts,
  subscriptionEnrollments,
  subscriptionPlans,
  subscriptionPriceOptions,
  subscriptionTrialCards,
  subscriptionTrialSkips,
} from './subscriptions.tables.js';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PriceOptionRow = typeof subscriptionPriceOptions.$inferSelect;
export type EnrollmentRow = typeof subscriptionEnrollments.$inferSelect;
export type BillingProfileRow = typeof subscriptionBillingProfiles.$inferSelect;
export type SubscriptionCheckoutRow = typeof subscriptionCheckouts.$inferSelect;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;
export type Subscriber = { type: EnrollmentRow['subscriberType']; id: number };

const OPEN = ['processing', 'requires_action'] as const;
/** The checkout events that start a plan (a first purchase, a trial, a resubscribe). */
const NEW_PLAN_EVENTS = ['Submit', 'ResubscribeSubmit'] as const;
/**
 * Key spaces of the per-subscriber advisory locks that let one new-plan checkout at a time in
 * (any constants of our own; users and organizations number their ids apart).
 */
const NEW_PLAN_LOCK_SPACE = { user: 7_320_001, organization: 7_320_002 } as const;

const enrollmentsOf = (subscriber: Subscriber) =>
  and(
    eq(subscriptionEnrollments.subscriberType, subscriber.type),
    eq(subscriptionEnrollments.subscriberId, subscriber.id),
  );
const profileOf = (subscriber: Subscriber) =>
  and(
    eq(subscriptionBillingProfiles.subscriberType, subscriber.type),
    eq(subscriptionBillingProfiles.subscriberId, subscriber.id),
  );

/**
 * Plans change with a deploy or a seed, not with traffic: every request reads them, so they are
 * kept for a minute (an operator's price change shows within it).
 */
const PLANS_CACHE_MS = 60_000;

export function createSubscriptionsRepository(
  db: Database,
  hooks: {
    /** Told in the recording transaction of the paid charges (their invoices are queued there). */
    onChargesPaid?: (writer: Writer, chargeIds: number[]) => Promise<void>;
    /**
     * The server's clock: charges and enrollments are dated by it, like the periods and the
     * receipts' documents beside them (the database's now() does not move with it).
     */
    now?: () => Date;
  } = {},
) {
  const now = hooks.now ?? (() => new Date());
  const paid = async (writer: Writer, rows: ChargeRow[]) => {
    const ids = rows.filter((row) => row.status === 'succeeded' && row.amount > 0).map((row) => row.id);
    if (ids.length > 0) await hooks.onChargesPaid?.(writer, ids);
  };

  const plansCache = createExpiringCache<'plans', { plan: PlanRow; options: PriceOptionRow[] }[]>({
    ttlMs: PLANS_CACHE_MS,
    maxEntries: 1,
  });
  return {
    db,
    async plans(): Promise<{ plan: PlanRow; options: PriceOptionRow[] }[]> {
      const hit = plansCache.get('plans');
      if (hit) return hit;
      const [plans, options] = await Promise.all([
        db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.id)),
        db.select().from(subscriptionPriceOptions).orderBy(asc(subscriptionPriceOptions.position)),
      ]);
      const value = plans.map((plan) => ({
        plan,
        options: options.filter((option) => option.planId === plan.id),
      }));
      plansCache.set('plans', value);
      return value;
    },

    async insertPlan(
      plan: typeof subscriptionPlans.$inferInsert,
      options: Omit<typeof subscriptionPriceOptions.$inferInsert, 'planId'>[],
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(subscriptionPlans).values(plan).returning();
        if (!row) throw new Error('insert returned no row');
        await tx
          .insert(subscriptionPriceOptions)
          .values(options.map((option) => ({ ...option, planId: row.id })));
        return row;
      });
    },

    async currentEnrollment(subscriber: Subscriber, writer: Writer = db): Promise<EnrollmentRow | null> {
      const [row] = await writer
        .select()
        .from(subscriptionEnrollments)
        .where(enrollmentsOf(subscriber))
        // The current one if any, else the latest expired one.
        .orderBy(sql`${subscriptionEnrollments.status} = 'EXPIRED'`, desc(subscriptionEnrollments.id))
        .limit(1);
      return row ?? null;
    },

    async hadEnrollment(subscriber: Subscriber): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptionEnrollments.id })
        .from(subscriptionEnrollments)
        .where(enrollmentsOf(subscriber))
        .limit(1);
      return !!row;
    },

    async enrollment(id: number, writer: Writer = db, lock = false): Promise<EnrollmentRow | null> {
      const query = writer.select().from(subscriptionEnrollments).where(eq(subscriptionEnrollments.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insertEnrollment(
      values: typeof subscriptionEnrollments.$inferInsert,
      writer: Writer,
    ): Promise<EnrollmentRow> {
      const [row] = await writer
        .insert(subscriptionEnrollments)
        .values({ createdAt: now(), ...values })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateEnrollment(
      id: number,
      values: Partial<typeof subscriptionEnrollments.$inferInsert>,
      writer: Writer = db,
    ): Promise<EnrollmentRow | null> {
      const [row] = await writer
        .update(subscriptionEnrollments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscriptionEnrollments.id, id))
        .returning();
      return row ?? null;
    },

    async profile(subscriber: Subscriber, writer: Writer = db): Promise<BillingProfileRow | null> {
      const [row] = await writer.select().from(subscriptionBillingProfiles).where(profileOf(subscriber));
      return row ?? null;
    },

    /**
     * The enrollment a user's subscription pages show, in ONE prepared statement (the hot read of
     * `currentSubscriptionEnrollment`): their organization's when they manage one (owner or
     * admin), else their own; the current one before an expired one. With its used licenses.
     */
    prepareCurrentOfUser(facts: {
      managedOrganizationId: SQL;
      memberCount: (organizationId: SQL) => SQL;
    }): (userId: number) => Promise<{ enrollment: EnrollmentRow; usedLicenses: number } | null> {
      const e = subscriptionEnrollments;
      const statement = prepareSql<Record<string, unknown>>(
        db,
        'subscriptions_current_of_user',
        sql`select ${e.id} as "id", ${e.subscriberType} as "subscriberType", ${e.subscriberId} as "subscriberId",
            ${e.priceOptionId} as "priceOptionId", ${e.status} as "status", ${e.trialDays} as "trialDays",
            ${e.licenseCount} as "licenseCount", ${e.currency} as "currency", ${e.unitPrice}::float8 as "unitPrice",
            ${e.chargeAmount}::float8 as "chargeAmount", ${e.taxAmount}::float8 as "taxAmount", ${e.taxRate}::text as "taxRate",
            ${e.taxMode} as "taxMode", ${e.currentPeriodStart} as "currentPeriodStart", ${e.currentPeriodEnd} as "currentPeriodEnd",
            ${e.cancelDate} as "cancelDate", ${e.trialEnd} as "trialEnd", ${e.createdBy} as "createdBy",
            ${e.createdAt} as "createdAt", ${e.updatedAt} as "updatedAt",
            case when ${e.subscriberType} = 'organization' then ${facts.memberCount(sql`${e.subscriberId}`)} else 1 end as "usedLicenses"
          from ${e}
          where (${e.subscriberType} = 'organization' and ${e.subscriberId} = ${facts.managedOrganizationId})
             or (${e.subscriberType} = 'user' and ${e.subscriberId} = ${sql.placeholder('userId')})
          order by ${e.subscriberType} = 'organization' desc, ${e.status} = 'EXPIRED', ${e.id} desc
          limit 1`,
      );
      const date = (value: unknown) =>
        value === null || value === undefined ? null : new Date(value as string);
      return async (userId) => {
        const [row] = await statement.execute({ userId });
        if (!row) return null;
        const enrollment = {
          ...row,
          id: Number(row.id),
          subscriberId: Number(row.subscriberId),
          trialDays: Number(row.trialDays),
          licenseCount: Number(row.licenseCount),
          unitPrice: Number(row.unitPrice),
          chargeAmount: Number(row.chargeAmount),
          taxAmount: Number(row.taxAmount),
          createdBy: row.createdBy === null ? null : Number(row.createdBy),
          currentPeriodStart: date(row.currentPeriodStart)!,
          currentPeriodEnd: date(row.currentPeriodEnd)!,
          cancelDate: date(row.cancelDate),
          trialEnd: date(row.trialEnd),
          createdAt: date(row.createdAt)!,
          updatedAt: date(row.updatedAt)!,
        } as EnrollmentRow;
        return { enrollment, usedLicenses: Number(row.usedLicenses) };
      };
    },

    /** Gives the profile its provider customer (creating the profile), keeping one a concurrent request stored first. */
    async ensureProfile(subscriber: Subscriber, gatewayCustomerId: string): Promise<BillingProfileRow> {
      await db
        .insert(subscriptionBillingProfiles)
        .values({ subscriberType: subscriber.type, subscriberId: subscriber.id, gatewayCustomerId })
        .onConflictDoUpdate({
          target: [subscriptionBillingProfiles.subscriberType, subscriptionBillingProfiles.subscriberId],
          set: {
            gatewayCustomerId: sql`coalesce(${subscriptionBillingProfiles.gatewayCustomerId}, excluded.gateway_customer_id)`,
          },
        });
      const row = await this.profile(subscriber);
      if (!row) throw new Error('billing profile missing after insert');
      return row;
    },

    async insertProfile(values: typeof subscriptionBillingProfiles.$inferInsert, writer: Writer = db) {
      await writer.insert(subscriptionBillingProfiles).values(values);
    },

    /** Writes profile fields, creating the profile when the subscriber has none yet. */
    async updateProfile(
      subscriber: Subscriber,
      values: Partial<typeof subscriptionBillingProfiles.$inferInsert>,
      writer: Writer = db,
    ) {
      await writer
        .insert(subscriptionBillingProfiles)
        .values({ ...values, subscriberType: subscriber.type, subscriberId: subscriber.id })
        .onConflictDoUpdate({
          target: [subscriptionBillingProfiles.subscriberType, subscriptionBillingProfiles.subscriberId],
          set: values,
        });
    },

    async checkoutByRef(userId: number, checkoutRef: string): Promise<SubscriptionCheckoutRow | null> {
      const [row] = await db
        .select()
        .from(subscriptionCheckouts)
        .where(
          and(eq(subscriptionCheckouts.userId, userId), eq(subscriptionCheckouts.checkoutRef, checkoutRef)),
        );
      return row ?? null;
    },

    async checkout(id: string, writer: Writer = db, lock = false): Promise<SubscriptionCheckoutRow | null> {
      const query = writer.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Open checkouts last touched before `before`, oldest first (the reconciliation's scan). */
    async openCheckoutsBefore(before: Date, limit: number): Promise<SubscriptionCheckoutRow[]> {
      return db
        .select()
        .from(subscriptionCheckouts)
        .where(
          and(inArray(subscriptionCheckouts.status, [...OPEN]), lt(subscriptionCheckouts.updatedAt, before)),
        )
        .orderBy(asc(subscriptionCheckouts.updatedAt))
        .limit(limit);
    },

    async checkoutOfPayment(paymentId: string): Promise<SubscriptionCheckoutRow | null> {
      const [row] = await db
        .select()
        .from(subscriptionCheckouts)
        .where(eq(subscriptionCheckouts.gatewayPaymentId, paymentId));
      return row ?? null;
    },

    /**
     * Inserts the checkout unless the user already has one with this ref (then null). `guard`
     * runs first in the same transaction (the upsell's ceiling check under the enrollment lock).
     */
    async insertCheckout(
      values: typeof subscriptionCheckouts.$inferInsert,
      guard?: (tx: Tx) => Promise<void>,
    ): Promise<SubscriptionCheckoutRow | null> {
      return db.transaction(async (tx) => {
        if (guard) await guard(tx);
        const [row] = await tx.insert(subscriptionCheckouts).values(values).onConflictDoNothing().returning();
        return row ?? null;
      });
    },

    /**
     * Inside `tx`: lets one new-plan checkout of the subscriber in at a time (decision 0018's
     * rule for subscriptions). Takes the subscriber's advisory lock, held to the end of the
     * transaction, then answers whether another new-plan checkout of theirs is still open.
     */
    async newPlanCheckoutOpen(
      subscriber: Subscriber,
      own: { userId: number; checkoutRef: string },
      tx: Tx,
    ): Promise<boolean> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${NEW_PLAN_LOCK_SPACE[subscriber.type]}, ${subscriber.id})`,
      );
      const [row] = await tx
        .select({ id: subscriptionCheckouts.id })
        .from(subscriptionCheckouts)
        .where(
          and(
            eq(subscriptionCheckouts.subscriberType, subscriber.type),
            eq(subscriptionCheckouts.subscriberId, subscriber.id),
            inArray(subscriptionCheckouts.event, [...NEW_PLAN_EVENTS]),
            inArray(subscriptionCheckouts.status, [...OPEN]),
            // The same submit repeated is not another checkout: it answers the first's result.
            sql`not (${subscriptionCheckouts.userId} = ${own.userId} and ${subscriptionCheckouts.checkoutRef} = ${own.checkoutRef})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Licenses held by open upsells of the enrollment (they count against the ceiling). */
    async licensesHeldByOpenUpsells(enrollmentId: number, writer: Writer): Promise<number> {
      const [row] = await writer
        .select({
          held: sql<number>`coalesce(sum((${subscriptionCheckouts.quote}->>'licenses')::int), 0)::int`,
        })
        .from(subscriptionCheckouts)
        .where(
          and(
            eq(subscriptionCheckouts.enrollmentId, enrollmentId),
            eq(subscriptionCheckouts.event, 'UpsellSubmit'),
            inArray(subscriptionCheckouts.status, [...OPEN]),
          ),
        );
      return Number(row?.held ?? 0);
    },

    /** Moves an open checkout on; null when it is no longer in one of `from` (someone else did). */
    async transitionCheckout(
      id: string,
      from: readonly SubscriptionCheckoutRow['status'][],
      values: Partial<typeof subscriptionCheckouts.$inferInsert>,
      writer: Writer = db,
    ): Promise<SubscriptionCheckoutRow | null> {
      const [row] = await writer
        .update(subscriptionCheckouts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(subscriptionCheckouts.id, id), inArray(subscriptionCheckouts.status, [...from])))
        .returning();
      return row ?? null;
    },

    /** Records a charge; a succeeded one is a receipt and takes the next receipt number. */
    async insertCharge(values: typeof subscriptionCharges.$inferInsert, writer: Writer): Promise<ChargeRow> {
      const succeeded = (values.status ?? 'succeeded') === 'succeeded';
      const [row] = await writer
        .insert(subscriptionCharges)
        .values({
          createdAt: now(),
          ...values,
          ...(succeeded ? { receiptNumber: sql`nextval('subscription_receipt_number_seq')` } : {}),
        })
        .returning();
      await paid(writer, [row!]);
      return row!;
    },

    /** Records several charges in one statement (a renewal run); each succeeded one is a numbered receipt. */
    async insertCharges(
      values: (typeof subscriptionCharges.$inferInsert)[],
      writer: Writer,
    ): Promise<ChargeRow[]> {
      if (values.length === 0) return [];
      const at = now();
      const rows = await writer
        .insert(subscriptionCharges)
        .values(
          values.map((value) =>
            (value.status ?? 'succeeded') === 'succeeded'
              ? { createdAt: at, ...value, receiptNumber: sql`nextval('subscription_receipt_number_seq')` }
              : { createdAt: at, ...value },
          ),
        )
        .returning();
      await paid(writer, rows);
      return rows;
    },

    async charges(enrollmentId: number): Promise<ChargeRow[]> {
      return db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.enrollmentId, enrollmentId))
        .orderBy(desc(subscriptionCharges.createdAt));
    },

    /** Records the card's trial for `userId`; answers the account that started a trial with it first. */
    async claimTrialCard(fingerprint: string, userId: number, writer: Writer): Promise<number> {
      await writer.insert(subscriptionTrialCards).values({ fingerprint, userId }).onConflictDoNothing();
      const [row] = await writer
        .select({ userId: subscriptionTrialCards.userId })
        .from(subscriptionTrialCards)
        .where(eq(subscriptionTrialCards.fingerprint, fingerprint));
      return row?.userId ?? userId;
    },

    async skipsTrial(userId: number, planId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: subscriptionTrialSkips.userId })
        .from(subscriptionTrialSkips)
        .where(and(eq(subscriptionTrialSkips.userId, userId), eq(subscriptionTrialSkips.planId, planId)));
      return !!row;
    },

    async setTrialSkip(userId: number, planId: number, skip: boolean) {
      if (skip) await db.insert(subscriptionTrialSkips).values({ userId, planId }).onConflictDoNothing();
      else {
        await db
          .delete(subscriptionTrialSkips)
          .where(and(eq(subscriptionTrialSkips.userId, userId), eq(subscriptionTrialSkips.planId, planId)));
      }
    },

    /** Enrollments other than `exceptId` that are still current for the subscriber. */
    async otherCurrent(subscriber: Subscriber, exceptId: number, writer: Writer): Promise<EnrollmentRow[]> {
      return writer
        .select()
        .from(subscriptionEnrollments)
        .where(
          and(
            enrollmentsOf(subscriber),
            ne(subscriptionEnrollments.id, exceptId),
            ne(subscriptionEnrollments.status, 'EXPIRED'),
          ),
        );
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
