import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { useFeedback } from '../../app/feedback/feedback-provider';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import type { LearningReminderInput } from '../../platform/graphql/graphql-types.generated';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SubmitButton } from '../../ui/submit-button';
import { subscribedCoursesQuery } from '../catalog/courses-api';
import {
  createReminder,
  LEARNING_REMINDERS_KEY,
  updateReminder,
  type LearningReminder,
} from './learning-reminders-api';
import {
  CALENDAR_TYPES,
  newReminderValues,
  REMINDER_METHODS,
  reminderFieldOf,
  reminderInput,
  reminderValues,
  REPEAT_CHOICES,
  type ReminderFormValues,
  type RepeatChoice,
} from './reminder-form-values';

export const REPEAT_LABELS = {
  NONE: 'learningReminders.repeat.NONE',
  DAILY: 'learningReminders.repeat.DAILY',
  WEEKDAYS: 'learningReminders.repeat.WEEKDAYS',
  WEEKLY: 'learningReminders.repeat.WEEKLY',
  MONTHLY: 'learningReminders.repeat.MONTHLY',
  CUSTOM: 'learningReminders.repeat.CUSTOM',
} as const satisfies Record<RepeatChoice, MessageId>;

export const CALENDAR_LABELS = {
  GOOGLE: 'learningReminders.calendar.GOOGLE',
  APPLE: 'learningReminders.calendar.APPLE',
  OUTLOOK: 'learningReminders.calendar.OUTLOOK',
  OTHER: 'learningReminders.calendar.OTHER',
} as const satisfies Record<(typeof CALENDAR_TYPES)[number], MessageId>;

const METHOD_LABELS = {
  EMAIL: 'learningReminders.form.method.EMAIL',
  PUSH: 'learningReminders.form.method.PUSH',
} as const satisfies Record<(typeof REMINDER_METHODS)[number], MessageId>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const WHOLE = /^\d{1,6}$/;

/**
 * What the browser checks before sending: what must be there and be a date, a time or a whole
 * number. Ranges, the rule's grammar and the end's order are the server's to check (its field
 * errors land under the fields).
 */
function reminderSchema(intl: IntlShape): z.ZodType<LearningReminderInput, ReminderFormValues> {
  const message = (id: MessageId) => intl.formatMessage({ id });
  return z
    .object({
      title: z.string(),
      courseId: z.string(),
      startDate: z.string(),
      startTime: z.string(),
      durationInMinutes: z.string(),
      repeat: z.enum(REPEAT_CHOICES),
      customRule: z.string(),
      endDate: z.string(),
      calendarType: z.enum(CALENDAR_TYPES),
      reminderMethod: z.enum(REMINDER_METHODS),
      reminderMinutesBefore: z.string(),
    })
    .superRefine((values, context) => {
      const problem = (path: keyof ReminderFormValues, id: MessageId) =>
        context.addIssue({ code: 'custom', path: [path], message: message(id) });
      if (!values.title.trim()) problem('title', 'learningReminders.form.titleRequired');
      if (!DATE.test(values.startDate)) problem('startDate', 'learningReminders.form.dateRequired');
      if (!TIME.test(values.startTime)) problem('startTime', 'learningReminders.form.timeRequired');
      if (!WHOLE.test(values.durationInMinutes.trim()))
        problem('durationInMinutes', 'learningReminders.form.wholeMinutes');
      if (!WHOLE.test(values.reminderMinutesBefore.trim()))
        problem('reminderMinutesBefore', 'learningReminders.form.wholeMinutes');
      if (values.repeat === 'CUSTOM' && !values.customRule.trim())
        problem('customRule', 'learningReminders.form.ruleRequired');
      if (values.repeat !== 'NONE' && values.endDate && !DATE.test(values.endDate))
        problem('endDate', 'learningReminders.form.dateRequired');
    })
    .transform(reminderInput);
}

/** The dialog that creates a reminder (`reminder` null) or replaces one. */
export function ReminderFormModal({
  opened,
  reminder,
  onClose,
}: {
  opened: boolean;
  reminder: LearningReminder | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={intl.formatMessage({
        id: reminder ? 'learningReminders.form.editTitle' : 'learningReminders.form.createTitle',
      })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'learningReminders.form.cancel' }) }}
    >
      {/* Mounted per opening, so the fields start from the reminder each time. */}
      {opened && <ReminderForm key={reminder?.id ?? 'new'} reminder={reminder} onDone={onClose} />}
    </Modal>
  );
}

function ReminderForm({ reminder, onDone }: { reminder: LearningReminder | null; onDone: () => void }) {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const courses = useQuery(subscribedCoursesQuery(api, 1));
  const schema = useMemo(() => reminderSchema(intl), [intl]);
  const defaultValues = useMemo(
    () => (reminder ? reminderValues(reminder) : newReminderValues(new Date())),
    [reminder],
  );
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues,
    fieldOf: reminderFieldOf,
    submit: (input) => (reminder ? updateReminder(api, reminder.id, input) : createReminder(api, input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: LEARNING_REMINDERS_KEY });
      feedback.push({
        kind: 'toast',
        variant: 'success',
        text: intl.formatMessage({
          id: reminder ? 'learningReminders.form.updated' : 'learningReminders.form.created',
        }),
      });
      onDone();
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const repeat = watch('repeat');
  const label = (id: MessageId) => intl.formatMessage({ id });

  // The learner's courses (the first page), and the reminder's own course if it is not among them.
  const courseOptions = [
    { value: '', label: label('learningReminders.form.anyCourse') },
    ...(courses.data?.results ?? []).map((course) => ({ value: String(course.id), label: course.title })),
  ];
  const product = reminder?.learningProduct;
  if (product?.type === 'COURSE' && !courseOptions.some((option) => option.value === product.id)) {
    courseOptions.push({ value: product.id, label: product.title ?? product.id });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput
          label={label('learningReminders.form.title')}
          required
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <NativeSelect
          label={label('learningReminders.form.course')}
          data={courseOptions}
          error={errors.courseId?.message}
          {...register('courseId')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            type="date"
            label={label('learningReminders.form.date')}
            required
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextInput
            type="time"
            label={label('learningReminders.form.time')}
            required
            error={errors.startTime?.message}
            {...register('startTime')}
          />
          <TextInput
            type="number"
            inputMode="numeric"
            label={label('learningReminders.form.duration')}
            required
            error={errors.durationInMinutes?.message}
            {...register('durationInMinutes')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NativeSelect
            label={label('learningReminders.form.repeat')}
            data={REPEAT_CHOICES.map((choice) => ({ value: choice, label: label(REPEAT_LABELS[choice]) }))}
            error={errors.repeat?.message}
            {...register('repeat')}
          />
          {repeat !== 'NONE' && (
            <TextInput
              type="date"
              label={label('learningReminders.form.endDate')}
              description={label('learningReminders.form.endDateHint')}
              error={errors.endDate?.message}
              {...register('endDate')}
            />
          )}
        </SimpleGrid>
        {repeat === 'CUSTOM' && (
          <TextInput
            label={label('learningReminders.form.customRule')}
            description={label('learningReminders.form.customRuleHint')}
            required
            autoComplete="off"
            spellCheck={false}
            error={errors.customRule?.message}
            {...register('customRule')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NativeSelect
            label={label('learningReminders.form.calendar')}
            data={CALENDAR_TYPES.map((type) => ({ value: type, label: label(CALENDAR_LABELS[type]) }))}
            error={errors.calendarType?.message}
            {...register('calendarType')}
          />
          <NativeSelect
            label={label('learningReminders.form.method')}
            data={REMINDER_METHODS.map((method) => ({ value: method, label: label(METHOD_LABELS[method]) }))}
            error={errors.reminderMethod?.message}
            {...register('reminderMethod')}
          />
          <TextInput
            type="number"
            inputMode="numeric"
            label={label('learningReminders.form.minutesBefore')}
            required
            error={errors.reminderMinutesBefore?.message}
            {...register('reminderMinutesBefore')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {label('learningReminders.form.cancel')}
          </Button>
          <SubmitButton loading={isSubmitting}>
            {label(reminder ? 'learningReminders.form.save' : 'learningReminders.form.create')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
