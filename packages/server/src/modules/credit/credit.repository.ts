import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { prepareCombinedRead, type ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { creditEntries, creditReservations } from './credit.tables.js';

/** Key space of the per-user advisory locks that serialize spends (any constant of our own). */
const CREDIT_LOCK_SPACE = 7_311_002;

/**
 * The available balance for the user (`userId`) in one currency (`currency`), for a combined
 * read: the ledger's sum less the credit held by unfinished checkouts.
 */
export const balanceRead: ReadPart<number> = {
  sql: sql`select coalesce((select sum(${creditEntries.amount}) from ${creditEntries}
      where ${creditEntries.userId} = ${sql.placeholder('userId')}
        and ${creditEntries.currency} = ${sql.placeholder('currency')}), 0)
    - coalesce((select sum(${creditReservations.amount}) from ${creditReservations}
      where ${creditReservations.userId} = ${sql.placeholder('userId')}
        and ${creditReservations.currency} = ${sql.placeholder('currency')}
        and ${creditReservations.status} = 'reserved'), 0)`,
  parse: (value) => Number(value ?? 0),
};

/** The available balance per currency for the user (`userId`) as {currency: total}, for a combined read. */
export const balancesRead: ReadPart<Record<string, number>> = {
  sql: sql`select coalesce(json_object_agg(currency, total), '{}'::json) from (
      select currency, sum(amount) as total from (
        select ${creditEntries.currency} as currency, ${creditEntries.amount} as amount
        from ${creditEntries} where ${creditEntries.userId} = ${sql.placeholder('userId')}
        union all
        select ${creditReservations.currency}, -${creditReservations.amount}
        from ${creditReservations} where ${creditReservations.userId} = ${sql.placeholder('userId')}
          and ${creditReservations.status} = 'reserved') as parts
      group by currency) as balances`,
  parse: (value) => (value ?? {}) as Record<string, number>,
};

export type CreditReservationRow = typeof creditReservations.$inferSelect;

export function createCreditRepository(db: Database) {
  // The same reads, alone: one prepared statement each.
  const balanceQuery = prepareCombinedRead(db, 'credit_balance', { total: balanceRead });
  const balancesQuery = prepareCombinedRead(db, 'credit_balances', { totals: balancesRead });

  const sumOf = async (executor: Database, userId: number, currency: string, orderId?: number) => {
    const conditions = [eq(creditEntries.userId, userId), eq(creditEntries.currency, currency)];
    if (orderId !== undefined) conditions.push(eq(creditEntries.orderId, orderId));
    const [row] = await executor
      .select({ total: sum(creditEntries.amount) })
      .from(creditEntries)
      .where(and(...conditions));
    return Number(row?.total ?? 0);
  };
  const heldOf = async (executor: Database, userId: number, currency: string) => {
    const [row] = await executor
      .select({ total: sum(creditReservations.amount) })
      .from(creditReservations)
      .where(
        and(
          eq(creditReservations.userId, userId),
          eq(creditReservations.currency, currency),
          eq(creditReservations.status, 'reserved'),
        ),
      );
    return Number(row?.total ?? 0);
  };

  return {
    async insertEntry(values: typeof creditEntries.$inferInsert): Promise<void> {
      await db.insert(creditEntries).values(values);
    },

    async balances(userId: number): Promise<{ currency: string; total: number }[]> {
      const { totals } = await balancesQuery.execute({ userId });
      return Object.entries(totals).map(([currency, total]) => ({ currency, total: Number(total) }));
    },

    async balance(userId: number, currency: string): Promise<number> {
      return (await balanceQuery.execute({ userId, currency })).total;
    },

    /**
     * Runs `work` in a transaction that holds this user's credit lock, so two spends of the
     * same user never both see the balance before the other (PostgreSQL and PGlite alike).
     * The lock is released at commit or rollback.
     */
    withUserLock<T>(
      userId: number,
      work: (locked: {
        /** The ledger's sum. */
        balance(currency: string): Promise<number>;
        /** Credit held by live reservations. */
        held(currency: string): Promise<number>;
        reservation(reference: string): Promise<CreditReservationRow | null>;
        saveReservation(values: typeof creditReservations.$inferInsert): Promise<void>;
        /** Sum of this order's entries (spends negative, refunds positive). */
        orderTotal(currency: string, orderId: number): Promise<number>;
        insert(values: typeof creditEntries.$inferInsert): Promise<{ id: number }>;
      }) => Promise<T>,
      /** An open transaction to join (a savepoint in it), e.g. checkout fulfilment. */
      within?: Database,
    ): Promise<T> {
      return (within ?? db).transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_LOCK_SPACE}, ${userId})`);
        return work({
          balance: (currency) => sumOf(tx, userId, currency),
          held: (currency) => heldOf(tx, userId, currency),
          async reservation(reference) {
            const [row] = await tx
              .select()
              .from(creditReservations)
              .where(eq(creditReservations.reference, reference));
            return row ?? null;
          },
          async saveReservation(values) {
            await tx
              .insert(creditReservations)
              .values(values)
              .onConflictDoUpdate({
                target: creditReservations.reference,
                set: { status: values.status, settledAt: values.settledAt ?? null },
              });
          },
          orderTotal: (currency, orderId) => sumOf(tx, userId, currency, orderId),
          async insert(values) {
            const [row] = await tx.insert(creditEntries).values(values).returning({ id: creditEntries.id });
            return row!;
          },
        });
      });
    },

    async reservationOf(reference: string): Promise<CreditReservationRow | null> {
      const [row] = await db
        .select()
        .from(creditReservations)
        .where(eq(creditReservations.reference, reference));
      return row ?? null;
    },

    /** Releases a live reservation; true when it released one. */
    async releaseReservation(reference: string): Promise<boolean> {
      const released = await db
        .update(creditReservations)
        .set({ status: 'released', settledAt: sql`now()` })
        .where(and(eq(creditReservations.reference, reference), eq(creditReservations.status, 'reserved')))
        .returning({ reference: creditReservations.reference });
      return released.length > 0;
    },

    async history(userId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(creditEntries)
          .where(eq(creditEntries.userId, userId))
          .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(creditEntries).where(eq(creditEntries.userId, userId)),
      ]);
      return { count: total?.value ?? 0, rows };
    },
  };
}
