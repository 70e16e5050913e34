import { z } from 'zod';
import { calendarDateSchema } from '../api/calendar-date-schema.js';
import type { Money } from '../money/money.js';
import { daysInPeriod, ossQuarterOf } from './reports-rules.js';

export * from './reports-rules.js';
export * from './reports-tax-rules.js';

/**
 * The back office's tax returns and exports (issue 33): what `/api-2.0/admin/tax-report/`,
 * `/api-2.0/admin/exports/{kind}/` and `/api-2.0/admin/export-files/{id}/` take and answer.
 * Amounts are `Money` (integer minor units); CSV files write them as decimals of the major unit.
 */
export const ADMIN_REPORTS_API = {
  taxReport: '/api-2.0/admin/tax-report/',
  export: '/api-2.0/admin/exports/:kind/',
  exportFile: '/api-2.0/admin/export-files/:id/',
} as const;

/** The same paths relative to `/api-2.0`, for the web app's API client. */
export const ADMIN_TAX_REPORT_API_PATH = '/admin/tax-report/';

/** Absolute download links (opened by the browser, which sends the staff member's session). */
export const adminTaxReportDownloadPath = (from: string, to: string, format: 'csv' | 'oss') =>
  `${ADMIN_REPORTS_API.taxReport}?from=${from}&to=${to}&format=${format}`;
export const adminExportDownloadPath = (kind: AdminExportKind, from: string, to: string) =>
  `/api-2.0/admin/exports/${kind}/?from=${from}&to=${to}`;
export const adminExportApiPath = (kind: AdminExportKind) => `/admin/exports/${kind}/`;
export const adminExportFilePath = (id: string) => `/api-2.0/admin/export-files/${id}/`;

/** The web page where a mailed export link leads (`?file=<id>`): it offers the download once signed in. */
export const ADMIN_EXPORTS_PAGE_PATH = '/admin/exports/';

// ---------------------------------------------------------------------------------------------
// Tax report

/** The longest period one tax report covers (a year, leap day included). */
export const TAX_REPORT_MAX_DAYS = 366;

export const TAX_REPORT_FORMATS = ['json', 'csv', 'oss'] as const;
export type TaxReportFormat = (typeof TAX_REPORT_FORMATS)[number];

const periodRefinements =
  (maxDays: number) => (query: { from: string; to: string }, context: z.RefinementCtx) => {
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', message: 'to must be on or after from.', path: ['to'] });
    } else if (daysInPeriod(query.from, query.to) > maxDays) {
      context.addIssue({
        code: 'custom',
        message: `The period may cover at most ${maxDays} days.`,
        path: ['to'],
      });
    }
  };

/** `GET /api-2.0/admin/tax-report/?from=&to=&format=`: both days counted (UTC). */
export const taxReportQuerySchema = z
  .object({
    from: calendarDateSchema('from'),
    to: calendarDateSchema('to'),
    format: z
      .enum(TAX_REPORT_FORMATS, { error: `format must be one of ${TAX_REPORT_FORMATS.join(', ')}.` })
      .default('json'),
  })
  .superRefine((query, context) => {
    periodRefinements(TAX_REPORT_MAX_DAYS)(query, context);
    if (query.format === 'oss' && query.from <= query.to && !ossQuarterOf(query.from, query.to)) {
      context.addIssue({
        code: 'custom',
        message:
          'The One-Stop-Shop return is filed per calendar quarter: from must be its first day and to its last (such as 2026-01-01 to 2026-03-31).',
        path: ['from'],
      });
    }
  });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

/** A taxable base and its tax. */
export interface TaxReportAmounts {
  net: Money;
  tax: Money;
}

/** Sales, refunds and credit notes, and what is left: sales minus refunds. */
export interface TaxReportFigures {
  sales: TaxReportAmounts;
  refunds: TaxReportAmounts;
  net: TaxReportAmounts;
}

/** One tax of a jurisdiction at one rate: GST 5% (levied by `CA`), QST 9.975% (`CA-QC`), a city's sales tax. */
export interface TaxReportComponent extends TaxReportFigures {
  /** `VAT`, `GST`, `HST`, `QST`, `PST`, `Sales tax`… */
  name: string;
  /** Who levies it: `CA`, `CA-QC`, `US-WA`, `US-WA-SEATTLE`, `DE`. */
  authority: string;
  rate_percent: number;
}

/** The sales of one combined rate in a jurisdiction (DE 19%; Seattle's 10.35% in US-WA). */
export interface TaxReportRate extends TaxReportFigures {
  rate_percent: number;
  sales_count: number;
  refunds_count: number;
}

/** A country, or a Canadian province or US state, in one currency. */
export interface TaxReportJurisdiction extends TaxReportFigures {
  /** `DE`, `CA-QC`, `US-WA`; '' when the sale's country is unknown. */
  jurisdiction: string;
  country: string;
  region: string | null;
  /** "Canada, Quebec". */
  name: string;
  currency: string;
  sales_count: number;
  refunds_count: number;
  rates: TaxReportRate[];
  components: TaxReportComponent[];
}

/** A business sale (or its refund) reverse-charged at 0%: the buyer accounts for the tax. */
export interface TaxReportReverseChargeEntry {
  kind: 'sale' | 'refund';
  /** `subscription_credit`: a plan charge refunded or credited by staff. */
  source: 'order' | 'subscription_charge' | 'refund' | 'subscription_credit';
  source_id: number;
  /** The invoice or credit note (null while it is not issued yet). */
  document_number: string | null;
  date: string;
  country: string;
  buyer_tax_number: string | null;
  /** Positive for a sale and for a refund alike (what is given back). */
  net: Money;
  note: string;
}

/** Everything of one currency: every invoice and credit note of the period, reverse charges included. */
export interface TaxReportTotals extends TaxReportFigures {
  currency: string;
  /** Invoices (course orders and plan charges) and credit notes of the period. */
  invoices: number;
  credit_notes: number;
  /** Gross (net + tax) of the invoices, of the credit notes and their difference. */
  invoiced: Money;
  credited: Money;
  balance: Money;
}

export interface TaxReport {
  from: string;
  to: string;
  generated_at: string;
  jurisdictions: TaxReportJurisdiction[];
  reverse_charge: {
    entries: TaxReportReverseChargeEntry[];
    /** Per country and currency. */
    totals: { country: string; currency: string; sales: Money; refunds: Money; net: Money; count: number }[];
  };
  totals: TaxReportTotals[];
}

// ---------------------------------------------------------------------------------------------
// Exports

export const ADMIN_EXPORT_KINDS = [
  'orders',
  'invoices',
  'credit-notes',
  'subscriptions',
  'customers',
] as const;
export type AdminExportKind = (typeof ADMIN_EXPORT_KINDS)[number];

export const ADMIN_EXPORT_KIND_LABELS: Record<AdminExportKind, string> = {
  orders: 'Orders',
  invoices: 'Invoices',
  'credit-notes': 'Credit notes',
  subscriptions: 'Subscriptions',
  customers: 'Customers',
};

/** What each export's date range applies to. */
export const ADMIN_EXPORT_KIND_DATES: Record<AdminExportKind, string> = {
  orders: 'placed',
  invoices: 'issued',
  'credit-notes': 'issued',
  subscriptions: 'started',
  customers: 'signed up',
};

/** Exports of more rows than this are written by a job and mailed as a link (the server's default). */
export const ADMIN_EXPORT_MAIL_THRESHOLD_ROWS = 50_000;
/** How long a mailed export's link works. */
export const ADMIN_EXPORT_LINK_DAYS = 7;
/** The longest range one export covers (ten years). */
export const ADMIN_EXPORT_MAX_DAYS = 3_660;

export const ADMIN_EXPORT_DELIVERIES = ['auto', 'mail'] as const;

export const adminExportParamsSchema = z.object({
  kind: z
    .string({ error: `kind must be one of ${ADMIN_EXPORT_KINDS.join(', ')}.` })
    .max(40)
    .transform((kind) =>
      kind
        .replace(/\.csv$/i, '')
        .replace(/_/g, '-')
        .toLowerCase(),
    )
    .pipe(z.enum(ADMIN_EXPORT_KINDS, { error: `kind must be one of ${ADMIN_EXPORT_KINDS.join(', ')}.` })),
});

/**
 * `GET /api-2.0/admin/exports/{kind}/?from=&to=&delivery=`: `auto` streams the file unless it
 * has more rows than the threshold (then it is mailed); `mail` always mails it.
 */
export const adminExportQuerySchema = z
  .object({
    from: calendarDateSchema('from'),
    to: calendarDateSchema('to'),
    delivery: z
      .enum(ADMIN_EXPORT_DELIVERIES, {
        error: `delivery must be one of ${ADMIN_EXPORT_DELIVERIES.join(', ')}.`,
      })
      .default('auto'),
  })
  .superRefine(periodRefinements(ADMIN_EXPORT_MAX_DAYS));
export type AdminExportQuery = z.infer<typeof adminExportQuerySchema>;

/** The answer (202) when an export is written by a job and mailed. */
export interface AdminExportQueued {
  status: 'queued';
  id: string;
  kind: AdminExportKind;
  rows: number;
  /** Where the mail goes: the staff member's own address. */
  email: string;
  message: string;
}

export const adminExportFileParamsSchema = z.object({
  id: z
    .string({ error: 'id must be an export file id.' })
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'id must be an export file id.'),
});
