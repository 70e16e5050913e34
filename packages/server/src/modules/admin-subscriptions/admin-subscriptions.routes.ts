import {
  ADMIN_SUBSCRIPTIONS_API,
  adminPageOffset,
  adminSubscriptionSearchOf,
  adminSubscriptionsQuerySchema,
  checkoutReferenceOf,
  formatMoney,
  money,
  refundIsCapped,
  refundWithinLimit,
  STAFF_REFUND_MESSAGES,
  STAFF_SUBSCRIPTION_MESSAGES,
  staffCancelBodySchema,
  staffExtendBodySchema,
  staffLicensesBodySchema,
  staffReasonBodySchema,
  staffRetryBodySchema,
  staffSubscriptionRefundBodySchema,
  type AdminSubscriptionDetail,
  type AdminSubscriptionsPage,
  type CurrencyCode,
  type StaffSubscriptionActionResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock/clock.js';
import type { Writer } from '../../platform/db/database.js';
import { databaseId } from '../../platform/http/database-id.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import type { SubscriptionRenewals } from '../subscriptions/subscription-renewals.js';
import type { EnrollmentRow, SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { requireStaff, staffOnly, type StaffMember } from '../staff/staff-access.js';
import type { AdminSubscriptionCredits } from './admin-subscription-credits.js';
import { subscriptionRowAnswer, type AdminSubscriptionDetailReader } from './admin-subscription-detail.js';
import type { AdminSubscriptionsRepository } from './admin-subscriptions.repository.js';

const READ = staffOnly('backOffice.read');
const MANAGE = staffOnly('subscriptions.manage');
const BILLING = staffOnly('subscriptions.billing');
const REFUND = staffOnly('orders.refund');

const params = z.object({ id: databaseId('id must be a subscription id.', { coerce: true }) });
const invoiceParams = params.extend({
  invoiceId: databaseId('invoiceId must be an invoice id.', { coerce: true }),
});
const chargeParams = params.extend({
  chargeId: databaseId('chargeId must be a charge id.', { coerce: true }),
});
const creditParams = params.extend({
  creditId: databaseId('creditId must be a credit id.', { coerce: true }),
});

const conflict = (code: string, message: string) => new HttpError(409, code, message);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** What the audit log keeps of a plan before and after a change. */
const stateOf = (row: EnrollmentRow) => ({
  status: row.status,
  licenses: row.licenseCount,
  current_period_start: row.currentPeriodStart.toISOString(),
  current_period_end: row.currentPeriodEnd.toISOString(),
  trial_end: row.trialEnd?.toISOString() ?? null,
  cancel_date: row.cancelDate?.toISOString() ?? null,
  next_charge: row.chargeAmount,
  currency: row.currency,
});

/**
 * The back office's subscriptions console (issue 33): the list and one plan's detail (any staff
 * member), and the staff actions on a plan, each checked against the state the staff member saw
 * (so a repeated request acts once) and audited in the transaction of its change: cancel,
 * reactivate, extend, change licenses (`subscriptions.manage`); retry an invoice now, mark it
 * uncollectible (`subscriptions.billing`); refund a charge (`orders.refund`, support within the
 * owner's limit).
 */
export const adminSubscriptionsRoutes: FastifyPluginAsyncZod<{
  repository: AdminSubscriptionsRepository;
  detail: AdminSubscriptionDetailReader;
  subscriptions: SubscriptionsService;
  renewals: SubscriptionRenewals;
  credits: AdminSubscriptionCredits;
  documents: PurchaseDocuments;
  audit: AdminAudit;
  clock: Clock;
  brandName: string;
}> = async (app, { repository, detail, subscriptions, renewals, credits, documents, audit, brandName }) => {
  const record = (
    tx: Writer,
    staff: StaffMember,
    id: number,
    action: string,
    summary: string,
    reason: string,
    before?: unknown,
    after?: unknown,
  ) =>
    audit.record(tx, {
      actor: staff,
      action,
      objectType: 'subscription',
      objectId: id,
      summary,
      reason,
      before,
      after,
    });

  const answer = async (id: number, message: string): Promise<StaffSubscriptionActionResponse> => ({
    subscription: await detail(id),
    message,
  });

  /** The plan a path names (404 when there is none). */
  async function planOf(id: number): Promise<EnrollmentRow> {
    const row = await subscriptions.repository.enrollment(id);
    if (!row) throw notFound('There is no subscription with this id.');
    return row;
  }

  app.get(
    ADMIN_SUBSCRIPTIONS_API.subscriptions,
    { config: READ, schema: { querystring: adminSubscriptionsQuerySchema } },
    async (request): Promise<AdminSubscriptionsPage> => {
      const { q, page, page_size: pageSize, sort, ...filters } = request.query;
      const { count, rows } = await repository.page(
        {
          search: adminSubscriptionSearchOf(q),
          status: filters.status,
          plan: filters.plan,
          interval: filters.interval,
          country: filters.country,
          renewsFrom: filters.renews_from,
          renewsTo: filters.renews_to,
          licensesMin: filters.licenses_min,
          licensesMax: filters.licenses_max,
        },
        sort,
        pageSize,
        adminPageOffset(page, pageSize),
      );
      return { count, page, page_size: pageSize, results: rows.map(subscriptionRowAnswer) };
    },
  );

  app.get(
    ADMIN_SUBSCRIPTIONS_API.subscription,
    { config: READ, schema: { params } },
    (request): Promise<AdminSubscriptionDetail> => detail(request.params.id),
  );

  app.post(
    ADMIN_SUBSCRIPTIONS_API.cancel,
    { config: MANAGE, schema: { params, body: staffCancelBodySchema } },
    async (request): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { when, reason } = request.body;
      await planOf(id);
      let summary = '';
      const outcome = await subscriptions.staffCancel(id, when, (tx, before, after) => {
        summary =
          after.status === 'EXPIRED'
            ? `Cancelled ${checkoutReferenceOf(id)} now: the plan has ended.`
            : `Cancelled ${checkoutReferenceOf(id)} at its period end (${day(after.currentPeriodEnd)}).`;
        return record(tx, staff, id, 'subscription.cancelled', summary, reason, stateOf(before), {
          ...stateOf(after),
          when,
        });
      });
      if ('refused' in outcome) throw conflict(outcome.refused, STAFF_SUBSCRIPTION_MESSAGES[outcome.refused]);
      return answer(id, summary);
    },
  );

  app.post(
    ADMIN_SUBSCRIPTIONS_API.reactivate,
    { config: MANAGE, schema: { params, body: staffReasonBodySchema } },
    async (request): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id } = request.params;
      await planOf(id);
      let summary = '';
      const changed = await subscriptions.staffReactivate(id, (tx, before, after) => {
        summary = `Reactivated ${checkoutReferenceOf(id)}: it renews on ${day(after.currentPeriodEnd)}.`;
        return record(
          tx,
          staff,
          id,
          'subscription.reactivated',
          summary,
          request.body.reason,
          stateOf(before),
          stateOf(after),
        );
      });
      if (!changed) throw conflict('not_reactivatable', STAFF_SUBSCRIPTION_MESSAGES.not_reactivatable);
      return answer(id, summary);
    },
  );

  app.post(
    ADMIN_SUBSCRIPTIONS_API.extend,
    { config: MANAGE, schema: { params, body: staffExtendBodySchema } },
    async (request): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { days, expected_period_end: expected, reason } = request.body;
      await planOf(id);
      let summary = '';
      let creditId: number | null = null;
      const outcome = await subscriptions.extend(id, days, new Date(expected), async (tx, before, after) => {
        const credit = await credits.creditExtension(tx, before, after, days);
        creditId = credit?.id ?? null;
        const what = before.status === 'TRIAL' ? 'trial' : 'period';
        summary =
          `Extended the ${what} of ${checkoutReferenceOf(id)} by ${days} day${days === 1 ? '' : 's'} to ${day(after.currentPeriodEnd)}` +
          (credit ? `, with a credit note of ${credits.formatted(credit.amount, credit.currency)}.` : '.');
        await record(tx, staff, id, 'subscription.extended', summary, reason, stateOf(before), {
          ...stateOf(after),
          days,
          credit_id: credit?.id ?? null,
          credit_amount: credit?.amount ?? null,
        });
      });
      if ('refused' in outcome) throw conflict(outcome.refused, STAFF_SUBSCRIPTION_MESSAGES[outcome.refused]);
      if (creditId !== null) await credits.issueNote(creditId);
      return answer(id, summary);
    },
  );

  app.post(
    ADMIN_SUBSCRIPTIONS_API.licenses,
    { config: MANAGE, schema: { params, body: staffLicensesBodySchema } },
    async (request): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { licenses, reason } = request.body;
      await planOf(id);
      let summary = '';
      const outcome = await subscriptions.changeLicenses(id, licenses, (tx, before, after) => {
        summary = `Changed the licenses of ${checkoutReferenceOf(id)} from ${before.licenseCount} to ${after.licenseCount}; the next charge is ${credits.formatted(after.chargeAmount, after.currency)}.`;
        return record(
          tx,
          staff,
          id,
          'subscription.licenses_changed',
          summary,
          reason,
          stateOf(before),
          stateOf(after),
        );
      });
      if ('refused' in outcome) {
        if (outcome.refused === 'bounds') throw conflict('license_bounds', outcome.message!);
        if (outcome.refused === 'unchanged')
          throw conflict('licenses_unchanged', STAFF_SUBSCRIPTION_MESSAGES.licenses_unchanged(licenses));
        if (outcome.refused === 'below_members')
          throw conflict(
            'licenses_below_members',
            STAFF_SUBSCRIPTION_MESSAGES.licenses_below_members(outcome.members!),
          );
        throw conflict('licenses_not_changeable', STAFF_SUBSCRIPTION_MESSAGES.licenses_not_changeable);
      }
      return answer(id, summary);
    },
  );

  /** The invoice a path names, of the plan it names (404 otherwise). */
  async function invoiceOf(id: number, invoiceId: number) {
    const invoice = await subscriptions.billing.invoice(invoiceId);
    if (!invoice || invoice.enrollmentId !== id) throw notFound('This plan has no such invoice.');
    return invoice;
  }

  app.post(
    ADMIN_SUBSCRIPTIONS_API.invoiceRetry,
    { config: BILLING, schema: { params: invoiceParams, body: staffRetryBodySchema } },
    async (request): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id, invoiceId } = request.params;
      const { expected_attempts: expected, reason } = request.body;
      const invoice = await invoiceOf(id, invoiceId);
      if (invoice.status !== 'open' && invoice.status !== 'action_required')
        throw conflict('invoice_not_open', STAFF_SUBSCRIPTION_MESSAGES.invoice_not_open);
      if (invoice.attempts !== expected && !(invoice.charging && invoice.attempts === expected + 1))
        throw conflict('invoice_retried', STAFF_SUBSCRIPTION_MESSAGES.invoice_retried);
      const amount = formatMoney(money(invoice.amount, invoice.currency as CurrencyCode));
      const outcome = await renewals.retryNow(invoiceId, expected, (tx, begun) =>
        record(
          tx,
          staff,
          id,
          'subscription.invoice_retried',
          `Retried invoice #${invoiceId} (${amount}) now: attempt ${begun.attempts}.`,
          reason,
          { invoice_id: invoiceId, status: invoice.status, attempts: invoice.attempts },
          { invoice_id: invoiceId, attempts: begun.attempts },
        ),
      );
      if (outcome instanceof Error) {
        throw new HttpError(
          502,
          'provider_unavailable',
          'The payment provider did not answer. The attempt is tried again automatically; reload in a moment.',
        );
      }
      if (outcome === 'skipped')
        throw conflict('invoice_retried', STAFF_SUBSCRIPTION_MESSAGES.invoice_retried);
      const after = await subscriptions.billing.invoice(invoiceId);
      const message =
        outcome === 'paid'
          ? `Invoice #${invoiceId} was paid (${amount}); the plan is active again.`
          : outcome === 'action_required'
            ? `The bank wants the customer to authenticate invoice #${invoiceId}; they were mailed a link.`
            : `Invoice #${invoiceId} was declined again: ${after?.failureMessage ?? 'no reason given'}`;
      return answer(id, message);
    },
  );

  app.post(
    ADMIN_SUBSCRIPTIONS_API.invoiceUncollectible,
    { config: BILLING, schema: { params: invoiceParams, body: staffReasonBodySchema } },
    async (request): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id, invoiceId } = request.params;
      await invoiceOf(id, invoiceId);
      let summary = '';
      const outcome = await renewals.markUncollectible(invoiceId, (tx, before, enrollment) => {
        const amount = formatMoney(money(before.amount, before.currency as CurrencyCode));
        summary = `Marked invoice #${invoiceId} (${amount}) uncollectible; the plan has ended.`;
        return record(
          tx,
          staff,
          id,
          'subscription.invoice_uncollectible',
          summary,
          request.body.reason,
          {
            invoice_id: invoiceId,
            status: before.status,
            attempts: before.attempts,
            plan_status: enrollment.status,
          },
          { invoice_id: invoiceId, status: 'uncollectible' },
        );
      });
      if ('refused' in outcome) {
        throw outcome.refused === 'charging'
          ? conflict('invoice_charging', STAFF_SUBSCRIPTION_MESSAGES.invoice_charging)
          : conflict('invoice_not_open', STAFF_SUBSCRIPTION_MESSAGES.invoice_not_open);
      }
      return answer(id, summary);
    },
  );

  app.post(
    ADMIN_SUBSCRIPTIONS_API.chargeRefund,
    { config: REFUND, schema: { params: chargeParams, body: staffSubscriptionRefundBodySchema } },
    async (request, reply): Promise<StaffSubscriptionActionResponse> => {
      const staff = requireStaff(request);
      const { id, chargeId } = request.params;
      const { mode, reason } = request.body;
      const charge = await subscriptions.billing.charge(chargeId);
      if (!charge || charge.enrollmentId !== id) throw notFound('This plan has no such charge.');
      // Read before the transaction (PGlite runs one statement at a time inside it).
      const limits = refundIsCapped(staff.role) ? await repository.supportRefundLimits() : {};
      const authorize = (amount: number, currency: string) => {
        if (refundWithinLimit(staff.role, amount, currency, limits)) return;
        const limit = limits[currency];
        throw new HttpError(
          403,
          'refund_limit_exceeded',
          STAFF_REFUND_MESSAGES.refund_limit_exceeded(
            limit === undefined ? null : credits.formatted(limit, currency),
            credits.formatted(amount, currency),
          ),
        );
      };
      let summary = '';
      const outcome = await credits.refund(chargeId, mode, {
        authorize,
        onRequested: (tx, refund, original) => {
          summary = `Refunded ${credits.formatted(refund.amount, refund.currency)} of charge #${original.id} (${mode === 'whole' ? 'the whole charge' : `the days left, from ${day(refund.periodStart)}`}).`;
          return record(
            tx,
            staff,
            id,
            'subscription.refunded',
            summary,
            reason,
            {
              charge_id: original.id,
              amount: original.amount,
              currency: original.currency,
            },
            {
              refund_id: refund.id,
              mode,
              amount: refund.amount,
              tax: refund.taxAmount,
              currency: refund.currency,
            },
          );
        },
      });
      if ('refused' in outcome) throw conflict(outcome.refused, STAFF_SUBSCRIPTION_MESSAGES[outcome.refused]);
      const { refund, providerError } = outcome;
      const money = credits.formatted(refund.amount, refund.currency);
      const message =
        refund.status === 'refunded'
          ? summary || `Refunded ${money} of charge #${chargeId}.`
          : refund.status === 'refund_failed'
            ? `The payment provider refused the refund of ${money}: ${refund.failureMessage ?? providerError ?? 'no reason given'}`
            : `The refund of ${money} is pending at the payment provider${providerError ? ` (${providerError})` : ''}; send it again to retry.`;
      reply.status(refund.status === 'refunded' ? 201 : 202);
      return answer(id, message);
    },
  );

  app.get(
    ADMIN_SUBSCRIPTIONS_API.creditNote,
    { config: READ, schema: { params: creditParams } },
    async (request, reply) => {
      const { id, creditId } = request.params;
      const credit = await subscriptions.billing.charge(creditId);
      if (!credit || credit.enrollmentId !== id) throw notFound('This plan has no such credit.');
      const document = await documents.pdf('subscription_charge', creditId, 'en-US', () =>
        credits.draftOf(creditId),
      );
      const fileName = `${brandName.replace(/[^A-Za-z0-9_-]+/g, '-')}-${document.number}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(document.pdf);
    },
  );
};
