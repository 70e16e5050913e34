import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { clientMetricsRoutes, collectorRoutes } from './tracking.routes.js';

/** The event collector (platform §7) and the browser's performance metrics. */
export const trackingModule = defineFeatureModule<AppServices>({
  name: 'tracking',
  api: async (api, { services: { clientMetrics } }) => {
    await api.register(clientMetricsRoutes, { clientMetrics });
  },
  // Platform §7 names the collector `/api-2.0/ecl`, without the trailing slash the API path
  // rule asks for, so it lives beside the API scope (its own body parser, no CSRF: beacons).
  site: async (site, { services: { tracking } }) => {
    await site.register(collectorRoutes, { tracking });
  },
  // Collected events are kept for the retention period only (TRACKING_RETENTION_DAYS).
  jobs: ({ tracking }) => [
    {
      name: 'tracking.purge',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        await tracking.purgeExpired();
      },
    },
  ],
});
