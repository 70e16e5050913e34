import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { prepareCombinedRead, type ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { creditEntries } from './credit.tables.js';

/** Key space of the per-user advisory locks that serialize spends (any constant of our own). */
const CREDIT_LOCK_SPACE = 7_311_002;

/** The ledger's sum for the user (`userId`) in one currency (`currency`), for a combined read. */
export const balanceRead: ReadPart<number> = {
  sql: sql`select coalesce(sum(${creditEntries.amount}), 0) from ${creditEntries}
    where ${creditEntries.userId} = ${sql.placeholder('userId')}
      and ${creditEntries.currency} = ${sql.placeholder('currency')}`,
  parse: (value) => Number(value ?? 0),
};

/** The ledger's sum per currency for the user (`userId`) as {currency: total}, for a combined read. */
export const balancesRead: ReadPart<Record<string, number>> = {
  sql: sql`select coalesce(json_object_agg(currency, total), '{}'::json) from (
      select ${creditEntries.currency} as currency, sum(${creditEntries.amount}) as total
      from ${creditEntries} where ${creditEntries.userId} = ${sql.placeholder('userId')}
      group by ${creditEntries.currency}) as balances`,
  parse: (value) => (value ?? {}) as Record<string, number>,
};

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
        balance(currency: string): Promise<number>;
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
          orderTotal: (currency, orderId) => sumOf(tx, userId, currency, orderId),
          async insert(values) {
            const [row] = await tx.insert(creditEntries).values(values).returning({ id: creditEntries.id });
            return row!;
          },
        });
      });
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
