import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { cartsRoutes } from './carts.routes.js';

/** Carts, wishlists and saved-for-later lists, with their codes. */
export const cartsModule = defineFeatureModule<AppServices>({
  name: 'carts',
  api: async (api, { services: { carts, userContext } }) => {
    await api.register(cartsRoutes, { carts, userContext });
  },
  jobs: ({ coupons, carts }) => [
    // Coupon reservations past their expiry already stop counting against usage limits; this
    // only marks them released. Idle visitor carts (30 days, platform §9) are deleted.
    {
      name: 'shopping.sweep',
      everyMs: 5 * 60 * 1000,
      run: async () => {
        await Promise.all([coupons.expireStaleReservations(), carts.deleteIdleVisitorCarts()]);
      },
    },
  ],
});
