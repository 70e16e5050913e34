import type { AdminOrderSearch, AdminOrderStatus, AdminRefundView, AdminSort } from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { REFUND_SUBMIT_JOB_KIND } from '../refunds/refund-keys.js';

/** One order of the list as read (amounts in minor units). */
export interface OrderListRow {
  id: number;
  createdAt: Date;
  userId: number;
  email: string;
  name: string;
  currency: string;
  totalAmount: number;
  creditAmount: number;
  paymentType: string;
  cardBrand: string | null;
  cardLast4: string | null;
  country: string | null;
  lineCount: number;
  refundedLines: number;
  pendingRefunds: number;
  failedRefunds: number;
  codes: string[];
}

export interface OrderListFilters {
  search: AdminOrderSearch;
  status?: AdminOrderStatus;
  method?: string;
  country?: string;
  /** Placed at or after (inclusive) and before (exclusive). */
  from?: Date;
  until?: Date;
  code?: string;
}

/** A refund as the back office lists it, with its order's buyer and whether its retries ran out. */
export interface RefundListRow {
  id: number;
  orderId: number;
  orderLineId: number;
  courseId: number;
  userId: number;
  email: string;
  orderCreatedAt: Date;
  currency: string;
  amount: number;
  providerAmount: number;
  creditAmount: number;
  providerLabel: string | null;
  status: 'pending' | 'refunded' | 'failed';
  reason: string;
  comment: string | null;
  staffId: number | null;
  staffEmail: string | null;
  gatewayRefundId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  requestedAt: Date;
  completedAt: Date | null;
  retries: number;
  stuck: boolean;
}

const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : date(value);

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The method an order was paid with; older orders without one read as the service reads them. */
const PAYMENT_TYPE = sql`coalesce(o.payment_type, case when o.total_amount > 0 then 'card'
  when o.credit_amount > 0 then 'account_credit' else 'free' end)`;

/**
 * A refund's current submit job (`refund:<id>`, then `refund:<id>:retry-<n>`: refundSubmitJobKeyOf)
 * and whether it failed for good — the job ran out of attempts and only a staff retry moves it on.
 */
const STUCK = sql`(r.status = 'pending' and exists (select 1 from jobs j
  where j.kind = ${REFUND_SUBMIT_JOB_KIND}
    and j.key = case when r.retries > 0 then 'refund:' || r.id || ':retry-' || r.retries else 'refund:' || r.id end
    and j.status = 'failed'))`;

const refundExists = (status: string) =>
  sql`exists (select 1 from course_refunds r where r.order_id = o.id and r.status = ${status})`;

/** The orders whose refunds put them in `status` (the same rule as `statusOf`). */
function statusCondition(status: AdminOrderStatus): SQL {
  const failed = refundExists('failed');
  const pending = refundExists('pending');
  const refunded = refundExists('refunded');
  const lineLeft = sql`exists (select 1 from order_lines l where l.order_id = o.id and not exists (
    select 1 from course_refunds r where r.order_line_id = l.id and r.status = 'refunded'))`;
  switch (status) {
    case 'refund_failed':
      return failed;
    case 'refund_pending':
      return sql`${pending} and not ${failed}`;
    case 'refunded':
      return sql`${refunded} and not ${pending} and not ${failed} and not ${lineLeft}`;
    case 'partially_refunded':
      return sql`${refunded} and not ${pending} and not ${failed} and ${lineLeft}`;
    case 'paid':
      return sql`not exists (select 1 from course_refunds r where r.order_id = o.id)`;
  }
}

/**
 * Where an order stands from its refunds: a failed refund first (someone should look), then a
 * pending one, then how many of its lines are refunded.
 */
export function statusOf(row: {
  lineCount: number;
  refundedLines: number;
  pendingRefunds: number;
  failedRefunds: number;
}): AdminOrderStatus {
  if (row.failedRefunds > 0) return 'refund_failed';
  if (row.pendingRefunds > 0) return 'refund_pending';
  if (row.refundedLines > 0) return row.refundedLines >= row.lineCount ? 'refunded' : 'partially_refunded';
  return 'paid';
}

function whereOf(filters: OrderListFilters): SQL {
  const conditions: SQL[] = [];
  const { search } = filters;
  const matches: SQL[] = [];
  // Each search key is an indexed lookup (primary key, card, e-mail, provider payment).
  if (search.orderId !== undefined) matches.push(sql`o.id = ${search.orderId}`);
  if (search.cardLast4 !== undefined) matches.push(sql`o.card_last4 = ${search.cardLast4}`);
  if (search.email !== undefined) matches.push(sql`u.email = ${search.email}`);
  if (search.paymentId !== undefined) {
    matches.push(sql`o.gateway_payment_id = ${search.paymentId}`);
    matches.push(
      sql`o.attempt_id in (select a.id from payment_attempts a where a.gateway_payment_id = ${search.paymentId})`,
    );
  }
  if (search.emailPart !== undefined) matches.push(sql`u.email like ${`%${likeEscaped(search.emailPart)}%`}`);
  if (matches.length > 0) conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  if (filters.status) conditions.push(statusCondition(filters.status));
  if (filters.method) conditions.push(sql`${PAYMENT_TYPE} = ${filters.method}`);
  if (filters.country) conditions.push(sql`o.country = ${filters.country}`);
  if (filters.from) conditions.push(sql`o.created_at >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.until) conditions.push(sql`o.created_at < ${filters.until.toISOString()}::timestamptz`);
  if (filters.code) {
    conditions.push(
      sql`exists (select 1 from order_lines l where l.order_id = o.id and l.coupon_code = ${filters.code})`,
    );
  }
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

const ORDER_COLUMNS = sql`o.id, o.created_at, o.user_id, u.email, trim(u.name || ' ' || u.surname) as name,
  o.currency, o.total_amount, o.credit_amount, ${PAYMENT_TYPE} as payment_type, o.card_brand, o.card_last4,
  o.country, lines.line_count, lines.codes, refunds.refunded_lines, refunds.pending_refunds, refunds.failed_refunds`;

const ORDER_FACTS = sql`
  cross join lateral (select count(*)::int as line_count,
      coalesce(array_agg(distinct l.coupon_code) filter (where l.coupon_code is not null), '{}') as codes
    from order_lines l where l.order_id = o.id) lines
  cross join lateral (select count(*) filter (where r.status = 'refunded')::int as refunded_lines,
      count(*) filter (where r.status = 'pending')::int as pending_refunds,
      count(*) filter (where r.status = 'failed')::int as failed_refunds
    from course_refunds r where r.order_id = o.id) refunds`;

function orderListRowOf(row: Record<string, unknown>): OrderListRow {
  return {
    id: Number(row.id),
    createdAt: date(row.created_at),
    userId: Number(row.user_id),
    email: String(row.email),
    name: String(row.name ?? ''),
    currency: String(row.currency),
    totalAmount: Number(row.total_amount),
    creditAmount: Number(row.credit_amount),
    paymentType: String(row.payment_type),
    cardBrand: (row.card_brand as string | null) ?? null,
    cardLast4: (row.card_last4 as string | null) ?? null,
    country: (row.country as string | null) ?? null,
    lineCount: Number(row.line_count),
    refundedLines: Number(row.refunded_lines),
    pendingRefunds: Number(row.pending_refunds),
    failedRefunds: Number(row.failed_refunds),
    codes: parseTextArray(row.codes),
  };
}

/** A text[] as the driver answers it (an array, or PostgreSQL's `{a,b}` text). */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '{}' || value === '') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((item) => item.replace(/^"|"$/g, ''));
}

function refundListRowOf(row: Record<string, unknown>): RefundListRow {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    orderLineId: Number(row.order_line_id),
    courseId: Number(row.course_id),
    userId: Number(row.user_id),
    email: String(row.email),
    orderCreatedAt: date(row.order_created_at),
    currency: String(row.currency),
    amount: Number(row.amount),
    providerAmount: Number(row.provider_amount),
    creditAmount: Number(row.credit_amount),
    providerLabel: (row.provider_label as string | null) ?? null,
    status: row.status as RefundListRow['status'],
    reason: String(row.reason),
    comment: (row.comment as string | null) ?? null,
    staffId: row.staff_id === null || row.staff_id === undefined ? null : Number(row.staff_id),
    staffEmail: (row.staff_email as string | null) ?? null,
    gatewayRefundId: (row.gateway_refund_id as string | null) ?? null,
    failureCode: (row.failure_code as string | null) ?? null,
    failureMessage: (row.failure_message as string | null) ?? null,
    requestedAt: date(row.requested_at),
    completedAt: dateOrNull(row.completed_at),
    retries: Number(row.retries),
    stuck: row.stuck === true || row.stuck === 't',
  };
}

const REFUND_COLUMNS = sql`r.id, r.order_id, r.order_line_id, r.course_id, r.user_id, u.email,
  o.created_at as order_created_at, r.currency, r.amount, r.provider_amount, r.credit_amount, r.provider_label,
  r.status, r.reason, r.comment, r.staff_id, s.email as staff_email, r.gateway_refund_id, r.failure_code,
  r.failure_message, r.requested_at, r.completed_at, r.retries, ${STUCK} as stuck`;

const REFUND_JOINS = sql`join orders o on o.id = r.order_id
  join users u on u.id = r.user_id
  left join users s on s.id = r.staff_id`;

/** The back office's reads of orders, payments and refunds (issue 32): SQL over the tables of those modules. */
export function createAdminOrdersRepository(db: Database) {
  return {
    /** A page of orders matching the filters, with how many match in all. */
    async orderPage(
      filters: OrderListFilters,
      sort: AdminSort<'created' | 'total'>,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: OrderListRow[] }> {
      const where = whereOf(filters);
      const direction = sort.descending ? sql`desc` : sql`asc`;
      const order =
        sort.field === 'total'
          ? sql`(o.total_amount + o.credit_amount) ${direction}, o.id ${direction}`
          : sql`o.created_at ${direction}, o.id ${direction}`;
      const [counted, page] = await Promise.all([
        db.execute(
          sql`select count(*)::int as count from orders o join users u on u.id = o.user_id ${where}`,
        ),
        db.execute(sql`
          select ${ORDER_COLUMNS}
          from (select o.* from orders o join users u on u.id = o.user_id ${where}
                order by ${order} limit ${limit} offset ${offset}) o
          join users u on u.id = o.user_id
          ${ORDER_FACTS}
          order by ${order}`),
      ]);
      return {
        count: Number(rowsOf<{ count: number }>(counted)[0]?.count ?? 0),
        rows: rowsOf(page).map(orderListRowOf),
      };
    },

    /** The newest orders (the dashboard). */
    async newestOrders(limit: number): Promise<OrderListRow[]> {
      const page = await db.execute(sql`
        select ${ORDER_COLUMNS}
        from (select * from orders order by created_at desc, id desc limit ${limit}) o
        join users u on u.id = o.user_id
        ${ORDER_FACTS}
        order by o.created_at desc, o.id desc`);
      return rowsOf(page).map(orderListRowOf);
    },

    /** When an order was placed (null: there is no such order). */
    async createdAtOf(orderId: number): Promise<Date | null> {
      const [row] = rowsOf<{ created_at: unknown }>(
        await db.execute(sql`select created_at from orders where id = ${orderId}`),
      );
      return row ? date(row.created_at) : null;
    },

    /** The buyer of an order as staff see them. */
    async buyerOf(userId: number) {
      const [row] = rowsOf<{
        id: number;
        email: string;
        name: string;
        surname: string;
        country: string;
        anonymised_at: unknown;
      }>(
        await db.execute(
          sql`select id, email, name, surname, country, anonymised_at from users where id = ${userId}`,
        ),
      );
      return row
        ? {
            id: Number(row.id),
            email: row.email,
            name: `${row.name} ${row.surname}`.trim(),
            country: row.country,
            anonymised: row.anonymised_at !== null && row.anonymised_at !== undefined,
          }
        : null;
    },

    /**
     * The buyer's payment attempts around an order: the one that made it, and their other
     * tries in the hour before (the declines staff are asked about).
     */
    async attemptsOf(order: { id: number; userId: number; createdAt: Date; attemptId: string | null }) {
      const since = new Date(order.createdAt.getTime() - 60 * 60_000).toISOString();
      const until = new Date(order.createdAt.getTime() + 60_000).toISOString();
      const result = await db.execute(sql`
        select id, status, method_type, vendor, amount, currency, gateway_payment_id,
          gateway_payment_method_id, gateway_refund_id, error_code, order_id, created_at, updated_at
        from payment_attempts
        where (user_id = ${order.userId} and created_at between ${since}::timestamptz and ${until}::timestamptz
            and (order_id is null or order_id = ${order.id}))
          or id = ${order.attemptId}::uuid
          or order_id = ${order.id}
        order by created_at, id`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: String(row.id),
        status: String(row.status),
        methodType: String(row.method_type),
        vendor: String(row.vendor),
        amount: Number(row.amount),
        currency: String(row.currency),
        gatewayPaymentId: (row.gateway_payment_id as string | null) ?? null,
        gatewayPaymentMethodId: (row.gateway_payment_method_id as string | null) ?? null,
        gatewayRefundId: (row.gateway_refund_id as string | null) ?? null,
        errorCode: (row.error_code as string | null) ?? null,
        madeTheOrder: row.id === order.attemptId || Number(row.order_id) === order.id,
        createdAt: date(row.created_at),
        updatedAt: date(row.updated_at),
      }));
    },

    /** The provider's webhook events about a payment (its own, its charge's and its refunds'), oldest first. */
    async providerEventsOf(paymentIds: readonly string[]) {
      if (paymentIds.length === 0) return [];
      const result = await db.execute(sql`
        select event_id, gateway_type, type, received_at, processed_at, attempts, last_error
        from payment_gateway_events
        where coalesce(payload #>> '{data,object,payment_intent}', payload #>> '{data,object,id}')
          in ${sql`(${sql.join(
            paymentIds.map((id) => sql`${id}`),
            sql`, `,
          )})`}
        order by received_at, id
        limit 200`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: String(row.event_id),
        gatewayType: String(row.gateway_type),
        type: String(row.type),
        receivedAt: date(row.received_at),
        processedAt: dateOrNull(row.processed_at),
        attempts: Number(row.attempts),
        lastError: (row.last_error as string | null) ?? null,
      }));
    },

    /** The refunds of one order, each with its staff member and whether its retries ran out. */
    async refundsOfOrder(orderId: number): Promise<RefundListRow[]> {
      const result = await db.execute(sql`
        select ${REFUND_COLUMNS} from course_refunds r ${REFUND_JOINS}
        where r.order_id = ${orderId} order by r.id`);
      return rowsOf(result).map(refundListRowOf);
    },

    /** One refund as listed (null: none). */
    async refund(refundId: number): Promise<RefundListRow | null> {
      const result = await db.execute(sql`
        select ${REFUND_COLUMNS} from course_refunds r ${REFUND_JOINS} where r.id = ${refundId}`);
      const [row] = rowsOf(result);
      return row ? refundListRowOf(row) : null;
    },

    /**
     * A page of refunds in a view: `attention` (failed, or pending and stuck), `failed`,
     * `pending` (requested at least `olderThan` ago when given), `stuck`, `refunded`, `all`.
     */
    async refundPage(
      filters: { view: AdminRefundView; olderThan: Date | null; search: AdminOrderSearch },
      descending: boolean,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: RefundListRow[] }> {
      const { view, olderThan, search } = filters;
      const conditions: SQL[] = [];
      const matches: SQL[] = [];
      if (search.orderId !== undefined) matches.push(sql`r.order_id = ${search.orderId}`);
      if (search.email !== undefined) matches.push(sql`u.email = ${search.email}`);
      if (search.emailPart !== undefined) {
        matches.push(sql`u.email like ${`%${likeEscaped(search.emailPart)}%`}`);
      }
      if (search.paymentId !== undefined) {
        matches.push(sql`o.gateway_payment_id = ${search.paymentId}`);
        matches.push(sql`r.gateway_refund_id = ${search.paymentId}`);
      }
      if (matches.length > 0) conditions.push(sql`(${sql.join(matches, sql` or `)})`);
      if (view === 'attention') conditions.push(sql`(r.status = 'failed' or ${STUCK})`);
      if (view === 'failed' || view === 'pending' || view === 'refunded') {
        conditions.push(sql`r.status = ${view}`);
      }
      if (view === 'stuck') conditions.push(sql`r.status = 'pending' and ${STUCK}`);
      if (olderThan) conditions.push(sql`r.requested_at <= ${olderThan.toISOString()}::timestamptz`);
      const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const direction = descending ? sql`desc` : sql`asc`;
      const [counted, page] = await Promise.all([
        db.execute(sql`select count(*)::int as count from course_refunds r ${REFUND_JOINS} ${where}`),
        db.execute(sql`
          select ${REFUND_COLUMNS} from course_refunds r ${REFUND_JOINS} ${where}
          order by r.requested_at ${direction}, r.id ${direction}
          limit ${limit} offset ${offset}`),
      ]);
      return {
        count: Number(rowsOf<{ count: number }>(counted)[0]?.count ?? 0),
        rows: rowsOf(page).map(refundListRowOf),
      };
    },

    /** Orders, gross per currency and refunds made since `since` (the dashboard). */
    async salesSince(since: Date) {
      const at = since.toISOString();
      const [orders, refunds] = await Promise.all([
        db.execute(sql`
          select currency, count(*)::int as orders, sum(total_amount + credit_amount)::bigint as gross
          from orders where created_at >= ${at}::timestamptz group by currency`),
        db.execute(sql`
          select currency, count(*)::int as refunds, sum(amount)::bigint as refunded
          from course_refunds where status = 'refunded' and completed_at >= ${at}::timestamptz
          group by currency`),
      ]);
      return {
        orders: rowsOf<Record<string, unknown>>(orders).map((row) => ({
          currency: String(row.currency),
          orders: Number(row.orders),
          gross: Number(row.gross),
        })),
        refunds: rowsOf<Record<string, unknown>>(refunds).map((row) => ({
          currency: String(row.currency),
          refunds: Number(row.refunds),
          refunded: Number(row.refunded),
        })),
      };
    },

    /** How many refunds failed, and how many pending ones are stuck (the dashboard's alert: the list's `attention`). */
    async refundAlerts(): Promise<{ failed: number; stuck: number }> {
      const result = await db.execute(sql`
        select
          (select count(*)::int from course_refunds r where r.status = 'failed') as failed,
          (select count(*)::int from course_refunds r where r.status = 'pending' and ${STUCK}) as stuck`);
      const [row] = rowsOf<{ failed: number; stuck: number }>(result);
      return { failed: Number(row?.failed ?? 0), stuck: Number(row?.stuck ?? 0) };
    },

    /**
     * The owner's support refund limits per currency (minor units), from the back office
     * settings (the staff module owns their routes; an absent row is no limit for support: none may
     * be refunded by support).
     */
    async supportRefundLimits(): Promise<Record<string, number>> {
      const result = await db.execute(
        sql`select support_refund_limits from back_office_settings where id = 1`,
      );
      const [row] = rowsOf<{ support_refund_limits: unknown }>(result);
      const raw = row?.support_refund_limits;
      const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(
          (entry): entry is [string, number] =>
            typeof entry[1] === 'number' && Number.isSafeInteger(entry[1]),
        ),
      );
    },
  };
}

export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>;
