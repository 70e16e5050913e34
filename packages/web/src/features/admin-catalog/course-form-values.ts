import {
  adminCourseInputSchema,
  type AdminCourseDetail,
  type AdminCourseInput,
  type InstructionalLevel,
} from '@lectern/domain';
import { z } from 'zod';

/**
 * The course form's own values: what staff type and pick (lists one entry per line, choices as
 * the selects' text values), turned into an `AdminCourseInput` and checked by the domain's schema.
 */
export interface CourseFormValues {
  title: string;
  subtitle: string;
  description: string;
  what_you_learn: string;
  requirements: string;
  category_id: string;
  subcategory_id: string;
  level: InstructionalLevel;
  locale: string;
  instructor_ids: string[];
  price_tier_id: string;
}

export const NEW_COURSE: CourseFormValues = {
  title: '',
  subtitle: '',
  description: '',
  what_you_learn: '',
  requirements: '',
  category_id: '',
  subcategory_id: '',
  level: 'ALL_LEVELS',
  locale: 'en_US',
  instructor_ids: [],
  price_tier_id: '',
};

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));

/** The form's values for a course as the API answered it (to edit it). */
export function courseFormValuesOf(course: AdminCourseDetail): CourseFormValues {
  return {
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    what_you_learn: course.what_you_learn.join('\n'),
    requirements: course.requirements.join('\n'),
    category_id: idText(course.category?.id),
    subcategory_id: idText(course.subcategory?.id),
    level: course.level,
    locale: course.locale,
    instructor_ids: course.instructors.map((instructor) => String(instructor.id)),
    price_tier_id: idText(course.price_tier?.id),
  };
}

/** The course's input as the form would send it again (the course page's other panels keep the rest). */
export function courseInputOf(course: AdminCourseDetail): AdminCourseInput {
  return adminCourseInputSchema.parse({
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    what_you_learn: course.what_you_learn,
    requirements: course.requirements,
    category_id: course.category?.id ?? null,
    subcategory_id: course.subcategory?.id ?? null,
    level: course.level,
    locale: course.locale,
    instructor_ids: course.instructors.map((instructor) => instructor.id),
    price_tier_id: course.price_tier?.id ?? null,
  });
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const idOf = (text: string) => (text === '' ? null : Number(text));

/** A server or schema field of the course input, as the form's field (list entries are one field). */
export const courseFieldOf = (key: string) => key.split('.')[0]!;

/** Reads the form's values into a course input; each problem lands on the form's field. */
export const courseFormSchema = z
  .object({
    title: z.string(),
    subtitle: z.string(),
    description: z.string(),
    what_you_learn: z.string(),
    requirements: z.string(),
    category_id: z.string(),
    subcategory_id: z.string(),
    level: z.enum(['ALL_LEVELS', 'BEGINNER', 'INTERMEDIATE', 'EXPERT']),
    locale: z.string(),
    instructor_ids: z.array(z.string()),
    price_tier_id: z.string(),
  })
  .transform((values, context) => {
    const checked = adminCourseInputSchema.safeParse({
      title: values.title,
      subtitle: values.subtitle,
      description: values.description,
      what_you_learn: lines(values.what_you_learn),
      requirements: lines(values.requirements),
      category_id: idOf(values.category_id),
      // A subcategory only with its category.
      subcategory_id: values.category_id === '' ? null : idOf(values.subcategory_id),
      level: values.level,
      locale: values.locale,
      instructor_ids: values.instructor_ids.map(Number),
      price_tier_id: idOf(values.price_tier_id),
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const field = courseFieldOf(issue.path.map(String).join('.'));
      context.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return z.NEVER;
  }) satisfies z.ZodType<AdminCourseInput, CourseFormValues>;
