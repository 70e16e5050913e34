import {
  adminBulkCodesInputSchema,
  adminCodeInputSchema,
  type AdminBulkCodesInput,
  type AdminCodeInput,
  type CodeKind,
  type CodeScope,
} from '@lectern/domain';
import { z } from 'zod';

/**
 * The code forms' own values (one code, or a campaign of generated ones): what staff type, as
 * text, turned into the API's input and checked by the domain's schema.
 */
export interface CodeFormValues {
  /** One code: the code itself. */
  code: string;
  /** A campaign: its name, how many codes, their prefix. */
  campaign: string;
  count: string;
  prefix: string;
  description: string;
  is_public: boolean;
  kind: CodeKind;
  percent: string;
  amount: string;
  currency: string;
  target_price_tier_id: string;
  scope: CodeScope;
  course_ids: string[];
  category_id: string;
  /** `datetime-local` text in the viewer's time zone. */
  starts_at: string;
  ends_at: string;
  one_use: boolean;
  usage_limit: string;
  per_buyer_limit: string;
}

export const NEW_CODE: CodeFormValues = {
  code: '',
  campaign: '',
  count: '100',
  prefix: '',
  description: '',
  is_public: false,
  kind: 'percentage',
  percent: '',
  amount: '',
  currency: 'USD',
  target_price_tier_id: '',
  scope: 'all',
  course_ids: [],
  category_id: '',
  starts_at: '',
  ends_at: '',
  one_use: false,
  usage_limit: '',
  per_buyer_limit: '',
};

const momentOf = (local: string) => {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};
/** A number typed, or the text itself when it is not one (the schema then names the field). */
const numberOf = (text: string): number | null | string => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
};

function termsOf(values: CodeFormValues) {
  return {
    description: values.description,
    is_public: values.is_public,
    kind: values.kind,
    percent: values.kind === 'percentage' ? numberOf(values.percent) : null,
    amount: values.kind === 'fixed_amount' ? values.amount.trim() || null : null,
    currency: values.kind === 'fixed_amount' ? values.currency || null : null,
    target_price_tier_id:
      values.kind === 'target_price' && values.target_price_tier_id
        ? Number(values.target_price_tier_id)
        : null,
    scope: values.scope,
    course_ids: values.scope === 'courses' ? values.course_ids.map(Number) : [],
    category_id: values.scope === 'category' && values.category_id ? Number(values.category_id) : null,
    starts_at: momentOf(values.starts_at),
    ends_at: momentOf(values.ends_at),
    usage_limit: values.one_use ? 1 : numberOf(values.usage_limit),
    per_buyer_limit: numberOf(values.per_buyer_limit),
  };
}

const formShape = z.object({
  code: z.string(),
  campaign: z.string(),
  count: z.string(),
  prefix: z.string(),
  description: z.string(),
  is_public: z.boolean(),
  kind: z.enum(['percentage', 'fixed_amount', 'target_price']),
  percent: z.string(),
  amount: z.string(),
  currency: z.string(),
  target_price_tier_id: z.string(),
  scope: z.enum(['all', 'courses', 'category']),
  course_ids: z.array(z.string()),
  category_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  one_use: z.boolean(),
  usage_limit: z.string(),
  per_buyer_limit: z.string(),
});

/** The form's field of a schema or server key (`course_ids.2` is the courses field). */
export const codeFieldOf = (key: string) => key.split('.')[0]!;

function reportInto(context: z.RefinementCtx, issues: readonly z.core.$ZodIssue[]) {
  for (const issue of issues) {
    context.addIssue({
      code: 'custom',
      path: [codeFieldOf(issue.path.map(String).join('.'))],
      message: issue.message,
    });
  }
}

/** One code's form, read into `POST /api-2.0/admin/codes/`. */
export const codeFormSchema = formShape.transform((values, context) => {
  const checked = adminCodeInputSchema.safeParse({ code: values.code, campaign: null, ...termsOf(values) });
  if (checked.success) return checked.data;
  reportInto(context, checked.error.issues);
  return z.NEVER;
}) satisfies z.ZodType<AdminCodeInput, CodeFormValues>;

/** A campaign's form, read into `POST /api-2.0/admin/codes/bulk/`. */
export const bulkCodesFormSchema = formShape.transform((values, context) => {
  const checked = adminBulkCodesInputSchema.safeParse({
    campaign: values.campaign,
    count: numberOf(values.count),
    prefix: values.prefix,
    ...termsOf(values),
  });
  if (checked.success) return checked.data;
  reportInto(context, checked.error.issues);
  return z.NEVER;
}) satisfies z.ZodType<AdminBulkCodesInput, CodeFormValues>;
