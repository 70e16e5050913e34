import { purchaseDocumentNumber, type PurchaseDocumentSource } from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database, Writer } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/http-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { PurchaseDocument, PurchaseDocumentSourceName } from './purchase-document.js';
import { renderPurchaseDocumentPdf } from './purchase-document-pdf.js';
import {
  createPurchaseDocumentsRepository,
  type PurchaseDocumentRow,
} from './purchase-documents.repository.js';

/** Invoices and credit notes are two series; a credit note names the invoice it corrects. */
const SERIES: Record<PurchaseDocumentSource, { series: string; kind: PurchaseDocument['kind'] }> = {
  order: { series: 'INV', kind: 'invoice' },
  subscription_charge: { series: 'INV', kind: 'invoice' },
  refund: { series: 'CN', kind: 'credit_note' },
};

/** What a feature says a document holds, before it is numbered and the seller is stamped on it. */
export type PurchaseDocumentDraft = Omit<
  PurchaseDocument,
  'kind' | 'number' | 'issuedAt' | 'seller' | 'correctsNumber' | 'source'
> & {
  source: PurchaseDocumentSource;
  owner: { userId: number | null; organizationId: number | null };
  /** A credit note's invoice: issued first when it was not yet. */
  corrects: { source: PurchaseDocumentSource; id: number } | null;
};

/** A credit note a feature drafts itself: the draft but its source (`subscription_credit` and the id given). */
export type CreditDraft = Omit<PurchaseDocumentDraft, 'source' | 'sourceId'>;

/**
 * Reads a sale (or a refund) as a document draft; null when there is nothing to document
 * (an unknown id, a free order, a refund not done).
 */
export type PurchaseDocumentDrafts = Record<
  PurchaseDocumentSource,
  (id: number) => Promise<PurchaseDocumentDraft | null>
>;

/**
 * Invoices and credit notes (issue 16): one document kind for course orders, subscription
 * charges and refunds. A document is issued once per sale — numbered without gaps in its
 * series and frozen with the seller and buyer of that day — by a job queued when the sale or
 * refund commits, or at its first download, whichever comes first.
 */
export function createPurchaseDocuments(deps: {
  db: Database;
  drafts: PurchaseDocumentDrafts;
  seller: PurchaseDocument['seller'];
  brandName: string;
  queue: JobQueue;
  clock: Clock;
}) {
  const repository = createPurchaseDocumentsRepository(deps.db);

  const issueJobs = deps.queue.define<{ source: PurchaseDocumentSource; id: number }>({
    kind: 'purchase_documents.issue',
    run: async ({ source, id }) => {
      await issue(source, id);
    },
  });

  /** The issued document of a sale, issuing it now if it was not yet; null when there is none to issue. */
  async function issue(source: PurchaseDocumentSource, id: number): Promise<PurchaseDocumentRow | null> {
    const existing = await repository.find(source, id);
    if (existing) return existing;
    const draft = await deps.drafts[source](id);
    if (!draft) return null;
    const corrected = draft.corrects ? await issue(draft.corrects.source, draft.corrects.id) : null;
    const { series, kind } = SERIES[source];
    const { owner, corrects: _corrects, ...content } = draft;
    return repository.issue(series, source, id, (number) => {
      const issuedAt = deps.clock.now();
      const document: PurchaseDocument = {
        ...content,
        kind,
        number: purchaseDocumentNumber(series, number),
        issuedAt,
        seller: deps.seller,
        correctsNumber: corrected ? purchaseDocumentNumber(corrected.series, corrected.number) : null,
      };
      return {
        source,
        sourceId: id,
        userId: owner.userId,
        organizationId: owner.organizationId,
        currency: content.currency,
        grossTotal: content.grossTotal,
        content: document,
        issuedAt,
      };
    });
  }

  /**
   * A credit note a feature drafts itself (a plan charge refunded, extra days given by staff),
   * issued once per `id`: a repeated call answers the document issued first. `corrects` names
   * the invoice it corrects (issued first when it was not yet).
   */
  async function issueCredit(
    id: number,
    draft: () => Promise<CreditDraft | null>,
  ): Promise<PurchaseDocumentRow | null> {
    const source = 'subscription_credit';
    const existing = await repository.find(source, id);
    if (existing) return existing;
    const content = await draft();
    if (!content) return null;
    const corrected = content.corrects ? await issue(content.corrects.source, content.corrects.id) : null;
    const { owner, corrects: _corrects, ...rest } = content;
    return repository.issue('CN', source, id, (number) => {
      const issuedAt = deps.clock.now();
      const document: PurchaseDocument = {
        ...rest,
        source,
        sourceId: id,
        kind: 'credit_note',
        number: purchaseDocumentNumber('CN', number),
        issuedAt,
        seller: deps.seller,
        correctsNumber: corrected ? purchaseDocumentNumber(corrected.series, corrected.number) : null,
      };
      return {
        source,
        sourceId: id,
        userId: owner.userId,
        organizationId: owner.organizationId,
        currency: rest.currency,
        grossTotal: rest.grossTotal,
        content: document,
        issuedAt,
      };
    });
  }

  /** Dates come back from jsonb as strings. */
  const contentOf = (row: PurchaseDocumentRow): PurchaseDocument => ({
    ...row.content,
    issuedAt: new Date(row.content.issuedAt),
    suppliedAt: new Date(row.content.suppliedAt),
  });

  return {
    /**
     * Queues the document of a sale in the transaction that makes the sale, so it is issued
     * soon after (numbers then follow the order of sales) and never for a sale rolled back.
     */
    enqueueIssue: (writer: Writer, source: PurchaseDocumentSource, id: number) =>
      issueJobs.enqueue(writer, `${source}:${id}`, { source, id }),
    /** The same for many sales of one kind (a renewal run), in one statement. */
    enqueueIssueMany: (writer: Writer, source: PurchaseDocumentSource, ids: readonly number[]) =>
      issueJobs.enqueueMany(
        writer,
        ids.map((id) => ({ key: `${source}:${id}`, payload: { source, id } })),
      ),

    issue,
    issueCredit,

    /** The numbers of the issued documents among these sources (a page of the history). */
    async numbersOf(
      source: PurchaseDocumentSourceName,
      ids: readonly number[],
    ): Promise<Map<number, string>> {
      const rows = await repository.findMany(source, ids);
      return new Map(rows.map((row) => [row.sourceId, purchaseDocumentNumber(row.series, row.number)]));
    },

    /** The PDF of a sale's document (the caller checked the sale is the user's). */
    async pdf(
      source: PurchaseDocumentSource,
      id: number,
      locale: string,
      /** Issues a credit of its own (see `issueCredit`) instead of a sale's document. */
      credit?: () => Promise<CreditDraft | null>,
    ): Promise<{ number: string; kind: PurchaseDocument['kind']; pdf: Buffer }> {
      const row = credit ? await issueCredit(id, credit) : await issue(source, id);
      if (!row) throw notFound('There is no document for this purchase (yet).');
      const document = contentOf(row);
      return {
        number: document.number,
        kind: document.kind,
        pdf: await renderPurchaseDocumentPdf(document, { brandName: deps.brandName, locale }),
      };
    },
  };
}

export type PurchaseDocuments = ReturnType<typeof createPurchaseDocuments>;
