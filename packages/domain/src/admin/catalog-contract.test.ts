import { describe, expect, it } from 'vitest';
import {
  adminCourseInputSchema,
  adminCoursePriceInputSchema,
  adminCurriculumInputSchema,
  adminTierAmountsInputSchema,
  courseSlugOf,
  courseStatusFlags,
  courseStatusOf,
  curriculumMinutes,
  numberedSlug,
  priceAmountOf,
  priceAmountProblem,
  priceAmountText,
  publishingProblems,
  scheduledPriceProblem,
} from './catalog-contract.js';

describe('course status', () => {
  it('reads and writes the two stored flags', () => {
    expect(courseStatusOf({ isPublished: false, isUnlisted: false })).toBe('draft');
    expect(courseStatusOf({ isPublished: false, isUnlisted: true })).toBe('draft');
    expect(courseStatusOf({ isPublished: true, isUnlisted: false })).toBe('published');
    expect(courseStatusOf({ isPublished: true, isUnlisted: true })).toBe('unlisted');
    for (const status of ['draft', 'published', 'unlisted'] as const)
      expect(courseStatusOf(courseStatusFlags(status))).toBe(status);
  });
});

describe('publishingProblems', () => {
  it('asks for a title, a category and a price tier', () => {
    expect(publishingProblems({ title: 'Go', categoryId: 1, priceTierId: 2 })).toEqual({});
    expect(publishingProblems({ title: '  ', categoryId: null, priceTierId: null })).toEqual({
      title: ['Give the course a title before publishing it.'],
      category_id: ['Choose a category before publishing the course.'],
      price_tier_id: ['Choose a price tier before publishing the course.'],
    });
    expect(Object.keys(publishingProblems({ title: 'Go', categoryId: 1, priceTierId: null }))).toEqual([
      'price_tier_id',
    ]);
  });
});

describe('course slugs', () => {
  it('makes an address of a title', () => {
    expect(courseSlugOf('TypeScript from First Principles')).toBe('typescript-from-first-principles');
    expect(courseSlugOf('  Négociación: ¡Éxito! 2.0 ')).toBe('negociacion-exito-2-0');
    expect(courseSlugOf('日本語')).toBe('course');
    const long = courseSlugOf('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^word(-word)*$/);
    expect(numberedSlug('go', 1)).toBe('go');
    expect(numberedSlug('go', 3)).toBe('go-3');
  });
});

describe('price amounts', () => {
  it('refuses negative prices and decimals a currency does not have', () => {
    expect(priceAmountProblem('19.99', 'USD')).toBeNull();
    expect(priceAmountProblem('0', 'USD')).toBeNull();
    expect(priceAmountProblem('-1', 'USD')).toBe('A price cannot be negative.');
    expect(priceAmountProblem('2400', 'JPY')).toBeNull();
    expect(priceAmountProblem('2400.5', 'JPY')).toBe('JPY has no decimals: give a whole amount.');
    expect(priceAmountProblem('1.999', 'EUR')).toBe('EUR has 2 decimals at most.');
    expect(priceAmountProblem('abc', 'USD')).toBe('Give the amount as a number, such as 19.99.');
    expect(priceAmountProblem('', 'USD')).toBe('Give an amount.');
  });

  it('converts between typed text and minor units exactly', () => {
    expect(priceAmountOf('19.99', 'USD')).toBe(1999);
    expect(priceAmountOf('19.9', 'USD')).toBe(1990);
    expect(priceAmountOf('19,5', 'EUR')).toBe(1950);
    expect(priceAmountOf('2400', 'JPY')).toBe(2400);
    expect(priceAmountText(1999, 'USD')).toBe('19.99');
    expect(priceAmountText(5, 'USD')).toBe('0.05');
    expect(priceAmountText(2400, 'KRW')).toBe('2400');
  });

  it('checks a tier’s amounts per currency with field messages', () => {
    const result = adminTierAmountsInputSchema.safeParse({ amounts: { USD: '-3', JPY: '1.5', XXX: '1' } });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toEqual({
      'amounts.USD': 'A price cannot be negative.',
      'amounts.JPY': 'JPY has no decimals: give a whole amount.',
      'amounts.XXX': "XXX is not one of the marketplace's currencies.",
    });
  });
});

describe('course input', () => {
  it('fills a draft’s defaults from a title alone', () => {
    expect(adminCourseInputSchema.parse({ title: ' Go ' })).toEqual({
      title: 'Go',
      subtitle: '',
      description: '',
      what_you_learn: [],
      requirements: [],
      category_id: null,
      subcategory_id: null,
      level: 'ALL_LEVELS',
      locale: 'en_US',
      instructor_ids: [],
      price_tier_id: null,
    });
  });

  it('names each bad field', () => {
    const result = adminCourseInputSchema.safeParse({
      title: '',
      level: 'GURU',
      locale: 'english',
      instructor_ids: [3, 3],
      what_you_learn: ['ok', ' '],
    });
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['title', 'level', 'locale', 'instructor_ids', 'what_you_learn.1']),
    );
  });
});

describe('curriculum', () => {
  it('asks new lectures for their minutes and adds up a course’s length', () => {
    const result = adminCurriculumInputSchema.safeParse({
      sections: [{ title: 'Start', items: [{ title: 'Welcome' }, { id: 4, title: 'Quiz' }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'sections.0.items.0.duration_minutes',
    ]);
    expect(curriculumMinutes([300, 330, 60])).toBe(12);
    expect(curriculumMinutes([])).toBe(0);
  });
});

describe('scheduled prices', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('start in the future', () => {
    expect(scheduledPriceProblem(new Date('2026-06-02T00:00:00Z'), now)).toBeNull();
    expect(scheduledPriceProblem(now, now)).toMatch(/in the future/);
    expect(scheduledPriceProblem(new Date('2040-01-01T00:00:00Z'), now)).toMatch(/five years/);
    expect(
      adminCoursePriceInputSchema.safeParse({ price_tier_id: 2, effective_at: 'tomorrow' }).success,
    ).toBe(false);
  });
});
