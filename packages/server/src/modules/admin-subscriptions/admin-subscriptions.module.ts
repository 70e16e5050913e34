import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';

/** Being built (issue 33). */
export const adminSubscriptionsModule = defineFeatureModule<AppServices>({
  name: 'admin-subscriptions',
});
