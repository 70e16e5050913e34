import {
  isCurrencyCode,
  purchaseDocumentNumber,
  rateKey,
  type TaxLedgerEntry,
  type TaxReportReverseChargeEntry,
} from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { shareOfTaxLines, type TaxLine } from '../tax/tax-lines.js';

/**
 * The tax report's reads over the ledger tables (issue 33): course orders and plan charges
 * (each an invoice) and course refunds (each a credit note) of a period, summed per
 * jurisdiction, currency, rate and tax. Sales are summed by PostgreSQL; refunds are read in
 * pages and their tax split between the sale's taxes exactly as their credit notes split it
 * (`shareOfTaxLines`), so the report adds up to the documents to the cent.
 *
 * What counts, as the documents do (purchase-document-drafts.ts): an order completed in the
 * period that cost something (total + credit > 0), a succeeded plan charge of a non-zero
 * amount, a refund completed in the period. Dates are the sale's (the invoice's supply date).
 */

const PAGE = 2_000;

/** An order's taxes; orders from before tax lines were kept read as one line of their rate. */
const ORDER_TAX_LINES = sql`coalesce(o.tax_lines, case when o.tax_amount > 0 or coalesce(o.tax_rate, 0) > 0
  then jsonb_build_array(jsonb_build_object('name', 'Tax', 'jurisdiction', coalesce(o.country, ''),
    'ratePercent', coalesce(o.tax_rate, 0), 'amount', o.tax_amount)) else '[]'::jsonb end)`;

/** The region (`CA-QC`, `US-WA`) of a tax authority text, when it is in `country`. */
const regionIn = (authority: SQL, country: SQL) =>
  sql`(regexp_match(${authority}, '^(' || ${country} || '-[A-Z0-9]{1,3})(-|$)'))[1]`;

/**
 * The sale's jurisdiction (domain `saleJurisdiction`): the country, and for Canada and the US
 * the province or state the checkout taxed it in, else the one its tax lines name.
 */
const jurisdictionOf = (country: SQL, taxLines: SQL, hint: SQL) => sql`case
  when ${country} in ('CA', 'US') then coalesce(
    ${regionIn(hint, country)},
    (select min(${regionIn(sql`l.value->>'jurisdiction'`, country)}) from jsonb_array_elements(${taxLines}) l),
    ${country})
  else coalesce(${country}, '') end`;

const rateOf = (taxLines: SQL) =>
  sql`coalesce((select sum((l.value->>'ratePercent')::numeric) from jsonb_array_elements(${taxLines}) l), 0)`;

const quarterText = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-"Q"Q')`;

/** Orders of the period as taxable sales: one row per order with its jurisdiction and amounts. */
const orderSales = (start: Date, end: Date) => sql`
  select o.id, o.currency, o.tax_note is not null as reverse_charge,
    ${quarterText(sql`coalesce(o.completed_at, o.created_at)`)} as quarter,
    ${jurisdictionOf(sql`o.country`, ORDER_TAX_LINES, sql`pa.quote->>'taxJurisdiction'`)} as jurisdiction,
    ${rateOf(ORDER_TAX_LINES)} as rate,
    (select coalesce(sum(case when o.tax_mode = 'tax_exclusive' then ol.purchase_price_amount
      else ol.purchase_price_amount - ol.tax_amount end), 0) from order_lines ol where ol.order_id = o.id) as net,
    (select coalesce(sum(ol.tax_amount), 0) from order_lines ol where ol.order_id = o.id) as tax,
    ${ORDER_TAX_LINES} as tax_lines
  from orders o left join payment_attempts pa on pa.id = o.attempt_id
  where o.status in ('completed', 'refunded') and o.total_amount + o.credit_amount > 0
    and coalesce(o.completed_at, o.created_at) >= ${start.toISOString()}::timestamptz
    and coalesce(o.completed_at, o.created_at) < ${end.toISOString()}::timestamptz`;

const CHARGE_TAX_LINES = sql`coalesce(c.tax_lines, case when c.tax_amount > 0
  then jsonb_build_array(jsonb_build_object('name', 'Tax', 'jurisdiction', coalesce(p.country, ''),
    'ratePercent', coalesce(round(c.tax_amount * 100.0 / nullif(c.amount - c.tax_amount, 0), 2), 0),
    'amount', c.tax_amount)) else '[]'::jsonb end)`;

/** A staff credit's taxes: those of the charge it gives back, else one line of its own tax. */
const CREDIT_TAX_LINES = sql`coalesce(oc.tax_lines, case when c.tax_amount > 0
  then jsonb_build_array(jsonb_build_object('name', 'Tax', 'jurisdiction', coalesce(p.country, ''),
    'ratePercent', coalesce(round(c.tax_amount * 100.0 / nullif(c.amount - c.tax_amount, 0), 2), 0),
    'amount', c.tax_amount)) else '[]'::jsonb end)`;

/** Succeeded plan charges of the period: the country is the subscriber's billing country. */
const chargeSales = (start: Date, end: Date) => sql`
  select c.id, c.currency, c.tax_note is not null as reverse_charge,
    ${quarterText(sql`c.created_at`)} as quarter,
    ${jurisdictionOf(
      sql`p.country`,
      CHARGE_TAX_LINES,
      sql`case when p.country = 'CA' and p.secondary_location is not null
        then 'CA-' || upper(p.secondary_location) end`,
    )} as jurisdiction,
    ${rateOf(CHARGE_TAX_LINES)} as rate,
    c.amount - c.tax_amount as net,
    c.tax_amount as tax,
    ${CHARGE_TAX_LINES} as tax_lines
  from subscription_charges c
  join subscription_enrollments e on e.id = c.enrollment_id
  left join subscription_billing_profiles p
    on p.subscriber_type = e.subscriber_type and p.subscriber_id = e.subscriber_id
  where c.status = 'succeeded' and c.amount <> 0
    and c.created_at >= ${start.toISOString()}::timestamptz and c.created_at < ${end.toISOString()}::timestamptz`;

interface SummedRow {
  jurisdiction: string;
  currency: string;
  rate: string | number;
  reverse_charge: boolean;
  quarter: string;
  count: string | number;
  net: string | number;
  tax: string | number;
}

interface ComponentRow extends Omit<SummedRow, 'count'> {
  name: string;
  authority: string;
  component_rate: string | number;
}

const entryKey = (row: {
  jurisdiction: string;
  currency: string;
  rate: number;
  reverseCharge: boolean;
  quarter: string;
  kind: string;
}) =>
  [row.kind, row.jurisdiction, row.currency, rateKey(row.rate), row.reverseCharge, row.quarter].join(
    '\u0000',
  );

export function createTaxReportRepository(db: Database) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  /** Sales of one kind summed per jurisdiction, currency, rate, reverse charge and quarter. */
  async function salesEntries(sales: SQL): Promise<TaxLedgerEntry[]> {
    const summed = await rows<SummedRow>(sql`
      with sales as (${sales})
      select jurisdiction, currency, rate, reverse_charge, quarter,
        count(*) as count, sum(net)::bigint as net, sum(tax)::bigint as tax
      from sales group by jurisdiction, currency, rate, reverse_charge, quarter`);
    const components = await rows<ComponentRow>(sql`
      with sales as (${sales})
      select s.jurisdiction, s.currency, s.rate, s.reverse_charge, s.quarter,
        l.value->>'name' as name, l.value->>'jurisdiction' as authority,
        (l.value->>'ratePercent')::numeric as component_rate,
        sum(s.net)::bigint as net, sum((l.value->>'amount')::bigint)::bigint as tax
      from sales s cross join lateral jsonb_array_elements(s.tax_lines) l
      group by 1, 2, 3, 4, 5, 6, 7, 8
      order by 6, 7`);
    const entries = new Map<string, TaxLedgerEntry>();
    for (const row of summed) {
      const entry: TaxLedgerEntry = {
        kind: 'sale',
        jurisdiction: row.jurisdiction,
        currency: row.currency,
        ratePercent: Number(row.rate),
        reverseCharge: row.reverse_charge,
        saleQuarter: row.quarter,
        count: Number(row.count),
        net: Number(row.net),
        tax: Number(row.tax),
        components: [],
      };
      entries.set(entryKey({ ...entry, rate: entry.ratePercent, quarter: row.quarter }), entry);
    }
    for (const row of components) {
      const key = entryKey({
        kind: 'sale',
        jurisdiction: row.jurisdiction,
        currency: row.currency,
        rate: Number(row.rate),
        reverseCharge: row.reverse_charge,
        quarter: row.quarter,
      });
      entries.get(key)?.components.push({
        name: row.name,
        authority: row.authority,
        ratePercent: Number(row.component_rate),
        net: Number(row.net),
        tax: Number(row.tax),
      });
    }
    return [...entries.values()];
  }

  interface RefundRow {
    id: number;
    at: Date | string;
    currency: string;
    jurisdiction: string;
    rate: string | number;
    reverse_charge: boolean;
    sale_quarter: string;
    net: string | number;
    tax: string | number;
    tax_lines: TaxLine[];
  }

  /** Course refunds of the period after `after` (credit notes `refund`), oldest id first. */
  const courseRefunds = (start: Date, end: Date, after: number) => sql`
    select r.id, o.currency, o.tax_note is not null as reverse_charge,
      ${quarterText(sql`coalesce(o.completed_at, o.created_at)`)} as sale_quarter,
      ${jurisdictionOf(sql`o.country`, ORDER_TAX_LINES, sql`pa.quote->>'taxJurisdiction'`)} as jurisdiction,
      ${rateOf(ORDER_TAX_LINES)} as rate,
      case when o.tax_mode = 'tax_exclusive' then ol.purchase_price_amount
        else ol.purchase_price_amount - ol.tax_amount end as net,
      ol.tax_amount as tax,
      ${ORDER_TAX_LINES} as tax_lines
    from course_refunds r
    join orders o on o.id = r.order_id
    join order_lines ol on ol.id = r.order_line_id
    left join payment_attempts pa on pa.id = o.attempt_id
    where r.status = 'refunded' and r.id > ${after}
      and coalesce(r.completed_at, r.requested_at) >= ${start.toISOString()}::timestamptz
      and coalesce(r.completed_at, r.requested_at) < ${end.toISOString()}::timestamptz
    order by r.id limit ${PAGE}`;

  /**
   * Plan charges refunded or credited by staff (credit notes `subscription_credit`: rows of
   * `subscription_charges` of kind `refund` or `extension_credit`), taxed as the charge they
   * give back (its taxes, jurisdiction and quarter).
   */
  const subscriptionCredits = (start: Date, end: Date, after: number) => sql`
    select c.id, c.currency, coalesce(oc.tax_note, c.tax_note) is not null as reverse_charge,
      ${quarterText(sql`coalesce(oc.created_at, c.created_at)`)} as sale_quarter,
      ${jurisdictionOf(
        sql`p.country`,
        CREDIT_TAX_LINES,
        sql`case when p.country = 'CA' and p.secondary_location is not null
          then 'CA-' || upper(p.secondary_location) end`,
      )} as jurisdiction,
      ${rateOf(CREDIT_TAX_LINES)} as rate,
      c.amount - c.tax_amount as net,
      c.tax_amount as tax,
      ${CREDIT_TAX_LINES} as tax_lines
    from subscription_charges c
    join subscription_enrollments e on e.id = c.enrollment_id
    left join subscription_billing_profiles p
      on p.subscriber_type = e.subscriber_type and p.subscriber_id = e.subscriber_id
    left join lateral (
      select o.tax_lines, o.tax_note, o.created_at from subscription_charges o
      where o.enrollment_id = c.enrollment_id and o.gateway_payment_id = c.gateway_payment_id
        and o.status = 'succeeded' and o.id <> c.id
      order by o.id limit 1) oc on true
    where c.status in ('refunded', 'credited') and c.amount > 0 and c.id > ${after}
      and c.created_at >= ${start.toISOString()}::timestamptz and c.created_at < ${end.toISOString()}::timestamptz
    order by c.id limit ${PAGE}`;

  /** Refunds of the period, each split between its sale's taxes as its credit note is. */
  async function refundEntries(
    start: Date,
    end: Date,
    pageOf: (start: Date, end: Date, after: number) => SQL,
    entries: Map<string, TaxLedgerEntry>,
  ): Promise<void> {
    let after = 0;
    for (;;) {
      const page = await rows<RefundRow>(pageOf(start, end, after));
      for (const row of page) {
        const currency = isCurrencyCode(row.currency) ? row.currency : 'USD';
        const tax = Number(row.tax);
        const net = Number(row.net);
        const lines = row.tax_lines.length > 0 ? row.tax_lines : [];
        const shares = lines.length > 0 ? shareOfTaxLines(lines, tax, currency) : [];
        const rate = Number(row.rate);
        const key = entryKey({
          kind: 'refund',
          jurisdiction: row.jurisdiction,
          currency: row.currency,
          rate,
          reverseCharge: row.reverse_charge,
          quarter: row.sale_quarter,
        });
        let entry = entries.get(key);
        if (!entry) {
          entry = {
            kind: 'refund',
            jurisdiction: row.jurisdiction,
            currency: row.currency,
            ratePercent: rate,
            reverseCharge: row.reverse_charge,
            saleQuarter: row.sale_quarter,
            count: 0,
            net: 0,
            tax: 0,
            components: [],
          };
          entries.set(key, entry);
        }
        entry.count += 1;
        entry.net += net;
        entry.tax += tax;
        for (const share of shares) {
          const ratePercent = Number(share.ratePercent);
          let component = entry.components.find(
            (candidate) =>
              candidate.name === share.name &&
              candidate.authority === share.jurisdiction &&
              rateKey(candidate.ratePercent) === rateKey(ratePercent),
          );
          if (!component) {
            component = { name: share.name, authority: share.jurisdiction, ratePercent, net: 0, tax: 0 };
            entry.components.push(component);
          }
          component.net += net;
          component.tax += share.amount;
        }
      }
      if (page.length < PAGE) break;
      after = Number(page[page.length - 1]!.id);
    }
  }

  interface ReverseChargeRow {
    kind: 'sale' | 'refund';
    source: TaxReportReverseChargeEntry['source'];
    source_id: number;
    at: Date | string;
    country: string | null;
    tax_number: string | null;
    currency: string;
    net: string | number;
    note: string;
    series: string | null;
    number: number | null;
  }

  async function refunds(start: Date, end: Date): Promise<TaxLedgerEntry[]> {
    const entries = new Map<string, TaxLedgerEntry>();
    await refundEntries(start, end, courseRefunds, entries);
    await refundEntries(start, end, subscriptionCredits, entries);
    return [...entries.values()];
  }

  return {
    /** Every sale and refund of the period, summed (the report's and the OSS return's input). */
    async ledger(start: Date, end: Date): Promise<TaxLedgerEntry[]> {
      return [
        ...(await salesEntries(orderSales(start, end))),
        ...(await salesEntries(chargeSales(start, end))),
        ...(await refunds(start, end)),
      ];
    },

    /** Reverse-charged business sales and refunds of the period, with their documents, oldest first. */
    async reverseCharges(start: Date, end: Date, limit: number): Promise<TaxReportReverseChargeEntry[]> {
      const from = start.toISOString();
      const until = end.toISOString();
      const found = await rows<ReverseChargeRow>(sql`
        select entries.*, d.series, d.number from (
          select 'sale' as kind, 'order' as source, o.id as source_id,
            coalesce(o.completed_at, o.created_at) as at, o.country, o.tax_number, o.currency,
            (select coalesce(sum(case when o.tax_mode = 'tax_exclusive' then ol.purchase_price_amount
              else ol.purchase_price_amount - ol.tax_amount end), 0) from order_lines ol where ol.order_id = o.id) as net,
            o.tax_note as note
          from orders o
          where o.tax_note is not null and o.status in ('completed', 'refunded') and o.total_amount + o.credit_amount > 0
            and coalesce(o.completed_at, o.created_at) >= ${from}::timestamptz
            and coalesce(o.completed_at, o.created_at) < ${until}::timestamptz
          union all
          select 'sale', 'subscription_charge', c.id, c.created_at, p.country, p.tax_number, c.currency,
            c.amount - c.tax_amount, c.tax_note
          from subscription_charges c
          join subscription_enrollments e on e.id = c.enrollment_id
          left join subscription_billing_profiles p
            on p.subscriber_type = e.subscriber_type and p.subscriber_id = e.subscriber_id
          where c.tax_note is not null and c.status = 'succeeded' and c.amount <> 0
            and c.created_at >= ${from}::timestamptz and c.created_at < ${until}::timestamptz
          union all
          select 'refund', 'refund', r.id, coalesce(r.completed_at, r.requested_at), o.country, o.tax_number,
            o.currency,
            case when o.tax_mode = 'tax_exclusive' then ol.purchase_price_amount
              else ol.purchase_price_amount - ol.tax_amount end,
            o.tax_note
          from course_refunds r join orders o on o.id = r.order_id join order_lines ol on ol.id = r.order_line_id
          where o.tax_note is not null and r.status = 'refunded'
            and coalesce(r.completed_at, r.requested_at) >= ${from}::timestamptz
            and coalesce(r.completed_at, r.requested_at) < ${until}::timestamptz
          union all
          select 'refund', 'subscription_credit', c.id, c.created_at, p.country, p.tax_number, c.currency,
            c.amount - c.tax_amount, coalesce(oc.tax_note, c.tax_note)
          from subscription_charges c
          join subscription_enrollments e on e.id = c.enrollment_id
          left join subscription_billing_profiles p
            on p.subscriber_type = e.subscriber_type and p.subscriber_id = e.subscriber_id
          left join lateral (
            select o.tax_note from subscription_charges o
            where o.enrollment_id = c.enrollment_id and o.gateway_payment_id = c.gateway_payment_id
              and o.status = 'succeeded' and o.id <> c.id
            order by o.id limit 1) oc on true
          where coalesce(oc.tax_note, c.tax_note) is not null and c.status in ('refunded', 'credited')
            and c.amount > 0
            and c.created_at >= ${from}::timestamptz and c.created_at < ${until}::timestamptz
        ) entries
        left join purchase_documents d on d.source = entries.source and d.source_id = entries.source_id
        order by entries.at, entries.source, entries.source_id
        limit ${limit}`);
      return found.map((row) => {
        const currency = isCurrencyCode(row.currency) ? row.currency : 'USD';
        return {
          kind: row.kind,
          source: row.source,
          source_id: Number(row.source_id),
          document_number:
            row.series && row.number !== null ? purchaseDocumentNumber(row.series, Number(row.number)) : null,
          date: new Date(row.at).toISOString(),
          country: row.country ?? '',
          buyer_tax_number: row.tax_number,
          net: { amount: Number(row.net), currency },
          note: row.note,
        };
      });
    },
  };
}

export type TaxReportRepository = ReturnType<typeof createTaxReportRepository>;
