import { isCurrencyCode, type CurrencyCode } from '../money/currencies.js';
import { money, type Money } from '../money/money.js';
import type {
  TaxReportAmounts,
  TaxReportComponent,
  TaxReportFigures,
  TaxReportJurisdiction,
  TaxReportRate,
  TaxReportTotals,
} from './reports-contract.js';
import {
  addNetTax,
  isEuMemberState,
  jurisdictionName,
  nettedAmounts,
  quarterLabel,
  rateKey,
  type CalendarQuarter,
  type NetTaxAmounts,
} from './reports-rules.js';

/**
 * Sales or refunds of one jurisdiction, currency and combined rate, as the ledger tables sum
 * them (amounts positive, minor units): what the tax report and the OSS return are built from.
 */
export interface TaxLedgerEntry {
  kind: 'sale' | 'refund';
  /** `DE`, `CA-QC`, `US-WA` (saleJurisdiction). */
  jurisdiction: string;
  currency: string;
  /** The sales' combined rate (GST 5 + QST 9.975 is 14.975). */
  ratePercent: number;
  /** Reverse-charged business sales (0%, listed apart). */
  reverseCharge: boolean;
  /** The quarter of the sale (for a refund, of the sale it gives back): OSS corrections. */
  saleQuarter: string;
  count: number;
  net: number;
  tax: number;
  /** Each tax with the base it applied to and its amount. */
  components: { name: string; authority: string; ratePercent: number; net: number; tax: number }[];
}

const zero = (): NetTaxAmounts => ({ net: 0, tax: 0 });

interface Figures {
  sales: NetTaxAmounts;
  refunds: NetTaxAmounts;
}
const emptyFigures = (): Figures => ({ sales: zero(), refunds: zero() });

const currencyOf = (code: string): CurrencyCode => (isCurrencyCode(code) ? code : 'USD');
const asMoney = (amount: number, currency: string): Money => money(amount, currencyOf(currency));

const amountsOf = (amounts: NetTaxAmounts, currency: string): TaxReportAmounts => ({
  net: asMoney(amounts.net, currency),
  tax: asMoney(amounts.tax, currency),
});

/** Sales, refunds and their difference (refunds and credit notes netted) as Money. */
export function taxReportFigures(figures: Figures, currency: string): TaxReportFigures {
  return {
    sales: amountsOf(figures.sales, currency),
    refunds: amountsOf(figures.refunds, currency),
    net: amountsOf(nettedAmounts(figures.sales, figures.refunds), currency),
  };
}

const side = (figures: Figures, kind: TaxLedgerEntry['kind']) =>
  kind === 'sale' ? figures.sales : figures.refunds;

const byKey = <T>(map: Map<string, T>, key: string, make: () => T): T => {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
};

/**
 * The tax report's rows: per jurisdiction and currency, by combined rate and by tax, sales
 * and refunds netted. Reverse-charged entries are left out (the report lists them apart).
 * Sorted by jurisdiction, then currency; rates highest first; taxes in the order they came.
 */
export function taxReportJurisdictions(entries: readonly TaxLedgerEntry[]): TaxReportJurisdiction[] {
  interface Group {
    jurisdiction: string;
    currency: string;
    figures: Figures;
    counts: { sale: number; refund: number };
    rates: Map<string, { ratePercent: number; figures: Figures; counts: { sale: number; refund: number } }>;
    components: Map<string, { name: string; authority: string; ratePercent: number; figures: Figures }>;
  }
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    if (entry.reverseCharge) continue;
    const group = byKey(groups, `${entry.jurisdiction}\u0000${entry.currency}`, () => ({
      jurisdiction: entry.jurisdiction,
      currency: entry.currency,
      figures: emptyFigures(),
      counts: { sale: 0, refund: 0 },
      rates: new Map(),
      components: new Map(),
    }));
    addNetTax(side(group.figures, entry.kind), entry);
    group.counts[entry.kind] += entry.count;
    const rate = byKey(group.rates, rateKey(entry.ratePercent), () => ({
      ratePercent: entry.ratePercent,
      figures: emptyFigures(),
      counts: { sale: 0, refund: 0 },
    }));
    addNetTax(side(rate.figures, entry.kind), entry);
    rate.counts[entry.kind] += entry.count;
    for (const component of entry.components) {
      const row = byKey(
        group.components,
        `${component.name}\u0000${component.authority}\u0000${rateKey(component.ratePercent)}`,
        () => ({ ...component, figures: emptyFigures() }),
      );
      addNetTax(side(row.figures, entry.kind), component);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || a.currency.localeCompare(b.currency))
    .map((group): TaxReportJurisdiction => {
      const [country = '', region = null] = group.jurisdiction.split('-');
      return {
        jurisdiction: group.jurisdiction,
        country,
        region,
        name: jurisdictionName(group.jurisdiction),
        currency: group.currency,
        sales_count: group.counts.sale,
        refunds_count: group.counts.refund,
        ...taxReportFigures(group.figures, group.currency),
        rates: [...group.rates.values()]
          .sort((a, b) => b.ratePercent - a.ratePercent)
          .map((rate): TaxReportRate => ({
            rate_percent: rate.ratePercent,
            sales_count: rate.counts.sale,
            refunds_count: rate.counts.refund,
            ...taxReportFigures(rate.figures, group.currency),
          })),
        components: [...group.components.values()].map((component): TaxReportComponent => ({
          name: component.name,
          authority: component.authority,
          rate_percent: component.ratePercent,
          ...taxReportFigures(component.figures, group.currency),
        })),
      };
    });
}

/**
 * Per currency, every invoice and credit note of the period (reverse charges included): the
 * figures that equal the sum of the documents issued for them.
 */
export function taxReportTotals(entries: readonly TaxLedgerEntry[]): TaxReportTotals[] {
  const totals = new Map<string, { figures: Figures; counts: { sale: number; refund: number } }>();
  for (const entry of entries) {
    const total = byKey(totals, entry.currency, () => ({
      figures: emptyFigures(),
      counts: { sale: 0, refund: 0 },
    }));
    addNetTax(side(total.figures, entry.kind), entry);
    total.counts[entry.kind] += entry.count;
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { figures, counts }]) => {
      const invoiced = figures.sales.net + figures.sales.tax;
      const credited = figures.refunds.net + figures.refunds.tax;
      return {
        currency,
        invoices: counts.sale,
        credit_notes: counts.refund,
        ...taxReportFigures(figures, currency),
        invoiced: asMoney(invoiced, currency),
        credited: asMoney(credited, currency),
        balance: asMoney(invoiced - credited, currency),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// EU One-Stop-Shop, non-Union scheme

/** One line of the return: supplies of services to consumers in a member state at one rate. */
export interface OssReturnLine {
  memberState: string;
  /** The member state's highest rate in the return is its standard rate; lower ones reduced. */
  rateType: 'STANDARD' | 'REDUCED';
  ratePercent: number;
  currency: string;
  /** Minor units: sales of the quarter minus their refunds within it. */
  taxableAmount: number;
  vatAmount: number;
}

/** A change of an earlier quarter's return: refunds now of sales declared then. */
export interface OssCorrection {
  memberState: string;
  /** The quarter corrected, e.g. "2025-Q4". */
  period: string;
  currency: string;
  /** Negative: VAT given back. */
  vatAmount: number;
}

export interface OssReturn {
  period: string;
  lines: OssReturnLine[];
  corrections: OssCorrection[];
  /** VAT due per member state and currency: its lines plus its corrections. */
  totals: { memberState: string; currency: string; vatAmount: number }[];
}

/**
 * The OSS non-Union scheme return of a quarter (Council Implementing Regulation 282/2011
 * art. 59a; the Commission's OSS guide, §4.6): consumers' taxed supplies per member state of
 * consumption and rate, refunds of the quarter's own sales netted into its lines, refunds of
 * earlier quarters' sales as corrections of those quarters. Reverse-charged business sales and
 * countries outside the EU are not part of it.
 */
export function ossReturnOf(entries: readonly TaxLedgerEntry[], quarter: CalendarQuarter): OssReturn {
  const period = quarterLabel(quarter);
  const lines = new Map<string, Omit<OssReturnLine, 'rateType'>>();
  const corrections = new Map<string, OssCorrection>();
  for (const entry of entries) {
    const memberState = entry.jurisdiction;
    if (entry.reverseCharge || !isEuMemberState(memberState)) continue;
    for (const component of entry.components) {
      if (component.tax === 0 && component.ratePercent === 0) continue;
      if (entry.kind === 'refund' && entry.saleQuarter !== period) {
        const correction = byKey(
          corrections,
          `${memberState}\u0000${entry.saleQuarter}\u0000${entry.currency}`,
          () => ({
            memberState,
            period: entry.saleQuarter,
            currency: entry.currency,
            vatAmount: 0,
          }),
        );
        correction.vatAmount -= component.tax;
        continue;
      }
      const line = byKey(
        lines,
        `${memberState}\u0000${entry.currency}\u0000${rateKey(component.ratePercent)}`,
        () => ({
          memberState,
          ratePercent: component.ratePercent,
          currency: entry.currency,
          taxableAmount: 0,
          vatAmount: 0,
        }),
      );
      const sign = entry.kind === 'sale' ? 1 : -1;
      line.taxableAmount += sign * component.net;
      line.vatAmount += sign * component.tax;
    }
  }
  const standard = new Map<string, number>();
  for (const line of lines.values()) {
    standard.set(line.memberState, Math.max(standard.get(line.memberState) ?? 0, line.ratePercent));
  }
  const sortedLines = [...lines.values()]
    .sort(
      (a, b) =>
        a.memberState.localeCompare(b.memberState) ||
        a.currency.localeCompare(b.currency) ||
        b.ratePercent - a.ratePercent,
    )
    .map((line): OssReturnLine => ({
      ...line,
      rateType: line.ratePercent === standard.get(line.memberState) ? 'STANDARD' : 'REDUCED',
    }));
  const sortedCorrections = [...corrections.values()].sort(
    (a, b) =>
      a.memberState.localeCompare(b.memberState) ||
      a.period.localeCompare(b.period) ||
      a.currency.localeCompare(b.currency),
  );
  const totals = new Map<string, { memberState: string; currency: string; vatAmount: number }>();
  for (const item of [...sortedLines, ...sortedCorrections]) {
    byKey(totals, `${item.memberState}\u0000${item.currency}`, () => ({
      memberState: item.memberState,
      currency: item.currency,
      vatAmount: 0,
    })).vatAmount += item.vatAmount;
  }
  return {
    period,
    lines: sortedLines,
    corrections: sortedCorrections,
    totals: [...totals.values()].sort(
      (a, b) => a.memberState.localeCompare(b.memberState) || a.currency.localeCompare(b.currency),
    ),
  };
}
