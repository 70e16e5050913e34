import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { subscriptionBillingRoutes } from './subscription-billing.routes.js';
import { subscriptionsGraphql } from './subscriptions.graphql.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';

/** Personal and Team plans: their checkout, billing, renewals and lifecycle (design §5). */
export const subscriptionsModule = defineFeatureModule<AppServices>({
  name: 'subscriptions',
  api: async (api, { services: { subscriptions, userContext, renewals, receipts, config } }) => {
    await api.register(subscriptionsRoutes, { subscriptions, userContext });
    await api.register(subscriptionBillingRoutes, {
      subscriptions,
      renewals,
      receipts,
      publicUrl: config.publicUrl,
    });
  },
  graphql: ({ subscriptions, userContext }) => [subscriptionsGraphql({ subscriptions, userContext })],
  // The provider's word on subscription payments and card setups: the same completion as the answer.
  events: ({ payments, renewals, subscriptionCheckout }) => {
    payments.events.on('payment.succeeded', (payment) =>
      payment.metadata.subscription_invoice_id
        ? renewals.onPaymentSucceeded(payment)
        : subscriptionCheckout.onPaymentSucceeded(payment),
    );
    payments.events.on('setup.succeeded', (setup) => subscriptionCheckout.onSetupSucceeded(setup));
  },
  // Plans whose period or trial ended, and trials ending soon: their keyed jobs.
  sweep: ({ renewals }) => renewals.sweep(),
  jobs: ({ subscriptionCheckout, renewals, clock }) => [
    // Subscription checkouts left open: the same rule as course checkout's attempts.
    {
      name: 'subscriptions.reconcile',
      everyMs: 60 * 1000,
      run: async () => {
        await subscriptionCheckout.reconcileOpenCheckouts();
      },
    },
    {
      name: 'subscriptions.sweep',
      everyMs: 60 * 1000,
      run: async () => {
        await clock.refresh();
        await renewals.sweep();
      },
    },
  ],
});
