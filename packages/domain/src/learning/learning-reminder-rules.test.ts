import { describe, expect, it } from 'vitest';
import { learningReminderInputSchema, learningReminderPageSchema } from './learning-reminder-rules.js';

const REMINDER = {
  title: '  Python practice  ',
  learningProduct: { id: '12', type: 'COURSE' },
  startDate: '2026-03-16T19:00:00+01:00',
  endDate: '2026-06-30T00:00:00Z',
  durationInMinutes: 45,
  calendarType: 'GOOGLE',
  recurrencePattern: 'rrule:freq=weekly;byday=mo',
  reminderMethod: 'EMAIL',
  reminderMinutesBefore: 15,
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('learningReminderInputSchema', () => {
  it('reads a reminder: trimmed title, numeric product id, dates, a checked rule', () => {
    expect(learningReminderInputSchema.parse(REMINDER)).toEqual({
      title: 'Python practice',
      learningProduct: { id: 12, type: 'COURSE' },
      startDate: new Date('2026-03-16T18:00:00Z'),
      endDate: new Date('2026-06-30T00:00:00Z'),
      durationInMinutes: 45,
      calendarType: 'GOOGLE',
      recurrencePattern: 'FREQ=WEEKLY;BYDAY=MO',
      reminderMethod: 'EMAIL',
      reminderMinutesBefore: 15,
    });
    const oneOff = learningReminderInputSchema.parse({
      ...REMINDER,
      learningProduct: null,
      endDate: undefined,
      recurrencePattern: ' ',
    });
    expect(oneOff).toMatchObject({ learningProduct: null, endDate: null, recurrencePattern: null });
  });

  it('names every field that is wrong', () => {
    const result = learningReminderInputSchema.safeParse({
      ...REMINDER,
      title: ' ',
      learningProduct: { id: '0', type: 'PODCAST' },
      startDate: '16/03/2026',
      durationInMinutes: 2,
      calendarType: 'LOTUS',
      recurrencePattern: 'FREQ=HOURLY',
      reminderMethod: 'SMS',
      reminderMinutesBefore: 1.5,
    });
    expect(messagesOf(result)).toEqual({
      title: 'Give the reminder a title.',
      'learningProduct.id': 'id must be the id of what to learn.',
      'learningProduct.type': 'type must be one of ASSESSMENT, COURSE, LAB, LEARNING_PATH.',
      startDate: 'startDate must be a date and time such as 2026-03-14T18:00:00Z.',
      durationInMinutes: 'durationInMinutes must be between 5 and 1440 minutes.',
      calendarType: 'calendarType must be one of APPLE, GOOGLE, OTHER, OUTLOOK.',
      recurrencePattern: 'A reminder repeats at most daily.',
      reminderMethod: 'reminderMethod must be one of EMAIL, PUSH.',
      reminderMinutesBefore: 'reminderMinutesBefore must be a whole number of minutes.',
    });
  });

  it('keeps dates within the years a calendar writes, and endDate for repeating reminders after the start', () => {
    expect(
      messagesOf(learningReminderInputSchema.safeParse({ ...REMINDER, startDate: '1999-12-31T00:00:00Z' })),
    ).toEqual({
      startDate: 'startDate must be between the years 2000 and 2099.',
    });
    expect(
      messagesOf(learningReminderInputSchema.safeParse({ ...REMINDER, endDate: '2026-03-01T00:00:00Z' })),
    ).toEqual({
      endDate: 'endDate cannot be before startDate.',
    });
    expect(
      messagesOf(learningReminderInputSchema.safeParse({ ...REMINDER, recurrencePattern: null })),
    ).toEqual({
      endDate: 'endDate is when a repeating reminder stops: give a recurrencePattern, or leave endDate out.',
    });
  });
});

describe('learningReminderPageSchema', () => {
  it('counts pages from 0 and caps their size at 50', () => {
    expect(learningReminderPageSchema.parse({ page: 0, size: 50 })).toEqual({ page: 0, size: 50 });
    expect(messagesOf(learningReminderPageSchema.safeParse({ page: -1, size: 51 }))).toEqual({
      page: 'page starts at 0.',
      size: 'size must be between 1 and 50.',
    });
  });
});
