import {
  ENROLLMENT_STATUSES_OF,
  type AdminSubscriptionSearch,
  type AdminSubscriptionSortField,
  type AdminSort,
  type AdminSubscriptionsQuery,
} from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { supportRefundLimitsOf } from '../staff/staff-membership.js';

const DAY_MS = 86_400_000;

/** One plan as the list reads it (with its plan, interval, country and subscriber). */
export interface SubscriptionListRow {
  id: number;
  subscriberType: 'organization' | 'user';
  subscriberId: number;
  status: string;
  licenseCount: number;
  currency: string;
  chargeAmount: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelDate: Date | null;
  createdAt: Date;
  productType: string;
  planName: string;
  renewalType: string;
  renewalCount: number;
  country: string | null;
  subscriberName: string;
  subscriberEmail: string | null;
}

export interface SubscriptionListFilters {
  search: AdminSubscriptionSearch;
  status?: AdminSubscriptionsQuery['status'];
  plan?: AdminSubscriptionsQuery['plan'];
  interval?: AdminSubscriptionsQuery['interval'];
  country?: string;
  renewsFrom?: string;
  renewsTo?: string;
  licensesMin?: number;
  licensesMax?: number;
}

const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : date(value);
/** `%text%` for LIKE, the text's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const literalPrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const LIST_COLUMNS = sql`
  e.id, e.subscriber_type, e.subscriber_id, e.status, e.license_count, e.currency,
  e.charge_amount::float8 as charge_amount, e.current_period_start, e.current_period_end, e.trial_end,
  e.cancel_date, e.created_at, p.product_type, p.name as plan_name, o.renewal_type, o.renewal_count,
  bp.country,
  coalesce(org.name, nullif(trim(u.name || ' ' || u.surname), ''), u.email, '') as subscriber_name,
  coalesce(u.email, owner.email) as subscriber_email`;

const LIST_FROM = sql`
  from subscription_enrollments e
  join subscription_price_options o on o.id = e.price_option_id
  join subscription_plans p on p.id = o.plan_id
  left join subscription_billing_profiles bp
    on bp.subscriber_type = e.subscriber_type and bp.subscriber_id = e.subscriber_id
  left join organizations org on e.subscriber_type = 'organization' and org.id = e.subscriber_id
  left join users u on e.subscriber_type = 'user' and u.id = e.subscriber_id
  left join lateral (
    select ou.email from organization_members m join users ou on ou.id = m.user_id
    where e.subscriber_type = 'organization' and m.organization_id = e.subscriber_id and m.role = 'owner'
    order by m.created_at, m.user_id limit 1
  ) owner on true`;

function listRowOf(row: Record<string, unknown>): SubscriptionListRow {
  return {
    id: Number(row.id),
    subscriberType: row.subscriber_type as SubscriptionListRow['subscriberType'],
    subscriberId: Number(row.subscriber_id),
    status: String(row.status),
    licenseCount: Number(row.license_count),
    currency: String(row.currency),
    chargeAmount: Number(row.charge_amount),
    currentPeriodStart: date(row.current_period_start),
    currentPeriodEnd: date(row.current_period_end),
    trialEnd: dateOrNull(row.trial_end),
    cancelDate: dateOrNull(row.cancel_date),
    createdAt: date(row.created_at),
    productType: String(row.product_type),
    planName: String(row.plan_name),
    renewalType: String(row.renewal_type),
    renewalCount: Number(row.renewal_count),
    country: (row.country as string | null) ?? null,
    subscriberName: String(row.subscriber_name ?? ''),
    subscriberEmail: (row.subscriber_email as string | null) ?? null,
  };
}

/** An e-mail condition on the learner or on an owner or admin of the organization. */
function emailMatches(condition: (column: SQL) => SQL): SQL {
  return sql`(${condition(sql`u.email`)} or exists (
    select 1 from organization_members am join users au on au.id = am.user_id
    where e.subscriber_type = 'organization' and am.organization_id = e.subscriber_id
      and am.role in ('owner', 'admin') and ${condition(sql`au.email`)}))`;
}

function whereOf(filters: SubscriptionListFilters): SQL {
  const conditions: SQL[] = [];
  const { search } = filters;
  const matches: SQL[] = [];
  if (search.id !== undefined) matches.push(sql`e.id = ${search.id}`);
  if (search.email !== undefined) matches.push(emailMatches((column) => sql`${column} = ${search.email}`));
  if (search.text !== undefined) {
    const pattern = containing(search.text);
    matches.push(sql`lower(org.name) like ${pattern}`);
    matches.push(emailMatches((column) => sql`${column} like ${pattern}`));
  }
  if (matches.length > 0) conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  if (filters.status) {
    const statuses = ENROLLMENT_STATUSES_OF[filters.status];
    conditions.push(
      sql`e.status::text in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.plan) {
    conditions.push(
      sql`e.subscriber_type = ${filters.plan === 'team' ? 'organization' : 'user'}::subscriber_type`,
    );
  }
  if (filters.interval) conditions.push(sql`o.renewal_type::text = ${filters.interval.toUpperCase()}`);
  if (filters.country) conditions.push(sql`bp.country = ${filters.country}`);
  if (filters.renewsFrom) {
    conditions.push(sql`e.current_period_end >= ${`${filters.renewsFrom}T00:00:00.000Z`}::timestamptz`);
  }
  if (filters.renewsTo) {
    const until = new Date(Date.parse(`${filters.renewsTo}T00:00:00.000Z`) + DAY_MS).toISOString();
    conditions.push(sql`e.current_period_end < ${until}::timestamptz`);
  }
  if (filters.licensesMin !== undefined) conditions.push(sql`e.license_count >= ${filters.licensesMin}`);
  if (filters.licensesMax !== undefined) conditions.push(sql`e.license_count <= ${filters.licensesMax}`);
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

const SORT_COLUMNS: Record<AdminSubscriptionSortField, SQL> = {
  created: sql`e.created_at`,
  renewal: sql`e.current_period_end`,
  licenses: sql`e.license_count`,
  amount: sql`e.charge_amount`,
};

export interface ChargeReadRow {
  id: number;
  kind: string;
  status: string;
  invoiceId: number | null;
  receiptNumber: number | null;
  licenses: number;
  currency: string;
  amount: number;
  taxAmount: number;
  periodStart: Date;
  periodEnd: Date;
  gatewayPaymentId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: Date;
}

/** The back office's reads over plans, their invoices, charges, mails and audit trail. */
export function createAdminSubscriptionsRepository(db: Database) {
  return {
    async page(
      filters: SubscriptionListFilters,
      sort: AdminSort<AdminSubscriptionSortField>,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: SubscriptionListRow[] }> {
      const where = whereOf(filters);
      const direction = sort.descending ? sql`desc` : sql`asc`;
      const [rows, counted] = await Promise.all([
        db.execute(sql`select ${LIST_COLUMNS} ${LIST_FROM} ${where}
          order by ${SORT_COLUMNS[sort.field]} ${direction}, e.id ${direction}
          limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as count ${LIST_FROM} ${where}`),
      ]);
      return {
        count: Number(rowsOf<{ count: number }>(counted)[0]?.count ?? 0),
        rows: rowsOf<Record<string, unknown>>(rows).map(listRowOf),
      };
    },

    /** One plan as the list reads it. */
    async row(id: number): Promise<SubscriptionListRow | null> {
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select ${LIST_COLUMNS} ${LIST_FROM} where e.id = ${id}`),
      );
      return row ? listRowOf(row) : null;
    },

    /** The members of an organization (owners first), or the learner of a Personal Plan. */
    async members(
      subscriberType: 'organization' | 'user',
      subscriberId: number,
    ): Promise<
      { userId: number; email: string; name: string; role: string; joinedAt: Date; country: string }[]
    > {
      const result =
        subscriberType === 'organization'
          ? await db.execute(sql`
              select u.id, u.email, trim(u.name || ' ' || u.surname) as name, m.role::text as role,
                m.created_at as joined_at, u.country
              from organization_members m join users u on u.id = m.user_id
              where m.organization_id = ${subscriberId}
              order by case m.role when 'owner' then 0 when 'admin' then 1 when 'group_admin' then 2 else 3 end,
                m.created_at, u.id
              limit 500`)
          : await db.execute(sql`
              select u.id, u.email, trim(u.name || ' ' || u.surname) as name, 'learner' as role,
                u.created_at as joined_at, u.country
              from users u where u.id = ${subscriberId}`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        userId: Number(row.id),
        email: String(row.email),
        name: String(row.name ?? ''),
        role: String(row.role),
        joinedAt: date(row.joined_at),
        country: String(row.country ?? ''),
      }));
    },

    /** Every charge, failed attempt and credit of a plan, newest first. */
    async charges(enrollmentId: number, writer: Writer = db): Promise<ChargeReadRow[]> {
      const result = await writer.execute(sql`
        select id, kind, status, invoice_id, receipt_number, licenses, currency, amount::float8 as amount,
          tax_amount::float8 as tax_amount, period_start, period_end, gateway_payment_id, card_brand,
          card_last4, failure_code, failure_message, created_at
        from subscription_charges where enrollment_id = ${enrollmentId}
        order by created_at desc, id desc`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: Number(row.id),
        kind: String(row.kind),
        status: String(row.status),
        invoiceId: row.invoice_id === null ? null : Number(row.invoice_id),
        receiptNumber: row.receipt_number === null ? null : Number(row.receipt_number),
        licenses: Number(row.licenses),
        currency: String(row.currency),
        amount: Number(row.amount),
        taxAmount: Number(row.tax_amount),
        periodStart: date(row.period_start),
        periodEnd: date(row.period_end),
        gatewayPaymentId: (row.gateway_payment_id as string | null) ?? null,
        cardBrand: (row.card_brand as string | null) ?? null,
        cardLast4: (row.card_last4 as string | null) ?? null,
        failureCode: (row.failure_code as string | null) ?? null,
        failureMessage: (row.failure_message as string | null) ?? null,
        createdAt: date(row.created_at),
      }));
    },

    /** A plan's invoices, newest period first. */
    async invoices(enrollmentId: number) {
      const result = await db.execute(sql`
        select id, kind, status, period_start, period_end, licenses, currency, amount::float8 as amount,
          tax_amount::float8 as tax_amount, attempts, charging, next_attempt_at, failure_code,
          failure_message, created_at, updated_at
        from subscription_invoices where enrollment_id = ${enrollmentId}
        order by period_start desc, id desc`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: Number(row.id),
        kind: String(row.kind),
        status: String(row.status),
        periodStart: date(row.period_start),
        periodEnd: date(row.period_end),
        licenses: Number(row.licenses),
        currency: String(row.currency),
        amount: Number(row.amount),
        taxAmount: Number(row.tax_amount),
        attempts: Number(row.attempts),
        charging: Boolean(row.charging),
        nextAttemptAt: dateOrNull(row.next_attempt_at),
        failureCode: (row.failure_code as string | null) ?? null,
        failureMessage: (row.failure_message as string | null) ?? null,
        createdAt: date(row.created_at),
        updatedAt: date(row.updated_at),
      }));
    },

    /**
     * The mails about a plan, found by the keys its notices are written with (subscription
     * notices: `<event>:<enrollment, invoice or charge id>:…`), newest first.
     */
    async mails(enrollmentId: number, invoiceIds: readonly number[], chargeIds: readonly number[]) {
      const prefixes = [
        ...[
          'trial_started',
          'trial_ending',
          'cancelled',
          'reactivated',
          'expired',
          'retention_offer_accepted',
        ].map((event) => `${event}:${enrollmentId}:`),
        ...invoiceIds.flatMap((id) => [`payment_failed:${id}:`, `authentication_required:${id}:`]),
        ...chargeIds.map((id) => `receipt:${id}:`),
      ].map(literalPrefix);
      const result = await db.execute(sql`
        select kind, recipient, subject, status, created_at, sent_at, dedupe_key from mail_outbox
        where dedupe_key like any (array[${sql.join(
          prefixes.map((prefix) => sql`${prefix}`),
          sql`, `,
        )}]::text[])
        order by created_at desc, id desc limit 200`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        kind: String(row.kind),
        recipient: String(row.recipient),
        subject: String(row.subject),
        status: String(row.status),
        createdAt: date(row.created_at),
        sentAt: dateOrNull(row.sent_at),
        dedupeKey: String(row.dedupe_key ?? ''),
      }));
    },

    /** The accepted retention offer of a plan, if any. */
    async retentionOffer(enrollmentId: number) {
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select offer_id, percent_off_hundredths, periods, starts_at, ends_at, currency,
            discounted_amount::float8 as discounted_amount, regular_amount::float8 as regular_amount, accepted_at
          from subscription_retention_offers where enrollment_id = ${enrollmentId}`),
      );
      if (!row) return null;
      return {
        offerId: String(row.offer_id),
        percentOff: Number(row.percent_off_hundredths) / 100,
        periods: Number(row.periods),
        startsAt: date(row.starts_at),
        endsAt: date(row.ends_at),
        currency: String(row.currency),
        discounted: Number(row.discounted_amount),
        regular: Number(row.regular_amount),
        acceptedAt: date(row.accepted_at),
      };
    },

    /** The audit trail of a plan, newest first. */
    async audit(enrollmentId: number) {
      const result = await db.execute(sql`
        select id, action, summary, reason, actor_id, actor_email, actor_role, created_at
        from admin_audit_events where object_type = 'subscription' and object_id = ${String(enrollmentId)}
        order by id desc limit 100`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: Number(row.id),
        action: String(row.action),
        summary: String(row.summary),
        reason: (row.reason as string | null) ?? null,
        actor: {
          id: row.actor_id === null ? null : Number(row.actor_id),
          email: String(row.actor_email),
          role: String(row.actor_role),
        },
        createdAt: date(row.created_at),
      }));
    },

    /** The owner's support refund limits per currency: the staff module's one reading of them. */
    supportRefundLimits: () => supportRefundLimitsOf(db),
  };
}

export type AdminSubscriptionsRepository = ReturnType<typeof createAdminSubscriptionsRepository>;
