import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { adminDashboardRoutes } from './admin-dashboard.routes.js';
import { createAdminOrderDetail } from './admin-order-detail.js';
import { createAdminOrdersRepository } from './admin-orders.repository.js';
import { adminOrdersRoutes } from './admin-orders.routes.js';
import { adminRefundsRoutes } from './admin-refunds.routes.js';

/**
 * The back office's orders, staff refunds, refund retries and dashboard (issue 32), under
 * `/api-2.0/admin/`: reads over the orders, payments and refunds tables, and refunds through
 * the refunds service (the buyer's rules, with the staff member, their reason and the audit log).
 */
export const adminOrdersModule = defineFeatureModule<AppServices>({
  name: 'admin-orders',
  api: async (api, { services }) => {
    const { db, orders, gifts, documents, refunds, audit, courseTitles, clock, config } = services;
    const repository = createAdminOrdersRepository(db);
    const orderDetail = createAdminOrderDetail({ repository, orders, gifts, documents, courseTitles, clock });
    await api.register(adminOrdersRoutes, {
      repository,
      orderDetail,
      documents,
      brandName: config.brandName,
    });
    await api.register(adminRefundsRoutes, {
      repository,
      refunds,
      orders,
      documents,
      audit,
      courseTitles,
      clock,
    });
    await api.register(adminDashboardRoutes, { repository, clock });
  },
});
