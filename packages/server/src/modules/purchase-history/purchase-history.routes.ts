import {
  PURCHASE_DATA_TYPES,
  PURCHASE_DOCUMENT_SOURCES,
  PURCHASE_HISTORY_PAGE_SIZE,
  PURCHASE_HISTORY_PATHS,
  REFUND_COMMENT_MAX_LENGTH,
  REFUND_REASONS,
  type PurchaseHistoryResponse,
  type RefundQuote,
  type RefundRequestResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { databaseId } from '../../platform/http/database-id.js';
import { notFound } from '../../platform/http/http-error.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import type { RefundsService } from '../refunds/refunds.service.js';
import type { SubscriptionReceipts } from '../subscriptions/subscription-receipts.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { PurchaseHistory } from './purchase-history.service.js';

const dataQuery = z.object({
  page_number: z.coerce
    .number({ error: 'page_number must be a number.' })
    .int('page_number must be a whole number.')
    .min(1, 'page_number starts at 1.')
    .max(100_000, 'page_number is too large.')
    .default(1),
  data_type: z.enum(PURCHASE_DATA_TYPES, {
    error: `data_type must be one of ${PURCHASE_DATA_TYPES.join(', ')}.`,
  }),
});

const lineParams = z.object({ lineId: databaseId('lineId must be a purchase id.', { coerce: true }) });

const refundBody = z.object({
  reason: z.enum(REFUND_REASONS, { error: `reason must be one of ${REFUND_REASONS.join(', ')}.` }),
  comment: z
    .string({ error: 'comment must be text.' })
    .trim()
    .max(REFUND_COMMENT_MAX_LENGTH, `comment can be at most ${REFUND_COMMENT_MAX_LENGTH} characters.`)
    .optional(),
});

const documentParams = z.object({
  source: z.enum(PURCHASE_DOCUMENT_SOURCES, {
    error: `source must be one of ${PURCHASE_DOCUMENT_SOURCES.join(', ')}.`,
  }),
  id: databaseId('id must be a purchase id.', { coerce: true }),
});

/**
 * Team-plan §2 and §7 purchase history, the refund request of a bought course, and the
 * invoices and credit notes as PDF. Everything is the signed-in user's own: another user's
 * purchase, refund or charge answers 404 as if it did not exist.
 */
export const purchaseHistoryRoutes: FastifyPluginAsyncZod<{
  history: PurchaseHistory;
  refunds: RefundsService;
  orders: OrdersService;
  documents: PurchaseDocuments;
  receipts: SubscriptionReceipts;
  userContext: UserContextService;
  brandName: string;
}> = async (app, { history, refunds, orders, documents, receipts, userContext, brandName }) => {
  app.get(
    PURCHASE_HISTORY_PATHS.data,
    { config: SIGNED_IN, schema: { querystring: dataQuery } },
    async (request): Promise<PurchaseHistoryResponse> => {
      const userId = requireUserId(request);
      const pricing = await userContext.pricingContextOf(request);
      const { page_number: page, data_type: dataType } = request.query;
      return history.page(userId, dataType, page, PURCHASE_HISTORY_PAGE_SIZE, pricing);
    },
  );

  app.get(
    PURCHASE_HISTORY_PATHS.refund,
    { config: SIGNED_IN, schema: { params: lineParams } },
    async (request): Promise<RefundQuote> => {
      const userId = requireUserId(request);
      const pricing = await userContext.pricingContextOf(request);
      const quote = await history.refundQuote(userId, request.params.lineId, pricing);
      if (!quote) throw notFound('There is no such purchase.');
      return quote;
    },
  );

  app.post(
    PURCHASE_HISTORY_PATHS.refund,
    { config: SIGNED_IN, schema: { params: lineParams, body: refundBody } },
    async (request, reply): Promise<RefundRequestResponse> => {
      const userId = requireUserId(request);
      const { reason, comment } = request.body;
      const refund = await refunds.request(userId, request.params.lineId, {
        reason,
        comment: comment ? comment : null,
      });
      const pricing = await userContext.pricingContextOf(request);
      reply.status(201);
      return history.refundRow(refund, pricing);
    },
  );

  app.get(
    PURCHASE_HISTORY_PATHS.document,
    { config: SIGNED_IN, schema: { params: documentParams } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { source, id } = request.params;
      // Whose it is, before anything is issued: another's is a 404 (a member's, a 403).
      if (source === 'order') {
        if (!(await orders.order(id, userId))) throw notFound('There is no such purchase.');
      } else if (source === 'refund') {
        if (!(await refunds.refundOf(userId, id))) throw notFound('There is no such refund.');
      } else {
        await receipts.receipt(userId, id);
      }
      const pricing = await userContext.pricingContextOf(request);
      const document = await documents.pdf(source, id, pricing.intlLocale);
      const fileName = `${brandName.replace(/[^A-Za-z0-9_-]+/g, '-')}-${document.number}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(document.pdf);
    },
  );
};
