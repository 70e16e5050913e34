import { describe, expect, it } from 'vitest';
import { courseFieldOf, courseFormSchema, NEW_COURSE } from './course-form-values';

describe('the course form', () => {
  it('reads lists one entry per line and choices as ids', () => {
    const read = courseFormSchema.parse({
      ...NEW_COURSE,
      title: ' Maps ',
      what_you_learn: 'Read a map\n\n  Draw one  \n',
      category_id: '3',
      subcategory_id: '12',
      instructor_ids: ['7', '9'],
      price_tier_id: '2',
    });
    expect(read).toMatchObject({
      title: 'Maps',
      what_you_learn: ['Read a map', 'Draw one'],
      requirements: [],
      category_id: 3,
      subcategory_id: 12,
      instructor_ids: [7, 9],
      price_tier_id: 2,
    });
  });

  it('drops a subcategory without its category, and names the fields of each problem', () => {
    expect(
      courseFormSchema.parse({ ...NEW_COURSE, title: 'Go', subcategory_id: '12' }).subcategory_id,
    ).toBeNull();
    const result = courseFormSchema.safeParse({
      ...NEW_COURSE,
      title: '',
      what_you_learn: `ok\n${'x'.repeat(201)}`,
      locale: 'english',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['title', 'what_you_learn', 'locale']));
    expect(courseFieldOf('what_you_learn.3')).toBe('what_you_learn');
  });
});
