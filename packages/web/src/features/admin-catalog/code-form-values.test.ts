import { describe, expect, it } from 'vitest';
import { bulkCodesFormSchema, codeFormSchema, NEW_CODE } from './code-form-values';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the code forms', () => {
  it('read a one-use percent code for some courses', () => {
    expect(
      codeFormSchema.parse({
        ...NEW_CODE,
        code: 'spring-10',
        percent: '12,5',
        scope: 'courses',
        course_ids: ['4', '9'],
        one_use: true,
        usage_limit: '50',
        per_buyer_limit: '',
      }),
    ).toMatchObject({
      code: 'spring-10',
      kind: 'percentage',
      percent: 12.5,
      course_ids: [4, 9],
      usage_limit: 1,
      per_buyer_limit: null,
    });
  });

  it('name each field with its problem, with the domain’s messages', () => {
    expect(
      fieldsOf(
        codeFormSchema.safeParse({
          ...NEW_CODE,
          code: 'no',
          kind: 'fixed_amount',
          amount: '3.5',
          currency: 'JPY',
          usage_limit: '0',
        }),
      ),
    ).toEqual({
      code: 'A code has 4 to 255 letters, digits, dots, underscores or hyphens.',
      amount: 'JPY has no decimals: give a whole amount.',
      usage_limit: 'The usage limit is a whole number of at least 1, or empty.',
    });
  });

  it('read a campaign of generated codes', () => {
    expect(
      bulkCodesFormSchema.parse({
        ...NEW_CODE,
        campaign: 'Spring',
        count: '250',
        prefix: 'spr',
        percent: '10',
      }),
    ).toMatchObject({ campaign: 'Spring', count: 250, prefix: 'spr', percent: 10 });
    expect(fieldsOf(bulkCodesFormSchema.safeParse({ ...NEW_CODE, count: '9000', percent: '10' }))).toEqual({
      campaign: 'Give the campaign a name.',
      count: 'Make between 1 and 5000 codes.',
    });
  });
});
