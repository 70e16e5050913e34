import { describe, expect, it } from 'vitest';
import { adminExportParamsSchema, adminExportQuerySchema, taxReportQuerySchema } from './reports-contract.js';
import {
  csvCell,
  csvRecord,
  daysInPeriod,
  jurisdictionName,
  minorUnitsAsDecimal,
  nettedAmounts,
  ossQuarterOf,
  periodBounds,
  quarterPeriod,
  recentQuarters,
  saleJurisdiction,
} from './reports-rules.js';
import {
  ossReturnOf,
  taxReportJurisdictions,
  taxReportTotals,
  type TaxLedgerEntry,
} from './reports-tax-rules.js';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(false)).toBe('false');
    expect(csvRecord(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('defuses formulas but keeps negative amounts as numbers', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@foo')).toBe("'@foo");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('minorUnitsAsDecimal', () => {
  it('writes the exact decimal of the currency', () => {
    expect(minorUnitsAsDecimal(1234, 'USD')).toBe('12.34');
    expect(minorUnitsAsDecimal(5, 'USD')).toBe('0.05');
    expect(minorUnitsAsDecimal(-5, 'EUR')).toBe('-0.05');
    expect(minorUnitsAsDecimal(0, 'USD')).toBe('0.00');
    expect(minorUnitsAsDecimal(1234, 'JPY')).toBe('1234');
    expect(minorUnitsAsDecimal(9_007_199_254_740_991, 'USD')).toBe('90071992547409.91');
    expect(() => minorUnitsAsDecimal(1.5, 'USD')).toThrow(RangeError);
  });
});

describe('periods and OSS quarters', () => {
  it('counts days and bounds a period in UTC', () => {
    expect(daysInPeriod('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInPeriod('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodBounds('2026-03-01', '2026-03-31')).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
    });
  });

  it('knows a calendar quarter when it sees one', () => {
    expect(quarterPeriod({ year: 2026, quarter: 1 })).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterPeriod({ year: 2024, quarter: 4 })).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(ossQuarterOf('2026-04-01', '2026-06-30')).toEqual({ year: 2026, quarter: 2 });
    expect(ossQuarterOf('2026-04-01', '2026-06-29')).toBeNull();
    expect(ossQuarterOf('2026-04-02', '2026-06-30')).toBeNull();
    expect(ossQuarterOf('2026-01-01', '2026-06-30')).toBeNull();
    expect(recentQuarters('2026-02-10', 3)).toEqual([
      { year: 2026, quarter: 1 },
      { year: 2025, quarter: 4 },
      { year: 2025, quarter: 3 },
    ]);
  });

  it('refuses bad periods at the edge', () => {
    const issues = (query: Record<string, string>) =>
      taxReportQuerySchema
        .safeParse(query)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(taxReportQuerySchema.parse({ from: '2026-01-01', to: '2026-03-31' }).format).toBe('json');
    expect(issues({ from: '2026-02-30', to: '2026-03-31' })?.[0]?.[0]).toBe('from');
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      ['to', 'to must be on or after from.'],
    ]);
    expect(issues({ from: '2025-01-01', to: '2026-01-02' })?.[0]?.[1]).toMatch(/366 days/);
    expect(issues({ from: '2026-01-01', to: '2026-02-28', format: 'oss' })?.[0]?.[0]).toBe('from');
    expect(issues({ from: '2026-01-01', to: '2026-03-31', format: 'oss' })).toBeUndefined();
    expect(adminExportQuerySchema.parse({ from: '2020-01-01', to: '2026-01-01' }).delivery).toBe('auto');
    expect(adminExportParamsSchema.parse({ kind: 'credit_notes.csv' }).kind).toBe('credit-notes');
    expect(adminExportParamsSchema.safeParse({ kind: 'refunds' }).success).toBe(false);
  });
});

describe('jurisdictions', () => {
  it('reads the province or state of Canada and the US from the tax authorities', () => {
    expect(saleJurisdiction('CA', ['CA', 'CA-QC'])).toBe('CA-QC');
    expect(saleJurisdiction('US', ['US-WA-SEATTLE', 'US-WA'])).toBe('US-WA');
    expect(saleJurisdiction('US', [])).toBe('US');
    expect(saleJurisdiction('DE', ['DE'])).toBe('DE');
    expect(saleJurisdiction('CA', ['US-WA'])).toBe('CA');
    expect(saleJurisdiction(null, [])).toBe('');
  });

  it('names them in English', () => {
    expect(jurisdictionName('CA-QC')).toBe('Canada, Quebec');
    expect(jurisdictionName('US-WA')).toBe('United States, Washington');
    expect(jurisdictionName('DE')).toBe('Germany');
    expect(jurisdictionName('')).toBe('Unknown country');
  });
});

const entry = (overrides: Partial<TaxLedgerEntry>): TaxLedgerEntry => ({
  kind: 'sale',
  jurisdiction: 'DE',
  currency: 'EUR',
  ratePercent: 19,
  reverseCharge: false,
  saleQuarter: '2026-Q1',
  count: 1,
  net: 10_000,
  tax: 1_900,
  components: [{ name: 'VAT', authority: 'DE', ratePercent: 19, net: 10_000, tax: 1_900 }],
  ...overrides,
});

describe('netting', () => {
  it('subtracts refunds from sales', () => {
    expect(nettedAmounts({ net: 100, tax: 19 }, { net: 40, tax: 7 })).toEqual({ net: 60, tax: 12 });
  });

  it('groups per jurisdiction and currency, by rate and by tax; reverse charges apart', () => {
    const quebec = [
      { name: 'GST', authority: 'CA', ratePercent: 5, net: 4_000, tax: 200 },
      { name: 'QST', authority: 'CA-QC', ratePercent: 9.975, net: 4_000, tax: 399 },
    ];
    const entries = [
      entry({}),
      entry({
        count: 2,
        net: 5_000,
        tax: 350,
        ratePercent: 7,
        components: [{ name: 'VAT', authority: 'DE', ratePercent: 7, net: 5_000, tax: 350 }],
      }),
      entry({
        kind: 'refund',
        net: 2_000,
        tax: 380,
        components: [{ name: 'VAT', authority: 'DE', ratePercent: 19, net: 2_000, tax: 380 }],
      }),
      entry({
        jurisdiction: 'CA-QC',
        currency: 'CAD',
        ratePercent: 14.975,
        net: 4_000,
        tax: 599,
        components: quebec,
      }),
      entry({ jurisdiction: 'FR', reverseCharge: true, tax: 0, ratePercent: 0, components: [] }),
    ];
    const rows = taxReportJurisdictions(entries);
    expect(rows.map((row) => `${row.jurisdiction} ${row.currency}`)).toEqual(['CA-QC CAD', 'DE EUR']);
    const germany = rows[1]!;
    expect(germany).toMatchObject({ sales_count: 3, refunds_count: 1, name: 'Germany', region: null });
    expect(germany.sales.net.amount).toBe(15_000);
    expect(germany.net).toEqual({
      net: { amount: 13_000, currency: 'EUR' },
      tax: { amount: 1_870, currency: 'EUR' },
    });
    expect(germany.rates.map((rate) => [rate.rate_percent, rate.net.tax.amount])).toEqual([
      [19, 1_520],
      [7, 350],
    ]);
    expect(
      rows[0]!.components.map((component) => [
        component.name,
        component.authority,
        component.sales.tax.amount,
      ]),
    ).toEqual([
      ['GST', 'CA', 200],
      ['QST', 'CA-QC', 399],
    ]);
    const totals = taxReportTotals(entries);
    const eur = totals.find((total) => total.currency === 'EUR')!;
    expect(eur).toMatchObject({ invoices: 4, credit_notes: 1 });
    expect(eur.invoiced.amount).toBe(10_000 + 1_900 + 5_000 + 350 + 10_000);
    expect(eur.credited.amount).toBe(2_380);
    expect(eur.balance.amount).toBe(eur.invoiced.amount - 2_380);
  });

  it('builds the OSS return: EU consumers per rate, same-quarter refunds netted, older ones corrections', () => {
    const oss = ossReturnOf(
      [
        entry({}),
        entry({
          ratePercent: 7,
          net: 5_000,
          tax: 350,
          components: [{ name: 'VAT', authority: 'DE', ratePercent: 7, net: 5_000, tax: 350 }],
        }),
        entry({
          kind: 'refund',
          net: 1_000,
          tax: 190,
          components: [{ name: 'VAT', authority: 'DE', ratePercent: 19, net: 1_000, tax: 190 }],
        }),
        entry({
          kind: 'refund',
          saleQuarter: '2025-Q4',
          net: 1_000,
          tax: 190,
          components: [{ name: 'VAT', authority: 'DE', ratePercent: 19, net: 1_000, tax: 190 }],
        }),
        entry({ jurisdiction: 'FR', reverseCharge: true, tax: 0, ratePercent: 0, components: [] }),
        entry({ jurisdiction: 'CA-QC', currency: 'CAD' }),
      ],
      { year: 2026, quarter: 1 },
    );
    expect(oss.period).toBe('2026-Q1');
    expect(oss.lines).toEqual([
      {
        memberState: 'DE',
        rateType: 'STANDARD',
        ratePercent: 19,
        currency: 'EUR',
        taxableAmount: 9_000,
        vatAmount: 1_710,
      },
      {
        memberState: 'DE',
        rateType: 'REDUCED',
        ratePercent: 7,
        currency: 'EUR',
        taxableAmount: 5_000,
        vatAmount: 350,
      },
    ]);
    expect(oss.corrections).toEqual([
      { memberState: 'DE', period: '2025-Q4', currency: 'EUR', vatAmount: -190 },
    ]);
    expect(oss.totals).toEqual([{ memberState: 'DE', currency: 'EUR', vatAmount: 1_710 + 350 - 190 }]);
  });
});
