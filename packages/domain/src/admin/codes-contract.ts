import { z } from 'zod';
import { MAX_DATABASE_ID } from '../api/database-id.js';
import { COUPON_CODE_PATTERN } from '../coupons/coupon-code.js';
import { isCurrencyCode, type CurrencyCode } from '../money/currencies.js';
import { adminFilter, adminListQuerySchema } from './admin-list.js';
import { priceAmountProblem, type AdminMoney } from './catalog-contract.js';

/**
 * The back office's discount codes (issue 32): what `/api-2.0/admin/codes/` takes and answers,
 * the schemas both sides check, and the rules of the bulk generator.
 */

export const CODE_KINDS = ['percentage', 'fixed_amount', 'target_price'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export const CODE_KIND_LABELS: Readonly<Record<CodeKind, string>> = {
  percentage: 'Percent off',
  fixed_amount: 'Amount off',
  target_price: 'Tier price',
};

export const CODE_SCOPES = ['all', 'courses', 'category'] as const;
export type CodeScope = (typeof CODE_SCOPES)[number];
export const CODE_SCOPE_LABELS: Readonly<Record<CodeScope, string>> = {
  all: 'All courses',
  courses: 'Some courses',
  category: 'A category',
};

/**
 * Where a code stands now: `scheduled` before its start, `expired` after its end, `used_up` once
 * its uses reach its limit, `deactivated` once staff stopped it (whatever else holds), else `active`.
 */
export const CODE_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'deactivated'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];
export const CODE_STATUS_LABELS: Readonly<Record<CodeStatus, string>> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  deactivated: 'Deactivated',
};

export function codeStatusOf(
  code: {
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    uses: number;
    deactivatedAt: Date | null;
  },
  now: Date,
): CodeStatus {
  if (code.deactivatedAt !== null) return 'deactivated';
  if (code.endsAt !== null && now >= code.endsAt) return 'expired';
  if (code.usageLimit !== null && code.uses >= code.usageLimit) return 'used_up';
  if (code.startsAt !== null && now < code.startsAt) return 'scheduled';
  return 'active';
}

/** Most codes the bulk generator makes at once. */
export const BULK_CODES_MAX = 5000;
/** Characters of a generated code: upper-case letters and digits without look-alikes (0 O, 1 I L). */
export const BULK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Random characters after the prefix: 31^10, about 8·10^14 codes per prefix. */
export const BULK_CODE_RANDOM_LENGTH = 10;
export const CODE_PREFIX_PATTERN = /^[A-Za-z0-9._-]{0,40}$/;

/**
 * One generated code: the prefix (upper-cased, joined with a hyphen when it does not end in a
 * separator) then `BULK_CODE_RANDOM_LENGTH` characters of `BULK_CODE_ALPHABET`, drawn from
 * `nextByte` (a cryptographic source: 0–255 each call) without bias (bytes past the largest
 * multiple of the alphabet's length are drawn again).
 */
export function bulkCode(prefix: string, nextByte: () => number): string {
  const size = BULK_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let random = '';
  while (random.length < BULK_CODE_RANDOM_LENGTH) {
    const byte = nextByte();
    if (byte < limit) random += BULK_CODE_ALPHABET[byte % size];
  }
  const head = prefix.trim().toUpperCase();
  if (head === '') return random;
  return /[-._]$/.test(head) ? `${head}${random}` : `${head}-${random}`;
}

/** The CSV of a campaign's codes (RFC 4180: CRLF, quoted where needed). */
export function codesCsv(
  rows: readonly { code: string; status: CodeStatus; uses: number; usage_limit: number | null }[],
): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [
    'code,status,uses,usage_limit',
    ...rows.map((row) =>
      [row.code, row.status, String(row.uses), row.usage_limit === null ? '' : String(row.usage_limit)]
        .map(quote)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Input

const id = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_DATABASE_ID, message);

const limit = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(10_000_000, message);

const moment = (message: string) => z.iso.datetime({ offset: true, error: message }).nullable().default(null);

/** The discount, scope, dates and limits a code (or a bulk campaign's every code) has. */
const codeTermsShape = {
  description: z
    .string({ error: 'Description must be text.' })
    .trim()
    .max(500, 'Description is at most 500 characters.')
    .default(''),
  is_public: z.boolean({ error: 'is_public must be true or false.' }).default(false),
  kind: z.enum(CODE_KINDS, { error: 'Choose what the code takes off.' }),
  /** `percentage`: the percent off, 0.01 to 100 (two decimals at most). */
  percent: z
    .number({ error: 'Give the percent off as a number.' })
    .min(0.01, 'The percent off is between 0.01 and 100.')
    .max(100, 'The percent off is between 0.01 and 100.')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Two decimals at most.')
    .nullable()
    .default(null),
  /** `fixed_amount`: the amount off in major units of `currency` ("5", "4.99"). */
  amount: z
    .string({ error: 'Give the amount off as text, such as "5.00".' })
    .trim()
    .max(20)
    .nullable()
    .default(null),
  currency: z
    .string({ error: 'Choose a currency.' })
    .refine(isCurrencyCode, 'Choose one of the marketplace’s currencies.')
    .nullable()
    .default(null),
  /** `target_price`: the price tier whose amount becomes the price. */
  target_price_tier_id: id('Choose a price tier.').nullable().default(null),
  scope: z.enum(CODE_SCOPES, { error: 'Choose which courses the code applies to.' }).default('all'),
  course_ids: z
    .array(id('Choose courses from the list.'), { error: 'Courses must be a list.' })
    .max(500, 'A code names at most 500 courses.')
    .default([]),
  category_id: id('Choose a category.').nullable().default(null),
  starts_at: moment('Give the start as a date and time, or leave it empty.'),
  ends_at: moment('Give the end as a date and time, or leave it empty.'),
  usage_limit: limit('The usage limit is a whole number of at least 1, or empty.').nullable().default(null),
  per_buyer_limit: limit('The limit per buyer is a whole number of at least 1, or empty.')
    .nullable()
    .default(null),
};

type Terms = z.output<z.ZodObject<typeof codeTermsShape>>;

/** The rules between fields: each kind's own field, the scope's target, dates in order. */
function checkTerms(terms: Terms, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (terms.kind === 'percentage' && terms.percent === null) issue('percent', 'Give the percent off.');
  if (terms.kind === 'fixed_amount') {
    if (terms.currency === null) issue('currency', 'Choose the currency of the amount off.');
    if (terms.amount === null) issue('amount', 'Give the amount off.');
    else if (terms.currency !== null) {
      const problem = priceAmountProblem(terms.amount, terms.currency as CurrencyCode);
      if (problem) issue('amount', problem);
      else if (/^[0.,]+$/.test(terms.amount)) issue('amount', 'The amount off is more than 0.');
    }
  }
  if (terms.kind === 'target_price' && terms.target_price_tier_id === null)
    issue('target_price_tier_id', 'Choose the price tier buyers pay with the code.');
  if (terms.scope === 'courses' && terms.course_ids.length === 0)
    issue('course_ids', 'Choose at least one course.');
  if (terms.scope === 'category' && terms.category_id === null) issue('category_id', 'Choose a category.');
  if (terms.starts_at && terms.ends_at && new Date(terms.ends_at) <= new Date(terms.starts_at))
    issue('ends_at', 'The end comes after the start.');
}

/** `POST /api-2.0/admin/codes/`: one code. A one-use code is `usage_limit: 1`. */
export const adminCodeInputSchema = z
  .object({
    code: z
      .string({ error: 'Give the code.' })
      .trim()
      .regex(COUPON_CODE_PATTERN, 'A code has 4 to 255 letters, digits, dots, underscores or hyphens.'),
    campaign: z.string().trim().max(80, 'A campaign name is at most 80 characters.').nullable().default(null),
    ...codeTermsShape,
  })
  .superRefine(checkTerms);
export type AdminCodeInput = z.output<typeof adminCodeInputSchema>;
export type AdminCodeFormInput = z.input<typeof adminCodeInputSchema>;

/** `POST /api-2.0/admin/codes/bulk/`: `count` unique codes of one campaign with the same terms. */
export const adminBulkCodesInputSchema = z
  .object({
    campaign: z
      .string({ error: 'Give the campaign a name.' })
      .trim()
      .min(1, 'Give the campaign a name.')
      .max(80, 'A campaign name is at most 80 characters.'),
    count: z
      .number({ error: 'Give how many codes to make.' })
      .int('Give a whole number of codes.')
      .min(1, `Make between 1 and ${BULK_CODES_MAX} codes.`)
      .max(BULK_CODES_MAX, `Make between 1 and ${BULK_CODES_MAX} codes.`),
    prefix: z
      .string({ error: 'The prefix must be text.' })
      .trim()
      .regex(CODE_PREFIX_PATTERN, 'A prefix has at most 40 letters, digits, dots, underscores or hyphens.')
      .default(''),
    ...codeTermsShape,
  })
  .superRefine(checkTerms);
export type AdminBulkCodesInput = z.output<typeof adminBulkCodesInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A row of `GET /api-2.0/admin/codes/`. */
export interface AdminCodeRow {
  id: number;
  code: string;
  description: string;
  is_public: boolean;
  kind: CodeKind;
  percent: number | null;
  amount: AdminMoney | null;
  target_price_tier: { id: number; name: string } | null;
  scope: CodeScope;
  category: { id: number; title: string } | null;
  course_count: number;
  campaign: string | null;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_buyer_limit: number | null;
  /** Uses paid for. */
  uses: number;
  /** Checkouts holding a use now (they count against the limit until they end). */
  reserved: number;
  status: CodeStatus;
  deactivated_at: string | null;
  created_at: string;
}

export const ADMIN_CODE_SORTS = ['code', 'created', 'ends', 'uses'] as const;

/**
 * `GET /api-2.0/admin/codes/`: `q` (code, description or campaign), filters `status`, `campaign`
 * and `kind`, `sort` by code, created, ends or uses; newest first by default.
 */
export const adminCodesQuerySchema = adminListQuerySchema(
  ADMIN_CODE_SORTS,
  {
    status: adminFilter(
      z.enum(CODE_STATUSES, { error: `status must be one of ${CODE_STATUSES.join(', ')}.` }),
    ),
    campaign: adminFilter(z.string().trim().max(80, 'campaign is at most 80 characters.')),
    kind: adminFilter(z.enum(CODE_KINDS, { error: `kind must be one of ${CODE_KINDS.join(', ')}.` })),
  },
  '-created',
);

/** One use of a code (`GET /api-2.0/admin/codes/:id/`): a checkout's reservation and, once paid, its order. */
export interface AdminCodeUse {
  id: number;
  status: 'reserved' | 'consumed' | 'released';
  buyer: { id: number; email: string } | null;
  created_at: string;
  settled_at: string | null;
  order: { id: number; total: AdminMoney; created_at: string } | null;
}

export interface AdminCodeDetail extends AdminCodeRow {
  courses: { id: number; title: string }[];
  created_by: { id: number; email: string } | null;
  usage: { count: number; results: AdminCodeUse[] };
}

/** `GET /api-2.0/admin/codes/campaigns/`. */
export interface AdminCampaign {
  campaign: string;
  codes: number;
  uses: number;
  created_at: string;
}

/** `POST /api-2.0/admin/codes/bulk/`. */
export interface AdminBulkCodesResult {
  campaign: string;
  created: number;
  /** The first few codes (the CSV has them all). */
  sample: string[];
  /** Where the CSV of the campaign's codes downloads from (relative to /api-2.0). */
  export_path: string;
}
