import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PurchaseDocument } from './purchase-document.js';

/**
 * The last number given in each series (`INV`, `CN`). Numbers are taken by incrementing this
 * row inside the transaction that stores the document, so a number exists only if its
 * document does: the series has no gaps and no repeats, which tax authorities ask of invoices
 * (a sequence would leave a hole for every rolled-back transaction).
 */
export const purchaseDocumentSeries = pgTable('purchase_document_series', {
  series: varchar('series', { length: 8 }).primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** Invoices (course orders, subscription charges) and credit notes (refunds), as issued. */
export const purchaseDocuments = pgTable(
  'purchase_documents',
  {
    id: serial('id').primaryKey(),
    series: varchar('series', { length: 8 }).notNull(),
    number: integer('number').notNull(),
    /** `order`, `subscription_charge` or `refund`. */
    source: varchar('source', { length: 32 }).notNull(),
    sourceId: integer('source_id').notNull(),
    /** Whose it is: the buyer, or the organization for its plan's charges. */
    userId: integer('user_id'),
    organizationId: integer('organization_id'),
    currency: varchar('currency', { length: 3 }).notNull(),
    grossTotal: bigint('gross_total', { mode: 'number' }).notNull(),
    /** Everything printed on it, frozen at issue. */
    content: jsonb('content').$type<PurchaseDocument>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('purchase_documents_number_key').on(table.series, table.number),
    uniqueIndex('purchase_documents_source_key').on(table.source, table.sourceId),
    index('purchase_documents_user_idx').on(table.userId),
  ],
);
