import { z } from 'zod';
import { MAX_DATABASE_ID } from '../api/database-id.js';
import { checkRecurrenceRule } from './recurrence-rule.js';

/** Platform §3 learning product kinds. */
export const LEARNING_PRODUCT_TYPES = ['ASSESSMENT', 'COURSE', 'LAB', 'LEARNING_PATH'] as const;
export type LearningProductType = (typeof LEARNING_PRODUCT_TYPES)[number];
/** Platform §3 calendar types: the calendar the learner keeps the reminder in. */
export const CALENDAR_TYPES = ['APPLE', 'GOOGLE', 'OTHER', 'OUTLOOK'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
/** Platform §3 reminder channels. */
export const REMINDER_METHODS = ['EMAIL', 'PUSH'] as const;
export type ReminderMethod = (typeof REMINDER_METHODS)[number];

/**
 * Bounds of a reminder. Platform §9 leaves the largest page of the reminder list open: 50,
 * the size of the longest list a learner scrolls without losing their place.
 */
export const LEARNING_REMINDER_LIMITS = {
  titleMaxLength: 120,
  minDurationMinutes: 5,
  maxDurationMinutes: 24 * 60,
  maxMinutesBefore: 7 * 24 * 60,
  pageSizeDefault: 10,
  pageSizeMax: 50,
  perUser: 100,
  /** Reminders start and end within these years (a calendar file writes four-digit years). */
  earliest: '2000-01-01T00:00:00Z',
  latest: '2100-01-01T00:00:00Z',
} as const;

/** `GET` answers the reminder as an RFC 5545 calendar file (text/calendar). */
export const learningReminderCalendarPath = (id: number | string) =>
  `/api-2.0/users/me/learning-reminders/${id}/calendar/`;

const limits = LEARNING_REMINDER_LIMITS;

const dateTime = (field: string) =>
  z
    .string({ error: `${field} must be a date and time such as 2026-03-14T18:00:00Z.` })
    .pipe(
      z.iso.datetime({
        offset: true,
        error: `${field} must be a date and time such as 2026-03-14T18:00:00Z.`,
      }),
    )
    .transform((text) => new Date(text))
    .refine(
      (date) => date >= new Date(limits.earliest) && date < new Date(limits.latest),
      `${field} must be between the years 2000 and 2099.`,
    );

const wholeMinutes = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number of minutes.` })
    .int(`${field} must be a whole number of minutes.`)
    .min(min, `${field} must be between ${min} and ${max} minutes.`)
    .max(max, `${field} must be between ${min} and ${max} minutes.`);

/**
 * A reminder as the learner writes it (`learningReminderCreate` and the full replacement of
 * `learningReminderUpdate`). `endDate` is when a repeating reminder stops; a one-off has none.
 */
export const learningReminderInputSchema = z
  .object({
    title: z
      .string({ error: 'Give the reminder a title.' })
      .trim()
      .min(1, 'Give the reminder a title.')
      .max(limits.titleMaxLength, `The title can be at most ${limits.titleMaxLength} characters.`),
    learningProduct: z
      .object({
        id: z
          .string({ error: 'id must be the id of what to learn.' })
          .regex(/^[1-9]\d{0,9}$/, 'id must be the id of what to learn.')
          .transform(Number)
          .refine((id) => id <= MAX_DATABASE_ID, 'id must be the id of what to learn.'),
        type: z.enum(LEARNING_PRODUCT_TYPES, {
          error: `type must be one of ${LEARNING_PRODUCT_TYPES.join(', ')}.`,
        }),
      })
      .nullish()
      .transform((value) => value ?? null),
    startDate: dateTime('startDate'),
    endDate: dateTime('endDate')
      .nullish()
      .transform((value) => value ?? null),
    durationInMinutes: wholeMinutes(
      'durationInMinutes',
      limits.minDurationMinutes,
      limits.maxDurationMinutes,
    ),
    calendarType: z.enum(CALENDAR_TYPES, {
      error: `calendarType must be one of ${CALENDAR_TYPES.join(', ')}.`,
    }),
    recurrencePattern: z
      .string({ error: 'recurrencePattern must be an RFC 5545 rule such as FREQ=WEEKLY;BYDAY=MO.' })
      .nullish()
      .transform((value, context) => {
        if (value === null || value === undefined || value.trim() === '') return null;
        const checked = checkRecurrenceRule(value);
        if (checked.ok) return checked.rule;
        context.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }),
    reminderMethod: z.enum(REMINDER_METHODS, {
      error: `reminderMethod must be one of ${REMINDER_METHODS.join(', ')}.`,
    }),
    reminderMinutesBefore: wholeMinutes('reminderMinutesBefore', 0, limits.maxMinutesBefore),
  })
  .superRefine((input, context) => {
    if (input.endDate === null) return;
    if (input.recurrencePattern === null) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message:
          'endDate is when a repeating reminder stops: give a recurrencePattern, or leave endDate out.',
      });
    } else if (input.endDate < input.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate cannot be before startDate.' });
    }
  });
export type LearningReminderInput = z.output<typeof learningReminderInputSchema>;

/** `learningReminders(page, size)`: pages count from 0. */
export const learningReminderPageSchema = z.object({
  page: z
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(0, 'page starts at 0.')
    .max(100_000, 'page is too large.'),
  size: z
    .number({ error: 'size must be a number.' })
    .int('size must be a whole number.')
    .min(1, `size must be between 1 and ${limits.pageSizeMax}.`)
    .max(limits.pageSizeMax, `size must be between 1 and ${limits.pageSizeMax}.`),
});
