import { z } from 'zod';
import { MAX_DATABASE_ID } from '../api/database-id.js';
import { INSTRUCTIONAL_LEVELS, type InstructionalLevel } from '../catalog/course-search.js';
import { CURRENCY_CODES, isCurrencyCode, minorUnitExponent, type CurrencyCode } from '../money/currencies.js';
import type { Money } from '../money/money.js';
import { adminFilter, adminListQuerySchema } from './admin-list.js';

/**
 * The back office's courses and prices (issue 32): the shapes `/api-2.0/admin/courses/` and
 * `/api-2.0/admin/price-tiers/` take and answer, the zod schemas both the server and the admin
 * pages check them with, and the rules of the catalog (publishing, slugs, price amounts).
 */

// ---------------------------------------------------------------------------------------------
// Status

/**
 * A course's status in the back office. `draft`: not published (only staff see it); `published`:
 * on the storefront, in lists and in search; `unlisted`: published but reachable by its address
 * only (kept out of lists, category pages, search and the sitemap).
 */
export const COURSE_STATUSES = ['draft', 'published', 'unlisted'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_STATUS_LABELS: Readonly<Record<CourseStatus, string>> = {
  draft: 'Draft',
  published: 'Published',
  unlisted: 'Unlisted',
};

/** The status the two stored flags mean. */
export function courseStatusOf(flags: { isPublished: boolean; isUnlisted: boolean }): CourseStatus {
  if (!flags.isPublished) return 'draft';
  return flags.isUnlisted ? 'unlisted' : 'published';
}

/** The stored flags of a status (a draft keeps `isUnlisted` false). */
export function courseStatusFlags(status: CourseStatus): { isPublished: boolean; isUnlisted: boolean } {
  return { isPublished: status !== 'draft', isUnlisted: status === 'unlisted' };
}

/** What a course must have before buyers can see it (published or unlisted). */
export interface PublishableCourse {
  title: string;
  categoryId: number | null;
  priceTierId: number | null;
}

export const PUBLISHING_MESSAGES = {
  title: 'Give the course a title before publishing it.',
  category: 'Choose a category before publishing the course.',
  priceTier: 'Choose a price tier before publishing the course.',
} as const;

/**
 * Why the course cannot be published yet, by field (empty: it can be). The issue's rule: no
 * publishing without a title, a category and a price.
 */
export function publishingProblems(course: PublishableCourse): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (course.title.trim() === '') problems.title = [PUBLISHING_MESSAGES.title];
  if (course.categoryId === null) problems.category_id = [PUBLISHING_MESSAGES.category];
  if (course.priceTierId === null) problems.price_tier_id = [PUBLISHING_MESSAGES.priceTier];
  return problems;
}

/** The publishing checklist the course page shows: each requirement and whether it is met. */
export function publishingChecklist(course: PublishableCourse): { label: string; done: boolean }[] {
  return [
    { label: 'A title', done: course.title.trim() !== '' },
    { label: 'A category', done: course.categoryId !== null },
    { label: 'A price tier', done: course.priceTierId !== null },
  ];
}

// ---------------------------------------------------------------------------------------------
// Slugs

export const COURSE_SLUG_MAX_LENGTH = 120;
/** What the landing page's address may hold: lower-case words joined by single hyphens. */
export const COURSE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The address a title gives a course (`/course/<slug>/`): accents dropped, lower case, every
 * run of other characters one hyphen, at most 100 characters cut at a word. A title without a
 * Latin letter or digit gives `course`.
 */
export function courseSlugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words === '') return 'course';
  if (words.length <= 100) return words;
  const cut = words.slice(0, 101);
  const end = cut.lastIndexOf('-');
  return (end > 0 ? cut.slice(0, end) : cut.slice(0, 100)).replace(/-+$/, '');
}

/** The `n`th address tried for a slug that is taken: `slug`, `slug-2`, `slug-3`… */
export function numberedSlug(slug: string, n: number): string {
  return n <= 1 ? slug : `${slug}-${n}`;
}

// ---------------------------------------------------------------------------------------------
// Languages

/** A course's language, as the catalog stores it: `en_US`, `pt_BR`, `ja_JP`. */
export const COURSE_LOCALE_PATTERN = /^[a-z]{2}_[A-Z]{2}$/;

/** The languages the course form offers (any `ll_CC` is accepted). */
export const COURSE_LOCALES: readonly { value: string; label: string }[] = [
  { value: 'en_US', label: 'English (United States)' },
  { value: 'en_GB', label: 'English (United Kingdom)' },
  { value: 'es_ES', label: 'Spanish (Spain)' },
  { value: 'es_MX', label: 'Spanish (Mexico)' },
  { value: 'pt_BR', label: 'Portuguese (Brazil)' },
  { value: 'pt_PT', label: 'Portuguese (Portugal)' },
  { value: 'fr_FR', label: 'French' },
  { value: 'de_DE', label: 'German' },
  { value: 'it_IT', label: 'Italian' },
  { value: 'ja_JP', label: 'Japanese' },
  { value: 'ko_KR', label: 'Korean' },
  { value: 'zh_CN', label: 'Chinese (Simplified)' },
  { value: 'tr_TR', label: 'Turkish' },
  { value: 'pl_PL', label: 'Polish' },
];

export const INSTRUCTIONAL_LEVEL_LABELS: Readonly<Record<InstructionalLevel, string>> = {
  ALL_LEVELS: 'All levels',
  BEGINNER: 'Beginner',
  INTERMEDIATE: 'Intermediate',
  EXPERT: 'Expert',
};

// ---------------------------------------------------------------------------------------------
// Course input

const id = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_DATABASE_ID, message);

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, `${field} is at most ${max} characters.`);

const bulletList = (field: string) =>
  z
    .array(text(field, 200).min(1, `Each entry of ${field.toLowerCase()} needs some text (or remove it).`), {
      error: `${field} must be a list.`,
    })
    .max(20, `${field} has at most 20 entries.`);

export const COURSE_TITLE_MAX_LENGTH = 200;

/**
 * The course form (`POST /api-2.0/admin/courses/` and `PUT /api-2.0/admin/courses/:id/`): every
 * field of the course's page. A draft may leave its category and price tier empty; publishing
 * asks for them (`publishingProblems`).
 */
export const adminCourseInputSchema = z.object({
  title: text('Title', COURSE_TITLE_MAX_LENGTH).min(1, 'Give the course a title.'),
  /** The landing page's headline. */
  subtitle: text('Subtitle', 300).default(''),
  description: text('Description', 20_000).default(''),
  what_you_learn: bulletList('What you’ll learn').default([]),
  requirements: bulletList('Requirements').default([]),
  category_id: id('Choose a category.').nullable().default(null),
  subcategory_id: id('Choose a subcategory.').nullable().default(null),
  level: z.enum(INSTRUCTIONAL_LEVELS, { error: 'Choose a level.' }).default('ALL_LEVELS'),
  locale: z
    .string({ error: 'Choose a language.' })
    .regex(COURSE_LOCALE_PATTERN, 'Choose a language (such as en_US).')
    .default('en_US'),
  instructor_ids: z
    .array(id('Choose an instructor from the list.'), { error: 'Instructors must be a list.' })
    .max(10, 'A course has at most 10 instructors.')
    .refine((ids) => new Set(ids).size === ids.length, 'An instructor is listed twice.')
    .default([]),
  price_tier_id: id('Choose a price tier.').nullable().default(null),
});
export type AdminCourseInput = z.output<typeof adminCourseInputSchema>;
export type AdminCourseFormInput = z.input<typeof adminCourseInputSchema>;

export const adminCourseStatusInputSchema = z.object({
  status: z.enum(COURSE_STATUSES, { error: 'status must be draft, published or unlisted.' }),
});

export const adminInstructorInputSchema = z.object({
  display_name: text('Name', 120).min(1, 'Give the instructor a name.'),
  job_title: text('Job title', 200).default(''),
});
export type AdminInstructorInput = z.output<typeof adminInstructorInputSchema>;

// ---------------------------------------------------------------------------------------------
// Curriculum

export const CURRICULUM_MAX_SECTIONS = 100;
export const CURRICULUM_MAX_ITEMS = 500;
/** The longest lecture, in minutes (a day). */
export const LECTURE_MAX_MINUTES = 1440;

const minutes = z
  .number({ error: 'Give the lecture’s length in whole minutes.' })
  .int('Give the lecture’s length in whole minutes.')
  .min(1, 'A lecture lasts at least 1 minute.')
  .max(LECTURE_MAX_MINUTES, `A lecture lasts at most ${LECTURE_MAX_MINUTES} minutes.`);

/**
 * `PUT /api-2.0/admin/courses/:id/curriculum/`: the whole curriculum in order. An entry with an
 * `id` keeps that section or item (and what learners completed of it); one without is new
 * (a new item is a lecture and needs its minutes); whatever is left out is removed.
 */
export const adminCurriculumInputSchema = z
  .object({
    sections: z
      .array(
        z.object({
          id: id('Not a section of this course.').optional(),
          title: text('Section title', 200).min(1, 'Give the section a title.'),
          items: z
            .array(
              z.object({
                id: id('Not a lecture of this course.').optional(),
                title: text('Lecture title', 200).min(1, 'Give the lecture a title.'),
                duration_minutes: minutes.nullable().optional(),
              }),
            )
            .max(CURRICULUM_MAX_ITEMS, `A section has at most ${CURRICULUM_MAX_ITEMS} lectures.`),
        }),
      )
      .max(CURRICULUM_MAX_SECTIONS, `A course has at most ${CURRICULUM_MAX_SECTIONS} sections.`),
  })
  .superRefine((input, context) => {
    const total = input.sections.reduce((sum, section) => sum + section.items.length, 0);
    if (total > CURRICULUM_MAX_ITEMS) {
      context.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `A course has at most ${CURRICULUM_MAX_ITEMS} lectures.`,
      });
    }
    input.sections.forEach((section, s) =>
      section.items.forEach((item, i) => {
        if (item.id === undefined && (item.duration_minutes ?? null) === null) {
          context.addIssue({
            code: 'custom',
            path: ['sections', s, 'items', i, 'duration_minutes'],
            message: 'Give the lecture’s length in minutes.',
          });
        }
      }),
    );
  });
export type AdminCurriculumInput = z.output<typeof adminCurriculumInputSchema>;

/** A course's length as the catalog shows it: its lectures' minutes, added up. */
export function curriculumMinutes(lectureSeconds: readonly number[]): number {
  return Math.round(lectureSeconds.reduce((sum, seconds) => sum + seconds, 0) / 60);
}

// ---------------------------------------------------------------------------------------------
// Price amounts

/**
 * Why a price typed in major units ("19.99", "2400") cannot be a price in `currency`; null when
 * it can. No negative prices, no more decimals than the currency has (none in JPY, KRW, CLP and
 * VND), digits only.
 */
export function priceAmountProblem(input: string, currency: CurrencyCode): string | null {
  const value = input.trim();
  if (value === '') return 'Give an amount.';
  if (/^-/.test(value)) return 'A price cannot be negative.';
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(value);
  if (!match) return 'Give the amount as a number, such as 19.99.';
  const decimals = match[2]?.length ?? 0;
  const exponent = minorUnitExponent(currency);
  if (decimals > exponent) {
    return exponent === 0
      ? `${currency} has no decimals: give a whole amount.`
      : `${currency} has ${exponent} decimals at most.`;
  }
  return null;
}

/** A price typed in major units, in minor units (call `priceAmountProblem` first). */
export function priceAmountOf(input: string, currency: CurrencyCode): number {
  const [whole = '0', fraction = ''] = input.trim().replace(',', '.').split('.');
  const exponent = minorUnitExponent(currency);
  return Number(whole + fraction.padEnd(exponent, '0'));
}

/** Minor units as the text a price field shows ("19.99", "2400"). */
export function priceAmountText(amount: number, currency: CurrencyCode): string {
  const exponent = minorUnitExponent(currency);
  if (exponent === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** `PUT /api-2.0/admin/price-tiers/:id/`: a tier's amount in each currency it changes, in major units. */
export const adminTierAmountsInputSchema = z
  .object({
    amounts: z.record(z.string(), z.string({ error: 'Give the amount as text, such as "19.99".' })),
  })
  .superRefine((input, context) => {
    const entries = Object.entries(input.amounts);
    if (entries.length === 0) {
      context.addIssue({ code: 'custom', path: ['amounts'], message: 'Give at least one amount.' });
    }
    for (const [currency, amount] of entries) {
      if (!isCurrencyCode(currency)) {
        context.addIssue({
          code: 'custom',
          path: ['amounts', currency],
          message: `${currency} is not one of the marketplace's currencies.`,
        });
        continue;
      }
      const problem = priceAmountProblem(amount, currency);
      if (problem) context.addIssue({ code: 'custom', path: ['amounts', currency], message: problem });
    }
  });

// ---------------------------------------------------------------------------------------------
// Course prices

/**
 * `PUT /api-2.0/admin/courses/:id/price/`: the course's tier, now or from `effective_at` (a
 * future moment, ISO 8601 with its offset): a scheduled change applied by a job when it is due.
 */
export const adminCoursePriceInputSchema = z.object({
  price_tier_id: id('Choose a price tier.'),
  effective_at: z.iso
    .datetime({ offset: true, error: 'Give the date and time the price starts, or leave it empty.' })
    .nullable()
    .optional(),
});

/** Why a scheduled price cannot start at `effectiveAt`; null when it can. */
export function scheduledPriceProblem(effectiveAt: Date, now: Date): string | null {
  if (Number.isNaN(effectiveAt.getTime())) return 'Give a date and time.';
  if (effectiveAt.getTime() <= now.getTime()) {
    return 'A scheduled price starts in the future; leave the date empty to change the price now.';
  }
  if (effectiveAt.getTime() - now.getTime() > 5 * 366 * 86_400_000) {
    return 'A scheduled price starts within five years.';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answers

export interface AdminMoney {
  /** Minor units. */
  amount: number;
  currency: CurrencyCode;
}

export const toAdminMoney = (value: Money): AdminMoney => ({
  amount: value.amount,
  currency: value.currency,
});

/** A row of `GET /api-2.0/admin/courses/`. */
export interface AdminCourseRow {
  id: number;
  title: string;
  slug: string;
  status: CourseStatus;
  is_private: boolean;
  category: { id: number; title: string } | null;
  subcategory: { id: number; title: string } | null;
  locale: string;
  level: InstructionalLevel;
  price_tier: { id: number; name: string; usd: AdminMoney | null } | null;
  /** The storefront's address of the course (a draft's answers 404 to everyone but staff's preview). */
  url: string;
  image_url: string;
  num_subscribers: number;
  created_at: string;
  updated_at: string;
}

export const ADMIN_COURSE_SORTS = ['title', 'created', 'updated', 'price'] as const;

const filterId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_DATABASE_ID, message);

/**
 * `GET /api-2.0/admin/courses/`: `q` (title or address), filters `category` (a category or
 * subcategory id), `status`, `price_tier` and `language` (a locale such as en_US), `sort` by
 * title, created, updated or price (USD); newest change first by default.
 */
export const adminCoursesQuerySchema = adminListQuerySchema(
  ADMIN_COURSE_SORTS,
  {
    category: adminFilter(filterId('category must be a category id.')),
    status: adminFilter(z.enum(COURSE_STATUSES, { error: 'status must be draft, published or unlisted.' })),
    price_tier: adminFilter(filterId('price_tier must be a price tier id.')),
    language: adminFilter(
      z.string().regex(COURSE_LOCALE_PATTERN, 'language must be a locale such as en_US.'),
    ),
  },
  '-updated',
);

export interface AdminScheduledPrice {
  id: number;
  price_tier: { id: number; name: string };
  effective_at: string;
  created_at: string;
  /** `pending` until due, then `applied`; `cancelled` when staff cancelled it first. */
  state: 'pending' | 'applied' | 'cancelled';
  applied_at: string | null;
  cancelled_at: string | null;
}

export interface AdminCurriculumItem {
  id: number;
  /** LECTURE, or an assessment kept as it is (QUIZ, PRACTICE_TEST, CODING_EXERCISE, ASSIGNMENT). */
  type: string;
  title: string;
  duration_minutes: number | null;
}

export interface AdminCurriculumSection {
  id: number;
  title: string;
  items: AdminCurriculumItem[];
}

/** `GET /api-2.0/admin/courses/:id/`. */
export interface AdminCourseDetail extends AdminCourseRow {
  subtitle: string;
  description: string;
  what_you_learn: string[];
  requirements: string[];
  instructors: AdminInstructor[];
  estimated_content_length: number;
  published_at: string | null;
  cover: { uploaded: boolean; version: string | null; width: number | null; height: number | null };
  curriculum: AdminCurriculumSection[];
  scheduled_prices: AdminScheduledPrice[];
  /** What is missing before the course may be published (empty: nothing). */
  publishing_problems: Record<string, string[]>;
}

export interface AdminInstructor {
  id: number;
  display_name: string;
  job_title: string;
}

/** `GET /api-2.0/admin/courses/:id/preview/`: the landing page as buyers would see it. */
export interface AdminCoursePreview {
  id: number;
  status: CourseStatus;
  title: string;
  headline: string;
  description: string;
  what_you_learn: string[];
  requirements: string[];
  url: string;
  image_url: string;
  category: string | null;
  subcategory: string | null;
  locale: string;
  level: InstructionalLevel;
  instructors: string[];
  estimated_content_length: number;
  price: AdminMoney | null;
  curriculum: AdminCurriculumSection[];
}

/** One tier of `GET /api-2.0/admin/price-tiers/`. */
export interface AdminPriceTier {
  id: number;
  name: string;
  /** Each currency's amount, in minor units (a currency without one cannot sell the tier). */
  amounts: Partial<Record<CurrencyCode, number>>;
  course_count: number;
}

export interface AdminPriceTiersResponse {
  results: AdminPriceTier[];
  /** The currencies in order, each with its minor unit and the countries that pay in it (platform §3). */
  currencies: { currency: CurrencyCode; decimals: number; countries: string[] }[];
}

/** `GET /api-2.0/admin/courses/:id/price-preview/?country=`: what a buyer there pays. */
export interface AdminPricePreview {
  country: string;
  currency: CurrencyCode;
  price_tier: { id: number; name: string };
  list_price: AdminMoney;
  tax: {
    rate_percent: number;
    mode: 'tax_inclusive' | 'tax_exclusive';
    amount: AdminMoney;
    jurisdiction: string | null;
  } | null;
  /** Why no tax could be computed (a US ZIP code or a province is needed, the tax service is down). */
  tax_problem: string | null;
  total: AdminMoney;
}

/** Every currency in the marketplace's order (the tier table's columns). */
export const ADMIN_TIER_CURRENCIES: readonly CurrencyCode[] = CURRENCY_CODES;
