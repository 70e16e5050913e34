import { ADMIN_ORDERS_API, type AdminDashboard, type AdminSalesFigures, type Money } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock/clock.js';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import { moneyOf, orderRowAnswer } from './admin-orders.answers.js';
import type { AdminOrdersRepository } from './admin-orders.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NEWEST_ORDERS = 5;

/** Largest first, then by currency code (a stable order for equal sums). */
const byAmount = (a: Money, b: Money) => b.amount - a.amount || a.currency.localeCompare(b.currency);

/**
 * The back office's dashboard (issue 32): orders, gross per currency and refunds of today (UTC,
 * by the server's clock) and of the last 30 days, the refunds that need staff (failed, or
 * stuck after their automatic retries), and the newest orders. Any staff member may read it.
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{
  repository: AdminOrdersRepository;
  clock: Clock;
}> = async (app, { repository, clock }) => {
  async function figuresSince(since: Date): Promise<AdminSalesFigures> {
    const { orders, refunds } = await repository.salesSince(since);
    return {
      orders: orders.reduce((sum, row) => sum + row.orders, 0),
      gross: orders.map((row) => moneyOf(row.gross, row.currency)).sort(byAmount),
      refunds: refunds.reduce((sum, row) => sum + row.refunds, 0),
      refunded: refunds.map((row) => moneyOf(row.refunded, row.currency)).sort(byAmount),
    };
  }

  app.get(
    ADMIN_ORDERS_API.dashboard,
    { config: staffOnly('backOffice.read') },
    async (request): Promise<AdminDashboard> => {
      const staff = requireStaff(request);
      const now = clock.now();
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const [todayFigures, monthFigures, alerts, newest] = await Promise.all([
        figuresSince(today),
        figuresSince(new Date(now.getTime() - 30 * DAY_MS)),
        repository.refundAlerts(),
        repository.newestOrders(NEWEST_ORDERS),
      ]);
      return {
        today: todayFigures,
        last_30_days: monthFigures,
        alerts: { failed_refunds: alerts.failed, stuck_refunds: alerts.stuck },
        newest_orders: newest.map(orderRowAnswer),
        as_of: now.toISOString(),
        role: staff.role,
      };
    },
  );
};
