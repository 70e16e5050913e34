import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createAdminAnalyticsRepository } from './admin-analytics.repository.js';
import { adminAnalyticsRoutes } from './admin-analytics.routes.js';
import { dayOf } from './sales-days.js';

/** How far back the summary job keeps days summed: the dashboard's year and the one before it. */
const SUMMED_DAYS_BACK = 2 * 366;
const DAY_MS = 86_400_000;

/**
 * The back office's revenue analytics (issue 33): SQL over orders, plan charges and invoices and
 * refunds, in the shop's base currency at the rates stored with each sale. A job keeps the
 * summaries current between readings (decision 0038), so a reading rarely has work to do first.
 */
export const adminAnalyticsModule = defineFeatureModule<AppServices>({
  name: 'admin-analytics',
  api: async (api, { services }) => {
    await api.register(adminAnalyticsRoutes, {
      repository: createAdminAnalyticsRepository(services.db),
      clock: services.clock,
    });
  },
  jobs: (services) => {
    const repository = createAdminAnalyticsRepository(services.db);
    return [
      {
        name: 'analytics.summaries',
        everyMs: 60_000,
        // The first run sums two years of days and computes every plan.
        leaseMs: 30 * 60_000,
        run: async () => {
          const base = await repository.baseCurrency();
          const now = services.clock.now();
          const today = dayOf(now);
          await repository.prepareSpan(
            base,
            {
              start: new Date(Date.parse(today) - SUMMED_DAYS_BACK * DAY_MS),
              end: new Date(Date.parse(today)),
            },
            today,
          );
          await repository.refreshPlans(base);
        },
      },
    ];
  },
});
