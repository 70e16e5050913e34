import {
  ADMIN_ORDERS_API,
  adminOrderSearchOf,
  adminPageOffset,
  adminRefundsQuerySchema,
  formatMoney,
  refundIsCapped,
  refundWithinLimit,
  STAFF_REFUND_MESSAGES,
  staffRefundBodySchema,
  type AdminRefundRetryResponse,
  type AdminRefundsPage,
  type Money,
  type StaffRefundResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock/clock.js';
import { databaseId } from '../../platform/http/database-id.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import type { RefundsService } from '../refunds/refunds.service.js';
import { requireStaff, staffOnly, type StaffMember } from '../staff/staff-access.js';
import { moneyOf, refundAnswer, refundRowAnswer } from './admin-orders.answers.js';
import type { AdminOrdersRepository } from './admin-orders.repository.js';
import { orderParams } from './admin-orders.routes.js';

const READ = staffOnly('backOffice.read');
const REFUND = staffOnly('orders.refund');

const refundParams = z.object({ id: databaseId('id must be a refund id.', { coerce: true }) });

/**
 * Staff refunds (issue 32): an order refunded whole or by line, and the failed or stuck refunds
 * listed for staff to retry. Refunding and retrying need `orders.refund`; a `support` member
 * only up to the owner's limit per currency (back office settings), others without a limit.
 * Every refund and retry is in the audit log, written in the transaction that makes it.
 */
export const adminRefundsRoutes: FastifyPluginAsyncZod<{
  repository: AdminOrdersRepository;
  refunds: RefundsService;
  orders: OrdersService;
  documents: PurchaseDocuments;
  audit: AdminAudit;
  courseTitles: (ids: number[]) => Promise<Map<number, string>>;
  clock: Clock;
}> = async (app, { repository, refunds, orders, documents, audit, courseTitles, clock }) => {
  /** Refuses (403) what a support member may not refund alone; the limits are read before any transaction. */
  async function limitCheck(staff: StaffMember) {
    const limits = refundIsCapped(staff.role) ? await repository.supportRefundLimits() : {};
    return (total: Money) => {
      if (refundWithinLimit(staff.role, total.amount, total.currency, limits)) return;
      const limit = limits[total.currency];
      throw new HttpError(
        403,
        'refund_limit_exceeded',
        STAFF_REFUND_MESSAGES.refund_limit_exceeded(
          limit === undefined ? null : formatMoney(moneyOf(limit, total.currency)),
          formatMoney(total),
        ),
      );
    };
  }

  app.post(
    ADMIN_ORDERS_API.orderRefunds,
    { config: REFUND, schema: { params: orderParams, body: staffRefundBodySchema } },
    async (request, reply): Promise<StaffRefundResponse> => {
      const staff = requireStaff(request);
      const orderId = request.params.id;
      const { line_ids: lineIds, reason, allow_outside_window: allowOutsideWindow } = request.body;
      const order = await orders.order(orderId, null);
      if (!order) throw notFound('There is no such order.');
      // Read before the transaction (PGlite runs one statement at a time inside it).
      const [titles, authorize] = await Promise.all([
        courseTitles(order.lines.map((line) => line.courseId)),
        limitCheck(staff),
      ]);
      const rows = await refunds.staffRefund({
        orderId,
        staffId: staff.userId,
        lineIds,
        reason,
        allowOutsideWindow,
        authorize,
        onRequested: (tx, row, line) => {
          const amount = formatMoney(moneyOf(row.amount, row.currency));
          const title = titles.get(row.courseId) ?? `Course #${row.courseId}`;
          return audit.record(tx, {
            actor: staff,
            action: 'order.refunded',
            objectType: 'order',
            objectId: orderId,
            summary: `Refunded ${line.line.buyableType === 'gift' ? 'the gift of ' : ''}“${title}” (${amount}) on order #${orderId}${line.outsideWindow ? ', outside the 30-day window' : ''}.`,
            reason,
            after: {
              refund_id: row.id,
              order_line_id: row.orderLineId,
              course_id: row.courseId,
              currency: row.currency,
              amount: row.amount,
              provider_amount: row.providerAmount,
              credit_amount: row.creditAmount,
              outside_window: line.outsideWindow,
            },
          });
        },
      });
      const listed = await Promise.all(rows.map((row) => repository.refund(row.id)));
      const numbers = await documents.numbersOf(
        'refund',
        rows.map((row) => row.id),
      );
      reply.status(201);
      return {
        order_id: orderId,
        refunds: listed
          .filter((row) => row !== null)
          .map((row) => refundAnswer(row, numbers.get(row.id) ?? null)),
      };
    },
  );

  app.get(
    ADMIN_ORDERS_API.refunds,
    { config: READ, schema: { querystring: adminRefundsQuerySchema } },
    async (request): Promise<AdminRefundsPage> => {
      const { q, page, page_size: pageSize, sort, status, older_than_minutes: olderThan } = request.query;
      const { count, rows } = await repository.refundPage(
        {
          view: status,
          olderThan: olderThan === undefined ? null : new Date(clock.now().getTime() - olderThan * 60_000),
          search: adminOrderSearchOf(q),
        },
        sort.descending,
        pageSize,
        adminPageOffset(page, pageSize),
      );
      const [titles, numbers] = await Promise.all([
        courseTitles(rows.map((row) => row.courseId)),
        documents.numbersOf(
          'refund',
          rows.map((row) => row.id),
        ),
      ]);
      return {
        count,
        page,
        page_size: pageSize,
        results: rows.map((row) =>
          refundRowAnswer(row, titles.get(row.courseId), numbers.get(row.id) ?? null),
        ),
      };
    },
  );

  app.post(
    ADMIN_ORDERS_API.refundRetry,
    { config: REFUND, schema: { params: refundParams } },
    async (request): Promise<AdminRefundRetryResponse> => {
      const staff = requireStaff(request);
      const found = await repository.refund(request.params.id);
      if (!found) throw notFound('There is no such refund.');
      const [titles, authorize] = await Promise.all([courseTitles([found.courseId]), limitCheck(staff)]);
      // A retry sends the money again: a support member only within their limit.
      authorize(moneyOf(found.amount, found.currency));
      const title = titles.get(found.courseId) ?? `Course #${found.courseId}`;
      await refunds.retry(found.id, {
        onRetried: (tx, before, after) =>
          audit.record(tx, {
            actor: staff,
            action: 'refund.retried',
            objectType: 'order',
            objectId: after.orderId,
            summary: `Retried the ${before.status === 'failed' ? 'failed' : 'stuck'} refund #${after.id} of “${title}” (${formatMoney(moneyOf(after.amount, after.currency))}) on order #${after.orderId}.`,
            before: {
              refund_id: before.id,
              status: before.status,
              retries: before.retries,
              failure_code: before.failureCode,
              failure_message: before.failureMessage,
            },
            after: { refund_id: after.id, status: after.status, retries: after.retries },
          }),
      });
      const row = await repository.refund(found.id);
      const numbers = await documents.numbersOf('refund', [found.id]);
      return { refund: refundAnswer(row ?? found, numbers.get(found.id) ?? null) };
    },
  );
};
