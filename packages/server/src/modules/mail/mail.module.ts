import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { devMailboxRoutes } from './dev-mailbox.routes.js';

/** The mail outbox: sent through SMTP_URL; outside production also read at /dev/mailbox/. */
export const mailModule = defineFeatureModule<AppServices>({
  name: 'mail',
  api: async (api, { services: { outbox, config } }) => {
    if (!config.isProduction) await api.register(devMailboxRoutes, { outbox });
  },
  // Without SMTP_URL mail waits in the mailbox.
  jobs: ({ outbox }) => [
    {
      name: 'mail.send',
      everyMs: 10 * 1000,
      run: async () => {
        await outbox.sendDue();
      },
    },
  ],
});
