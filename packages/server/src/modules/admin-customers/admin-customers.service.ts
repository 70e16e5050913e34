import {
  adminPageOffset,
  anonymisedEmailOf,
  formatMoney,
  money,
  STAFF_ROLE_LABELS,
  type AdminCreditEntry,
  type AdminCustomerDetail,
  type AdminCustomerOrder,
  type AdminCustomerSubscription,
  type AdminCustomerSummary,
  type AdminPage,
  type AdminSavedCard,
  type AdminSort,
  type CustomerAnonymised,
  type CustomerAnonymiseInput,
  type CustomerCreditChanged,
  type CustomerCreditInput,
  type CustomerSortField,
  type StaffRole,
} from '@lectern/domain';
import type { SessionStore } from '../../platform/auth/session-store.js';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { HttpError, notFound, validationError } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { OrganizationsService } from '../organizations/organizations.service.js';
import { GatewayError, type GatewayPaymentMethod } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { StaffMember } from '../staff/staff-access.js';
import { lockStaff, staffRolesOf, withdrawStaffInvitationsTo } from '../staff/staff-membership.js';
import type { EnrollmentView, SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';
import { createAdminCustomersRepository } from './admin-customers.repository.js';

/** A customer as the back office reads them: their account and their staff role, if any. */
interface CustomerRow {
  id: number;
  email: string;
  name: string;
  surname: string;
  country: string;
  createdAt: Date;
  anonymisedAt: Date | null;
  staffRole: StaffRole | null;
}

/** How many of a customer's orders and credit entries their page shows. */
const DETAIL_ORDERS = 50;
const DETAIL_CREDIT_ENTRIES = 100;
/** Personal Plan states that still charge the customer (a cancelled plan only runs out). */
const RENEWING_PLAN_STATES = new Set(['TRIAL', 'ACTIVE', 'PAST_DUE', 'FUTURE']);

export const CUSTOMER_MESSAGES = {
  noCustomer: 'There is no customer with this id.',
  anonymised: 'This account was anonymised: nothing can be changed on it any more.',
  confirmEmail: 'This is not the customer’s e-mail address. Type it exactly as shown to confirm.',
  cardsNotRemoved:
    'The payment provider did not remove the customer’s saved cards, so nothing was anonymised. Try again in a moment.',
  cardsUnreadable: 'The payment provider did not answer: the saved cards cannot be shown right now.',
} as const;

/** `lena.learner@example.com` → `l***@example.com`. */
const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
};

const fullName = (person: { name: string; surname: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

const summaryOf = (row: CustomerRow): AdminCustomerSummary => ({
  id: row.id,
  email: row.email,
  name: fullName(row),
  country: row.country,
  created: row.createdAt.toISOString(),
  anonymised_at: row.anonymisedAt?.toISOString() ?? null,
  staff_role: row.staffRole,
});

const subscriptionOf = (view: EnrollmentView): AdminCustomerSubscription => ({
  id: view.id,
  subscriber: view.subscriber.type === 'ORGANIZATION' ? 'organization' : 'user',
  product_type: view.productType,
  status: view.paymentIssue ? 'PAST_DUE' : view.status,
  price_option_id: view.priceOptionId,
  licenses: view.licenseCount,
  current_period_end: view.billing.currentPeriodEndDate,
  cancel_date: view.cancelDate,
});

/**
 * The back office's customers (issue 32): the list, one customer's page (profile, purchases,
 * subscriptions, organization, credit, saved cards, sessions) and what staff may do for them:
 * end their sessions, grant or remove credit, and the anonymised delete. Every change is
 * audited in the change's own transaction.
 */
export function createAdminCustomersService(deps: {
  db: Database;
  users: UsersService;
  orders: OrdersService;
  credit: CreditService;
  subscriptions: SubscriptionsService;
  organizations: OrganizationsService;
  sessions: Pick<SessionStore, 'destroyAllForUser'>;
  payments: Pick<PaymentsService, 'customerOf' | 'gateway'>;
  audit: AdminAudit;
  clock: Clock;
  courseTitles: (ids: number[]) => Promise<Map<number, string>>;
}) {
  const repository = createAdminCustomersRepository(deps.db);
  const { audit } = deps;

  /** The customer as they are now, read with `writer` (inside a transaction: through it). */
  async function requireCustomer(id: number, writer: Database = deps.db): Promise<CustomerRow> {
    const account = await deps.users.account(id, writer);
    if (!account) throw notFound(CUSTOMER_MESSAGES.noCustomer);
    const roles = await staffRolesOf(writer, [id]);
    return { ...account, staffRole: roles.get(id) ?? null };
  }

  /** The cards saved on the customer's account at the payment provider. */
  async function gatewayCards(userId: number): Promise<GatewayPaymentMethod[]> {
    const customerId = await deps.payments.customerOf(userId);
    if (!customerId) return [];
    return deps.payments.gateway.listPaymentMethods(customerId, 'card');
  }

  async function savedCards(userId: number): Promise<{ cards: AdminSavedCard[]; error: string | null }> {
    const cards: AdminSavedCard[] = [];
    const seen = new Set<string>();
    let error: string | null = null;
    try {
      for (const method of await gatewayCards(userId)) {
        if (!method.card) continue;
        seen.add(method.id);
        cards.push({
          brand: method.card.brand,
          last4: method.card.last4,
          exp_month: method.card.expMonth,
          exp_year: method.card.expYear,
          used_for: 'checkout',
        });
      }
    } catch (failure) {
      if (!(failure instanceof GatewayError)) throw failure;
      error = CUSTOMER_MESSAGES.cardsUnreadable;
    }
    const profile = await deps.subscriptions.billingProfileOf({ type: 'user', id: userId });
    if (profile?.paymentMethodId && profile.cardLast4 && !seen.has(profile.paymentMethodId)) {
      cards.push({
        brand: profile.cardBrand ?? 'card',
        last4: profile.cardLast4,
        exp_month: profile.cardExpMonth,
        exp_year: profile.cardExpYear,
        used_for: 'subscription',
      });
    }
    return { cards, error };
  }

  async function creditEntries(userId: number) {
    const history = await deps.credit.historyOf(userId, { number: 1, size: DETAIL_CREDIT_ENTRIES });
    const staffIds = [
      ...new Set(history.results.flatMap((entry) => (entry.createdBy ? [entry.createdBy] : []))),
    ];
    const emails = new Map((await deps.users.contacts(staffIds)).map((person) => [person.id, person.email]));
    return {
      count: history.count,
      entries: history.results.map((entry): AdminCreditEntry => ({
        id: entry.id,
        kind: entry.kind,
        amount: entry.amount.amount,
        currency: entry.amount.currency,
        reason: entry.reason,
        order_id: entry.orderId,
        created_by: entry.createdBy ? (emails.get(entry.createdBy) ?? null) : null,
        created: entry.createdAt.toISOString(),
      })),
    };
  }

  async function purchases(userId: number): Promise<AdminCustomerDetail['purchases']> {
    const { count, results } = await deps.orders.ordersOf(userId, { number: 1, size: DETAIL_ORDERS });
    const titles = await deps.courseTitles(
      results.flatMap((order) => order.lines.map((line) => line.courseId)),
    );
    return {
      count,
      results: results.map((order): AdminCustomerOrder => ({
        id: order.id,
        completed: order.completedAt.toISOString(),
        currency: order.currency,
        subtotal: order.subtotal,
        discount: order.discount,
        tax: order.tax,
        credit: order.credit,
        total: order.total,
        payment_label: order.paymentLabel,
        lines: order.lines.map((line) => ({
          id: line.id,
          course_id: line.courseId,
          course_title: titles.get(line.courseId) ?? null,
          buyable_type: line.buyableType,
          list_price: line.listPrice,
          price: line.price,
          tax: line.tax,
          coupon_code: line.couponCode,
        })),
      })),
    };
  }

  async function subscriptionsOf(userId: number): Promise<AdminCustomerSubscription[]> {
    const [own, current] = await Promise.all([
      deps.subscriptions.personalEnrollment(userId),
      deps.subscriptions.currentEnrollment(userId),
    ]);
    const views = [own, current].filter((view): view is EnrollmentView => view !== null);
    return views
      .filter((view, index) => views.findIndex((other) => other.id === view.id) === index)
      .map(subscriptionOf);
  }

  return {
    async list(query: {
      q: string;
      sort: AdminSort<CustomerSortField>;
      page: number;
      page_size: number;
    }): Promise<AdminPage<AdminCustomerSummary>> {
      const { count, rows } = await deps.users.search({
        q: query.q,
        sort: query.sort,
        limit: query.page_size,
        offset: adminPageOffset(query.page, query.page_size),
      });
      const roles = await staffRolesOf(
        deps.db,
        rows.map((row) => row.id),
      );
      return {
        count,
        page: query.page,
        page_size: query.page_size,
        results: rows.map((row) => summaryOf({ ...row, staffRole: roles.get(row.id) ?? null })),
      };
    },

    async detail(id: number): Promise<AdminCustomerDetail> {
      const account = await deps.users.account(id);
      if (!account) throw notFound(CUSTOMER_MESSAGES.noCustomer);
      const row: CustomerRow = { ...account, staffRole: (await staffRolesOf(deps.db, [id])).get(id) ?? null };
      const [orders, subscriptions, membership, balances, credit, cards, sessionCount] = await Promise.all([
        purchases(id),
        subscriptionsOf(id),
        deps.organizations.membershipOf(id),
        deps.credit.balancesOf(id),
        creditEntries(id),
        savedCards(id),
        repository.liveSessionCount(id),
      ]);
      return {
        profile: {
          ...summaryOf(row),
          first_name: row.name,
          surname: row.surname,
          locale: account.locale,
          time_zone: account.timeZone,
          guest: account.guestSince !== null,
        },
        purchases: orders,
        subscriptions,
        organizations: membership
          ? [{ id: membership.organization.id, name: membership.organization.name, role: membership.role }]
          : [],
        credit: {
          balances: [...balances.values()]
            .map((balance) => ({ currency: balance.currency, amount: balance.amount }))
            .sort((a, b) => a.currency.localeCompare(b.currency)),
          entry_count: credit.count,
          entries: credit.entries,
        },
        saved_cards: cards.cards,
        saved_cards_error: cards.error,
        active_sessions: sessionCount,
      };
    },

    /** Ends every session of the customer, on every instance (they sign in again). */
    async revokeSessions(
      actor: StaffMember,
      id: number,
      reason: string | null,
    ): Promise<{ revoked: number }> {
      return deps.db.transaction(async (tx) => {
        const customer = await requireCustomer(id, tx);
        const live = await repository.liveSessionCount(id, tx);
        await deps.sessions.destroyAllForUser(id, tx);
        await audit.record(tx, {
          actor,
          action: 'customer.sessions_revoked',
          objectType: 'customer',
          objectId: id,
          summary: `Ended ${live === 1 ? 'the 1 session' : `all ${live} sessions`} of ${customer.email}`,
          reason,
          before: { active_sessions: live },
          after: { active_sessions: 0 },
        });
        return { revoked: live };
      });
    },

    /**
     * Grants credit (a `grant` entry) or removes some (an `adjustment`, never below the
     * available balance: 409), with the staff member and the reason on the ledger entry.
     */
    async changeCredit(
      actor: StaffMember,
      id: number,
      input: CustomerCreditInput,
    ): Promise<CustomerCreditChanged> {
      const amount = money(input.amount, input.currency);
      return deps.db.transaction(async (tx) => {
        const customer = await requireCustomer(id, tx);
        if (customer.anonymisedAt)
          throw new HttpError(409, 'customer_anonymised', CUSTOMER_MESSAGES.anonymised);
        const grant = input.action === 'grant';
        const changed = await deps.credit.adjustByStaff(
          id,
          { kind: grant ? 'grant' : 'adjustment', amount, reason: input.reason, staffId: actor.userId },
          tx,
        );
        await audit.record(tx, {
          actor,
          action: grant ? 'customer.credit_granted' : 'customer.credit_removed',
          objectType: 'customer',
          objectId: id,
          summary: grant
            ? `Granted ${formatMoney(amount)} of credit to ${customer.email}`
            : `Removed ${formatMoney(amount)} of credit from ${customer.email}`,
          reason: input.reason,
          before: { balance: { currency: amount.currency, amount: changed.before.amount } },
          after: {
            balance: { currency: amount.currency, amount: changed.after.amount },
            credit_entry_id: changed.entryId,
          },
        });
        return {
          entry: {
            id: changed.entryId,
            kind: grant ? 'grant' : 'adjustment',
            amount: grant ? amount.amount : -amount.amount,
            currency: amount.currency,
            reason: input.reason,
            order_id: null,
            created_by: actor.email,
            created: deps.clock.now().toISOString(),
          },
          balance: { currency: amount.currency, amount: changed.after.amount },
        };
      });
    },

    /**
     * The anonymised delete on request (issue 32): the e-mail becomes
     * `deleted-<id>@anonymised.invalid`, the name "Deleted", the password unusable; every
     * session ends, open set-password links and staff invitations die, and the saved cards are
     * removed at the payment provider (first: if that fails, nothing is anonymised). Orders,
     * invoices, credit notes and the credit ledger stay, as the law asks. Someone on the staff
     * (409) or with a Personal Plan that still renews (409) is refused.
     */
    async anonymise(
      actor: StaffMember,
      id: number,
      input: CustomerAnonymiseInput,
    ): Promise<CustomerAnonymised> {
      const customer = await requireCustomer(id);
      if (customer.anonymisedAt)
        throw new HttpError(409, 'customer_anonymised', CUSTOMER_MESSAGES.anonymised);
      if (input.confirm_email.toLowerCase() !== customer.email) {
        throw validationError({ confirm_email: [CUSTOMER_MESSAGES.confirmEmail] });
      }
      const refuseStaff = (role: CustomerRow['staffRole']) => {
        if (role) {
          throw new HttpError(
            409,
            'customer_is_staff',
            `${customer.email} is on the staff (${STAFF_ROLE_LABELS[role]}): remove them from the staff before anonymising the account.`,
          );
        }
      };
      refuseStaff(customer.staffRole);
      const plan = await deps.subscriptions.repository.currentEnrollment({ type: 'user', id });
      if (plan && RENEWING_PLAN_STATES.has(plan.status)) {
        throw new HttpError(
          409,
          'customer_has_active_plan',
          'The customer’s Personal Plan still renews: it must be cancelled before the account is anonymised.',
        );
      }

      // The cards live at the provider, outside any transaction of ours: removed first, so an
      // anonymised account never keeps a card (a retry after a failure removes the rest).
      let cardsRemoved = 0;
      try {
        for (const method of await gatewayCards(id)) {
          await deps.payments.gateway.detachPaymentMethod(method.id, {
            idempotencyKey: `detach:${method.id}`,
          });
          cardsRemoved += 1;
        }
      } catch (failure) {
        if (!(failure instanceof GatewayError)) throw failure;
        throw new HttpError(502, 'card_removal_failed', CUSTOMER_MESSAGES.cardsNotRemoved);
      }

      const at = deps.clock.now();
      const email = anonymisedEmailOf(id);
      await deps.db.transaction(async (tx) => {
        // Under the staff lock: nobody joins the staff with this account meanwhile.
        await lockStaff(tx);
        const now = await requireCustomer(id, tx);
        refuseStaff(now.staffRole);
        const before = await deps.users.anonymise(id, { email, at }, tx);
        if (!before) throw notFound(CUSTOMER_MESSAGES.noCustomer);
        if (before.anonymisedAt)
          throw new HttpError(409, 'customer_anonymised', CUSTOMER_MESSAGES.anonymised);
        if (before.email !== customer.email) {
          throw new HttpError(
            409,
            'customer_changed',
            'The customer’s e-mail address changed meanwhile: load the page again.',
          );
        }
        await deps.sessions.destroyAllForUser(id, tx);
        const invitations = await withdrawStaffInvitationsTo(before.email, at, tx);
        await audit.record(tx, {
          actor,
          action: 'customer.anonymised',
          objectType: 'customer',
          objectId: id,
          summary: `Anonymised the account of customer #${id} on request`,
          reason: input.reason,
          // The log outlives the account and is never edited: it keeps what was removed, not
          // the personal data itself (the address only masked, to tell accounts apart).
          before: {
            email: maskedEmail(before.email),
            personal_data: ['email', 'name', 'surname', 'password', 'time_zone'],
            country: before.country,
            locale: before.locale,
          },
          after: {
            email,
            name: 'Deleted',
            surname: '',
            anonymised_at: at.toISOString(),
            sessions_ended: true,
            saved_cards_removed: cardsRemoved,
            staff_invitations_withdrawn: invitations,
          },
        });
      });
      deps.users.forget(id);
      return { id, email, anonymised_at: at.toISOString(), cards_removed: cardsRemoved };
    },
  };
}

export type AdminCustomersService = ReturnType<typeof createAdminCustomersService>;
