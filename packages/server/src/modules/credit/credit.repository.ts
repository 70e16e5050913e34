import { and, eq, sum } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { creditEntries } from './credit.tables.js';

export function createCreditRepository(db: Database) {
  return {
    async insertEntry(values: typeof creditEntries.$inferInsert): Promise<void> {
      await db.insert(creditEntries).values(values);
    },
    async balance(userId: number, currency: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(creditEntries.amount) })
        .from(creditEntries)
        .where(and(eq(creditEntries.userId, userId), eq(creditEntries.currency, currency)));
      return Number(row?.total ?? 0);
    },
  };
}
