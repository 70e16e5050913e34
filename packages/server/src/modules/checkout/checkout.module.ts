import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { checkoutRoutes } from './checkout.routes.js';

/** Course checkout with every method (checkout spec), and the reconciliation of open attempts. */
export const checkoutModule = defineFeatureModule<AppServices>({
  name: 'checkout',
  api: async (api, { services: { checkout, subscriptionCheckout, userContext, users, clientMetrics } }) => {
    await api.register(checkoutRoutes, { checkout, subscriptionCheckout, userContext, users, clientMetrics });
  },
  jobs: ({ checkout }) => [
    // Payment attempts left open by a crash, a lost answer or a buyer who left (design §4).
    {
      name: 'checkout.reconcile',
      everyMs: 60 * 1000,
      run: async () => {
        await checkout.reconcileOpenAttempts();
      },
    },
  ],
});
