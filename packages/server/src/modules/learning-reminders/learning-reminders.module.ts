import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { learningRemindersGraphql } from './learning-reminders.graphql.js';
import { learningRemindersRoutes } from './learning-reminders.routes.js';

/** The learner's learning reminders (platform §7) and their calendar files. */
export const learningRemindersModule = defineFeatureModule<AppServices>({
  name: 'learning-reminders',
  api: async (api, { services: { learningReminders, config } }) => {
    await api.register(learningRemindersRoutes, {
      reminders: learningReminders,
      publicUrl: config.publicUrl,
      brandName: config.brandName,
    });
  },
  graphql: ({ learningReminders }) => [learningRemindersGraphql({ reminders: learningReminders })],
});
