import { describe, expect, it } from 'vitest';
import {
  newReminderValues,
  reminderFieldOf,
  reminderInput,
  reminderValues,
  repeatChoiceOf,
} from './reminder-form-values';

describe('reminder form values', () => {
  it('names the ready-made repeat choices, and anything else CUSTOM', () => {
    expect(repeatChoiceOf(null)).toBe('NONE');
    expect(repeatChoiceOf('FREQ=DAILY')).toBe('DAILY');
    expect(repeatChoiceOf('freq=weekly;byday=mo,tu,we,th,fr')).toBe('WEEKDAYS');
    expect(repeatChoiceOf('FREQ=WEEKLY')).toBe('WEEKLY');
    expect(repeatChoiceOf('FREQ=MONTHLY')).toBe('MONTHLY');
    expect(repeatChoiceOf('FREQ=WEEKLY;BYDAY=SA')).toBe('CUSTOM');
  });

  it('starts a new reminder tomorrow at 9:00 local time', () => {
    const values = newReminderValues(new Date(2026, 11, 31, 22, 15));
    expect(values).toMatchObject({ startDate: '2027-01-01', startTime: '09:00', repeat: 'WEEKLY' });
  });

  it('turns a reminder into the form and back without change', () => {
    const start = new Date(2026, 11, 1, 18, 30);
    const end = new Date(2027, 0, 31, 23, 59, 59);
    const input = {
      title: 'Evening SQL',
      learningProduct: { id: '11', type: 'COURSE' as const },
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      durationInMinutes: 30,
      calendarType: 'APPLE' as const,
      recurrencePattern: 'FREQ=WEEKLY;BYDAY=SA',
      reminderMethod: 'EMAIL' as const,
      reminderMinutesBefore: 5,
    };
    const values = reminderValues({
      ...input,
      id: '1',
      learningProduct: { ...input.learningProduct, title: 'SQL', url: '/course/sql/' },
    });
    expect(values).toMatchObject({
      courseId: '11',
      startDate: '2026-12-01',
      startTime: '18:30',
      repeat: 'CUSTOM',
      customRule: 'FREQ=WEEKLY;BYDAY=SA',
      endDate: '2027-01-31',
    });
    expect(reminderInput(values)).toEqual(input);
  });

  it('sends no end and no rule for a one-off reminder, and no course for "any course"', () => {
    const values = {
      ...newReminderValues(new Date(2026, 0, 1)),
      repeat: 'NONE' as const,
      endDate: '2026-02-01',
    };
    expect(reminderInput(values)).toMatchObject({
      recurrencePattern: null,
      endDate: null,
      learningProduct: null,
    });
  });

  it("places the server's field errors under the form's fields", () => {
    expect(reminderFieldOf('learningReminder.title')).toBe('title');
    expect(reminderFieldOf('learningReminder.learningProduct.id')).toBe('courseId');
    expect(reminderFieldOf('learningReminder.recurrencePattern')).toBe('customRule');
    expect(reminderFieldOf('learningReminder.endDate')).toBe('endDate');
    expect(reminderFieldOf('learningReminderId')).toBe('learningReminderId');
  });
});
