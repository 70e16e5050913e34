import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { guestCheckoutRoutes } from './guest-checkout.routes.js';

/** Checkout without an account (team-plan §6, decision 0030). */
export const guestCheckoutModule = defineFeatureModule<AppServices>({
  name: 'guest-checkout',
  api: async (api, { services: { guestCheckout, auth } }) => {
    await api.register(guestCheckoutRoutes, { guestCheckout, auth });
  },
});
