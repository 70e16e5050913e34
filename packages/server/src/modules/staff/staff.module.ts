import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { staffRoutes } from './staff.routes.js';
import { createStaffService } from './staff.service.js';

/**
 * The back office's staff (issue 32): who am I, the staff and their roles, invitations by
 * e-mail, and the back office settings (the support refund limits, the sales contacts).
 */
export const staffModule = defineFeatureModule<AppServices>({
  name: 'staff',
  api: async (api, { services: { db, users, audit, outbox, clock, salesContact } }) => {
    await api.register(staffRoutes, {
      staff: createStaffService({ db, users, audit, outbox, clock, salesContact }),
    });
  },
});
