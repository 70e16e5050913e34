import { describe, expect, it } from 'vitest';
import { isWellFormedCouponCode } from '../coupons/coupon-code.js';
import {
  BULK_CODE_ALPHABET,
  BULK_CODE_RANDOM_LENGTH,
  adminBulkCodesInputSchema,
  adminCodeInputSchema,
  bulkCode,
  codeStatusOf,
  codesCsv,
} from './codes-contract.js';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('code input', () => {
  it('takes a percent code with its defaults', () => {
    expect(adminCodeInputSchema.parse({ code: 'spring-10', kind: 'percentage', percent: 10 })).toMatchObject({
      code: 'spring-10',
      scope: 'all',
      usage_limit: null,
      per_buyer_limit: null,
      starts_at: null,
    });
  });

  it('asks each kind and scope for its own field', () => {
    expect(fieldsOf(adminCodeInputSchema.safeParse({ code: 'ABCD', kind: 'percentage' }))).toEqual({
      percent: 'Give the percent off.',
    });
    expect(
      fieldsOf(
        adminCodeInputSchema.safeParse({ code: 'ABCD', kind: 'fixed_amount', amount: '5', scope: 'courses' }),
      ),
    ).toEqual({
      currency: 'Choose the currency of the amount off.',
      course_ids: 'Choose at least one course.',
    });
    expect(
      fieldsOf(adminCodeInputSchema.safeParse({ code: 'ABCD', kind: 'target_price', scope: 'category' })),
    ).toEqual({
      target_price_tier_id: 'Choose the price tier buyers pay with the code.',
      category_id: 'Choose a category.',
    });
  });

  it('refuses negative amounts, decimals a currency lacks and dates out of order', () => {
    expect(
      fieldsOf(
        adminCodeInputSchema.safeParse({ code: 'ABCD', kind: 'fixed_amount', amount: '-5', currency: 'USD' }),
      ),
    ).toEqual({ amount: 'A price cannot be negative.' });
    expect(
      fieldsOf(
        adminCodeInputSchema.safeParse({
          code: 'ABCD',
          kind: 'fixed_amount',
          amount: '500.5',
          currency: 'JPY',
        }),
      ),
    ).toEqual({ amount: 'JPY has no decimals: give a whole amount.' });
    expect(
      fieldsOf(
        adminCodeInputSchema.safeParse({ code: 'ABCD', kind: 'fixed_amount', amount: '0', currency: 'USD' }),
      ),
    ).toEqual({ amount: 'The amount off is more than 0.' });
    expect(
      fieldsOf(
        adminCodeInputSchema.safeParse({
          code: 'ABCD',
          kind: 'percentage',
          percent: 150,
          starts_at: '2026-06-02T00:00:00Z',
          ends_at: '2026-06-01T00:00:00Z',
          usage_limit: 0,
        }),
      ),
    ).toEqual({
      percent: 'The percent off is between 0.01 and 100.',
      ends_at: 'The end comes after the start.',
      usage_limit: 'The usage limit is a whole number of at least 1, or empty.',
    });
  });

  it('bounds the bulk generator', () => {
    const base = { campaign: 'Spring', kind: 'percentage', percent: 10 };
    expect(adminBulkCodesInputSchema.safeParse({ ...base, count: 5000 }).success).toBe(true);
    expect(
      fieldsOf(adminBulkCodesInputSchema.safeParse({ ...base, count: 5001, prefix: 'no spaces' })),
    ).toEqual({
      count: 'Make between 1 and 5000 codes.',
      prefix: 'A prefix has at most 40 letters, digits, dots, underscores or hyphens.',
    });
  });
});

describe('bulkCode', () => {
  it('draws unambiguous upper-case characters after the prefix', () => {
    let next = 0;
    const code = bulkCode('spring', () => next++ % 256);
    expect(code).toMatch(new RegExp(`^SPRING-[${BULK_CODE_ALPHABET}]{${BULK_CODE_RANDOM_LENGTH}}$`));
    expect(code.slice('SPRING-'.length)).not.toMatch(/[01ILO]/);
    expect(isWellFormedCouponCode(code)).toBe(true);
    expect(bulkCode('', () => 0)).toBe('A'.repeat(BULK_CODE_RANDOM_LENGTH));
    expect(bulkCode('VIP_', () => 1)).toBe(`VIP_${'B'.repeat(BULK_CODE_RANDOM_LENGTH)}`);
  });

  it('draws again rather than favour the first characters', () => {
    const bytes = [255, 250, 248, 0];
    let index = 0;
    const code = bulkCode('', () => bytes[index++ % bytes.length]!);
    // 255, 250 and 248 are past 31 × 8 = 248: only the zeros count.
    expect(code).toBe('A'.repeat(BULK_CODE_RANDOM_LENGTH));
  });
});

describe('codeStatusOf', () => {
  const base = { startsAt: null, endsAt: null, usageLimit: null, uses: 0, deactivatedAt: null };
  const now = new Date('2026-06-01T00:00:00Z');
  it('names where a code stands', () => {
    expect(codeStatusOf(base, now)).toBe('active');
    expect(codeStatusOf({ ...base, startsAt: new Date('2026-07-01') }, now)).toBe('scheduled');
    expect(codeStatusOf({ ...base, endsAt: new Date('2026-05-01') }, now)).toBe('expired');
    expect(codeStatusOf({ ...base, usageLimit: 1, uses: 1 }, now)).toBe('used_up');
    expect(codeStatusOf({ ...base, usageLimit: 1, uses: 1, deactivatedAt: now }, now)).toBe('deactivated');
  });
});

describe('codesCsv', () => {
  it('writes RFC 4180 lines', () => {
    expect(
      codesCsv([
        { code: 'A-1', status: 'active', uses: 0, usage_limit: 1 },
        { code: 'B,"2"', status: 'used_up', uses: 3, usage_limit: null },
      ]),
    ).toBe('code,status,uses,usage_limit\r\nA-1,active,0,1\r\n"B,""2""",used_up,3,\r\n');
  });
});
