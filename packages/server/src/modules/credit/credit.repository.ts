import { and, eq, sql, sum } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { creditEntries } from './credit.tables.js';

export function createCreditRepository(db: Database) {
  // Part of every signed-in user context.
  const balanceQuery = db
    .select({ total: sum(creditEntries.amount) })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.userId, sql.placeholder('userId')),
        eq(creditEntries.currency, sql.placeholder('currency')),
      ),
    )
    .prepare('credit_balance');

  return {
    async insertEntry(values: typeof creditEntries.$inferInsert): Promise<void> {
      await db.insert(creditEntries).values(values);
    },
    async balance(userId: number, currency: string): Promise<number> {
      const [row] = await balanceQuery.execute({ userId, currency });
      return Number(row?.total ?? 0);
    },
  };
}
