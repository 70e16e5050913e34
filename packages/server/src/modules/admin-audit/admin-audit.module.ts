import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { adminAuditRoutes } from './admin-audit.routes.js';

/** The back office's audit log: one searchable list, and each object's trail. */
export const adminAuditModule = defineFeatureModule<AppServices>({
  name: 'admin-audit',
  api: async (api, { services: { db } }) => {
    await api.register(adminAuditRoutes, { db });
  },
});
