import { checkoutReferenceOf } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { databaseId } from '../../platform/http/database-id.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import { AUTHENTICATE_RENEWAL_PATH } from './subscription-notices.js';
import type { SubscriptionRenewals } from './subscription-renewals.js';
import { RECEIPT_PATHS, type SubscriptionReceipts } from './subscription-receipts.js';
import { pageQuery } from '../../platform/http/pagination.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export const RENEWAL_PATHS = { authenticate: '/payment/subscription-authenticate/' } as const;

const authenticationAnswer = z.object({
  status: z.enum(['succeeded', 'action_required', 'failed']),
  message: z.string(),
  data: z.object({ redirect_url: z.string().nullable(), client_secret: z.string().nullable() }).nullable(),
});

/**
 * A plan's billing after checkout (team-plan §2, §3): its history, its receipts, and the page a
 * renewal's "authentication required" mail links to, where the owner or an admin confirms the
 * charge with 3-D Secure. Another subscriber's receipt or invoice is a 404.
 */
export const subscriptionBillingRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  renewals: SubscriptionRenewals;
  receipts: SubscriptionReceipts;
  publicUrl: string;
}> = async (app, { subscriptions, renewals, receipts, publicUrl }) => {
  /** Team-plan §2 billing history: the plan's receipts and failed attempts, newest first. */
  app.get(
    RECEIPT_PATHS.history,
    { config: SIGNED_IN, schema: { querystring: z.object(pageQuery) } },
    async (request) =>
      receipts.history(
        requireUserId(request),
        { page: request.query.page, pageSize: request.query.page_size },
        'en-US',
      ),
  );

  /** Team-plan §3 receipt of one charge (404 for another subscriber's). */
  app.get(
    RECEIPT_PATHS.receipt,
    {
      config: SIGNED_IN,
      schema: { params: z.object({ id: databaseId('id must be a receipt id.', { coerce: true }) }) },
    },
    async (request) => receipts.receipt(requireUserId(request), request.params.id),
  );

  app.post(
    RENEWAL_PATHS.authenticate,
    {
      config: SIGNED_IN,
      schema: {
        body: z.object({ invoice_id: databaseId('invoice_id must be an invoice id.', { coerce: true }) }),
        response: { 200: authenticationAnswer },
      },
    },
    async (request) => {
      const invoice = await subscriptions.billing.invoice(request.body.invoice_id);
      if (!invoice) throw notFound('There is no such payment to authenticate.');
      // 404 for another subscriber's plan, 403 for a member who is not an admin.
      await subscriptions.enrollmentByReference(
        requireUserId(request),
        checkoutReferenceOf(invoice.enrollmentId),
      );
      const returnUrl = `${publicUrl}${AUTHENTICATE_RENEWAL_PATH}?invoice=${invoice.id}`;
      const step = await renewals.authenticate(invoice.id, returnUrl);
      switch (step.status) {
        case 'missing':
          throw notFound('There is no such payment to authenticate.');
        case 'closed':
          throw new HttpError(
            409,
            'payment_closed',
            'This payment can no longer be made: the plan has ended.',
          );
        case 'succeeded':
          return {
            status: 'succeeded' as const,
            message: 'Thank you: your payment went through.',
            data: null,
          };
        case 'failed':
          return { status: 'failed' as const, message: step.message, data: null };
        case 'action_required':
          return {
            status: 'action_required' as const,
            message: 'Your bank asks you to confirm this payment.',
            data: {
              redirect_url: step.nextAction.type === 'redirect_to_url' ? step.nextAction.url : null,
              client_secret: step.clientSecret,
            },
          };
      }
    },
  );
};
