import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { purchaseHistoryRoutes } from './purchase-history.routes.js';

/** Purchase history (issue 16): course refunds, invoices and credit notes. */
export const purchaseHistoryModule = defineFeatureModule<AppServices>({
  name: 'purchase-history',
  api: async (api, { services }) => {
    await api.register(purchaseHistoryRoutes, {
      history: services.purchaseHistory,
      refunds: services.refunds,
      orders: services.orders,
      documents: services.documents,
      receipts: services.receipts,
      userContext: services.userContext,
      brandName: services.config.brandName,
    });
  },
  // The provider's word on a refund settles it like its answer (a lost answer, a pending refund).
  events: ({ payments, refunds }) => {
    payments.events.on('refund.created', (refund) => refunds.onGatewayRefund(refund));
    payments.events.on('refund.updated', (refund) => refunds.onGatewayRefund(refund));
  },
});
