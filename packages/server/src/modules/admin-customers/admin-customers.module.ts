import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { adminCustomersRoutes } from './admin-customers.routes.js';
import { createAdminCustomersService } from './admin-customers.service.js';

/** The back office's customers: search, each customer's page, credit, sessions, anonymised delete. */
export const adminCustomersModule = defineFeatureModule<AppServices>({
  name: 'admin-customers',
  api: async (api, { services }) => {
    const { db, users, orders, credit, subscriptions, organizations, sessions, payments, audit, clock } =
      services;
    await api.register(adminCustomersRoutes, {
      customers: createAdminCustomersService({
        db,
        users,
        orders,
        credit,
        subscriptions,
        organizations,
        sessions,
        payments,
        audit,
        clock,
        courseTitles: services.courseTitles,
      }),
    });
  },
});
