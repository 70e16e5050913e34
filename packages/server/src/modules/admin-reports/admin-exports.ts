import {
  CSV_BOM,
  csvRecord,
  isCurrencyCode,
  minorUnitsAsDecimal,
  type AdminExportKind,
  type CurrencyCode,
} from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import type { PurchaseDocument } from '../purchase-documents/purchase-document.js';

/**
 * The back office's CSV exports (issue 33): orders, invoices, credit notes, subscriptions and
 * customers of a date range, read in keyset pages (never the whole table in memory) and
 * written as RFC 4180 records. Each kind is a count, a page read after a cursor, and the
 * columns of a row; `exportRecords` turns it into the file's text, page by page.
 */

type Cell = string | number | boolean | null;
type Row = Record<string, unknown>;

interface ExportKind {
  /** The header record. */
  columns: readonly string[];
  /** Rows in the range. */
  count: (start: string, end: string) => SQL;
  /** The next page after `cursor` (null: from the start), in cursor order. */
  page: (start: string, end: string, cursor: Cursor | null, limit: number) => SQL;
  cells: (row: Row) => Cell[];
}

/** Where a page ends: the sort time as PostgreSQL wrote it (microseconds kept) and the id. */
interface Cursor {
  at: string;
  id: number;
}

const currencyOf = (code: unknown): CurrencyCode =>
  typeof code === 'string' && isCurrencyCode(code) ? code : 'USD';
const amount = (value: unknown, currency: unknown): string | null =>
  value === null || value === undefined ? null : minorUnitsAsDecimal(Number(value), currencyOf(currency));
const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** `(time, id) > cursor` in the order of the pages. */
const after = (time: SQL, id: SQL, cursor: Cursor | null) =>
  cursor ? sql`and (${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})` : sql``;

const orders: ExportKind = {
  columns: [
    'order_id',
    'created_at',
    'completed_at',
    'status',
    'customer_id',
    'customer_email',
    'country',
    'currency',
    'subtotal',
    'discount',
    'tax',
    'credit',
    'total',
    'tax_mode',
    'tax_rate_percent',
    'tax_lines',
    'reverse_charge',
    'buyer_tax_number',
    'lines',
    'refunded',
    'payment_type',
    'card',
    'provider_payment_id',
    'base_currency',
    'exchange_rate',
  ],
  count: (start, end) =>
    sql`select count(*)::int as count from orders o
      where o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz`,
  page: (start, end, cursor, limit) => sql`
    select o.id, o.created_at, o.created_at::text as cursor_at, o.completed_at, o.status, o.user_id,
      u.email, o.country, o.currency, o.subtotal_amount, o.discount_amount, o.tax_amount, o.credit_amount,
      o.total_amount, o.tax_mode, o.tax_rate, o.tax_lines, o.tax_note, o.tax_number, o.payment_type,
      o.card_brand, o.card_last4, o.gateway_payment_id, o.base_currency, o.exchange_rate,
      (select count(*)::int from order_lines ol where ol.order_id = o.id) as line_count,
      (select coalesce(sum(r.amount), 0) from course_refunds r
        where r.order_id = o.id and r.status = 'refunded') as refunded
    from orders o left join users u on u.id = o.user_id
    where o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz
      ${after(sql`o.created_at`, sql`o.id`, cursor)}
    order by o.created_at, o.id limit ${limit}`,
  cells: (row) => [
    Number(row.id),
    iso(row.created_at),
    iso(row.completed_at),
    text(row.status),
    Number(row.user_id),
    text(row.email),
    text(row.country),
    text(row.currency),
    amount(row.subtotal_amount, row.currency),
    amount(row.discount_amount, row.currency),
    amount(row.tax_amount, row.currency),
    amount(row.credit_amount, row.currency),
    amount(row.total_amount, row.currency),
    text(row.tax_mode),
    row.tax_rate === null ? null : Number(row.tax_rate),
    taxLinesText(row.tax_lines, row.currency),
    row.tax_note !== null,
    text(row.tax_number),
    Number(row.line_count),
    amount(row.refunded, row.currency),
    text(row.payment_type),
    row.card_last4 ? `${text(row.card_brand) ?? 'card'} ****${text(row.card_last4)}` : null,
    text(row.gateway_payment_id),
    text(row.base_currency),
    text(row.exchange_rate),
  ],
};

/** "GST 5% (CA) 1.25; QST 9.975% (CA-QC) 2.49". */
function taxLinesText(lines: unknown, currency: unknown): string | null {
  if (!Array.isArray(lines) || lines.length === 0) return null;
  return (lines as { name: string; jurisdiction: string; ratePercent: number; amount: number }[])
    .map(
      (line) =>
        `${line.name} ${line.ratePercent}%${line.jurisdiction ? ` (${line.jurisdiction})` : ''} ${amount(line.amount, currency)}`,
    )
    .join('; ');
}

const documents = (series: 'INV' | 'CN'): ExportKind => ({
  columns: [
    'number',
    'kind',
    'issued_at',
    'supplied_at',
    'source',
    'source_id',
    'corrects_number',
    'buyer_name',
    'buyer_email',
    'buyer_country',
    'buyer_tax_id',
    'currency',
    'net_total',
    'tax_total',
    'gross_total',
    'taxes',
    'payments',
    'notes',
  ],
  count: (start, end) =>
    sql`select count(*)::int as count from purchase_documents d where d.series = ${series}
      and d.issued_at >= ${start}::timestamptz and d.issued_at < ${end}::timestamptz`,
  page: (start, end, cursor, limit) => sql`
    select d.id, d.issued_at::text as cursor_at, d.source, d.source_id, d.currency, d.content
    from purchase_documents d
    where d.series = ${series} and d.issued_at >= ${start}::timestamptz and d.issued_at < ${end}::timestamptz
      ${after(sql`d.issued_at`, sql`d.id`, cursor)}
    order by d.issued_at, d.id limit ${limit}`,
  cells: (row) => {
    const document = row.content as PurchaseDocument;
    const currency = row.currency;
    return [
      document.number,
      document.kind,
      iso(document.issuedAt),
      iso(document.suppliedAt),
      text(row.source),
      Number(row.source_id),
      document.correctsNumber,
      document.buyer.name,
      document.buyer.email,
      document.buyer.country,
      document.buyer.taxId,
      text(currency),
      amount(document.netTotal, currency),
      amount(document.taxTotal, currency),
      amount(document.grossTotal, currency),
      document.taxes
        .map(
          (tax) =>
            `${tax.name} ${tax.ratePercent}% on ${amount(tax.netAmount, currency)}: ${amount(tax.taxAmount, currency)}`,
        )
        .join('; ') || null,
      document.payments
        .map((payment) => `${payment.label}: ${amount(payment.amount, currency)}`)
        .join('; ') || null,
      document.notes.join(' ') || null,
    ];
  },
});

const subscriptions: ExportKind = {
  columns: [
    'subscription_id',
    'created_at',
    'subscriber_type',
    'subscriber_id',
    'subscriber_name',
    'subscriber_email',
    'plan',
    'status',
    'licenses',
    'currency',
    'unit_price',
    'charge_amount',
    'tax_amount',
    'tax_rate_percent',
    'tax_mode',
    'billing_country',
    'billing_region',
    'buyer_tax_number',
    'trial_end',
    'current_period_start',
    'current_period_end',
    'cancel_date',
    'charged_total',
  ],
  count: (start, end) =>
    sql`select count(*)::int as count from subscription_enrollments e
      where e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz`,
  page: (start, end, cursor, limit) => sql`
    select e.id, e.created_at, e.created_at::text as cursor_at, e.subscriber_type, e.subscriber_id,
      case when e.subscriber_type = 'organization' then org.name else trim(u.name || ' ' || u.surname) end as name,
      coalesce(u.email, creator.email) as email, e.price_option_id, e.status, e.license_count, e.currency,
      e.unit_price, e.charge_amount, e.tax_amount, e.tax_rate, e.tax_mode, p.country, p.secondary_location,
      p.tax_number, e.trial_end, e.current_period_start, e.current_period_end, e.cancel_date,
      (select coalesce(sum(c.amount), 0) from subscription_charges c
        where c.enrollment_id = e.id and c.status = 'succeeded') as charged
    from subscription_enrollments e
    left join users u on e.subscriber_type = 'user' and u.id = e.subscriber_id
    left join organizations org on e.subscriber_type = 'organization' and org.id = e.subscriber_id
    left join users creator on creator.id = e.created_by
    left join subscription_billing_profiles p
      on p.subscriber_type = e.subscriber_type and p.subscriber_id = e.subscriber_id
    where e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz
      ${after(sql`e.created_at`, sql`e.id`, cursor)}
    order by e.created_at, e.id limit ${limit}`,
  cells: (row) => [
    Number(row.id),
    iso(row.created_at),
    text(row.subscriber_type),
    Number(row.subscriber_id),
    text(row.name),
    text(row.email),
    text(row.price_option_id),
    text(row.status),
    Number(row.license_count),
    text(row.currency),
    amount(row.unit_price, row.currency),
    amount(row.charge_amount, row.currency),
    amount(row.tax_amount, row.currency),
    Number(row.tax_rate),
    text(row.tax_mode),
    text(row.country),
    text(row.secondary_location),
    text(row.tax_number),
    iso(row.trial_end),
    iso(row.current_period_start),
    iso(row.current_period_end),
    iso(row.cancel_date),
    amount(row.charged, row.currency),
  ],
};

const customers: ExportKind = {
  columns: [
    'customer_id',
    'signed_up_at',
    'email',
    'name',
    'country',
    'locale',
    'guest',
    'anonymised',
    'orders',
  ],
  count: (start, end) =>
    sql`select count(*)::int as count from users u
      where u.created_at >= ${start}::timestamptz and u.created_at < ${end}::timestamptz`,
  page: (start, end, cursor, limit) => sql`
    select u.id, u.created_at, u.created_at::text as cursor_at, u.email, trim(u.name || ' ' || u.surname) as name,
      u.country, u.locale, u.guest_since is not null as guest, u.anonymised_at is not null as anonymised,
      (select count(*)::int from orders o where o.user_id = u.id and o.status in ('completed', 'refunded')) as orders
    from users u
    where u.created_at >= ${start}::timestamptz and u.created_at < ${end}::timestamptz
      ${after(sql`u.created_at`, sql`u.id`, cursor)}
    order by u.created_at, u.id limit ${limit}`,
  cells: (row) => [
    Number(row.id),
    iso(row.created_at),
    text(row.email),
    text(row.name),
    text(row.country),
    text(row.locale),
    Boolean(row.guest),
    Boolean(row.anonymised),
    Number(row.orders),
  ],
};

const KINDS: Record<AdminExportKind, ExportKind> = {
  orders,
  invoices: documents('INV'),
  'credit-notes': documents('CN'),
  subscriptions,
  customers,
};

/** Rows per page read: large enough for few round trips, small enough for a flat memory. */
export const EXPORT_PAGE_ROWS = 2_000;

export function createAdminExports(db: Database, options: { pageRows?: number } = {}) {
  const pageRows = options.pageRows ?? EXPORT_PAGE_ROWS;
  return {
    /** How many rows the export of `kind` over [start, end) has. */
    async count(kind: AdminExportKind, start: Date, end: Date): Promise<number> {
      const [row] = rowsOf<{ count: number }>(
        await db.execute(KINDS[kind].count(start.toISOString(), end.toISOString())),
      );
      return Number(row?.count ?? 0);
    },

    /**
     * The file's text: the BOM and header, then one chunk of records per page. A page is read
     * only when the consumer asks for more, so a slow download holds one page at a time.
     */
    async *records(kind: AdminExportKind, start: Date, end: Date): AsyncGenerator<string> {
      const definition = KINDS[kind];
      yield CSV_BOM + csvRecord(definition.columns);
      let cursor: Cursor | null = null;
      for (;;) {
        const page: (Row & { id: number; cursor_at: string })[] = rowsOf<
          Row & { id: number; cursor_at: string }
        >(await db.execute(definition.page(start.toISOString(), end.toISOString(), cursor, pageRows)));
        if (page.length === 0) return;
        let chunk = '';
        for (const row of page) chunk += csvRecord(definition.cells(row));
        yield chunk;
        if (page.length < pageRows) return;
        const last: { id: number; cursor_at: string } = page[page.length - 1]!;
        cursor = { at: last.cursor_at, id: Number(last.id) };
      }
    },
  };
}

export type AdminExports = ReturnType<typeof createAdminExports>;
