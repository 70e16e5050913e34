import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createOrganizationActivity } from './organization-activity.js';
import { organizationAdminRoutes } from './organization-admin.routes.js';
import { createOrganizationAdminService } from './organization-admin.service.js';
import { createOrganizationPlanPanel } from './organization-plan-panel.js';

/** The organization admin area (team-plan §2): members, roles, the plan and its billing. */
export const organizationAdminModule = defineFeatureModule<AppServices>({
  name: 'organization-admin',
  api: async (api, { services }) => {
    const { db, organizations, subscriptions, receipts, users, sessions, outbox, payments, log } = services;
    await api.register(organizationAdminRoutes, {
      organizationAdmin: createOrganizationAdminService({
        db,
        organizations,
        subscriptions,
        receipts,
        users,
        sessions,
        mail: outbox,
      }),
      planPanel: createOrganizationPlanPanel({ subscriptions, gateway: payments.gateway, log }),
      recentActivity: createOrganizationActivity({ db, subscriptions, receipts, users }),
    });
  },
});
