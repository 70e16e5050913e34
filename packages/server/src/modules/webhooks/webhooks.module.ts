import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createWebhooksRepository } from './webhooks.repository.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { createWebhooks } from './webhooks.service.js';

/** How often due deliveries are looked for (the job runner polls every 5 s). */
export const WEBHOOKS_DELIVER_EVERY_MS = 5_000;
export const WEBHOOKS_DELIVER_JOB = 'webhooks.deliver';

/** The module's service, made once per server (its routes and jobs share it). */
const made = new WeakMap<AppServices, ReturnType<typeof createWebhooks>>();

const webhooksOf = (services: AppServices) => {
  let webhooks = made.get(services);
  if (!webhooks) {
    const { db, clock, audit, log, config } = services;
    webhooks = createWebhooks({
      db,
      clock,
      audit,
      log,
      repository: createWebhooksRepository(db),
      production: config.isProduction,
    });
    made.set(services, webhooks);
  }
  return webhooks;
};

/**
 * Outgoing webhooks (issue 33): endpoints the staff register under `/api-2.0/admin/webhooks/`,
 * events written by triggers in the transactions of the changes (migration 0024), and a job that
 * sends each endpoint's deliveries in order, signed, retried with back-off for three days.
 */
export const webhooksModule = defineFeatureModule<AppServices>({
  name: 'webhooks',
  api: async (api, { services }) => {
    await api.register(webhooksRoutes, { webhooks: webhooksOf(services) });
  },
  jobs: (services) => [
    {
      name: WEBHOOKS_DELIVER_JOB,
      everyMs: WEBHOOKS_DELIVER_EVERY_MS,
      // A run sends for at most 30 s plus one attempt's timeout.
      leaseMs: 90_000,
      run: async () => {
        await webhooksOf(services).deliverDue();
      },
    },
    {
      name: 'webhooks.purge',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        await webhooksOf(services).purge();
      },
    },
  ],
});
