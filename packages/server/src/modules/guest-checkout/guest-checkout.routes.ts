import type { CheckoutInfoResponse, CheckoutReceipt, CheckoutResult } from '@lectern/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notAuthenticated } from '../../platform/http/http-error.js';
import type { AuthService } from '../auth/auth.service.js';
import { checkoutInfoJson } from '../checkout/checkout-info-json.js';
import { infoBody, resultBody, submitBody } from '../checkout/checkout.routes.js';
import type { GuestCheckout } from './guest-checkout.service.js';

export const GUEST_CHECKOUT_PATHS = {
  info: '/payment/dac-checkout-info/',
  submit: '/payment/dac-checkout-submit/',
  /** The action's outcome (3-D Secure, a bank's or lender's page), as `PATCH /payment/checkout-submit/{id}/`. */
  attempt: '/payment/dac-checkout-submit/:paymentAttemptId/',
  result: '/payment/dac-checkout-result/',
} as const;

// Checked for shape here; the e-mail's own rule (the domain's, with its message) runs in the service.
const guestSubmitBody = submitBody.extend({
  email: z.string({ error: 'Enter your email address.' }).max(254, 'Email address is too long.'),
});
const resultQuery = z.object({
  payment_attempt_id: z.string({ error: 'payment_attempt_id is required.' }).min(1).max(64),
});
const attemptParams = z.object({ paymentAttemptId: z.string().max(64) });

/**
 * The guest ("dac") variants of the checkout calls (team-plan §6, §7), for visitors in the
 * `dac_on_checkout` experiment. The device that submitted is not signed in to an account it did
 * not make (decision 0030): it follows its attempt (the action's outcome, the success page's
 * receipt) with the attempt pass the submit handed it, or with a session of the attempt's buyer.
 */
export const guestCheckoutRoutes: FastifyPluginAsyncZod<{
  guestCheckout: GuestCheckout;
  auth: AuthService;
}> = async (app, { guestCheckout, auth }) => {
  const { passes } = guestCheckout;
  // Like SIGNED_IN routes: without a session or a pass, 401 before the body is read (design §6).
  const sessionOrPass = async (request: FastifyRequest) => {
    if (request.userId === null && !passes.hasAny(request)) throw notAuthenticated();
  };

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

  app.patch(
    GUEST_CHECKOUT_PATHS.attempt,
    { onRequest: sessionOrPass, schema: { params: attemptParams, body: resultBody } },
    (request, reply): Promise<CheckoutResult> =>
      guestCheckout.result(request, reply, request.params.paymentAttemptId, request.body),
  );

  app.get(
    GUEST_CHECKOUT_PATHS.result,
    { onRequest: sessionOrPass, schema: { querystring: resultQuery } },
    (request): Promise<CheckoutReceipt> => guestCheckout.receipt(request, request.query.payment_attempt_id),
  );
};
