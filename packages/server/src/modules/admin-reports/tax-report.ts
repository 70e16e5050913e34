import {
  CSV_BOM,
  csvRecord,
  isCurrencyCode,
  jurisdictionName,
  minorUnitsAsDecimal,
  ossReturnOf,
  periodBounds,
  taxReportJurisdictions,
  taxReportTotals,
  type CalendarQuarter,
  type CurrencyCode,
  type Money,
  type OssReturn,
  type TaxReport,
  type TaxReportFigures,
} from '@lectern/domain';
import type { TaxReportRepository } from './tax-report.repository.js';

/** Reverse-charge entries listed in one report at most (the totals always cover every one). */
export const REVERSE_CHARGE_LIST_LIMIT = 5_000;

/**
 * The tax report of a period (issue 33): the ledger summed per jurisdiction, rate and tax,
 * the reverse-charged business sales apart, and the totals per currency that equal the
 * invoices and credit notes of the period.
 */
export async function buildTaxReport(
  repository: TaxReportRepository,
  period: { from: string; to: string },
  now: Date,
): Promise<TaxReport> {
  const { start, end } = periodBounds(period.from, period.to);
  const ledger = await repository.ledger(start, end);
  const entries = await repository.reverseCharges(start, end, REVERSE_CHARGE_LIST_LIMIT);
  const reverseTotals = new Map<
    string,
    { country: string; currency: string; sales: number; refunds: number; count: number }
  >();
  for (const entry of ledger) {
    if (!entry.reverseCharge) continue;
    const country = entry.jurisdiction.split('-')[0] ?? '';
    const key = `${country}\u0000${entry.currency}`;
    const total = reverseTotals.get(key) ?? {
      country,
      currency: entry.currency,
      sales: 0,
      refunds: 0,
      count: 0,
    };
    if (entry.kind === 'sale') total.sales += entry.net;
    else total.refunds += entry.net;
    total.count += entry.count;
    reverseTotals.set(key, total);
  }
  return {
    from: period.from,
    to: period.to,
    generated_at: now.toISOString(),
    jurisdictions: taxReportJurisdictions(ledger),
    reverse_charge: {
      entries,
      totals: [...reverseTotals.values()]
        .sort((a, b) => a.country.localeCompare(b.country) || a.currency.localeCompare(b.currency))
        .map((total) => ({
          country: total.country,
          currency: total.currency,
          sales: moneyOf(total.sales, total.currency),
          refunds: moneyOf(total.refunds, total.currency),
          net: moneyOf(total.sales - total.refunds, total.currency),
          count: total.count,
        })),
    },
    totals: taxReportTotals(ledger),
  };
}

/** The OSS non-Union return of a quarter from the same ledger. */
export async function buildOssReturn(
  repository: TaxReportRepository,
  period: { from: string; to: string },
  quarter: CalendarQuarter,
): Promise<OssReturn> {
  const { start, end } = periodBounds(period.from, period.to);
  return ossReturnOf(await repository.ledger(start, end), quarter);
}

const currencyOf = (code: string): CurrencyCode => (isCurrencyCode(code) ? code : 'USD');
const moneyOf = (amount: number, currency: string): Money => ({ amount, currency: currencyOf(currency) });
const decimal = (value: Money) => minorUnitsAsDecimal(value.amount, value.currency);
const decimalOf = (amount: number, currency: string) => minorUnitsAsDecimal(amount, currencyOf(currency));

const figureCells = (figures: TaxReportFigures) => [
  decimal(figures.sales.net),
  decimal(figures.sales.tax),
  decimal(figures.refunds.net),
  decimal(figures.refunds.tax),
  decimal(figures.net.net),
  decimal(figures.net.tax),
];

const FIGURE_COLUMNS = [
  'taxable_sales',
  'tax_collected',
  'refunded_taxable',
  'refunded_tax',
  'net_taxable',
  'net_tax',
];

/**
 * The report as one CSV table: a row per jurisdiction (`section` total), per combined rate
 * (`rate`) and per tax (`component`); then the reverse-charged sales and the currency totals.
 */
export function taxReportCsv(report: TaxReport): string {
  let out = CSV_BOM;
  out += csvRecord([
    'section',
    'jurisdiction',
    'jurisdiction_name',
    'country',
    'region',
    'currency',
    'tax',
    'authority',
    'rate_percent',
    'sales_count',
    'refunds_count',
    ...FIGURE_COLUMNS,
  ]);
  for (const row of report.jurisdictions) {
    const where = [row.jurisdiction, row.name, row.country, row.region, row.currency];
    out += csvRecord([
      'total',
      ...where,
      null,
      null,
      null,
      row.sales_count,
      row.refunds_count,
      ...figureCells(row),
    ]);
    for (const rate of row.rates) {
      out += csvRecord([
        'rate',
        ...where,
        null,
        null,
        rate.rate_percent,
        rate.sales_count,
        rate.refunds_count,
        ...figureCells(rate),
      ]);
    }
    for (const component of row.components) {
      out += csvRecord([
        'component',
        ...where,
        component.name,
        component.authority,
        component.rate_percent,
        null,
        null,
        ...figureCells(component),
      ]);
    }
  }
  for (const entry of report.reverse_charge.entries) {
    const sign = entry.kind === 'refund' ? -1 : 1;
    out += csvRecord([
      'reverse_charge',
      entry.country,
      jurisdictionName(entry.country),
      entry.country,
      null,
      entry.net.currency,
      entry.document_number,
      entry.buyer_tax_number,
      0,
      entry.kind === 'sale' ? 1 : 0,
      entry.kind === 'refund' ? 1 : 0,
      entry.kind === 'sale' ? decimal(entry.net) : '0',
      '0',
      entry.kind === 'refund' ? decimal(entry.net) : '0',
      '0',
      decimalOf(sign * entry.net.amount, entry.net.currency),
      '0',
    ]);
  }
  for (const total of report.totals) {
    out += csvRecord([
      'currency_total',
      null,
      'All invoices and credit notes',
      null,
      null,
      total.currency,
      null,
      null,
      null,
      total.invoices,
      total.credit_notes,
      ...figureCells(total),
    ]);
  }
  return out;
}

/**
 * The OSS non-Union return as CSV, in the return's own sections: VAT due per member state of
 * consumption and rate, corrections of earlier quarters, and the total per member state.
 * Amounts are in the currency of the sales (the return is filed in euro: convert other
 * currencies at the ECB rate of the period's last day, art. 366 of the VAT Directive).
 */
export function ossReturnCsv(oss: OssReturn): string {
  let out = CSV_BOM;
  out += csvRecord([
    'section',
    'period',
    'member_state_of_consumption',
    'member_state_name',
    'supply_type',
    'vat_rate_type',
    'vat_rate_percent',
    'currency',
    'taxable_amount',
    'vat_amount',
    'corrected_period',
  ]);
  for (const line of oss.lines) {
    out += csvRecord([
      'supplies',
      oss.period,
      line.memberState,
      jurisdictionName(line.memberState),
      'SERVICES',
      line.rateType,
      line.ratePercent,
      line.currency,
      decimalOf(line.taxableAmount, line.currency),
      decimalOf(line.vatAmount, line.currency),
      null,
    ]);
  }
  for (const correction of oss.corrections) {
    out += csvRecord([
      'correction',
      oss.period,
      correction.memberState,
      jurisdictionName(correction.memberState),
      null,
      null,
      null,
      correction.currency,
      null,
      decimalOf(correction.vatAmount, correction.currency),
      correction.period,
    ]);
  }
  for (const total of oss.totals) {
    out += csvRecord([
      'total',
      oss.period,
      total.memberState,
      jurisdictionName(total.memberState),
      null,
      null,
      null,
      total.currency,
      null,
      decimalOf(total.vatAmount, total.currency),
      null,
    ]);
  }
  return out;
}
