import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { purchaseDocuments, purchaseDocumentSeries } from './purchase-documents.tables.js';

export type PurchaseDocumentRow = typeof purchaseDocuments.$inferSelect;

export function createPurchaseDocumentsRepository(db: Database) {
  return {
    async find(
      source: string,
      sourceId: number,
      executor: Database = db,
    ): Promise<PurchaseDocumentRow | null> {
      const [row] = await executor
        .select()
        .from(purchaseDocuments)
        .where(and(eq(purchaseDocuments.source, source), eq(purchaseDocuments.sourceId, sourceId)));
      return row ?? null;
    },

    /** The issued documents of these sources (one query, for a page of the history). */
    async findMany(source: string, sourceIds: readonly number[]): Promise<PurchaseDocumentRow[]> {
      if (sourceIds.length === 0) return [];
      return db
        .select()
        .from(purchaseDocuments)
        .where(
          and(eq(purchaseDocuments.source, source), inArray(purchaseDocuments.sourceId, [...sourceIds])),
        );
    },

    /**
     * Issues a document under its series' row lock: `build` gets the next number and answers
     * the row to store, or finds the source already issued (then nothing is taken). Issuers of
     * one series wait for each other here, so numbers follow each other without gaps.
     */
    async issue(
      series: string,
      source: string,
      sourceId: number,
      build: (number: number) => Omit<typeof purchaseDocuments.$inferInsert, 'series' | 'number'>,
    ): Promise<PurchaseDocumentRow> {
      return db.transaction(async (tx) => {
        const locked = await tx.execute(
          sql`select last_number from ${purchaseDocumentSeries} where series = ${series} for update`,
        );
        const last = rowsOf<{ last_number: number }>(locked)[0]?.last_number;
        if (last === undefined) throw new Error(`document series ${series} is missing`);
        const [existing] = await tx
          .select()
          .from(purchaseDocuments)
          .where(and(eq(purchaseDocuments.source, source), eq(purchaseDocuments.sourceId, sourceId)));
        if (existing) return existing;
        const number = Number(last) + 1;
        await tx
          .update(purchaseDocumentSeries)
          .set({ lastNumber: number })
          .where(eq(purchaseDocumentSeries.series, series));
        const [row] = await tx
          .insert(purchaseDocuments)
          .values({ ...build(number), series, number })
          .returning();
        return row!;
      });
    },
  };
}
