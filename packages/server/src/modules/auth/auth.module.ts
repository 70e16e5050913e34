import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { authRoutes } from './auth.routes.js';

/** Sign-up, login, logout and password links; a visitor's cart follows them into their account. */
export const authModule = defineFeatureModule<AppServices>({
  name: 'auth',
  api: async (api, { services: { auth, userContext, carts, passwordLinks, secureCookies } }) => {
    await api.register(authRoutes, {
      auth,
      userContext,
      secureCookies,
      passwordLinks,
      // A failed cart merge must not fail the login.
      onSignedIn: async (request, _reply, userId) => {
        const visitorId = userContext.visitorIdOf(request);
        if (!visitorId) return;
        await carts
          .mergeVisitorCart(visitorId, userId)
          .catch((error: unknown) => request.log.warn({ err: error }, 'visitor cart merge failed'));
      },
    });
  },
});
