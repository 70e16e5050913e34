import {
  ADMIN_ORDERS_API,
  adminOrderSearchOf,
  adminOrdersQuerySchema,
  adminPageOffset,
  PURCHASE_DOCUMENT_SOURCES,
  type AdminOrderDetail,
  type AdminOrdersPage,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import { staffOnly } from '../staff/staff-access.js';
import type { AdminOrderDetailReader } from './admin-order-detail.js';
import { orderRowAnswer } from './admin-orders.answers.js';
import type { AdminOrdersRepository } from './admin-orders.repository.js';

const READ = staffOnly('backOffice.read');
const DAY_MS = 24 * 60 * 60 * 1000;

export const orderParams = z.object({ id: databaseId('id must be an order id.', { coerce: true }) });

const documentParams = z.object({
  source: z.enum(PURCHASE_DOCUMENT_SOURCES, {
    error: `source must be one of ${PURCHASE_DOCUMENT_SOURCES.join(', ')}.`,
  }),
  id: databaseId('id must be a purchase id.', { coerce: true }),
});

/** Start of a UTC day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The back office's orders (issue 32): the list with its search, filters and sorting, one
 * order's detail, and the invoices and credit notes as staff open them. All reads: any staff
 * member (`backOffice.read`).
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{
  repository: AdminOrdersRepository;
  orderDetail: AdminOrderDetailReader;
  documents: PurchaseDocuments;
  brandName: string;
}> = async (app, { repository, orderDetail, documents, brandName }) => {
  app.get(
    ADMIN_ORDERS_API.orders,
    { config: READ, schema: { querystring: adminOrdersQuerySchema } },
    async (request): Promise<AdminOrdersPage> => {
      const { q, page, page_size: pageSize, sort, status, method, country, from, to, code } = request.query;
      const { count, rows } = await repository.orderPage(
        {
          search: adminOrderSearchOf(q),
          status,
          method,
          country,
          from: from ? dayStart(from) : undefined,
          until: to ? new Date(dayStart(to).getTime() + DAY_MS) : undefined,
          code,
        },
        sort,
        pageSize,
        adminPageOffset(page, pageSize),
      );
      return { count, page, page_size: pageSize, results: rows.map(orderRowAnswer) };
    },
  );

  app.get(
    ADMIN_ORDERS_API.order,
    { config: READ, schema: { params: orderParams } },
    (request): Promise<AdminOrderDetail> => orderDetail(request.params.id),
  );

  // The buyer's own route checks the document is theirs; staff may open any (issued at first opening).
  app.get(
    ADMIN_ORDERS_API.document,
    { config: READ, schema: { params: documentParams } },
    async (request, reply) => {
      const { source, id } = request.params;
      const document = await documents.pdf(source, id, 'en-US');
      const fileName = `${brandName.replace(/[^A-Za-z0-9_-]+/g, '-')}-${document.number}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(document.pdf);
    },
  );
};
