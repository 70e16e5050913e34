import type { CheckoutInfoResponse, CheckoutReceipt, CheckoutResult } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import type { AuthService } from '../auth/auth.service.js';
import { checkoutInfoJson } from '../checkout/checkout-info-json.js';
import { infoBody, submitBody } from '../checkout/checkout.routes.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { GuestCheckout } from './guest-checkout.service.js';

export const GUEST_CHECKOUT_PATHS = {
  info: '/payment/dac-checkout-info/',
  submit: '/payment/dac-checkout-submit/',
  result: '/payment/dac-checkout-result/',
} as const;

// Checked for shape here; the e-mail's own rule (the domain's, with its message) runs in the service.
const guestSubmitBody = submitBody.extend({
  email: z.string({ error: 'Enter your email address.' }).max(254, 'Email address is too long.'),
});
const resultQuery = z.object({
  payment_attempt_id: z.string({ error: 'payment_attempt_id is required.' }).min(1).max(64),
});

/**
 * The guest ("dac") variants of the checkout calls (team-plan §6, §7), for visitors in the
 * `dac_on_checkout` experiment. Once the submit has made the buyer's account, the device is
 * signed in: the 3-D Secure result and the success page use the ordinary checkout's routes,
 * and `dac-checkout-result` is its receipt under the guest name.
 */
export const guestCheckoutRoutes: FastifyPluginAsyncZod<{
  guestCheckout: GuestCheckout;
  checkout: CheckoutService;
  auth: AuthService;
  userContext: UserContextService;
}> = async (app, { guestCheckout, checkout, auth, userContext }) => {
  app.post(
    GUEST_CHECKOUT_PATHS.info,
    { schema: { body: infoBody } },
    async (request, reply): Promise<string> => {
      const answer: CheckoutInfoResponse = await guestCheckout.info(request, reply, request.body);
      reply.type('application/json; charset=utf-8');
      return checkoutInfoJson(answer);
    },
  );

  app.post(
    GUEST_CHECKOUT_PATHS.submit,
    {
      schema: { body: guestSubmitBody },
      // Each submit may make an account: counted with the signups of this address, before validation.
      onRequest: async (request) => auth.countSignupAttempt(request.ip),
    },
    (request, reply): Promise<CheckoutResult> => guestCheckout.submit(request, reply, request.body),
  );

  app.get(
    GUEST_CHECKOUT_PATHS.result,
    { config: SIGNED_IN, schema: { querystring: resultQuery } },
    async (request): Promise<CheckoutReceipt> => {
      const pricing = await userContext.pricingContextOf(request);
      return checkout.receipt(requireUserId(request), request.query.payment_attempt_id, pricing.intlLocale);
    },
  );
};
