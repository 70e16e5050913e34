import type {
  CalendarType,
  LearningReminderInput,
  LearningReminderMethod,
} from '../../platform/graphql/graphql-types.generated';
import type { LearningReminder } from './learning-reminders-api';

/** How a reminder repeats, as the form offers it; CUSTOM takes an RFC 5545 rule as written. */
export const REPEAT_CHOICES = ['NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'CUSTOM'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/** The rule of each ready-made choice (the server answers rules upper-cased, as these are). */
export const REPEAT_RULES = {
  DAILY: 'FREQ=DAILY',
  WEEKDAYS: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  WEEKLY: 'FREQ=WEEKLY',
  MONTHLY: 'FREQ=MONTHLY',
} as const satisfies Record<Exclude<RepeatChoice, 'NONE' | 'CUSTOM'>, string>;

export const CALENDAR_TYPES = [
  'GOOGLE',
  'APPLE',
  'OUTLOOK',
  'OTHER',
] as const satisfies readonly CalendarType[];
export const REMINDER_METHODS = ['EMAIL', 'PUSH'] as const satisfies readonly LearningReminderMethod[];

/** The form's fields, as its inputs hold them (dates and times in the browser's time zone). */
export interface ReminderFormValues {
  title: string;
  /** A course the learner owns, or '' for a reminder to learn anything. */
  courseId: string;
  /** `YYYY-MM-DD` and `HH:MM`, local. */
  startDate: string;
  startTime: string;
  durationInMinutes: string;
  repeat: RepeatChoice;
  customRule: string;
  /** The last day of a repeating reminder (`YYYY-MM-DD`), or ''. */
  endDate: string;
  calendarType: CalendarType;
  reminderMethod: LearningReminderMethod;
  reminderMinutesBefore: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dateInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const timeInput = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** The ready-made choice a rule is, else CUSTOM; NONE without a rule. */
export function repeatChoiceOf(rule: string | null): RepeatChoice {
  if (!rule) return 'NONE';
  const found = (Object.keys(REPEAT_RULES) as (keyof typeof REPEAT_RULES)[]).find(
    (choice) => REPEAT_RULES[choice] === rule.toUpperCase(),
  );
  return found ?? 'CUSTOM';
}

/** A new reminder: tomorrow at 9:00, half an hour every week, mailed 15 minutes before. */
export function newReminderValues(now: Date): ReminderFormValues {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return {
    title: '',
    courseId: '',
    startDate: dateInput(tomorrow),
    startTime: timeInput(tomorrow),
    durationInMinutes: '30',
    repeat: 'WEEKLY',
    customRule: '',
    endDate: '',
    calendarType: 'GOOGLE',
    reminderMethod: 'EMAIL',
    reminderMinutesBefore: '15',
  };
}

/** An existing reminder in the form, to edit it. */
export function reminderValues(reminder: LearningReminder): ReminderFormValues {
  const start = new Date(reminder.startDate);
  const repeat = repeatChoiceOf(reminder.recurrencePattern);
  return {
    title: reminder.title,
    courseId: reminder.learningProduct?.type === 'COURSE' ? reminder.learningProduct.id : '',
    startDate: dateInput(start),
    startTime: timeInput(start),
    durationInMinutes: String(reminder.durationInMinutes),
    repeat,
    customRule: repeat === 'CUSTOM' ? (reminder.recurrencePattern ?? '') : '',
    endDate: reminder.endDate ? dateInput(new Date(reminder.endDate)) : '',
    calendarType: reminder.calendarType,
    reminderMethod: reminder.reminderMethod,
    reminderMinutesBefore: String(reminder.reminderMinutesBefore),
  };
}

/**
 * What the API takes: local times as UTC instants; a repeating reminder ends at the end of its
 * last day; numbers as typed (the server checks their ranges and answers field errors).
 */
export function reminderInput(values: ReminderFormValues): LearningReminderInput {
  const repeats = values.repeat !== 'NONE';
  return {
    title: values.title.trim(),
    learningProduct: values.courseId ? { id: values.courseId, type: 'COURSE' } : null,
    startDate: new Date(`${values.startDate}T${values.startTime}`).toISOString(),
    endDate: repeats && values.endDate ? new Date(`${values.endDate}T23:59:59`).toISOString() : null,
    durationInMinutes: Number(values.durationInMinutes),
    calendarType: values.calendarType,
    recurrencePattern:
      values.repeat === 'NONE'
        ? null
        : values.repeat === 'CUSTOM'
          ? values.customRule.trim()
          : REPEAT_RULES[values.repeat],
    reminderMethod: values.reminderMethod,
    reminderMinutesBefore: Number(values.reminderMinutesBefore),
  };
}

/**
 * The form's field for a key of the server's field errors (`learningReminder.startDate`). Only a
 * rule written by hand can be refused, so the rule's errors go under that field.
 */
export function reminderFieldOf(key: string): string {
  const [argument, field] = key.split('.');
  if (argument !== 'learningReminder' || !field) return key;
  switch (field) {
    case 'learningProduct':
      return 'courseId';
    case 'recurrencePattern':
      return 'customRule';
    default:
      return field;
  }
}
