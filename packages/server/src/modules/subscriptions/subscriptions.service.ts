import {
  checkoutReferenceOf,
  isOrganizationAdmin,
  purchaseContextIdOf,
  SUBSCRIPTION_BUYABLE_TYPE,
  type TeamPlanPricingInfo,
  type CurrencyCode,
  type EnrollmentStatus,
  type SubscriptionProductType,
  nextLifecycleState,
  publicEnrollmentStatus,
  type LifecycleState,
  extendable,
  licenseCountError,
  money,
  periodCharge,
  staffCancelState,
  type StaffCancelWhen,
  type TaxBreakdownType,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database, Writer } from '../../platform/db/database.js';
import { HttpError, notFound, permissionDenied } from '../../platform/http/http-error.js';
import type { OrganizationsService } from '../organizations/organizations.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  createSubscriptionBillingRepository,
  type SubscriptionBillingRepository,
} from './subscription-billing.repository.js';
import {
  AUTHENTICATE_RENEWAL_PATH,
  createSubscriptionNotices,
  type MailQueue,
} from './subscription-notices.js';
import { isLicensed, toPlan, unitPriceOf, type PlanView } from './subscription-plans.js';
import {
  createSubscriptionsRepository,
  type EnrollmentRow,
  type Subscriber,
  type SubscriptionsRepository,
} from './subscriptions.repository.js';

/** Refusals of deleting the stored card. */
export const SUBSCRIPTION_CARD_MESSAGES = {
  none: 'No payment method is stored.',
  pastDue: 'A payment of your plan is due: update the payment method instead of deleting it.',
} as const;

export const noSuchSubscription = () => notFound('There is no subscription with this reference.');
export const notAnOrganizationAdmin = () =>
  permissionDenied('Only the owner or an admin of your organization can manage its Team Plan.');

/** Team-plan §3 subscription enrollment as the API answers it. */
export interface EnrollmentView {
  id: number;
  subscriber: { type: 'ORGANIZATION' | 'USER'; id: number };
  checkoutReference: string;
  productType: SubscriptionProductType;
  priceOptionId: string;
  trialInterval: { type: 'DAY'; count: number } | null;
  cancelDate: string | null;
  status: EnrollmentStatus;
  licenseCount: number;
  usedLicenseCount: number;
  billing: {
    chargePrice: { amount: number; currency: string };
    taxPrice: { amount: number; currency: string };
    taxRate: number;
    taxBreakdownType: string;
    currentPeriodStartDate: string;
    currentPeriodEndDate: string;
  };
  trialEndDate: string | null;
  renewalInterval: { type: string; count: number };
  /**
   * A period charge that failed and is being retried (the plan is past due, access kept), or
   * that waits for the admin to authenticate it; null when payments are in order.
   */
  paymentIssue: {
    status: 'PAST_DUE' | 'ACTION_REQUIRED';
    amount: { amount: number; currency: string };
    message: string | null;
    nextAttemptDate: string | null;
    authenticateUrl: string | null;
  } | null;
}

const PRODUCT_OF_SUBSCRIBER = { organization: 'TEAM', user: 'CONSUMERSUBSCRIPTION' } as const;

/**
 * Subscription plans and enrollments (team-plan §3, §4, §7): who may act on which
 * subscription, the current enrollment, cancel and reactivate. The checkouts that create and
 * change enrollments live in subscription-checkout.service.ts.
 */
export function createSubscriptionsService(deps: {
  db: Database;
  organizations: OrganizationsService;
  users: UsersService;
  clock: Clock;
  mail: MailQueue;
  /** Told in the recording transaction of paid charges (their invoices are queued there). */
  onChargesPaid?: (writer: Writer, chargeIds: number[]) => Promise<void>;
}) {
  const repository: SubscriptionsRepository = createSubscriptionsRepository(deps.db, {
    onChargesPaid: deps.onChargesPaid,
    now: () => deps.clock.now(),
  });
  const billing: SubscriptionBillingRepository = createSubscriptionBillingRepository(deps.db);
  const notices = createSubscriptionNotices({
    billing,
    mail: deps.mail,
    contactsOf: async (subscribers, writer) => {
      const admins = await deps.organizations.adminIdsOf(
        subscribers
          .filter((subscriber) => subscriber.type === 'organization')
          .map((subscriber) => subscriber.id),
        writer,
      );
      const userIdsOf = (subscriber: Subscriber) =>
        subscriber.type === 'user' ? [subscriber.id] : (admins.get(subscriber.id) ?? []);
      const people = new Map(
        (await deps.users.contacts([...new Set(subscribers.flatMap(userIdsOf))], writer)).map((person) => [
          person.id,
          person,
        ]),
      );
      return new Map(
        subscribers.map((subscriber) => [
          `${subscriber.type}:${subscriber.id}`,
          userIdsOf(subscriber).flatMap((id) => (people.has(id) ? [people.get(id)!] : [])),
        ]),
      );
    },
  });
  const now = () => deps.clock.now();

  async function paymentIssueOf(row: EnrollmentRow): Promise<EnrollmentView['paymentIssue']> {
    if (row.status !== 'PAST_DUE') return null;
    const invoice = await billing.openInvoice(row.id);
    if (!invoice) return null;
    const waiting = invoice.status === 'action_required';
    return {
      status: waiting ? 'ACTION_REQUIRED' : 'PAST_DUE',
      amount: { amount: invoice.amount, currency: invoice.currency },
      message: invoice.failureMessage,
      nextAttemptDate: invoice.nextAttemptAt?.toISOString() ?? null,
      authenticateUrl: waiting ? `${AUTHENTICATE_RENEWAL_PATH}?invoice=${invoice.id}` : null,
    };
  }

  const currentOfUser = repository.prepareCurrentOfUser(deps.organizations.facts);

  /** `usedLicenses`: the members holding a license, when the caller read them already. */
  async function view(row: EnrollmentRow, usedLicenses?: number): Promise<EnrollmentView> {
    const options = await repository.plans();
    const option = options
      .flatMap((plan) => plan.options)
      .find((candidate) => candidate.id === row.priceOptionId);
    const members =
      usedLicenses ??
      (row.subscriberType === 'organization' ? await deps.organizations.memberCount(row.subscriberId) : 1);
    const used = Math.min(row.licenseCount, members);
    const price = (amount: number) => ({ amount, currency: row.currency });
    return {
      id: row.id,
      subscriber: {
        type: row.subscriberType === 'organization' ? 'ORGANIZATION' : 'USER',
        id: row.subscriberId,
      },
      checkoutReference: checkoutReferenceOf(row.id),
      productType: PRODUCT_OF_SUBSCRIBER[row.subscriberType],
      priceOptionId: row.priceOptionId,
      trialInterval: row.trialDays > 0 ? { type: 'DAY', count: row.trialDays } : null,
      cancelDate: row.cancelDate?.toISOString() ?? null,
      status: publicEnrollmentStatus(row.status),
      licenseCount: row.licenseCount,
      usedLicenseCount: used,
      billing: {
        chargePrice: price(row.chargeAmount),
        taxPrice: price(row.taxAmount),
        taxRate: Number(row.taxRate),
        taxBreakdownType: row.taxMode,
        currentPeriodStartDate: row.currentPeriodStart.toISOString(),
        currentPeriodEndDate: row.currentPeriodEnd.toISOString(),
      },
      trialEndDate: row.trialEnd?.toISOString() ?? null,
      renewalInterval: { type: option?.renewalType ?? 'YEAR', count: option?.renewalCount ?? 1 },
      paymentIssue: await paymentIssueOf(row),
    };
  }

  /** The user's organization when they may manage it (owner or admin); 403 for its other members. */
  async function organizationOf(userId: number, required: boolean): Promise<Subscriber | null> {
    const membership = await deps.organizations.membershipOf(userId);
    if (!membership) {
      if (required) throw notAnOrganizationAdmin();
      return null;
    }
    if (!isOrganizationAdmin(membership.role)) {
      if (required) throw notAnOrganizationAdmin();
      return null;
    }
    return { type: 'organization', id: membership.organization.id };
  }

  /** The subscriber a user acts for when buying a product type. */
  async function subscriberFor(userId: number, productType: SubscriptionProductType): Promise<Subscriber> {
    if (productType === 'TEAM') return (await organizationOf(userId, true))!;
    return { type: 'user', id: userId };
  }

  /**
   * The enrollment a checkout reference names, if the user may act on it: another
   * organization's or user's reference is answered like a missing one (404).
   */
  async function enrollmentByReference(userId: number, reference: string): Promise<EnrollmentRow> {
    const id = purchaseContextIdOf(reference);
    const row = id === null ? null : await repository.enrollment(id);
    if (!row) throw noSuchSubscription();
    if (row.subscriberType === 'user') {
      if (row.subscriberId !== userId) throw noSuchSubscription();
      return row;
    }
    const membership = await deps.organizations.membershipOf(userId);
    if (!membership || membership.organization.id !== row.subscriberId) throw noSuchSubscription();
    if (!isOrganizationAdmin(membership.role)) throw notAnOrganizationAdmin();
    return row;
  }

  async function enrollmentById(userId: number, id: number): Promise<EnrollmentRow> {
    return enrollmentByReference(userId, checkoutReferenceOf(id));
  }

  return {
    repository,
    billing,
    notices,
    now,
    view,
    subscriberFor,
    organizationOf,
    enrollmentByReference,

    /**
     * Team-plan §4 (older billing area): deleting the stored card turns automatic renewal off, so
     * a plan in trial or active is cancelled in the same transaction (access until its period
     * end). A past-due plan keeps its card: it is being collected, and replacing the card is the
     * way out. Answers the removed card's provider id, for the caller to detach it there.
     */
    async removeStoredCard(subscriber: Subscriber, userId: number): Promise<string> {
      const at = now();
      return deps.db.transaction(async (tx) => {
        const current = await repository.currentEnrollment(subscriber, tx);
        const row = current ? await repository.enrollment(current.id, tx, true) : null;
        if (row?.status === 'PAST_DUE') {
          throw new HttpError(409, 'payment_due', SUBSCRIPTION_CARD_MESSAGES.pastDue);
        }
        const profile = await repository.profile(subscriber, tx);
        if (!profile?.paymentMethodId) throw notFound(SUBSCRIPTION_CARD_MESSAGES.none);
        await repository.updateProfile(
          subscriber,
          {
            paymentMethodId: null,
            cardBrand: null,
            cardLast4: null,
            cardExpMonth: null,
            cardExpYear: null,
            cardUpdatedBy: userId,
            cardUpdatedAt: at,
          },
          tx,
        );
        if (row && (row.status === 'TRIAL' || row.status === 'ACTIVE')) {
          const next = nextLifecycleState(row.status as LifecycleState, 'cancel');
          if (next) {
            const changed = await repository.updateEnrollment(row.id, { status: next, cancelDate: at }, tx);
            await notices.cancelled(changed!, tx);
          }
        }
        return profile.paymentMethodId;
      });
    },

    /** The subscriber's billing profile (billing information, receipt details, card), or null. */
    billingProfileOf: (subscriber: Subscriber) => repository.profile(subscriber),
    /** Stores the receipt details (team-plan §3 organization billing) into the billing profile. */
    async saveReceiptDetails(
      subscriber: Subscriber,
      details: { name: string; address: string; address2: string | null; taxId: string | null },
      userId: number,
    ): Promise<void> {
      await repository.updateProfile(subscriber, {
        customerName: details.name,
        addressLine1: details.address,
        addressLine2: details.address2,
        taxNumber: details.taxId,
        billingUpdatedBy: userId,
        billingUpdatedAt: now(),
      });
    },
    /**
     * The subscriber's current enrollment (else its latest expired one); with `writer`, locked
     * for update in the caller's transaction (what counts licenses serializes on it).
     */
    async currentEnrollmentOf(subscriber: Subscriber, writer?: Writer): Promise<EnrollmentRow | null> {
      const row = await repository.currentEnrollment(subscriber, writer);
      if (!row || !writer) return row;
      return repository.enrollment(row.id, writer, true);
    },

    async plans(
      currency: CurrencyCode,
      productType?: SubscriptionProductType,
      licenseCount?: number,
    ): Promise<PlanView[]> {
      const plans = await repository.plans();
      return plans
        .filter(({ plan }) => !productType || plan.productType === productType)
        .map(({ plan, options }) => toPlan(plan, options, currency, licenseCount));
    },

    /**
     * Team-plan §3 pricing info: of the enrollment a reference names (its licenses, period and
     * trial), or of a new Team Plan (the default option and license count) without one.
     */
    async pricingInfo(
      userId: number,
      reference: string | null,
      currency: CurrencyCode,
      licenses?: number,
    ): Promise<TeamPlanPricingInfo> {
      const plans = await repository.plans();
      const enrollment = reference ? await enrollmentByReference(userId, reference) : null;
      const team = plans.find(({ plan }) => plan.productType === 'TEAM');
      const option = enrollment
        ? plans
            .flatMap(({ options }) => options)
            .find((candidate) => candidate.id === enrollment.priceOptionId)
        : (team?.options.find((candidate) => candidate.renewalType === 'YEAR') ?? team?.options[0]);
      if (!option) throw noSuchSubscription();
      const unit = enrollment
        ? { amount: enrollment.unitPrice, currency: enrollment.currency as CurrencyCode }
        : unitPriceOf(option, currency);
      const seats = enrollment?.licenseCount ?? licenses ?? option.defaultLicenses ?? 1;
      const ref = enrollment ? checkoutReferenceOf(enrollment.id) : null;
      return {
        checkout_ref: ref,
        current_period_end: enrollment?.currentPeriodEnd.toISOString() ?? null,
        trial_end: enrollment?.status === 'TRIAL' ? (enrollment.trialEnd?.toISOString() ?? null) : null,
        shopping_cart: {
          items: [
            {
              buyable: { id: option.id, buyable_object_type: SUBSCRIPTION_BUYABLE_TYPE, checkout_ref: ref },
              list_price: { amount: unit.amount * seats, currency: unit.currency },
              subscription_context: {
                plan_price_option_id: option.id,
                renewal_interval: { type: option.renewalType, count: option.renewalCount },
                product_type: (plans.find(({ plan }) => plan.id === option.planId)?.plan.productType ??
                  'TEAM') as SubscriptionProductType,
                trial_period_days: enrollment ? enrollment.trialDays : option.trialDays,
                seat_context: isLicensed(option)
                  ? {
                      unit_price: unit,
                      requested_seat_count: seats,
                      default_seat_count: option.defaultLicenses ?? 1,
                      minimum_seat_count: option.minimumLicenses ?? 1,
                      maximum_seat_count: option.maximumLicenses ?? 1,
                    }
                  : null,
                proration_context:
                  enrollment && enrollment.status === 'ACTIVE'
                    ? { unit_price: unit, requested_seat_count: 1 }
                    : null,
              },
            },
          ],
        },
      };
    },

    skipsTrial: (userId: number, planId: number) => repository.skipsTrial(userId, planId),
    async setSkipTrial(userId: number, planId: number, skip: boolean) {
      if (!(await repository.plans()).some(({ plan }) => plan.id === planId)) {
        throw notFound('There is no subscription plan with this id.');
      }
      await repository.setTrialSkip(userId, planId, skip);
    },

    async currentEnrollment(userId: number): Promise<EnrollmentView | null> {
      const current = await currentOfUser(userId);
      return current ? view(current.enrollment, current.usedLicenses) : null;
    },

    async personalEnrollment(userId: number): Promise<EnrollmentView | null> {
      const row = await repository.currentEnrollment({ type: 'user', id: userId });
      return row ? view(row) : null;
    },

    /**
     * Team-plan §4 cancel: access stays until the period end (status CANCELED); nothing is
     * refunded. A past-due plan ends now: its unpaid period was never bought.
     */
    async cancel(userId: number, id: number): Promise<EnrollmentView> {
      const found = await enrollmentById(userId, id);
      if (found.status === 'CANCELED') return view(found);
      const at = now();
      const updated = await deps.db.transaction(async (tx) => {
        const row = (await repository.enrollment(found.id, tx, true))!;
        const next = nextLifecycleState(row.status as LifecycleState, 'cancel');
        if (next === null) return null;
        const changed = await repository.updateEnrollment(row.id, { status: next, cancelDate: at }, tx);
        if (next === 'EXPIRED') {
          const invoice = await billing.openInvoice(row.id, tx);
          if (invoice) await billing.updateInvoice(invoice.id, { status: 'void', nextAttemptAt: null }, tx);
          await notices.expired(changed!, tx);
        } else {
          await notices.cancelled(changed!, tx);
        }
        return changed;
      });
      if (!updated) {
        throw new HttpError(409, 'not_cancelable', 'Only a plan in trial or active can be cancelled.');
      }
      return view(updated);
    },

    /**
     * Staff cancel a plan (back office): at its period end (as the customer's own cancel; a
     * past-due plan ends at once) or now (it expires today, an unpaid invoice is voided; nothing
     * is refunded here). The state is checked under the plan's lock, so a repeated request
     * acts once; `onChanged` writes the audit entry in the same transaction. Null: refused.
     */
    async staffCancel(
      id: number,
      when: StaffCancelWhen,
      onChanged: StaffChange,
    ): Promise<EnrollmentRow | { refused: 'not_cancelable' | 'already_cancelled' }> {
      const at = now();
      return deps.db.transaction(async (tx) => {
        const row = await repository.enrollment(id, tx, true);
        if (!row) throw noSuchSubscription();
        const next = staffCancelState(row.status as LifecycleState, when);
        if (next === null)
          return {
            refused: row.status === 'CANCELED' ? ('already_cancelled' as const) : ('not_cancelable' as const),
          };
        const changed = (await repository.updateEnrollment(
          row.id,
          { status: next, cancelDate: row.cancelDate ?? at },
          tx,
        ))!;
        if (next === 'EXPIRED') {
          const invoice = await billing.openInvoice(row.id, tx);
          if (invoice) await billing.updateInvoice(invoice.id, { status: 'void', nextAttemptAt: null }, tx);
          await notices.expired(changed, tx);
        } else {
          await notices.cancelled(changed, tx);
        }
        await onChanged(tx, row, changed);
        return changed;
      });
    },

    /** Staff take back a cancellation before the period end (as the customer's own reactivate). */
    async staffReactivate(id: number, onChanged: StaffChange): Promise<EnrollmentRow | null> {
      const at = now();
      return deps.db.transaction(async (tx) => {
        const row = await repository.enrollment(id, tx, true);
        if (!row) throw noSuchSubscription();
        if (row.currentPeriodEnd.getTime() <= at.getTime()) return null;
        const next = nextLifecycleState(row.status as LifecycleState, 'reactivate', {
          trialRunning: !!row.trialEnd && row.trialEnd.getTime() > at.getTime(),
        });
        if (next === null) return null;
        const changed = (await repository.updateEnrollment(row.id, { status: next, cancelDate: null }, tx))!;
        await notices.reactivated(changed, tx, at);
        await onChanged(tx, row, changed);
        return changed;
      });
    },

    /**
     * Staff extend a trial (its end and the period's move together) or a paid period by `days`:
     * the next charge moves as far. Only from the period end the staff member saw (a repeated
     * request finds it moved and changes nothing). `onChanged` runs in the transaction (the
     * audit entry, and the credit note of a paid period's extra days).
     */
    async extend(
      id: number,
      days: number,
      expectedPeriodEnd: Date,
      onChanged: StaffChange,
    ): Promise<EnrollmentRow | { refused: 'not_extendable' | 'period_changed' }> {
      return deps.db.transaction(async (tx) => {
        const row = await repository.enrollment(id, tx, true);
        if (!row) throw noSuchSubscription();
        if (!extendable(row.status as LifecycleState)) return { refused: 'not_extendable' as const };
        if (row.currentPeriodEnd.getTime() !== expectedPeriodEnd.getTime())
          return { refused: 'period_changed' as const };
        const by = (date: Date) => new Date(date.getTime() + days * 86_400_000);
        const inTrial =
          row.status === 'TRIAL' ||
          (!!row.trialEnd && row.trialEnd.getTime() === row.currentPeriodEnd.getTime());
        const changed = (await repository.updateEnrollment(
          row.id,
          {
            currentPeriodEnd: by(row.currentPeriodEnd),
            ...(inTrial && row.trialEnd
              ? { trialEnd: by(row.trialEnd), trialDays: row.trialDays + days }
              : {}),
          },
          tx,
        ))!;
        await onChanged(tx, row, changed);
        return changed;
      });
    },

    /**
     * Staff set a plan's licenses (back office): within the plan's bounds and not below the
     * members holding one; the next charge is the new count at the plan's price and taxes (as an
     * upsell sets it). Nothing is charged or refunded now. `onChanged` runs in the transaction.
     */
    async changeLicenses(
      id: number,
      licenses: number,
      onChanged: StaffChange,
    ): Promise<
      | EnrollmentRow
      | {
          refused: 'unchanged' | 'not_changeable' | 'below_members' | 'bounds';
          message?: string;
          members?: number;
        }
    > {
      const options = (await repository.plans()).flatMap((plan) => plan.options);
      const found = await repository.enrollment(id);
      if (!found) throw noSuchSubscription();
      const members =
        found.subscriberType === 'organization'
          ? await deps.organizations.memberCount(found.subscriberId)
          : 1;
      return deps.db.transaction(async (tx) => {
        const row = (await repository.enrollment(id, tx, true))!;
        const option = options.find((candidate) => candidate.id === row.priceOptionId);
        if (row.status === 'EXPIRED' || !option || !isLicensed(option))
          return { refused: 'not_changeable' as const };
        if (row.licenseCount === licenses) return { refused: 'unchanged' as const };
        const error = licenseCountError(licenses, 'new', {
          defaultLicenseCount: option.defaultLicenses ?? 1,
          minimumLicenseCount: option.minimumLicenses ?? 1,
          maximumLicenseCount: option.maximumLicenses ?? licenses,
        });
        if (error) return { refused: 'bounds' as const, message: error };
        if (licenses < members) return { refused: 'below_members' as const, members };
        const next = periodCharge(
          money(row.unitPrice, row.currency as CurrencyCode),
          licenses,
          Number(row.taxRate),
          row.taxMode as TaxBreakdownType,
        );
        const changed = (await repository.updateEnrollment(
          row.id,
          { licenseCount: licenses, chargeAmount: next.total.amount, taxAmount: next.tax.amount },
          tx,
        ))!;
        await onChanged(tx, row, changed);
        return changed;
      });
    },

    /** Team-plan §4 reactivate before the end: TRIAL or ACTIVE again, nothing charged today. */
    async reactivate(userId: number, id: number): Promise<EnrollmentView> {
      const found = await enrollmentById(userId, id);
      if (found.status === 'TRIAL' || found.status === 'ACTIVE') return view(found);
      const at = now();
      const updated = await deps.db.transaction(async (tx) => {
        const row = (await repository.enrollment(found.id, tx, true))!;
        if (row.currentPeriodEnd.getTime() <= at.getTime()) return null;
        const next = nextLifecycleState(row.status as LifecycleState, 'reactivate', {
          trialRunning: !!row.trialEnd && row.trialEnd.getTime() > at.getTime(),
        });
        if (next === null) return null;
        const changed = await repository.updateEnrollment(row.id, { status: next, cancelDate: null }, tx);
        await notices.reactivated(changed!, tx, at);
        return changed;
      });
      if (!updated) {
        throw new HttpError(409, 'not_reactivatable', 'This plan has ended; resubscribe to start it again.');
      }
      return view(updated);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** A staff change of a plan, told in its transaction (the audit entry): the row before and after. */
export type StaffChange = (writer: Writer, before: EnrollmentRow, after: EnrollmentRow) => Promise<void>;
export type { ChargeRow, EnrollmentRow, Subscriber } from './subscriptions.repository.js';
